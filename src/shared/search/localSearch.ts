// The local search engine: MiniSearch over the sections of a locale's index file, queried the
// way DocSearch queries the hosted index (all words required, the last one as a prefix, typos
// allowed on longer Latin words, title and heading matches first), answering with hits in the
// hosted index's shape. Runs in the browser (templates/search/localProvider.ts) and in Node for
// tests and the benchmark.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { recordObjectId } from './objectId.ts';
import { highlight, snippet, findMatches, type Highlighted, type Matches, type MatchedWord } from './highlight.ts';
import { BOOST, INDEX_FORMAT, miniSearchOptions, type LocalIndexFile, type SectionDoc, type SerializedIndex, type TermIndex } from './indexFile.ts';
import { decodePostings, LazyPostings, readTree, type PostingMaps, type RadixNode, type TermPostings } from './termTree.ts';
import { keyTerm, prefixKeys, queryWords, termKey, type QueryWord } from './tokenize.ts';

type Lvl = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
const LEVELS: Lvl[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** A hit in the hosted index's shape (see templates/search/provider.ts). */
export interface LocalHit {
  objectID: string;
  url: string;
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
  hierarchy: Record<Lvl, string | null> & { lvl0: string; lvl1: string };
  content: string | null;
  _highlightResult: { hierarchy: Partial<Record<Lvl, Highlighted>>; content?: Highlighted };
  _snippetResult: { hierarchy: Partial<Record<Lvl, Highlighted>>; content?: Highlighted };
}

export interface LocalSearchRequest {
  query: string;
  hitsPerPage: number;
  snippetWords: number;
  page?: number;
  version?: string;
}

export interface LocalSearchResponse {
  hits: LocalHit[];
  nbHits: number;
  page: number;
  nbPages: number;
}

/** Longest query read (the input allows 64 characters; this bounds the work of pasted text). */
const MAX_WORDS = 12;
const HEADING_FIELDS = ['t', 'h', 'd', 'p', 'k'];

export class LocalSearch {
  readonly locale: string;
  private readonly file: LocalIndexFile;
  private readonly engine: MiniSearch<SectionDoc>;

  constructor(file: LocalIndexFile) {
    if (file.format !== INDEX_FORMAT) throw new Error(`search index format ${file.format} is not supported (expected ${INDEX_FORMAT})`);
    this.file = file;
    this.locale = file.locale;
    this.engine = loadEngine(file.index);
  }

  get size(): number {
    return this.file.sections.length;
  }

  search(req: LocalSearchRequest): LocalSearchResponse {
    const page = req.page ?? 0;
    // A one-letter word is not indexed; typed last after other words, it is the start of the next
    // word, and the results of the words before it are the useful ones until it grows.
    const all = queryWords(req.query);
    const words = (all.length > 1 ? all.filter((w) => w.kind !== 'other' || w.term.length > 1 || /\d/.test(w.term)) : all).slice(0, MAX_WORDS);
    const queries = words.map((w, i) => wordQuery(w, i === words.length - 1, words.length === 1)).filter((q): q is Query => q !== null);
    if (!queries.length) return { hits: [], nbHits: 0, page, nbPages: 0 };

    const { pages, sections, versions } = this.file;
    const options = {
      boost: BOOST,
      // Typos count for little (the hosted index ranks any typo below every exact match).
      weights: { fuzzy: 0.15, prefix: 0.4 },
      tokenize: (s: string) => [s],
      processTerm: (t: string) => t,
      // Contextual search: with several versions in one index, only the current page's.
      filter: versions.length > 1 && req.version ? (r: SearchResult) => versions[pages[sections[r.id][0]][3]] === req.version : undefined,
    };
    let results = this.engine.search({ combineWith: 'AND', queries }, options);
    // Like the hosted index's removeWordsIfNoResults: when no section has every word, rank by how many it has.
    if (!results.length && queries.length > 1) results = this.engine.search({ combineWith: 'OR', queries }, options);
    // Page rank (guides before the API reference before the blog), applied once per result rather
    // than through MiniSearch's boostDocument, which runs for every posting of every matched term.
    for (const r of results) r.score *= 1 + pages[sections[r.id][0]][4] / 100;
    results.sort((a, b) => b.score - a.score);

    const hits = results.slice(page * req.hitsPerPage, (page + 1) * req.hitsPerPage).map((r) => this.toHit(r, words, req.snippetWords));
    return { hits, nbHits: results.length, page, nbPages: Math.ceil(results.length / req.hitsPerPage) };
  }

  private toHit(result: SearchResult, words: QueryWord[], snippetWords: number): LocalHit {
    const [pageIndex, anchor, level, headings, paragraphs] = this.file.sections[result.id];
    const [pageUrl, title, lvl0Index] = this.file.pages[pageIndex];
    const url = anchor ? `${pageUrl}#${anchor}` : pageUrl;
    const matched = attribute(words, Object.keys(result.match));

    const heading = level === 1 ? title : headings[headings.length - 1];
    const headingFound = findMatches(heading, matched).found.size;
    // The paragraph that matches the most words (the first among equals), judged by a substring
    // test; only the chosen one is tokenized for highlighting.
    let best = -1;
    let bestFound = 0;
    const needles = matched.map((m) => [m.word.term, ...m.terms].filter((t) => t.length > 0));
    for (let i = 0; i < paragraphs.length && bestFound < matched.length; i++) {
      const lower = paragraphs[i].toLowerCase();
      let found = 0;
      for (const list of needles) if (list.some((n) => lower.includes(n))) found++;
      if (found > bestFound) {
        best = i;
        bestFound = found;
      }
    }
    const bestMatches: Matches | undefined = best >= 0 ? findMatches(paragraphs[best], matched) : undefined;
    if (bestMatches) bestFound = bestMatches.found.size;
    const asContent = best >= 0 && bestFound > headingFound;
    const type = asContent ? 'content' : (`lvl${level}` as LocalHit['type']);
    const content = asContent ? paragraphs[best] : null;

    const hierarchy = { lvl0: this.file.lvl0[lvl0Index], lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } as LocalHit['hierarchy'];
    headings.forEach((h, i) => (hierarchy[LEVELS[i + 2]] = h));
    const hl: LocalHit['_highlightResult'] = { hierarchy: {} };
    const sn: LocalHit['_snippetResult'] = { hierarchy: {} };
    for (const lvl of LEVELS) {
      const text = hierarchy[lvl];
      if (text === null) continue;
      const m = findMatches(text, matched);
      hl.hierarchy[lvl] = highlight(text, matched, m);
      if (lvl !== 'lvl0') sn.hierarchy[lvl] = snippet(text, matched, snippetWords, m);
    }
    if (content !== null) {
      hl.content = highlight(content, matched, bestMatches);
      sn.content = snippet(content, matched, snippetWords, bestMatches);
    }
    return {
      objectID: recordObjectId(url, type, asContent ? best + 1 : 0),
      url,
      type,
      hierarchy,
      content,
      _highlightResult: hl,
      _snippetResult: sn,
    };
  }
}

/**
 * MiniSearch from the index file, searchable as soon as the file is parsed: the engine is created
 * through the public loadJS with no documents and no terms, then given the file's document ids,
 * field lengths and search tree (read lazily, see termTree.ts). loadJS would turn an object of
 * thousands of numeric keys into each Map, parsing every key: the first search waits for it.
 * Should a MiniSearch version keep its state differently, the public (slower) way is taken.
 */
function loadEngine(c: TermIndex): MiniSearch<SectionDoc> {
  const { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion } = c;
  const empty: SerializedIndex = {
    documentCount,
    nextId,
    documentIds: {},
    fieldIds,
    fieldLength: {},
    averageFieldLength,
    storedFields: {},
    dirtCount,
    index: [],
    serializationVersion,
  };
  const engine = MiniSearch.loadJS<SectionDoc>(empty, miniSearchOptions());
  type TreeHolder = { constructor: new (tree: RadixNode<PostingMaps>) => TreeHolder; atPrefix?: unknown; fuzzyGet?: unknown; size?: number };
  const internals = engine as unknown as {
    _index?: TreeHolder;
    _documentIds?: Map<number, number>;
    _idToShortId?: Map<number, number>;
    _fieldLength?: Map<number, number[]>;
  };
  const index = internals._index;
  const maps = [internals._documentIds, internals._idToShortId, internals._fieldLength];
  if (
    index &&
    typeof index.atPrefix === 'function' &&
    typeof index.fuzzyGet === 'function' &&
    index.size === 0 &&
    maps.every((m) => m instanceof Map && m.size === 0)
  ) {
    // Section numbers are the document ids, short and long alike.
    const [documentIds, idToShortId, fieldLength] = maps as [Map<number, number>, Map<number, number>, Map<number, number[]>];
    c.fieldLength.forEach((lengths, id) => {
      documentIds.set(id, id);
      idToShortId.set(id, id);
      fieldLength.set(id, lengths);
    });
    internals._index = new index.constructor(readTree(c.tree, (n) => new LazyPostings(c.postings[n])));
    return engine;
  }
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  c.fieldLength.forEach((lengths, id) => {
    documentIds[id] = id;
    fieldLength[id] = lengths;
  });
  const js: SerializedIndex = { ...empty, documentIds, fieldLength, index: termEntries(readTree(c.tree, (n) => c.postings[n])) };
  return MiniSearch.loadJS<SectionDoc>(js, miniSearchOptions());
}

/** Every term of a tree with its postings, in toJSON()'s form (for loadJS). */
function termEntries(root: RadixNode<string>): SerializedIndex['index'] {
  const out: SerializedIndex['index'] = [];
  const walk = (node: RadixNode<string>, prefix: string) => {
    for (const [label, child] of node) {
      if (label !== '') walk(child as RadixNode<string>, prefix + label);
      else {
        const fields: TermPostings = {};
        for (const [fieldId, docs] of decodePostings(child as string)) fields[fieldId] = Object.fromEntries(docs);
        out.push([prefix, fields]);
      }
    }
  };
  walk(root, '');
  return out;
}

function latinFuzziness(term: string): number {
  if (/\d/.test(term)) return 0;
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

/** The query for one word: see tokenize.ts for how Korean words are read. */
function wordQuery(w: QueryWord, last: boolean, only: boolean): Query | null {
  if (w.kind === 'other') {
    // One or two letters start thousands of words: as a prefix, they are looked for in titles and
    // headings only (and two letters also as a whole word everywhere).
    if (last && w.term.length === 1 && only) return { queries: [w.term], prefix: true, fields: HEADING_FIELDS } as Query;
    if (last && w.term.length === 2) return { combineWith: 'OR', queries: [w.term, { queries: [w.term], prefix: true, fields: HEADING_FIELDS }] } as Query;
    return { queries: [w.term], prefix: last, fuzzy: latinFuzziness(w.term) } as Query;
  }
  if (w.kind === 'cjk') {
    if (!w.parts.length) return { queries: [w.term], prefix: true } as Query;
    return { combineWith: 'AND', queries: w.parts } as Query;
  }
  // Hangul: the stem as a prefix (it covers the inflected forms), the IME's unfinished syllable
  // when typed last, or every part of a compound written without spaces.
  const keys = last ? prefixKeys(w.term) : [termKey(w.term)];
  const alternatives: Query[] = keys.map((k) => ({ queries: [k], prefix: true, fuzzy: 0 }) as Query);
  // Weighed down: the word as typed, when found, is the better match.
  if (w.parts.length) alternatives.push({ combineWith: 'AND', queries: w.parts.map(termKey), prefix: false, fuzzy: 0, boostTerm: () => 0.2 } as Query);
  if (!alternatives.length) return null;
  return alternatives.length === 1 ? alternatives[0] : ({ combineWith: 'OR', queries: alternatives } as Query);
}

/** Which query word each matched index key came from (exact, prefix, compound part, else typo). */
function attribute(words: QueryWord[], keys: string[]): MatchedWord[] {
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
