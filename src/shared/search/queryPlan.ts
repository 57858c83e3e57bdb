// How a query word is searched (see tokenize.ts for how words are read), and which term chunks
// of the index it needs.
import type { Query } from 'minisearch';
import { prefixKeys, termKey, type QueryWord } from './tokenize.ts';

const HEADING_FIELDS = ['t', 'h', 'd', 'p', 'k'];

/** Term chunks a query needs: of one family ('h' headings, 'c' text), those holding `key`, or with `prefix` every key starting with it. */
export interface ChunkNeed {
  family: 'h' | 'c';
  key: string;
  prefix: boolean;
}

export function latinFuzziness(term: string): number {
  if (/\d/.test(term)) return 0;
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

/** A word's query, and the term chunks it needs. */
export interface WordPlan {
  query: Query | null;
  needs: ChunkNeed[];
}

const both = (key: string, prefix: boolean): ChunkNeed[] => [
  { family: 'h', key, prefix },
  { family: 'c', key, prefix },
];

/** The query for one word: see tokenize.ts for how Korean words are read. */
export function wordQuery(w: QueryWord, last: boolean, only: boolean): WordPlan {
  if (w.kind === 'other') {
    // One or two letters start thousands of words: as a prefix, they are looked for in titles and
    // headings only (and two letters after other words also as a whole word everywhere). A query
    // of one or two letters is mostly a longer word being typed: it fetches no text chunk.
    if (last && w.term.length <= 2 && only)
      return { query: { queries: [w.term], prefix: true, fields: HEADING_FIELDS } as Query, needs: [{ family: 'h', key: w.term, prefix: true }] };
    if (last && w.term.length === 2)
      return {
        query: { combineWith: 'OR', queries: [w.term, { queries: [w.term], prefix: true, fields: HEADING_FIELDS }] } as Query,
        needs: [
          { family: 'h', key: w.term, prefix: true },
          { family: 'c', key: w.term, prefix: false },
        ],
      };
    const fuzzy = latinFuzziness(w.term);
    // A typo is looked for among the words that share the first three letters (their chunks are fetched).
    const needs = fuzzy ? both(w.term.slice(0, 3), true) : both(w.term, last);
    return { query: { queries: [w.term], prefix: last, fuzzy } as Query, needs };
  }
  if (w.kind === 'cjk') {
    if (!w.parts.length) return { query: { queries: [w.term], prefix: true } as Query, needs: both(w.term, true) };
    return { query: { combineWith: 'AND', queries: w.parts } as Query, needs: w.parts.flatMap((p) => both(p, false)) };
  }
  // Hangul: the stem as a prefix (it covers the inflected forms), the IME's unfinished syllable
  // when typed last, or every part of a compound written without spaces.
  const keys = last ? prefixKeys(w.term) : [termKey(w.term)];
  const alternatives: Query[] = keys.map((k) => ({ queries: [k], prefix: true, fuzzy: 0 }) as Query);
  const needs = keys.flatMap((k) => both(k, true));
  // Weighed down: the word as typed, when found, is the better match.
  if (w.parts.length) {
    const parts = w.parts.map(termKey);
    alternatives.push({ combineWith: 'AND', queries: parts, prefix: false, fuzzy: 0, boostTerm: () => 0.2 } as Query);
    needs.push(...parts.flatMap((p) => both(p, false)));
  }
  if (!alternatives.length) return { query: null, needs };
  return { query: alternatives.length === 1 ? alternatives[0] : ({ combineWith: 'OR', queries: alternatives } as Query), needs };
}
