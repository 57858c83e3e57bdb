// Builds a locale's local search index file from its search records: records are grouped into
// sections (a heading and the text under it), the sections are indexed the way MiniSearch indexes
// documents, and the index is serialized with the section texts needed for hits, highlights and
// snippets.
// See src/shared/search/indexFile.ts for the format.
import SearchableMap from 'minisearch/SearchableMap';
import type { SearchRecord } from '../types.ts';
import { INDEX_FORMAT, miniSearchOptions, type LocalIndexFile, type SectionDoc, type TermIndex } from '../shared/search/indexFile.ts';
import { encodePostings, writeTree, type PostingList, type RadixNode } from '../shared/search/termTree.ts';

const HEADING_LEVELS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** Field values up to this length are remembered once tokenized (see LocaleIndexBuilder.seen). */
const MEMO_MAX_TEXT = 256;
const MEMO_MAX_ENTRIES = 20000;
/** MiniSearch's serialization version the file's engine state follows (the browser loads it with loadJS). */
const SERIALIZATION_VERSION = 2;

/** A locale's index file without its term index: the pages and sections, from the records. */
export type IndexSource = Omit<LocalIndexFile, 'index'>;

/**
 * A locale's index from its records, in any page order (the records of one page together).
 * The build adds pages as they are rendered (see LocaleIndexBuilder); this is the one-call form.
 */
