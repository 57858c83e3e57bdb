// Writes a locale's search files as its pages come in: the records file (the input of `docsgen
// index`) and the local index, cut into the files of src/shared/search/indexFile.ts (an entry,
// term chunks by key range, fragments of section text), so that a query fetches a few small
// files whatever the size of the site. A page's records are written out and its sections
// tokenized and counted on arrival; only the postings stay in memory until the end.
import { createHash } from 'node:crypto';
import type { SearchRecord } from '../types.ts';
import type { FileSink } from '../output/outputDir.ts';
import { SEARCH_DIR, searchIndexFile } from '../config/clientSiteData.ts';
import { INDEX_FORMAT, miniSearchOptions, type Fragment, type IndexEntry, type SectionDoc } from '../shared/search/indexFile.ts';
import { Postings } from './postings.ts';

const HEADING_LEVELS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** Field values up to this length are remembered once tokenized (see LocaleIndexBuilder.seen). */
const MEMO_MAX_TEXT = 256;
const MEMO_MAX_ENTRIES = 20000;
/** Characters of section text per fragment: a hit fetches its fragment, the entry counts each fragment's sections. */
const FRAGMENT_CHARS = 5000;

/** Where the search files go: the build's output folder, or watch mode's memory. */
export type SearchFileSink = Pick<FileSink, 'write' | 'append' | 'end' | 'rename'>;

/**
 * A locale's pages and sections, as groupSections makes them from records.
 * pages: [url without anchor, page title (lvl1), lvl0 index, version index, page rank, HTTP method, API path].
 * sections: [page index, anchor ('' above the first heading), level (1 for the page top), headings lvl2..level, paragraphs].
 */
export interface IndexSource {
  locale: string;
  lvl0: string[];
  versions: string[];
  pages: [string, string, number, number, number, string, string][];
  sections: [number, string, number, string[], string[]][];
}

/** A locale's index: its entry, and the other files by path relative to the entry's folder. */
export interface LocaleIndexFiles {
  entry: IndexEntry;
  files: Map<string, string>;
}

/** What a builder wrote for its locale. */
export interface SearchFilesResult {
  locale: string;
  records: number;
  /** The entry, when the builder made the local index. */
  entry?: IndexEntry;
}

/** A locale's index from its records (the records of a page together), in memory: for tests and the benchmark. */
export function buildLocalIndex(locale: string, records: SearchRecord[]): LocaleIndexFiles {
  const files = new MemoryFiles();
  const builder = new LocaleIndexBuilder(locale, files);
  for (const page of pagesOf(records)) builder.addPage(page);
  const { entry } = builder.finish();
  const prefix = `${SEARCH_DIR}/${entry!.dir}/`;
  const own = new Map<string, string>();
  for (const [rel, text] of files.files) if (rel.startsWith(prefix)) own.set(rel.slice(prefix.length), String(text));
  return { entry: entry!, files: own };
}

/** Records split into pages: runs of one url_without_anchor. */
export function* pagesOf(records: SearchRecord[]): Generator<SearchRecord[]> {
  for (let start = 0; start < records.length;) {
    const url = records[start].url_without_anchor;
    let end = start + 1;
    while (end < records.length && records[end].url_without_anchor === url) end++;
    yield records.slice(start, end);
    start = end;
  }
}

/**
 * Builds a locale's search files page by page, in the order the pages are given (the build gives
 * them in route order, so the files do not depend on which thread rendered what). Fragments are
 * written to a folder of their own as they fill up, renamed at the end for a hash of its content.
 */
export class LocaleIndexBuilder {
  private records = 0;
  private readonly recordsFile: string;
  private readonly options = miniSearchOptions(new Map());
  private readonly postings = new Postings(this.options.fields.length);
  /**
   * Short field values already tokenized, per field: their term numbers (shared, never changed).
   * Pages of one kind repeat most of theirs: an API page's headings ("Parameters", "Responses"),
   * its title in the path of each of its sections, the descriptions of shared parameters: most
   * values of a locale are repeats, tokenized once.
   */
  private readonly seen = this.options.fields.map(() => new Map<string, Int32Array>());
  private readonly lvl0: string[] = [];
  private readonly versions: string[] = [];
  /** The sections' page rank and version, run-length coded (IndexEntry.sectionRuns). */
  private readonly runs: string[] = [];
  private run = '';
  private runLength = 0;
  private fragment: Fragment = { pages: [], sections: [] };
  private fragmentSize = 0;
  private readonly fragments: number[] = [];
  private readonly hash = createHash('sha256');
  private readonly building: string;

  constructor(
    readonly locale: string,
    private readonly out: SearchFileSink,
    /** false: only the records file is wanted (the site is searched through the hosted index). */
    readonly withIndex = true,
  ) {
    this.recordsFile = `${SEARCH_DIR}/records.${locale}.json`;
    this.building = `${SEARCH_DIR}/${locale}.building`;
  }

