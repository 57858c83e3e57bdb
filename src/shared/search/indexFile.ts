// The local search index file (one per locale, written by the build, fetched by the browser on
// the first intent to search) and the MiniSearch options both sides must agree on.
//
// A document of the index is a *section*: the part of a page under one heading (or above the
// first one), with the page title, the heading path and the section's text as fields. Searching
// sections rather than single paragraphs gives one hit per URL (DocSearch's `distinct: url`),
// lets a query match across title, heading and body (like the hosted index, whose records carry
// their hierarchy), and keeps the index small; the hit then names the heading or the paragraph
// that matched best, as a record of the hosted index would.
import type { Options } from 'minisearch';
import { identifierTerms, indexTerms, termKey } from './tokenize.ts';

export const INDEX_FORMAT = 1;

export interface LocalIndexFile {
  format: typeof INDEX_FORMAT;
  locale: string;
  /** Distinct lvl0 values (top-level sections). */
  lvl0: string[];
  /** Distinct version tags. */
  versions: string[];
  /** [url without anchor, page title (lvl1), lvl0 index, version index, page rank]. */
  pages: [string, string, number, number, number][];
  /** [page index, anchor ('' above the first heading), level (1 for the page top), headings lvl2..level, paragraphs]. */
  sections: [number, string, number, string[], string[]][];
  /** MiniSearch's index, in a compact form of its toJSON() output (see encodeIndex). */
  index: CompactIndex;
}

/** MiniSearch's toJSON() output (serialization version 2), the part docsgen relies on. */
export interface SerializedIndex {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

/**
 * The same, about 40% smaller gzipped: document ids are the section numbers (so the id map is
 * left out), field lengths are an array, and each term's postings are, per field,
 * [fieldId, gap, gap, -gap, frequency, ...] — gaps between sorted section numbers, negative when
 * a frequency other than 1 follows. Hangul terms are stored composed (see termKey).
 */
export interface CompactIndex {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  fieldLength: number[][];
  averageFieldLength: number[];
  dirtCount: number;
  serializationVersion: number;
  terms: string[];
  postings: number[][][];
}

export function encodeIndex(js: SerializedIndex, storeTerm: (key: string) => string): CompactIndex {
  const ids = Object.entries(js.documentIds);
  if (ids.some(([shortId, id]) => Number(shortId) !== id)) throw new Error('search index: document ids must be the section numbers');
  const fieldLength = ids.map(([shortId]) => js.fieldLength[shortId]);
  const postings = js.index.map(([, fields]) =>
    Object.entries(fields).map(([fieldId, docs]) => {
      const out = [Number(fieldId)];
      let prev = 0;
      for (const [id, n] of Object.entries(docs).map(([d, f]) => [Number(d), f]).sort((a, b) => a[0] - b[0])) {
        out.push(n === 1 ? id - prev : -(id - prev));
        if (n !== 1) out.push(n);
        prev = id;
      }
      return out;
    }),
  );
  const { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion } = js;
  return { documentCount, nextId, fieldIds, fieldLength, averageFieldLength, dirtCount, serializationVersion, terms: js.index.map(([key]) => storeTerm(key)), postings };
}

export function decodeIndex(c: CompactIndex, searchKey: (term: string) => string): SerializedIndex {
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  c.fieldLength.forEach((lengths, id) => {
    documentIds[id] = id;
    fieldLength[id] = lengths;
  });
  const index: SerializedIndex['index'] = c.terms.map((term, t) => {
    const fields: Record<string, Record<string, number>> = {};
    for (const list of c.postings[t]) {
      const docs: Record<string, number> = {};
      let id = 0;
      for (let i = 1; i < list.length; i++) {
        const gap = list[i];
        id += Math.abs(gap);
        docs[id] = gap < 0 ? list[++i] : 1;
      }
      fields[list[0]] = docs;
    }
    return [searchKey(term), fields];
  });
  const { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion } = c;
  return { documentCount, nextId, documentIds, fieldIds, fieldLength, averageFieldLength, storedFields: {}, dirtCount, index, serializationVersion };
}

/**
 * Fields of a section document: t = page title (the page-top section only), h = the section's own
 * heading when it is an h2, d = when it is deeper (h3-h6), p = where it sits (lvl0, and for a
 * subsection the page title and parent headings), c = its text, k = the whole camelCase
 * identifiers of its title and heading ('PurchaseOrderLine'; the other fields have their parts).
 */
export const FIELDS = ['t', 'h', 'd', 'p', 'c', 'k'] as const;

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

export function miniSearchOptions(): Options<SectionDoc> {
  return {
    fields: [...FIELDS],
    idField: 'id',
    tokenize: (text: string, field?: string) => (field === 'k' ? identifierTerms(text) : indexTerms(text).map(termKey)),
    processTerm: (term: string) => term,
  };
}
