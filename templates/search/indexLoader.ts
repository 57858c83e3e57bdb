// Fetches a locale's local index file: the manifest at its stable URL (revalidated, so a new
// deployment is seen at once), then the content-hashed index it names (cacheable for good).
// Kept apart from the provider so that the first sign of intent (hover, focus, '/', Ctrl+K)
// starts the download at once, in parallel with loading the modal's and the engine's code.
import type { ClientSiteData } from 'docsgen/shared/types';
import type { LocalIndexFile } from 'docsgen/shared/search/indexFile';

const files = new Map<string, Promise<LocalIndexFile>>();

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  return (await res.json()) as T;
}

export function loadIndexFile(site: ClientSiteData, locale: string): Promise<LocalIndexFile> {
  let file = files.get(locale);
  if (!file) {
    file = (async () => {
      const manifestUrl = site.assets.searchIndex[locale];
      if (!manifestUrl) throw new Error(`this site has no local search index for "${locale}"`);
      const manifest = await fetchJson<{ index: string }>(manifestUrl, { cache: 'no-cache' });
      const data = await fetchJson<LocalIndexFile>(manifest.index);
      performance.mark?.('docsgen:search-index-fetched');
      return data;
    })();
    files.set(locale, file);
    // A failed download is tried again on the next search.
    file.catch(() => files.delete(locale));
  }
  return file;
}
