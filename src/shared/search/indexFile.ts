// The local search index of a locale, as the build writes it and the browser reads it: a small
// entry file at a stable URL, and files a query fetches only when it needs them, named under a
// folder that carries a hash of their content (cached for good by the browser):
//
//   index.<locale>.json            the entry (IndexEntry), revalidated on every first search
//   <locale>.<hash>/h<n>.json      term chunks, heading fields: the terms of a range of keys
//   <locale>.<hash>/c<n>.json      term chunks, the text field, for the same kind of ranges
//   <locale>.<hash>/f<n>.json      fragments: the text of a run of sections, for hits
//
// A document of the index is a *section*: the part of a page under one heading (or above the
// first one), with the page title, the heading path and the section's text as fields. Searching
// sections gives one hit per URL (DocSearch's `distinct: url`) and lets a query match across
// title, heading and body, as the hosted index's records carry their hierarchy.
//
// Terms are cut into chunks by key ranges, each term's postings in two halves: its heading fields
// and its text field, in chunks of their own. A query of one or two letters is looked for in
// headings only (see queryPlan.ts), and then needs none of the text chunks, which hold most of
// the postings.
import type { Options } from 'minisearch';
import { identifierTerms, indexKeys, keyTerm, termKey } from './tokenize.ts';

export const INDEX_FORMAT = 3;

/**
 * The version tag of the records of pages outside versioned docs (the blog, the API reference) on a
 * site whose docs have versions: a search from any version finds them, as Docusaurus's contextual
 * search finds its "default" pages.
 */
export const EVERY_VERSION = 'default';

export interface IndexEntry {
  format: typeof INDEX_FORMAT;
  locale: string;
  /** The folder of the chunks and fragments, relative to the entry's ('en.3f9a0c1d2e'). */
  dir: string;
  documentCount: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** Distinct lvl0 values (top-level sections). */
  lvl0: string[];
  /** Distinct version tags. */
  versions: string[];
  /**
   * Per section, in runs: "count:pageRank:version index" joined by ','. Every matched section is
   * ranked and filtered by these before any fragment is fetched.
   */
  sectionRuns: string;
  /** The first and last key of each term chunk (composed Hangul, see storedKey), per family. */
  chunks: { h: [string, string][]; c: [string, string][] };
  /** How many sections each fragment holds, in section order. */
  fragments: number[];
}

/** A term chunk: [key (composed Hangul), postings (see encodePostings)], by key. */
export type TermChunk = [string, string][];

/** [url without anchor, page title (lvl1), lvl0 index, HTTP method, API path] ('' when not an API operation). */
export type FragmentPage = [string, string, number, string, string];

/** [page (index into the fragment's pages), anchor ('' above the first heading), level (1 for the page top), headings lvl2..level, paragraphs]. */
export type FragmentSection = [number, string, number, string[], string[]];

export interface Fragment {
  pages: FragmentPage[];
  sections: FragmentSection[];
}

/**
 * Fields of a section document: t = page title (the page-top section only), h = the section's own
 * heading when it is an h2, d = when it is deeper (h3-h6), p = where it sits (lvl0, and for a
 * subsection the page title and parent headings; for an API operation's top, its method and
 * path), c = its text, k = the whole camelCase identifiers of its title and heading
 * ('PurchaseOrderLine'; the other fields have their parts).
 */
export const FIELDS = ['t', 'h', 'd', 'p', 'c', 'k'] as const;
/** The field whose postings go to the text chunks; all others are heading fields. */
export const TEXT_FIELD = 4;

/** Like the hosted index's attribute ranking: title, then h2, then deeper headings, then text. */
export const BOOST = { t: 6, h: 3.5, d: 2.5, p: 1.2, c: 1, k: 1.5 };

export interface SectionDoc {
  id: number;
  t: string;
  h: string;
  d: string;
  p: string;
  c: string;
  k: string;
}

