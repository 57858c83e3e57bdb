// Small facts about a page that the server and the browser must compute identically.
import type { ClientSiteData, PageData } from '../types.ts';

export function documentTitle(page: PageData, site: ClientSiteData): string {
  if (page.path === '/' || page.title === site.title) return site.title;
  return `${page.title} | ${site.title}`;
}

export function localeOf(site: ClientSiteData, code: string) {
  return site.locales.find((l) => l.code === code) ?? site.locales[0];
}

export const DATA_ELEMENT_ID = '__DOCSGEN_DATA__';
export const ROOT_ELEMENT_ID = '__docsgen';
export const STORAGE_THEME = 'theme';
export const STORAGE_ANNOUNCEMENT = 'docsgen.announcement.dismissed';
export const PROGRESS_DELAY_MS = 200;
/** Dispatched on window by the dev client when the site's files changed (the router drops its cache). */
export const DEV_CHANGED_EVENT = 'docsgen:changed';
