// The hosted search provider: queries the site's Algolia (DocSearch) index with the lite
// algoliasearch client. provider.ts imports this module dynamically, only when the site is
// configured for Algolia, so the local default never downloads it.
//
// The request mirrors DocSearch's: one multi-query POST /1/indexes/*/queries with the
// contextual facet filters (language, version), <mark> highlight tags and snippets of
// `snippetWords` words. Timeouts and host fallback come from the client's retry strategy: a host
// that fails (network error or 5xx) is skipped for 2 minutes, a host that timed out is tried
// last with longer timeouts; the state lives in localStorage, so it survives page loads.
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import type { ClientSiteData } from 'docsgen/shared/types';
import { SearchUnreachableError, type SearchHit, type SearchProvider, type SearchRequest, type SearchResponse } from './provider.ts';

/** The specification's timeouts (ms): connect 1 s, read 2 s, write 30 s. */
export const ALGOLIA_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
const ATTRIBUTES_TO_RETRIEVE = [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'];
const PRE = '<mark>';
const POST = '</mark>';

type AlgoliaHost = { url: string; port?: number; protocol: 'http' | 'https'; accept: 'readWrite' };

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
        facetFilters: [`language:${req.locale}`, `version:${req.version}`],
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
      return {
        hits: result.hits.map(cleanHit),
        nbHits: result.nbHits ?? result.hits.length,
        queryID: result.queryID,
        page: result.page,
        nbPages: result.nbPages,
      };
    },
  };
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
