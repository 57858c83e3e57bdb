// The default provider: searches the locale's index that the build wrote (no service needed).
// Nothing is downloaded with the page: the index's entry is fetched on the first intent to search
// (hover or focus of the search button, opening the modal or the search page; see
// indexLoader.ts), and each query then fetches the few files its words and hits need. Any failure
// to load is reported as SearchUnreachableError (the 'Unable to fetch results' screen) and
// retried on the next search.
import type { ClientSiteData } from 'docsgen/shared/types';
import { LocalSearch } from 'docsgen/shared/search/localSearch';
import { forgetIndexEntry, indexFileLoader, loadIndexEntry } from './indexLoader.ts';
import { SearchUnreachableError, type SearchProvider, type SearchRequest, type SearchResponse } from './provider.ts';

export function createLocalProvider(site: ClientSiteData): SearchProvider {
  const engines = new Map<string, Promise<LocalSearch>>();

  function load(locale: string): Promise<LocalSearch> {
    let engine = engines.get(locale);
    if (!engine) {
      engine = loadIndexEntry(site, locale)
        .then((entry) => {
          const ready = new LocalSearch(entry, indexFileLoader(site, locale));
          performance.mark?.('docsgen:search-index-ready');
          return ready;
        })
        .catch((err: Error) => {
          throw new SearchUnreachableError(`the search index could not be loaded: ${err.message}`, { cause: err });
        });
      engines.set(locale, engine);
      engine.catch(() => engines.delete(locale));
    }
    return engine;
  }

  return {
    preload(locale: string) {
      load(locale).catch(() => {});
    },
    async sections(locale: string): Promise<string[]> {
      return (await load(locale)).sections;
    },
    async search(req: SearchRequest): Promise<SearchResponse> {
      const engine = await load(req.locale);
      req.signal?.throwIfAborted();
      try {
        return await engine.search(req);
      } catch (err) {
        if ((err as Error)?.name === 'AbortError' || req.signal?.aborted) throw err;
        // A page opened before a new deployment asks for files that are gone: the next search
        // starts again from the current entry.
        engines.delete(req.locale);
        forgetIndexEntry(req.locale);
        throw new SearchUnreachableError(`the search index could not be loaded: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}
