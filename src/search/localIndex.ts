// Builds a locale's local search index from its search records: records are grouped into
// sections (a heading and the text under it), the sections are indexed the way MiniSearch indexes
// documents, and the index is cut into the files of src/shared/search/indexFile.ts: an entry,
// term chunks by key range and fragments of section text, so that a query fetches a few small
// files whatever the size of the site.
import type { SearchRecord } from '../types.ts';
import { miniSearchOptions, type PostingList, type SectionDoc } from '../shared/search/indexFile.ts';
import { compare, indexFiles, type IndexSource, type LocaleIndexFiles, type TermPostings } from './indexFiles.ts';

const HEADING_LEVELS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** Field values up to this length are remembered once tokenized (see LocaleIndexBuilder.seen). */
const MEMO_MAX_TEXT = 256;
const MEMO_MAX_ENTRIES = 20000;

/**
 * A locale's index from its records, in any page order (the records of one page together).
 * The build adds pages as they are rendered (see LocaleIndexBuilder); this is the one-call form.
 */
export function buildLocalIndex(locale: string, records: SearchRecord[]): LocaleIndexFiles {
  const builder = new LocaleIndexBuilder(locale);
  builder.addPages(records);
  return builder.finish().index!;
}

/** What a locale's builder keeps of a page: no record objects, only what the files are made of. */
interface PageEntry {
  url: string;
  /** The page's records as the items of a JSON array, for the records file. */
  json: string;
  count: number;
  /** The page's sections (see groupSections), and their terms per section and field (term numbers; -1: ''). */
  source: IndexSource | undefined;
  terms: (Int32Array | null)[][];
}

/** A locale's records file (as parts to write one after another) and index. */
export interface LocaleSearchFiles {
  count: number;
  recordsJson: Iterable<string>;
  /** Undefined when the builder was made without the index. */
  index: LocaleIndexFiles | undefined;
}

/**
 * Builds a locale's search files as its pages come in: each page's records are written out as
 * JSON, split into sections and tokenized on arrival (the costly part), and finish() orders the
 * pages, counts the terms and cuts the files. The build runs it on its main thread while render
 * workers render, so that little is left to do once the last page is rendered.
 */
export class LocaleIndexBuilder {
  private readonly pages = new Map<string, PageEntry>();
  /** Terms numbered as they arrive. */
  private readonly termNumbers = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly options = miniSearchOptions();
  /**
   * Short field values already tokenized, per field: their term numbers (shared, never changed).
   * Pages of one kind repeat most of theirs: an API page's headings ("Parameters", "Responses"),
   * its title in the path of each of its sections, the descriptions of shared parameters: most
   * values of a locale are repeats, tokenized once.
   */
  private readonly seen = this.options.fields.map(() => new Map<string, Int32Array>());

  constructor(
    readonly locale: string,
    /** false: only the records file is wanted (the site is searched through the hosted index). */
    readonly withIndex = true,
  ) {}

  /** Adds pages' records, in any order of pages (best with the records of a page together). */
  addPages(records: SearchRecord[]): void {
    for (let start = 0; start < records.length;) {
      const url = records[start].url_without_anchor;
      let end = start + 1;
      while (end < records.length && records[end].url_without_anchor === url) end++;
      // A page's sections depend on all its records: one seen before is made again whole.
      const earlier = this.pages.get(url);
      const page: SearchRecord[] = [...(earlier ? JSON.parse(`[${earlier.json}]`) : []), ...records.slice(start, end)];
      page.sort((a, b) => a.weight.position - b.weight.position);
      const source = this.withIndex ? groupSections(this.locale, page) : undefined;
      this.pages.set(url, { url, json: JSON.stringify(page).slice(1, -1), count: page.length, source, terms: source ? this.tokenize(source) : [] });
      start = end;
    }
  }

  /** The records file (records by url, then position) and the index. */
  finish(): LocaleSearchFiles {
    const pages = [...this.pages.values()].sort((a, b) => compare(a.url, b.url));
    this.pages.clear();
    const count = pages.reduce((n, p) => n + p.count, 0);
    const recordsJson = (function* () {
      yield '[';
      for (const [i, page] of pages.entries()) yield i ? `,${page.json}` : page.json;
      yield ']';
    })();
    if (!this.withIndex) return { count, recordsJson, index: undefined };
    const source = mergeSections(
      this.locale,
      pages.map((p) => p.source!),
    );
    const postings = termPostings(
      (function* () {
        for (const page of pages) yield* page.terms;
      })(),
      this.terms,
      this.options.fields.length,
    );
    return { count, recordsJson, index: indexFiles(source, postings) };
  }

  private tokenize(source: IndexSource): (Int32Array | null)[][] {
    const { fields, tokenize } = this.options;
    const sections: (Int32Array | null)[][] = [];
    for (const doc of eachSectionDoc(source)) {
      sections.push(
        fields.map((field, f) => {
          const value = doc[field as keyof SectionDoc];
          if (value == null) return null;
          const text = String(value);
          const seen = text.length <= MEMO_MAX_TEXT ? this.seen[f].get(text) : undefined;
          if (seen) return seen;
          const tokens = tokenize!(text, field);
          const numbers = new Int32Array(tokens.length);
          for (let i = 0; i < tokens.length; i++) numbers[i] = tokens[i] ? this.number(tokens[i]) : -1;
          if (text.length <= MEMO_MAX_TEXT) {
            if (this.seen[f].size >= MEMO_MAX_ENTRIES) this.seen[f].clear();
            this.seen[f].set(text, numbers);
          }
          return numbers;
        }),
      );
    }
    return sections;
  }

