// The local search engine: MiniSearch over the sections of a locale's index, queried the way
// DocSearch queries the hosted index (all words required, the last one as a prefix, typos
// allowed on longer Latin words, title and heading matches first), answering with hits in the
// hosted index's shape. The index comes in files (see indexFile.ts): a query first fetches the
// term chunks its words need, ranks every matching section, then fetches the fragments of the
// hits it returns. Runs in the browser (templates/search/localProvider.ts) and in Node for tests
// and the benchmark.
import type MiniSearch from 'minisearch';
import type { Query, SearchOptions, SearchResult } from 'minisearch';
import { recordObjectId } from './objectId.ts';
import { highlight, snippet, findMatches, type Highlighted, type Matches } from './highlight.ts';
import {
  BOOST,
  decodePostings,
  EVERY_VERSION,
  INDEX_FORMAT,
  readSectionRuns,
  type Fragment,
  type IndexEntry,
  type PostingMaps,
  type SectionDoc,
  type TermChunk,
} from './indexFile.ts';
import { queryWords, termKey, type QueryWord } from './tokenize.ts';
import { loadEngine, type TermTree } from './engineState.ts';
import { wordQuery, type ChunkNeed } from './queryPlan.ts';
import { attribute, isPathQuery, OPERATION_RANK, orderResults } from './resultOrder.ts';

