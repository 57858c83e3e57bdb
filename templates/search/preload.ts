// Called on the first sign that the visitor wants to search (hover, focus or touch of the search
// button): fetches the modal's code, the provider and, for the local provider, the index's entry,
// so the first keystroke finds everything but its own words' chunks ready. Nothing of this is loaded with the page itself: the
// provider sits behind import() here (warmSearch.ts), since this module ships with every page.
// The index loader (a few lines) does ship with it: the download of the entry, which every first
// search waits for, then starts on the keystroke itself rather than a chunk's round trip later.
// The screens that list hits and stored searches (ModalScreens.tsx) load on intent too: the loading
// shell shows them once they are there, and until then needs them only when there are stored searches
// to list, which is why a page that finds some loads them at once (see preloadStartScreen).
import type { ClientSiteData } from 'docsgen/shared/types';
import { part } from '../components/lazyPart.tsx';
import { loadIndexEntry } from './indexLoader.ts';
import { hasStored } from './storedKeys.ts';

let started = false;

/** The modal's screens, rendered by the loading shell once loaded. */
export const modalScreens = part(() => import('./ModalScreens.tsx'));

/**
 * A visitor with recent or favourite searches gets the screens that list them with the page, so
 * the shell's first frame lists them too; a first visit has none and loads nothing.
 */
export function preloadStartScreen(site: ClientSiteData): void {
  if (hasStored(site.search.indexName)) modalScreens.load().catch(() => {});
}

/** The modal's code and what searching needs (see warmSearch). */
export function preloadSearch(site: ClientSiteData, locale: string): void {
  if (!started) {
    started = true;
    import('./SearchModal.tsx').catch(() => {
      started = false;
    });
  }
  // Beside the modal, not after it: the shell's start screen waits for these alone.
  modalScreens.load().catch(() => {});
  warmSearch(site, locale);
}

/** Only what searching needs, not the modal: the search page calls this on intent to type. */
export function warmSearch(site: ClientSiteData, locale: string): void {
  if (site.search.provider === 'local') {
    loadIndexEntry(site, locale).catch(() => {});
    // The engine's code too, without waiting for warmSearch's chunk to ask for it.
    import('./localProvider.ts').catch(() => {});
  }
  import('./warmSearch.ts').then((m) => m.warm(site, locale)).catch(() => {});
}
