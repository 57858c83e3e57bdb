// The hosted search provider: queries the site's Algolia (DocSearch) index with the lite
// algoliasearch client. provider.ts imports this module dynamically, only when the site is
// configured for Algolia, so the local default never downloads it.
//
// The request mirrors DocSearch's: one multi-query POST /1/indexes/*/queries with the
// contextual facet filters (language, version), <mark> highlight tags and snippets of
// `snippetWords` words. Timeouts and host fallback come from the client's retry strategy: a host
// that fails (network error or 5xx) is skipped for 2 minutes, a host that timed out is tried
// last with longer timeouts. The client's own host cache never finds what it stored (it stores
// under the host *with* its state as key and looks up without it, and its stored state loses
// the isUp/isTimedOut functions), so hostStateCache below keeps that state instead, in
// localStorage, so it also survives page loads.
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import type { ClientSiteData } from 'docsgen/shared/types';
import { SearchUnreachableError, type SearchHit, type SearchProvider, type SearchRequest, type SearchResponse } from './provider.ts';

/** The version tag of pages outside versioned docs (EVERY_VERSION of src/shared/search/indexFile.ts; this chunk loads nothing of docsgen's). */
const EVERY_VERSION = 'default';

/** The specification's timeouts (ms): connect 1 s, read 2 s, write 30 s. */
export const ALGOLIA_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
const ATTRIBUTES_TO_RETRIEVE = [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'];
const PRE = '<mark>';
const POST = '</mark>';

/** How long a failed host is skipped (and a timed-out one tried last), as in the client. */
export const HOST_HOLD_MS = 2 * 60 * 1000;

type AlgoliaHost = { url: string; port?: number; protocol: 'http' | 'https'; accept: 'readWrite' };
type HostsCache = NonNullable<NonNullable<Parameters<typeof liteClient>[2]>['hostsCache']>;
type HostState = { status: 'up' | 'down' | 'timed out'; lastUpdate: number };

/** 'https://x.algolia.net', 'http://127.0.0.1:8080' or a bare host name (https). */
function parseHost(spec: string): AlgoliaHost {
  const url = new URL(/^https?:\/\//.test(spec) ? spec : `https://${spec}`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { url: url.hostname, port: url.port ? Number(url.port) : undefined, protocol, accept: 'readWrite' };
}

export function createAlgoliaProvider(site: ClientSiteData): SearchProvider {
  const config = site.search.algolia;
  if (!config) throw new Error('search.algolia is not configured');
  let client: LiteClient | undefined;
  const getClient = () =>
    (client ??= liteClient(config.appId, config.searchApiKey, {
      timeouts: { ...ALGOLIA_TIMEOUTS },
      hostsCache: hostStateCache(`docsgen-algolia-hosts-${config.appId}`),
      // Custom hosts replace Algolia's defaults ({appId}-dsn.algolia.net, then algolianet.com in random order).
      ...(config.hosts?.length ? { hosts: config.hosts.map(parseHost) } : {}),
    }));
  let preconnected = false;

  return {
    preload() {
      // Open the connection to the first search host while the visitor reaches for the keyboard.
      if (preconnected || typeof document === 'undefined') return;
      preconnected = true;
      const first = config.hosts?.length ? parseHost(config.hosts[0]) : { protocol: 'https', url: `${config.appId}-dsn.algolia.net`, port: undefined };
      const link = document.createElement('link');
      link.rel = 'preconnect';
      link.crossOrigin = 'anonymous';
      link.href = `${first.protocol}://${first.url}${first.port ? `:${first.port}` : ''}`;
      document.head.appendChild(link);
    },

    async sections(locale: string): Promise<string[]> {
      // An empty query lists records by their rank: the sections of its hits are the index's main ones.
      const { hits } = await this.search({ query: '', locale, version: site.lastVersion ?? site.versionLabel, hitsPerPage: 20, snippetWords: 5 });
      return [...new Set(hits.map((h) => h.hierarchy.lvl0))];
    },
    async search(req: SearchRequest): Promise<SearchResponse> {
      const n = req.snippetWords;
      const request = {
        indexName: config.indexName,
        query: req.query,
        attributesToRetrieve: ATTRIBUTES_TO_RETRIEVE,
        attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:${n}`), `content:${n}`],
        snippetEllipsisText: '…',
        highlightPreTag: PRE,
        highlightPostTag: POST,
        hitsPerPage: req.hitsPerPage,
        page: req.page ?? 0,
        // Contextual search: only this locale's and this docs version's records (ANDed).
        // Pages outside versioned docs are found from every version (EVERY_VERSION).
        facetFilters: [`language:${req.locale}`, site.versions ? [`version:${req.version}`, `version:${EVERY_VERSION}`] : `version:${req.version}`],
        // Makes the engine return a queryID (for "see all results" links and analytics).
        clickAnalytics: true,
      };
      let response;
      try {
        response = await abortable(getClient().searchForHits<SearchHit>({ requests: [request] }), req.signal);
      } catch (err) {
        // RetryError: every host failed or timed out. Anything else (a 4xx) is a real answer.
        if ((err as Error)?.name === 'RetryError') throw new SearchUnreachableError('all search hosts are unreachable', { cause: err });
        throw err;
      }
      const result = response.results[0];
      const hits = result.hits.map(cleanHit);
      return {
        hits: (req.page ?? 0) === 0 ? namedFirst(hits) : hits,
        nbHits: result.nbHits ?? result.hits.length,
        queryID: result.queryID,
        page: result.page,
        nbPages: result.nbPages,
      };
    },
  };
}

/**
 * The client's hosts cache, keyed by host address (whatever state the key object carries) and
 * storing only { status, lastUpdate }; a read rebuilds the stateful host the transporter expects.
 */
export function hostStateCache(storageKey: string): HostsCache {
  let memory: Record<string, HostState> = {};
  const id = (key: Record<string, any> | string) =>
    typeof key === 'string' ? key : `${key.protocol}://${key.url}${key.port ? `:${key.port}` : ''}/${key.accept}`;
  const load = (): Record<string, HostState> => {
    try {
      return { ...memory, ...JSON.parse(localStorage.getItem(storageKey) ?? '{}') };
    } catch {
      return memory; // storage blocked (privacy mode, sandboxed frame): keep the state for this page only
    }
  };
  const save = (all: Record<string, HostState>) => {
    // Forget states past the hold time: the host counts as up again anyway.
    memory = Object.fromEntries(Object.entries(all).filter(([, s]) => Date.now() - s.lastUpdate <= HOST_HOLD_MS));
    try {
      localStorage.setItem(storageKey, JSON.stringify(memory));
    } catch {}
  };
  const revive = (key: Record<string, any>, s: HostState) => {
    const { status: _s, lastUpdate: _l, isUp: _u, isTimedOut: _t, ...host } = key;
    return {
      ...host,
      status: s.status,
      lastUpdate: s.lastUpdate,
      isUp: () => s.status === 'up' || Date.now() - s.lastUpdate > HOST_HOLD_MS,
      isTimedOut: () => s.status === 'timed out' && Date.now() - s.lastUpdate <= HOST_HOLD_MS,
    };
  };
  return {
    async get<T>(key: Record<string, any> | string, defaultValue: () => Promise<T>, events?: { miss: (value: T) => Promise<any> }): Promise<T> {
      const state = load()[id(key)];
      if (state && typeof key === 'object') return revive(key, state) as T;
      const value = await defaultValue();
      await events?.miss(value);
      return value;
    },
    async set<T>(key: Record<string, any> | string, value: T): Promise<T> {
      const v = value as unknown as HostState;
      save({ ...load(), [id(key)]: { status: v.status, lastUpdate: v.lastUpdate } });
      return value;
    },
    async delete(key) {
      const all = load();
      delete all[id(key)];
      save(all);
    },
    async clear() {
      save({});
    },
  };
}

/**
 * Pages the query names, their whole title matched ('sales order' and the guide Sales orders),
 * first, as the local index has them (src/shared/search/resultOrder.ts): the engine ranks a title
 * match of an operation ('Create a sales order') as high, and its custom ranking puts operations
 * ahead. The engine's order otherwise.
 */
export function namedFirst(hits: SearchHit[]): SearchHit[] {
  const named = (hit: SearchHit) => {
    const title = hit._highlightResult?.hierarchy?.lvl1?.value ?? hit._highlightResult?.['hierarchy.lvl1']?.value;
    return hit.type === 'lvl1' && typeof title === 'string' && title.includes(PRE) && !/[\p{L}\p{N}]/u.test(title.replace(/<mark>.*?<\/mark>/g, ''));
  };
  return [...hits.filter(named), ...hits.filter((h) => !named(h))];
}

/** The client cannot cancel a request; a superseded query's answer is dropped instead. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The engine returns highlighted values as raw record text with the tags inserted. Escape
 * everything except the <mark> pairs so that the only markup reaching the page is <mark>.
 */
export function sanitizeHighlight(value: string): string {
  let out = '';
  let open = false;
  for (const part of value.split(/(<mark>|<\/mark>)/)) {
    if (part === PRE) {
      if (!open) out += PRE;
      open = true;
    } else if (part === POST) {
      if (open) out += POST;
      open = false;
    } else out += escapeText(part);
  }
  return open ? out + POST : out;
}

function cleanResult(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanResult);
  if (!value || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = k === 'value' && typeof v === 'string' ? sanitizeHighlight(v) : cleanResult(v);
  return out;
}

function cleanHit(hit: SearchHit): SearchHit {
  return { ...hit, _highlightResult: cleanResult(hit._highlightResult), _snippetResult: cleanResult(hit._snippetResult) };
}
