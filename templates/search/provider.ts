// The search provider contract shared by the modal and the search page. Two implementations:
// localProvider.ts (the default: a per-locale index built by docsgen and loaded lazily) and
// algoliaProvider.ts (the hosted DocSearch index). Both return hits in Algolia's shape, with
// _highlightResult/_snippetResult values that are HTML-escaped text whose only tags are
// <mark>...</mark> — the only HTML that reaches the page from the index.
import type { ClientSiteData, SearchRecord } from 'docsgen/shared/types';

export type HitType = SearchRecord['type'];

/** A record as the index returns it, with the matched words marked. */
export interface SearchHit extends Pick<SearchRecord, 'objectID' | 'url' | 'type' | 'hierarchy' | 'content' | 'endpoint'> {
  /** { 'hierarchy.lvl1': { value }, content: { value }, ... } with <mark> around matched words. */
  _highlightResult?: any;
  /** Same keys as _highlightResult, values cut to `snippetWords` words around the matches. */
  _snippetResult?: any;
}

export interface SearchRequest {
  query: string;
  locale: string;
  version: string;
  hitsPerPage: number;
  snippetWords: number;
  page?: number;
  signal?: AbortSignal;
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  queryID?: string;
  page?: number;
  nbPages?: number;
}

export interface SearchProvider {
  search(req: SearchRequest): Promise<SearchResponse>;
  /** Optional: start loading whatever the first search needs (called on hover/focus of the button). */
  preload?(locale: string): void;
  /** Optional: the index's top-level sections (lvl0), offered when a first search finds nothing. */
  sections?(locale: string): Promise<string[]>;
}

/** All hosts unreachable (or the local index failed to load): the 'Unable to fetch results' screen. */
export class SearchUnreachableError extends Error {
  constructor(message = 'search unreachable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchUnreachableError';
  }
}

const providers = new Map<string, Promise<SearchProvider>>();

/** The site's provider, created once per page load (the module is loaded on first use). */
export function getProvider(site: ClientSiteData): Promise<SearchProvider> {
  const key = site.search.provider;
  let p = providers.get(key);
  if (!p) {
    p =
      key === 'algolia'
        ? import('./algoliaProvider.ts').then((m) => m.createAlgoliaProvider(site))
        : import('./localProvider.ts').then((m) => m.createLocalProvider(site));
    p.catch(() => providers.delete(key));
    providers.set(key, p);
  }
  return p;
}
