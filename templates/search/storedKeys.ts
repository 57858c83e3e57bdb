// Where the recent and favourite searches of an index are kept (DocSearch's localStorage keys),
// apart from the code that reads and writes them (storedSearches.ts): every page asks whether
// there are any, and only a visitor who searched before needs that code.

export const recentKey = (indexName: string) => `__DOCSEARCH_RECENT_SEARCHES__${indexName}`;
export const favoriteKey = (indexName: string) => `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`;

/** Whether there may be stored searches to list; storedSearches.ts checks each entry. */
export function hasStored(indexName: string): boolean {
  try {
    return [recentKey(indexName), favoriteKey(indexName)].some((key) => {
      const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
      return Array.isArray(value) && value.length > 0;
    });
  } catch {
    return false;
  }
}
