// Called on the first sign that the visitor wants to search (hover, focus or touch of the search
// button): fetches the modal's code, the provider and, for the local provider, the index, so the
// first keystroke finds everything ready. Nothing of this is loaded with the page itself.
import type { ClientSiteData } from 'docsgen/shared/types';
import { getProvider } from './provider.ts';
import { loadIndexFile } from './indexLoader.ts';

let started = false;

export function preloadSearch(site: ClientSiteData, locale: string): void {
  if (!started) {
    started = true;
    import('./SearchModal.tsx').catch(() => {
      started = false;
    });
  }
  // The local index downloads alongside the code that will search it.
  if (site.search.provider === 'local') loadIndexFile(site, locale).catch(() => {});
  getProvider(site)
    .then((p) => p.preload?.(locale))
    .catch(() => {});
}