type Lvl = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
const LEVELS: Lvl[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** A hit in the hosted index's shape (see templates/search/provider.ts). */
export interface LocalHit {
  objectID: string;
  url: string;
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
  hierarchy: Record<Lvl, string | null> & { lvl0: string; lvl1: string };
  content: string | null;
  /** An API operation's method and path (as the records of its page carry them). */
  endpoint?: { method: string; path: string };
  _highlightResult: { hierarchy: Partial<Record<Lvl, Highlighted>>; content?: Highlighted };
  _snippetResult: { hierarchy: Partial<Record<Lvl, Highlighted>>; content?: Highlighted };
}

export interface LocalSearchRequest {
  query: string;
  hitsPerPage: number;
  snippetWords: number;
  page?: number;
  version?: string;
  signal?: AbortSignal;
}

export interface LocalSearchResponse {
  hits: LocalHit[];
  nbHits: number;
  page: number;
  nbPages: number;
}

/** Fetches a file of the index by its path relative to the entry's folder ('en.3f9a0c1d2e/h4.json'), parsed. */
export type LoadIndexFile = (path: string) => Promise<unknown>;

/** Longest query read (the input allows 64 characters; this bounds the work of pasted text). */
const MAX_WORDS = 12;

export class LocalSearch {
  readonly locale: string;
  private readonly entry: IndexEntry;
  private readonly load: LoadIndexFile;
  private readonly engine: MiniSearch<SectionDoc>;
  /** The terms of the chunks loaded so far, in the engine's own search tree (or, see loadEngine, a copy of it). */
  private readonly tree: TermTree;
  private readonly postings = new Map<string, PostingMaps>();
  /** Section -> length per field id, for the sections of the postings loaded so far. */
  private readonly fieldLength = new Map<number, number[]>();
  /** Each chunk's first and last key, per family. */
  private readonly chunkKeys: { h: [string, string][]; c: [string, string][] };
  private readonly chunks = new Map<string, Promise<void>>();
  private readonly fragments = new Map<number, Promise<Fragment>>();
  /** The first section of each fragment. */
  private readonly fragmentStarts: number[];
  private readonly rank: Uint8Array;
  private readonly version: Uint16Array;
  /** Set when MiniSearch keeps its state other than expected: the engine is then made again from the loaded terms when they change. */
  private rebuild: (() => MiniSearch<SectionDoc>) | undefined;
  private stale = false;
  private current: MiniSearch<SectionDoc>;

  constructor(entry: IndexEntry, load: LoadIndexFile) {
    if (entry.format !== INDEX_FORMAT) throw new Error(`search index format ${entry.format} is not supported (expected ${INDEX_FORMAT})`);
    this.entry = entry;
    this.load = load;
    this.locale = entry.locale;
    const keys = (list: [string, string][]) => list.map(([first, last]): [string, string] => [termKey(first), termKey(last)]);
    this.chunkKeys = { h: keys(entry.chunks.h), c: keys(entry.chunks.c) };
    this.fragmentStarts = [];
    let at = 0;
    for (const n of entry.fragments) {
      this.fragmentStarts.push(at);
      at += n;
    }
    ({ rank: this.rank, version: this.version } = readSectionRuns(entry.sectionRuns, entry.documentCount));
    const { engine, tree, rebuild } = loadEngine(entry, this.fieldLength);
    this.engine = this.current = engine;
    this.tree = tree;
    this.rebuild = rebuild;
  }

  /** The top-level sections (lvl0) of the index, in the order of the site. */
  get sections(): string[] {
    return this.entry.lvl0;
  }

  /** Number of sections. */
  get size(): number {
    return this.entry.documentCount;
  }

  async search(req: LocalSearchRequest): Promise<LocalSearchResponse> {
    const page = req.page ?? 0;
    // A one-letter word is not indexed; typed last after other words, it is the start of the next
    // word, and the results of the words before it are the useful ones until it grows.
    const all = queryWords(req.query);
    const words = (all.length > 1 ? all.filter((w) => w.kind !== 'other' || w.term.length > 1 || /\d/.test(w.term)) : all).slice(0, MAX_WORDS);
    const planned = words.map((w, i) => wordQuery(w, i === words.length - 1, words.length === 1));
    const queries = planned.map((p) => p.query).filter((q): q is Query => q !== null);
    if (!queries.length) return { hits: [], nbHits: 0, page, nbPages: 0 };
    // Downloads are not aborted with the query: the next keystroke's query mostly needs the same files.
    await Promise.all(planned.flatMap((p) => p.needs).map((need) => this.loadChunks(need)));
    req.signal?.throwIfAborted();

    const { versions } = this.entry;
    const wanted = req.version ? versions.indexOf(req.version) : -1;
    const every = versions.indexOf(EVERY_VERSION);
    const options = {
      boost: BOOST,
      // Typos count for little (the hosted index ranks any typo below every exact match).
      weights: { fuzzy: 0.15, prefix: 0.4 },
      tokenize: (s: string) => [s],
      processTerm: (t: string) => t,
      // Contextual search: with several versions in one index, only the current page's.
      filter: versions.length > 1 && wanted >= 0 ? (r: SearchResult) => this.version[r.id] === wanted || this.version[r.id] === every : undefined,
    };
    const engine = this.engineNow();
    let results = engine.search({ combineWith: 'AND', queries }, options);
    // Like the hosted index's removeWordsIfNoResults: when no section has every word, rank by how many it has.
    if (!results.length && queries.length > 1) results = engine.search({ combineWith: 'OR', queries }, options);
    const pathNamed = isPathQuery(req.query) ? this.pathMatches(engine, queries, options) : [];
    const known = new Set(results.map((r) => r.id));
    for (const r of pathNamed) if (!known.has(r.id)) results.push(r);
    const { t: titleField, p: placeField } = this.entry.fieldIds;
    orderResults(results, words, {
      rank: (id) => this.rank[id],
      titleLength: (id) => this.fieldLength.get(id)?.[titleField] ?? 0,
      placeLength: (id) => this.fieldLength.get(id)?.[placeField] ?? 0,
      pathNamed: new Set(pathNamed.map((r) => r.id)),
    });

    const shown = results.slice(page * req.hitsPerPage, (page + 1) * req.hitsPerPage);
    const fragments = await Promise.all(shown.map((r) => this.fragmentOf(r.id)));
    req.signal?.throwIfAborted();
    const hits = shown.map((r, i) => this.toHit(r, fragments[i], words, req.snippetWords));
    return { hits, nbHits: results.length, page, nbPages: Math.ceil(results.length / req.hitsPerPage) };
  }

  /**
   * Operations whose path has the query's words, in its order: the whole query, else without its
   * first words (a base path such as '/v2' or a host, which the spec's paths do not carry).
   */
  private pathMatches(engine: MiniSearch<SectionDoc>, queries: Query[], options: SearchOptions): SearchResult[] {
    for (let from = 0; from < queries.length; from++) {
      const found = engine
        .search({ combineWith: 'AND', queries: queries.slice(from) }, { ...options, fields: ['p'] })
        .filter((r) => this.rank[r.id] >= OPERATION_RANK);
      if (found.length) return found;
    }
    return [];
  }

  /** The engine with every loaded term. */
  private engineNow(): MiniSearch<SectionDoc> {
    if (this.rebuild && this.stale) {
      this.current = this.rebuild();
      this.stale = false;
    }
    return this.current;
  }

  /** Loads the chunks of a family that hold `key`, or with `prefix` any key starting with it. */
  private loadChunks({ family, key, prefix }: ChunkNeed): Promise<unknown> {
    const ranges = this.chunkKeys[family];
    // The first chunk whose last key is not before `key`: the only one that may hold it, the
    // first that may hold a key starting with it.
    let lo = 0;
    let hi = ranges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ranges[mid][1] < key) lo = mid + 1;
      else hi = mid;
    }
    const loads: Promise<void>[] = [];
    for (let n = lo; n < ranges.length; n++) {
      const [first] = ranges[n];
      if (!(first <= key || (prefix && first.startsWith(key)))) break;
      loads.push(this.loadChunk(`${family}${n}`));
    }
    return Promise.all(loads);
  }

  private loadChunk(name: string): Promise<void> {
    let loading = this.chunks.get(name);
    if (!loading) {
      loading = this.load(`${this.entry.dir}/${name}.json`).then((chunk) => {
        for (const [stored, encoded] of chunk as TermChunk) {
          const key = termKey(stored);
          let maps = this.postings.get(key);
          if (!maps) {
            this.postings.set(key, (maps = new Map()));
            this.tree.set(key, maps);
          }
          decodePostings(encoded, maps, this.fieldLength);
        }
        this.stale = true;
      });
      this.chunks.set(name, loading);
      // A failed or abandoned download is tried again by the next query that needs it.
      loading.catch(() => this.chunks.delete(name));
    }
    return loading;
  }

  /** The number of the fragment holding a section. */
  private fragmentIndex(section: number): number {
    const starts = this.fragmentStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= section) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The fragment holding a section. */
  private fragmentOf(section: number): Promise<Fragment> {
    const n = this.fragmentIndex(section);
    let loading = this.fragments.get(n);
    if (!loading) {
      loading = this.load(`${this.entry.dir}/f${n}.json`) as Promise<Fragment>;
      this.fragments.set(n, loading);
      loading.catch(() => this.fragments.delete(n));
    }
    return loading;
  }

  private toHit(result: SearchResult, fragment: Fragment, words: QueryWord[], snippetWords: number): LocalHit {
    const [pageRef, anchor, level, headings, paragraphs] = fragment.sections[result.id - this.fragmentStarts[this.fragmentIndex(result.id)]];
    const [pageUrl, title, lvl0Index, method, path] = fragment.pages[pageRef];
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

    const hierarchy = { lvl0: this.entry.lvl0[lvl0Index], lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } as LocalHit['hierarchy'];
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
      ...(method && { endpoint: { method, path } }),
      _highlightResult: hl,
      _snippetResult: sn,
    };
  }
}
