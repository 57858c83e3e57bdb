// Cuts a locale's index into the files of src/shared/search/indexFile.ts: the term chunks (by key
// range, heading fields and text apart), the fragments of section text, and the entry that names
// them, under a folder named for their content.
import { createHash } from 'node:crypto';
import {
  encodePostings,
  INDEX_FORMAT,
  miniSearchOptions,
  storedKey,
  TEXT_FIELD,
  type Fragment,
  type FragmentPage,
  type IndexEntry,
  type PostingList,
  type TermChunk,
} from '../shared/search/indexFile.ts';

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

/** Each term's postings, per field, and the mean length of each field. */
export interface TermPostings {
  terms: string[];
  /** By term number, then field id. */
  lists: (PostingList | undefined)[];
  width: number;
  documentCount: number;
  averageFieldLength: number[];
}

/** Code-unit order: the same on every machine (localeCompare depends on the ICU build). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Characters of postings per term chunk (a term with more has a chunk of its own): a query
 * fetches the chunks of its words' key ranges, and the entry lists each chunk's first and last key.
 */
const CHUNK_CHARS = 12000;
/** Characters of section text per fragment: a hit fetches its fragment, the entry counts each fragment's sections. */
const FRAGMENT_CHARS = 5000;

/** The entry, the term chunks and the fragments of an index. */
export function indexFiles(source: IndexSource, postings: TermPostings): LocaleIndexFiles {
  const { terms, lists, width } = postings;
  const files = new Map<string, string>();
  const chunks: IndexEntry['chunks'] = { h: [], c: [] };
  // Terms by key; each family's chunks cut as their postings add up.
  const order = terms.map((_, n) => n).sort((a, b) => compare(terms[a], terms[b]));
  for (const family of ['h', 'c'] as const) {
    let chunk: TermChunk = [];
    let size = 0;
    const flush = () => {
      if (!chunk.length) return;
      files.set(`${family}${chunks[family].length}.json`, JSON.stringify(chunk));
      chunks[family].push([chunk[0][0], chunk[chunk.length - 1][0]]);
      chunk = [];
      size = 0;
    };
    for (const n of order) {
      const fields: [number, PostingList][] = [];
      for (let f = 0; f < width; f++) {
        const list = lists[n * width + f];
        if (list && (f === TEXT_FIELD) === (family === 'c')) fields.push([f, list]);
      }
      if (!fields.length) continue;
      const encoded = encodePostings(fields);
      if (size && size + encoded.length > CHUNK_CHARS) flush();
      chunk.push([storedKey(terms[n]), encoded]);
      size += encoded.length + terms[n].length;
    }
    flush();
  }

  const fragments: number[] = [];
  let fragment: Fragment = { pages: [], sections: [] };
  let pageRefs = new Map<number, number>();
  let size = 0;
  const flush = () => {
    if (!fragment.sections.length) return;
    files.set(`f${fragments.length}.json`, JSON.stringify(fragment));
    fragments.push(fragment.sections.length);
    fragment = { pages: [], sections: [] };
    pageRefs = new Map();
    size = 0;
  };
  for (const [pageIndex, anchor, level, headings, paragraphs] of source.sections) {
    let ref = pageRefs.get(pageIndex);
    if (ref === undefined) {
      const [url, title, lvl0Index, , , method, path] = source.pages[pageIndex];
      pageRefs.set(pageIndex, (ref = fragment.pages.push([url, title, lvl0Index, method, path] satisfies FragmentPage) - 1));
    }
    fragment.sections.push([ref, anchor, level, headings, paragraphs]);
    size += anchor.length + headings.reduce((n, h) => n + h.length, 0) + paragraphs.reduce((n, p) => n + p.length, 0);
    if (size >= FRAGMENT_CHARS) flush();
  }
  flush();

  const runs: string[] = [];
  let run = '';
  let length = 0;
  for (const [pageIndex] of source.sections) {
    const [, , , version, rank] = source.pages[pageIndex];
    const key = `${rank}:${version}`;
    if (key === run) length++;
    else {
      if (length) runs.push(`${length}:${run}`);
      run = key;
      length = 1;
    }
  }
  if (length) runs.push(`${length}:${run}`);

  // The folder is named for everything in it: a file's URL changes whenever its content does.
  const hash = createHash('sha256');
  for (const [name, text] of files) hash.update(name).update('\0').update(text).update('\0');
  const entry: IndexEntry = {
    format: INDEX_FORMAT,
    locale: source.locale,
    dir: `${source.locale}.${hash.digest('hex').slice(0, 12)}`,
    documentCount: postings.documentCount,
    fieldIds: Object.fromEntries(miniSearchOptions().fields.map((f, i) => [f, i])),
    averageFieldLength: postings.averageFieldLength,
    lvl0: source.lvl0,
    versions: source.versions,
    sectionRuns: runs.join(','),
    chunks,
    fragments,
  };
  return { entry, files };
}