  /** Adds a page: all its records, at once. */
  addPage(records: SearchRecord[]): void {
    if (!records.length) return;
    const page = [...records].sort((a, b) => a.weight.position - b.weight.position);
    const json = JSON.stringify(page);
    this.out.append(this.recordsFile, this.records ? `,${json.slice(1, -1)}` : json.slice(0, -1));
    this.records += page.length;
    if (!this.withIndex) return;
    const source = groupSections(this.locale, page);
    const [url, title, lvl0Index, versionIndex, rank, method, path] = source.pages[0];
    const fragmentPage: Fragment['pages'][number] = [url, title, intern(this.lvl0, source.lvl0[lvl0Index]), method, path];
    const run = `${rank}:${intern(this.versions, source.versions[versionIndex])}`;
    for (const doc of eachSectionDoc(source)) this.postings.addSection(this.tokenize(doc));
    for (const [, anchor, level, headings, paragraphs] of source.sections) {
      if (run === this.run) this.runLength++;
      else {
        if (this.runLength) this.runs.push(`${this.runLength}:${this.run}`);
        this.run = run;
        this.runLength = 1;
      }
      if (this.fragment.pages[this.fragment.pages.length - 1] !== fragmentPage) this.fragment.pages.push(fragmentPage);
      this.fragment.sections.push([this.fragment.pages.length - 1, anchor, level, headings, paragraphs]);
      this.fragmentSize += anchor.length + headings.reduce((n, h) => n + h.length, 0) + paragraphs.reduce((n, p) => n + p.length, 0);
      if (this.fragmentSize >= FRAGMENT_CHARS) this.flushFragment();
    }
  }

  /** Writes what is left: the records file's end, the term chunks and the entry (last: whoever reads it finds every file it names). */
  finish(): SearchFilesResult {
    this.out.append(this.recordsFile, this.records ? ']' : '[]');
    this.out.end(this.recordsFile);
    if (!this.withIndex) return { locale: this.locale, records: this.records };
    this.flushFragment();
    const chunks: IndexEntry['chunks'] = { h: [], c: [] };
    for (const [name, text] of this.postings.chunkFiles(chunks)) this.writeIndexFile(name, text);
    if (this.runLength) this.runs.push(`${this.runLength}:${this.run}`);
    // The folder is named for everything in it: a file's URL changes whenever its content does.
    const dir = `${this.locale}.${this.hash.digest('hex').slice(0, 12)}`;
    if (this.fragments.length || chunks.h.length || chunks.c.length) this.out.rename(this.building, `${SEARCH_DIR}/${dir}`);
    const entry: IndexEntry = {
      format: INDEX_FORMAT,
      locale: this.locale,
      dir,
      documentCount: this.postings.documentCount,
      fieldIds: Object.fromEntries(this.options.fields.map((f, i) => [f, i])),
      averageFieldLength: this.postings.averageFieldLength,
      lvl0: this.lvl0,
      versions: this.versions,
      sectionRuns: this.runs.join(','),
      chunks,
      fragments: this.fragments,
    };
    this.out.write(searchIndexFile(this.locale), JSON.stringify(entry));
    return { locale: this.locale, records: this.records, entry };
  }

  private flushFragment(): void {
    if (!this.fragment.sections.length) return;
    this.writeIndexFile(`f${this.fragments.length}.json`, JSON.stringify(this.fragment));
    this.fragments.push(this.fragment.sections.length);
    this.fragment = { pages: [], sections: [] };
    this.fragmentSize = 0;
  }

  private writeIndexFile(name: string, text: string): void {
    this.hash.update(name).update('\0').update(text).update('\0');
    this.out.write(`${this.building}/${name}`, text);
  }

  /** A section's fields as term numbers (-1 for ''), null for a field it does not have. */
  private tokenize(doc: SectionDoc): (Int32Array | null)[] {
    const { fields, tokenize } = this.options;
    return fields.map((field, f) => {
      const value = doc[field as keyof SectionDoc];
      if (value == null) return null;
      const text = String(value);
      const seen = text.length <= MEMO_MAX_TEXT ? this.seen[f].get(text) : undefined;
      if (seen) return seen;
      const tokens = tokenize!(text, field);
      const numbers = new Int32Array(tokens.length);
      for (let i = 0; i < tokens.length; i++) numbers[i] = tokens[i] ? this.postings.number(tokens[i]) : -1;
      if (text.length <= MEMO_MAX_TEXT) {
        if (this.seen[f].size >= MEMO_MAX_ENTRIES) this.seen[f].clear();
        this.seen[f].set(text, numbers);
      }
      return numbers;
    });
  }
}

/** Files kept in a map (path relative to the site root -> text): watch mode's search files, and buildLocalIndex's. */
export class MemoryFiles implements SearchFileSink {
  readonly files = new Map<string, string | Uint8Array>();
  private readonly open = new Map<string, string[]>();

  write(rel: string, data: string | Uint8Array): void {
    this.files.set(rel, data);
  }

  append(rel: string, text: string): void {
    const parts = this.open.get(rel);
    if (parts) parts.push(text);
    else this.open.set(rel, [text]);
  }

  end(rel: string): void {
    this.files.set(rel, (this.open.get(rel) ?? []).join(''));
    this.open.delete(rel);
  }

  rename(from: string, to: string): void {
    for (const [rel, data] of [...this.files]) {
      if (!rel.startsWith(`${from}/`)) continue;
      this.files.delete(rel);
      this.files.set(to + rel.slice(from.length), data);
    }
  }
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