  private number(term: string): number {
    let n = this.termNumbers.get(term);
    if (n === undefined) {
      this.termNumbers.set(term, (n = this.terms.length));
      this.terms.push(term);
    }
    return n;
  }
}

/** Pages' sections (from groupSections, a page each) as groupSections would give them for all their records in this order. */
function mergeSections(locale: string, sources: IndexSource[]): IndexSource {
  const lvl0: string[] = [];
  const versions: string[] = [];
  const pages: IndexSource['pages'] = [];
  const sections: IndexSource['sections'] = [];
  for (const source of sources) {
    const first = pages.length;
    for (const [url, title, lvl0Index, versionIndex, rank, method, path] of source.pages) {
      pages.push([url, title, intern(lvl0, source.lvl0[lvl0Index]), intern(versions, source.versions[versionIndex]), rank, method, path]);
    }
    for (const [pageIndex, anchor, level, headings, paragraphs] of source.sections) sections.push([first + pageIndex, anchor, level, headings, paragraphs]);
  }
  return { locale, lvl0, versions, pages, sections };
}

/** The position of `value` in `list`, added at the end when missing. */
function intern(list: string[], value: string): number {
  let i = list.indexOf(value);
  if (i < 0) i = list.push(value) - 1;
  return i;
}

/**
 * The records grouped into pages and sections: what the index is made of. Holds no record, so
 * that the records can go.
 */
export function groupSections(locale: string, records: SearchRecord[]): IndexSource {
  const lvl0: string[] = [];
  const versions: string[] = [];
  const pages: IndexSource['pages'] = [];
  const sections: IndexSource['sections'] = [];
  let pageUrl = '';
  let paragraphs: string[] | undefined;
  for (const r of records) {
    if (r.url_without_anchor !== pageUrl) {
      pageUrl = r.url_without_anchor;
      const api = r.endpoint;
      pages.push([
        pageUrl,
        r.hierarchy.lvl1,
        intern(lvl0, r.hierarchy.lvl0),
        intern(versions, r.version),
        r.weight.pageRank,
        api?.method ?? '',
        api?.path ?? '',
      ]);
      paragraphs = undefined;
    }
    if (r.type !== 'content' || !paragraphs) {
      const level = r.type === 'content' ? 1 : Number(r.type.slice(3));
      const headings = HEADING_LEVELS.slice(0, Math.max(0, level - 1)).map((l) => r.hierarchy[l] ?? '');
      paragraphs = [];
      sections.push([pages.length - 1, r.anchor ?? '', level, headings, paragraphs]);
      if (r.type !== 'content') continue;
    }
    if (r.content) paragraphs.push(r.content);
  }
  return { locale, lvl0, versions, pages, sections };
}

/** The sections as documents of the engine (see SectionDoc). */
export function sectionDocs(source: IndexSource): SectionDoc[] {
  return [...eachSectionDoc(source)];
}

/** sectionDocs one at a time: a large site's joined section texts are never all in memory. */
function* eachSectionDoc(source: IndexSource): Generator<SectionDoc> {
  const { pages, lvl0 } = source;
  for (const [id, [pageIndex, , level, headings, paragraphs]] of source.sections.entries()) {
    const [, title, lvl0Index, , , method, path] = pages[pageIndex];
    // An operation is found by its method and path too ('POST /sales-orders').
    const where = level === 1 ? [lvl0[lvl0Index], ...(method ? [`${method} ${path}`] : [])] : [lvl0[lvl0Index], title, ...headings.slice(0, -1)];
    yield {
      id,
      t: level === 1 ? title : '',
      h: level === 2 ? headings[0] : '',
      d: level > 2 ? headings[headings.length - 1] : '',
      p: where.join('\n'),
      c: paragraphs.join('\n'),
      k: level === 1 ? title : headings[headings.length - 1],
    };
  }
}

/**
 * MiniSearch's state after adding the sections, computed directly from their tokenized fields
 * (`docs`: per section, per field, term numbers into `terms`; -1 for ''): where MiniSearch.add
 * walks its radix tree and two Maps for every word of every section, here a word finds its
 * term in an array and is counted at the end of another. Field lengths are counted as MiniSearch
 * counts them (distinct tokens, '' included though not indexed), and kept with each posting: a
 * query fetches the postings of its words, and scores a section by them alone.
 */
function termPostings(docs: Iterable<(Int32Array | null)[]>, terms: string[], width: number): TermPostings {
  const lists: (PostingList | undefined)[] = [];
  const averageFieldLength: number[] = [];
  const touched: PostingList[] = [];
  let id = -1;
  for (const doc of docs) {
    id++;
    for (let fieldId = 0; fieldId < width; fieldId++) {
      const tokens = doc[fieldId];
      if (tokens == null) continue;
      let distinct = 0;
      let empty = false;
      touched.length = 0;
      for (const term of tokens) {
        if (term < 0) {
          if (!empty) distinct++;
          empty = true;
          continue;
        }
        const slot = term * width + fieldId;
        let list = lists[slot];
        if (!list) lists[slot] = list = { ids: [], counts: [], lengths: [] };
        const last = list.ids.length - 1;
        if (last >= 0 && list.ids[last] === id) list.counts[last]++;
        else {
          list.ids.push(id);
          list.counts.push(1);
          list.lengths.push(0);
          touched.push(list);
          distinct++;
        }
      }
      for (const list of touched) list.lengths[list.lengths.length - 1] = distinct;
      // A running mean over the documents so far, as MiniSearch keeps it.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * id + distinct) / (id + 1);
    }
  }
  return { terms, lists, width, documentCount: id + 1, averageFieldLength };
}
