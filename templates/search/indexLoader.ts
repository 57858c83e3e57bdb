// Fetches a locale's local index file at its stable URL, revalidated (a new deployment is seen at
// once; an unchanged index costs a 304). Kept apart from the provider so that the first sign of
// intent (hover, focus, '/', Ctrl+K) starts the download at once, in parallel with loading the
// modal's and the engine's code: on a first search, everything else waits for this file.
import type { ClientSiteData } from 'docsgen/shared/types';
import type { LocalIndexFile } from 'docsgen/shared/search/indexFile';

const files = new Map<string, Promise<LocalIndexFile>>();

export function loadIndexFile(site: ClientSiteData, locale: string): Promise<LocalIndexFile> {
  let file = files.get(locale);
  if (!file) {
    file = (async () => {
      const url = site.assets.searchIndex[locale];
      if (!url) throw new Error(`this site has no local search index for "${locale}"`);
      const res = await fetch(url, { cache: 'no-cache' });
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
      const data = (await res.json()) as LocalIndexFile;
      performance.mark?.('docsgen:search-index-fetched');
      return data;
    })();
    files.set(locale, file);
    // A failed download is tried again on the next search.
    file.catch(() => files.delete(locale));
  }
  return file;
}
