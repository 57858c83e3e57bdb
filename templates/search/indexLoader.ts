// Fetches a locale's local index: its entry at a stable URL, revalidated (a new deployment is seen
// at once; an unchanged entry costs a 304), and the chunks and fragments a query asks for, whose
// URLs change with their content (the browser may keep them). Kept apart from the provider so
// that the first sign of intent (hover, focus, '/', Ctrl+K) starts the entry's download at once,
// in parallel with loading the modal's and the engine's code.
import type { ClientSiteData } from 'docsgen/shared/types';
import type { IndexEntry } from 'docsgen/shared/search/indexFile';

const entries = new Map<string, Promise<IndexEntry>>();

export function loadIndexEntry(site: ClientSiteData, locale: string): Promise<IndexEntry> {
  let entry = entries.get(locale);
  if (!entry) {
    entry = (async () => {
      const url = site.assets.searchIndex[locale];
      if (!url) throw new Error(`this site has no local search index for "${locale}"`);
      const data = (await fetchJson(url, { cache: 'no-cache' })) as IndexEntry;
      performance.mark?.('docsgen:search-index-fetched');
      return data;
    })();
    entries.set(locale, entry);
    // A failed download is tried again on the next search.
    entry.catch(() => entries.delete(locale));
  }
  return entry;
}

/** Drops a locale's entry: the next search fetches it again (its files may be gone with a new deployment). */
export function forgetIndexEntry(locale: string): void {
  entries.delete(locale);
}

/** A file of the locale's index, by its path relative to the entry's folder. */
export function indexFileLoader(site: ClientSiteData, locale: string): (path: string) => Promise<unknown> {
  const base = (site.assets.searchIndex[locale] ?? '').replace(/[^/]*$/, '');
  return (path) => fetchJson(base + path, {});
}

async function fetchJson(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  return res.json();
}