/** `wordKeys`: the index builder's memo of each word's keys (see indexKeys); a query needs none. */
export function miniSearchOptions(wordKeys?: Map<string, string[]>): Options<SectionDoc> {
  return {
    fields: [...FIELDS],
    idField: 'id',
    tokenize: (text: string, field?: string) => (field === 'k' ? identifierTerms(text) : indexKeys(text, wordKeys)),
    processTerm: (term: string) => term,
  };
}

/** A term's occurrences in one field: the sections holding it (ascending), how often, and each section's field length. */
export interface PostingList {
  ids: number[];
  counts: number[];
  lengths: number[];
}

/**
 * Field lengths as one letter: exact up to 8, then in steps of half an octave (a length is
 * within 19% of its letter's), 'a' to 'Z'. A section's length only scales a match's score
 * (BM25's length normalization); the exact digits made half of a long posting list's bytes.
 */
const LENGTH_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const EXACT_LENGTHS = 8;

export function lengthLetter(length: number): string {
  const n = length <= EXACT_LENGTHS ? Math.max(0, length) : EXACT_LENGTHS + Math.round(2 * Math.log2(length / EXACT_LENGTHS));
  return LENGTH_LETTERS[Math.min(n, LENGTH_LETTERS.length - 1)];
}

export function letterLength(letter: string): number {
  const n = LENGTH_LETTERS.indexOf(letter);
  return n <= EXACT_LENGTHS ? n : Math.round(EXACT_LENGTHS * 2 ** ((n - EXACT_LENGTHS) / 2));
}

/**
 * A term's postings as a string: per field, the field id then one entry per section, all
 * comma-separated; an entry is the gap from the previous section number, the section's length
 * in that field as a letter (MiniSearch's count of its distinct terms, see lengthLetter), and the
 * frequency when it is not 1. Fields are separated by spaces: field 0 with sections 3 (length 4)
 * and 7 (length 2, twice) is "0,3e,4c2".
 */
export function encodePostings(fields: Iterable<[number, PostingList]>): string {
  let s = '';
  for (const [fieldId, { ids, counts, lengths }] of fields) {
    if (s) s += ' ';
    s += fieldId;
    let prev = 0;
    for (let i = 0; i < ids.length; i++) {
      s += `,${ids[i] - prev}${lengthLetter(lengths[i])}`;
      if (counts[i] !== 1) s += counts[i];
      prev = ids[i];
    }
  }
  return s;
}

/** A term's postings in the engine: field id -> section number -> term frequency. */
export type PostingMaps = Map<number, Map<number, number>>;

/**
 * Adds the postings of encodePostings to `fields`, and each section's field length to
 * `lengths` (section -> length per field id).
 */
export function decodePostings(s: string, fields: PostingMaps, lengths: Map<number, number[]>): void {
  if (!s) return;
  for (const part of s.split(' ')) {
    const entries = part.split(',');
    const fieldId = Number(entries[0]);
    let docs = fields.get(fieldId);
    if (!docs) fields.set(fieldId, (docs = new Map()));
    let id = 0;
    for (let i = 1; i < entries.length; i++) {
      const entry = entries[i];
      let at = 0;
      while (entry.charCodeAt(at) <= 57) at++;
      id += Number(entry.slice(0, at));
      docs.set(id, at + 1 < entry.length ? Number(entry.slice(at + 1)) : 1);
      let row = lengths.get(id);
      if (!row) lengths.set(id, (row = []));
      row[fieldId] = letterLength(entry[at]);
    }
  }
}

/** Per section: [page rank, version index], read from IndexEntry.sectionRuns. */
export function readSectionRuns(runs: string, count: number): { rank: Uint8Array; version: Uint16Array } {
  const rank = new Uint8Array(count);
  const version = new Uint16Array(count);
  let at = 0;
  for (const run of runs ? runs.split(',') : []) {
    const [n, r, v] = run.split(':').map(Number);
    rank.fill(r, at, at + n);
    version.fill(v, at, at + n);
    at += n;
  }
  return { rank, version };
}

/** A key as a chunk stores it: Hangul composed (a third of the bytes of its jamo), unless that would not read back the same. */
export function storedKey(key: string): string {
  const composed = keyTerm(key);
  return composed !== key && termKey(composed) === key ? composed : key;
}