export function buildLocalIndex(locale: string, records: SearchRecord[]): LocalIndexFile {
  const builder = new LocaleIndexBuilder(locale);
  builder.addPages(records);
  return builder.finish().file!;
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

/** A locale's records file (as parts to write one after another) and index file. */
export interface LocaleSearchFiles {
  count: number;
  recordsJson: Iterable<string>;
  /** Undefined when the builder was made without the index. */
  file: LocalIndexFile | undefined;
}

/**
 * Builds a locale's search files as its pages come in: each page's records are written out as
 * JSON, split into sections and tokenized on arrival (the costly part), and finish() orders the
 * pages and counts the terms. The build runs it on its output thread while the main thread
 * renders, so that little is left to do once the last page is rendered.
 */
export class LocaleIndexBuilder {
  private readonly pages = new Map<string, PageEntry>();
  /** Terms numbered as they arrive; finish() renumbers them in the order MiniSearch meets them. */
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

  /** The records file (records by url, then position) and the index file. */
  finish(): LocaleSearchFiles {
    const pages = [...this.pages.values()].sort((a, b) => compare(a.url, b.url));
    this.pages.clear();
    const count = pages.reduce((n, p) => n + p.count, 0);
    const recordsJson = (function* () {
      yield '[';
      for (const [i, page] of pages.entries()) yield i ? `,${page.json}` : page.json;
      yield ']';
    })();
    if (!this.withIndex) return { count, recordsJson, file: undefined };
    const source = mergeSections(
      this.locale,
      pages.map((p) => p.source!),
    );
    const index = termIndex(
      (function* () {
        for (const page of pages) yield* page.terms;
      })(),
      this.terms,
      this.options.fields,
    );
    return { count, recordsJson, file: { ...source, index } };
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
  const pages: LocalIndexFile['pages'] = [];
  const sections: LocalIndexFile['sections'] = [];
  for (const source of sources) {
    const first = pages.length;
    for (const [url, title, lvl0Index, versionIndex, rank] of source.pages) {
      pages.push([url, title, intern(lvl0, source.lvl0[lvl0Index]), intern(versions, source.versions[versionIndex]), rank]);
    }
    for (const [pageIndex, anchor, level, headings, paragraphs] of source.sections) sections.push([first + pageIndex, anchor, level, headings, paragraphs]);
  }
  return { format: INDEX_FORMAT, locale, lvl0, versions, pages, sections };
}

/** The position of `value` in `list`, added at the end when missing. */
function intern(list: string[], value: string): number {
  let i = list.indexOf(value);
  if (i < 0) i = list.push(value) - 1;
  return i;
}

/** Code-unit order: the same on every machine (localeCompare depends on the ICU build). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The records grouped into pages and sections: what the index file holds apart from the term
 * index, and all the term index is made from. Holds no record, so that the records can go.
 */
export function groupSections(locale: string, records: SearchRecord[]): IndexSource {
  const lvl0: string[] = [];
  const versions: string[] = [];
  const pages: LocalIndexFile['pages'] = [];
  const sections: LocalIndexFile['sections'] = [];
  let pageUrl = '';
  let paragraphs: string[] | undefined;
  for (const r of records) {
    if (r.url_without_anchor !== pageUrl) {
      pageUrl = r.url_without_anchor;
      pages.push([pageUrl, r.hierarchy.lvl1, intern(lvl0, r.hierarchy.lvl0), intern(versions, r.version), r.weight.pageRank]);
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
  return { format: INDEX_FORMAT, locale, lvl0, versions, pages, sections };
}

/** The sections as documents of the engine (see SectionDoc). */
export function sectionDocs(source: IndexSource): SectionDoc[] {
  return [...eachSectionDoc(source)];
}

/** sectionDocs one at a time: a large site's joined section texts are never all in memory. */
function* eachSectionDoc(source: IndexSource): Generator<SectionDoc> {
  const { pages, lvl0 } = source;
  for (const [id, [pageIndex, , level, headings, paragraphs]] of source.sections.entries()) {
    const [, title, lvl0Index] = pages[pageIndex];
    yield {
      id,
      t: level === 1 ? title : '',
      h: level === 2 ? headings[0] : '',
      d: level > 2 ? headings[headings.length - 1] : '',
      p: [lvl0[lvl0Index], ...(level === 1 ? [] : [title, ...headings.slice(0, -1)])].join('\n'),
      c: paragraphs.join('\n'),
      k: level === 1 ? title : headings[headings.length - 1],
    };
  }
}

/**
 * MiniSearch's state after adding the sections (see TermIndex), computed directly from their
 * tokenized fields (`docs`: per section, per field, term numbers into `terms`; -1 for ''). Where
 * MiniSearch.add walks its radix tree and two Maps for every word of every section, here a word
 * finds its term in an array and is counted at the end of another, and the tree gets each
 * distinct term once, in the order MiniSearch would have created it. The file's tree is then the
 * one MiniSearch.loadJS builds from toJSON() (terms inserted in the indexing tree's order): the
 * browser's engine, given it, answers exactly as one indexed and loaded the public way would,
 * down to the order of equal scores (a test holds it to that).
 */
function termIndex(docs: Iterable<(Int32Array | null)[]>, terms: string[], fields: string[]): TermIndex {
  const fieldIds: Record<string, number> = Object.fromEntries(fields.map((f, i) => [f, i]));
  // Terms are renumbered as they first occur. Per term and field: the sections holding it
  // (ascending: sections are indexed in order) and how often, and the fields in the order the
  // term met them.
  const termIds = new Int32Array(terms.length).fill(-1);
  const ordered: string[] = [];
  const lists: PostingList[] = [];
  const fieldOrder: number[][] = [];
  const width = fields.length;
  const fieldLength: number[][] = [];
  const averageFieldLength: number[] = [];
  let id = -1;
  for (const doc of docs) {
    id++;
    const lengths: number[] = [];
    for (let fieldId = 0; fieldId < width; fieldId++) {
      const tokens = doc[fieldId];
      if (tokens == null) continue;
      // As MiniSearch counts a field's length: its distinct tokens ('' included, though not indexed).
      let distinct = 0;
      let empty = false;
      for (const term of tokens) {
        if (term < 0) {
          if (!empty) distinct++;
          empty = true;
          continue;
        }
        let termId = termIds[term];
        if (termId < 0) {
          termIds[term] = termId = ordered.length;
          ordered.push(terms[term]);
          fieldOrder.push([]);
        }
        const slot = termId * width + fieldId;
        let list = lists[slot];
        if (!list) {
          lists[slot] = list = { ids: [], counts: [] };
          fieldOrder[termId].push(fieldId);
        }
        const last = list.ids.length - 1;
        if (last >= 0 && list.ids[last] === id) list.counts[last]++;
        else {
          list.ids.push(id);
          list.counts.push(1);
          distinct++;
        }
      }
      lengths[fieldId] = distinct;
      // A running mean over the documents so far, as MiniSearch keeps it.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * id + distinct) / (id + 1);
    }
    fieldLength.push(lengths);
  }
  const indexing = new SearchableMap<number>();
  for (const [termId, term] of ordered.entries()) indexing.set(term, termId);
  const tree = new SearchableMap<number>();
  for (const [term, termId] of indexing) tree.set(term, termId);
  const postings: string[] = [];
  const shape = writeTree(tree._tree as RadixNode<number>, (termId) =>
    postings.push(encodePostings(fieldOrder[termId].map((fieldId) => [fieldId, lists[termId * width + fieldId]]))),
  );
  return {
    documentCount: id + 1,
    nextId: id + 1,
    fieldIds,
    fieldLength,
    averageFieldLength,
    dirtCount: 0,
    serializationVersion: SERIALIZATION_VERSION,
    tree: shape,
    postings,
  };
}
