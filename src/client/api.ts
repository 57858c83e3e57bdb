// What templates may import from the client runtime ('docsgen/client').
import type { ReactElement } from 'react';
import type { SidebarItem } from '../types.ts';
import { loadJson } from './jsonFiles.ts';

export { useRouter } from './context.ts';
export { canPrefetch } from './links.ts';

/** A top-level sidebar category's items (one JSON file each), for expanding categories sent collapsed. */
export function loadSidebar(url: string): Promise<SidebarItem[]> {
  return loadJson<SidebarItem[]>(url);
}

/**
 * Server rendering only: HTML of parts that many pages render alike (the sidebar of a category's
 * pages), rendered once per build instead of once per page. src/render/serverEntry.tsx sets
 * `sharedParts.current`; in the browser it stays unset and templates render as usual.
 */
export interface SharedParts {
  /** The part's HTML, when an earlier page asked for it. `owner` is data the part is made from. */
  get(owner: object, name: string): string | undefined;
  /** On a miss: the page renders the part itself, and `element` is rendered once after it. */
  request(owner: object, name: string, element: ReactElement): void;
}

export const sharedParts: { current?: SharedParts } = {};

/**
 * Server rendering only: the title and description a React page gave its Layout (Docusaurus's
 * `<Layout title description>`) or its <Head> (the whole document title), which become its document's. src/render/serverEntry.tsx sets
 * `pageHead.current` around each page's render; in the browser it stays unset (the page's data
 * already carries them).
 */
export const pageHead: { current?: { give(head: { title?: string; description?: string; documentTitle?: string }): void } } = {};
