// The local search index file (one per locale, written by the build, fetched by the browser on
// the first intent to search) and the MiniSearch options both sides must agree on.
//
// A document of the index is a *section*: the part of a page under one heading (or above the
// first one), with the page title, the heading path and the section's text as fields. Searching
// sections rather than single paragraphs gives one hit per URL (DocSearch's `distinct: url`),
// lets a query match across title, heading and body (like the hosted index, whose records carry
// their hierarchy), and keeps the index small; the hit then names the heading or the paragraph
// that matched best, as a record of the hosted index would.
//
// The file is made to be searchable as soon as it is parsed (the first keystroke waits for it):
// MiniSearch's search tree is stored node by node and read lazily, see termTree.ts.
import type { Options } from 'minisearch';
import { identifierTerms, indexKeys } from './tokenize.ts';
import type { TermPostings, TreeNode } from './termTree.ts';

export const INDEX_FORMAT = 2;

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
  /** MiniSearch's index (see TermIndex). */
  index: TermIndex;
}

/**
 * MiniSearch's state, from its toJSON() output (serialization version 2) apart from the terms:
 * document ids are the section numbers (so the id map is left out) and field lengths an array.
 */
export interface TermIndex {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  fieldLength: number[][];
  averageFieldLength: number[];
  dirtCount: number;
  serializationVersion: number;
  /** MiniSearch's search tree (a radix tree of term keys) as the engine holds it after loading (see termTree.ts). */
  tree: TreeNode;
  /** The postings of each term, by term number (see TreeNode and encodePostings). */
  postings: string[];
}

/** The part of MiniSearch's toJSON() output the build reads. */
export interface SerializedIndex {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount: number;
  index: [string, TermPostings][];
  serializationVersion: number;
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
    tokenize: (text: string, field?: string) => (field === 'k' ? identifierTerms(text) : indexKeys(text)),
    processTerm: (term: string) => term,
  };
}
