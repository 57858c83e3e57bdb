// Recent and favourite searches, kept in localStorage per index name under DocSearch's keys, with
// DocSearch's rules: newest first, a hit chosen again moves to the front, highlight data is not
// stored, recents keep 7 (4 once there are favourites), favourites 10. Storage that throws
// (private mode, quota, disabled) turns into a store that keeps nothing.
import type { SearchHit } from './provider.ts';
import { favoriteKey, recentKey } from './storedKeys.ts';

export type StoredHit = Omit<SearchHit, '_highlightResult' | '_snippetResult'>;

export const RECENT_LIMIT = 7;
export const RECENT_LIMIT_WITH_FAVORITES = 4;
export const FAVORITE_LIMIT = 10;

function read(key: string): StoredHit[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((h) => h && typeof h.objectID === 'string' && typeof h.url === 'string' && h.hierarchy) : [];
  } catch {
    return [];
  }
}

function write(key: string, items: StoredHit[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // No storage: nothing is remembered.
  }
}

function strip(hit: SearchHit | StoredHit): StoredHit {
  const { objectID, url, type, hierarchy, content, endpoint } = hit;
  return { objectID, url, type, hierarchy, content, ...(endpoint && { endpoint }) };
}

export interface StoredSearches {
  recent: StoredHit[];
  favorites: StoredHit[];
}

export function loadStored(indexName: string): StoredSearches {
  const favorites = read(favoriteKey(indexName)).slice(0, FAVORITE_LIMIT);
  const recent = read(recentKey(indexName)).slice(0, favorites.length ? RECENT_LIMIT_WITH_FAVORITES : RECENT_LIMIT);
  return { recent, favorites };
}

function save(indexName: string, state: StoredSearches): StoredSearches {
  const favorites = state.favorites.slice(0, FAVORITE_LIMIT);
  const recent = state.recent.slice(0, favorites.length ? RECENT_LIMIT_WITH_FAVORITES : RECENT_LIMIT);
  write(recentKey(indexName), recent);
  write(favoriteKey(indexName), favorites);
  return { recent, favorites };
}

/** A chosen hit goes to the front of the recents, unless it is a favourite already. */
export function addRecent(indexName: string, hit: SearchHit | StoredHit): StoredSearches {
  const state = loadStored(indexName);
  if (state.favorites.some((f) => f.objectID === hit.objectID)) return state;
  return save(indexName, { ...state, recent: [strip(hit), ...state.recent.filter((r) => r.objectID !== hit.objectID)] });
}

export function removeRecent(indexName: string, objectID: string): StoredSearches {
  const state = loadStored(indexName);
  return save(indexName, { ...state, recent: state.recent.filter((r) => r.objectID !== objectID) });
}

/** Starring a recent search moves it to the favourites. */
export function addFavorite(indexName: string, hit: StoredHit): StoredSearches {
  const state = loadStored(indexName);
  return save(indexName, {
    recent: state.recent.filter((r) => r.objectID !== hit.objectID),
    favorites: [strip(hit), ...state.favorites.filter((f) => f.objectID !== hit.objectID)],
  });
}

export function removeFavorite(indexName: string, objectID: string): StoredSearches {
  const state = loadStored(indexName);
  return save(indexName, { ...state, favorites: state.favorites.filter((f) => f.objectID !== objectID) });
}
