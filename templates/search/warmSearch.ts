// The data half of preloadSearch (preload.ts), in a chunk of its own that loads on intent: the
// local index's entry download starts first, then the provider's code.
import type { ClientSiteData } from 'docsgen/shared/types';
import { getProvider } from './provider.ts';
import { loadIndexEntry } from './indexLoader.ts';

export function warm(site: ClientSiteData, locale: string): void {
  if (site.search.provider === 'local') loadIndexEntry(site, locale).catch(() => {});
  getProvider(site)
    .then((p) => p.preload?.(locale))
    .catch(() => {});
}
