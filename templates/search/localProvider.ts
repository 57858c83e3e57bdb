// The default provider: searches the locale's index that the build wrote (no service needed).
// Nothing is downloaded with the page: the index is fetched on the first intent to search
// (hover or focus of the search button, or opening the modal or the search page) — first the
// small manifest at a stable URL (revalidated, so a new deployment is seen at once), then the
// content-hashed index it names (cacheable for good). Any failure to load is reported as
// SearchUnreachableError (the 'Unable to fetch results' screen) and retried on the next search.
import type { ClientSiteData } from 'docsgen/shared/types';
import { LocalSearch } from 'docsgen/shared/search/localSearch';
import { SearchUnreachableError, type SearchProvider, type SearchRequest, type SearchResponse } from './provider.ts';

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  return (await res.json()) as T;
}

export function createLocalProvider(site: ClientSiteData): SearchProvider {
  const engines = new Map<string, Promise<LocalSearch>>();

  function load(locale: string): Promise<LocalSearch> {
    let engine = engines.get(locale);
    if (!engine) {
      engine = (async () => {
        const manifestUrl = site.assets.searchIndex[locale];
        if (!manifestUrl) throw new Error(`this site has no local search index for "${locale}"`);
        try {
          const manifest = await fetchJson<{ index: string }>(manifestUrl, { cache: 'no-cache' });
          return new LocalSearch(await fetchJson(manifest.index));
        } catch (err) {
          throw new SearchUnreachableError(`the search index could not be loaded: ${(err as Error).message}`, { cause: err });
        }
      })();
      engines.set(locale, engine);
      engine.catch(() => engines.delete(locale));
    }
    return engine;
  }

  return {
    preload(locale: string) {
      load(locale).catch(() => {});
    },
    async search(req: SearchRequest): Promise<SearchResponse> {
      const engine = await load(req.locale);
      req.signal?.throwIfAborted();
      return engine.search(req);
    },
  };
}
