// The order of a query's results once MiniSearch has scored their sections. Text relevance alone
// puts the API reference ahead of the guides: an operation's title is short and holds the noun a
// reader types ('Create a shipment' for "shipment"). So the order follows what a query says:
//
//   1. pages the query names: its words are the page's whole title ("shipment" and the guide
//      Shipments, "create a shipment" and that operation), or an operation's path ("/shipments");
//   2. the best guide, when no named page is one: a reader who types a topic wants to read about it;
//   3. the rest by score, weighed by page rank (src/search/records.ts, pageRank), an operation
//      only as high as a guide when the query matches its title, headings or path.
import type { SearchResult } from 'minisearch';
import type { MatchedWord } from './highlight.ts';
import { indexKeys, keyTerm, prefixKeys, termKey, type QueryWord } from './tokenize.ts';
import { latinFuzziness } from './queryPlan.ts';

/** Page ranks (see pageRank in src/search/records.ts): a guide's, the lowest of an operation's, the API reference's other pages'. */
export const GUIDE_RANK = 30;
export const OPERATION_RANK = 40;
const OTHER_API_RANK = 5;

export interface ResultFacts {
  /** Page rank of a section. */
  rank(section: number): number;
  /** How many distinct terms a section's page title has (0 for a section below the page top). */
  titleLength(section: number): number;
  /** How many distinct terms a section's place field has (for an operation: its lvl0, method and path). */
  placeLength(section: number): number;
  /** Sections of operations whose path the query spells. */
  pathNamed: Set<number>;
}

/** Orders `results` in place (see the top of this file). */
export function orderResults(results: SearchResult[], words: QueryWord[], facts: ResultFacts): SearchResult[] {
  const named = new Set<number>();
  // A title's length counts its index keys, and a Korean word has several (공급업체: the word and
  // its syllable pairs): words found whole in a title are all of it when they make as many keys,
  // and a title whose every key the query matched is named by it (판매주문 for 판매 주문).
  const queryKeys = new Set(indexKeys(words.map((w) => w.term).join(' '))).size;
  for (const r of results) {
    const rank = facts.rank(r.id);
    const inTitle = Object.keys(r.match).filter((key) => r.match[key].includes('t'));
    const titleWords = inTitle.length ? attribute(words, inTitle).filter((m) => m.terms.size > 0).length : 0;
    const titleLength = facts.titleLength(r.id);
    const whole =
      titleLength <= Math.max(titleWords, inTitle.length) || (titleLength <= queryKeys && words.every((w) => inTitle.some((key) => keyTerm(key) === w.term)));
    if (facts.pathNamed.has(r.id) || (titleWords === words.length && titleLength > 0 && whole)) named.add(r.id);
    const onTitleOrHeading = rank <= GUIDE_RANK || Object.values(r.match).some((fields) => fields.some((f) => f !== 'c'));
    r.score *= 1 + (onTitleOrHeading ? rank : OTHER_API_RANK) / 100;
  }
  // Among operations named by their path, the shortest path first: '/shipments' is the collection
  // itself, '/shipments/{shipment_id}/tracking' only starts with it.
  const { pathNamed } = facts;
  const byPath = (a: SearchResult, b: SearchResult) => (pathNamed.has(a.id) && pathNamed.has(b.id) ? facts.placeLength(a.id) - facts.placeLength(b.id) : 0);
  results.sort((a, b) => Number(named.has(b.id)) - Number(named.has(a.id)) || byPath(a, b) || b.score - a.score || a.id - b.id);
  const firstOther = results.findIndex((r) => !named.has(r.id));
  if (firstOther >= 0 && !results.slice(0, firstOther).some((r) => facts.rank(r.id) === GUIDE_RANK)) {
    const guide = results.findIndex((r, i) => i >= firstOther && facts.rank(r.id) === GUIDE_RANK);
    if (guide > firstOther) results.splice(firstOther, 0, ...results.splice(guide, 1));
  }
  return results;
}

/** A query that spells a URL path ('/v2/shipments', 'sales-orders/{id}/complete'): it may name operations by their path. */
export function isPathQuery(query: string): boolean {
  return /(^|\s)\/[\w{]|[\w}]\/[\w{]/.test(query);
}

/** Which query word each matched index key came from (exact, prefix, compound part, else typo). */
export function attribute(words: QueryWord[], keys: string[]): MatchedWord[] {
  const out = words.map((word) => ({ word, terms: new Set<string>() }));
  const prefixes = words.map((w, i) => (w.kind === 'hangul' ? (i === words.length - 1 ? prefixKeys(w.term) : [termKey(w.term)]) : [w.term]));
  for (const key of keys) {
    const term = keyTerm(key);
    let claimed = false;
    words.forEach((w, i) => {
      if (term === w.term || w.parts.includes(term) || prefixes[i].some((p) => p && key.startsWith(p))) {
        out[i].terms.add(term);
        claimed = true;
      }
    });
    if (claimed) continue;
    words.forEach((w, i) => {
      const typos = w.kind === 'other' ? latinFuzziness(w.term) : 0;
      if (typos && Math.abs(term.length - w.term.length) <= typos) out[i].terms.add(term);
    });
  }
  return out;
}
