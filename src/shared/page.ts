// Small facts about a page that the server and the browser must compute identically.
import type { ClientSiteData, PageData } from '../types.ts';

export function documentTitle(page: PageData, site: ClientSiteData): string {
  if (page.documentTitle) return page.documentTitle;
  if (!page.title || page.title === site.title) return site.title;
  return `${page.title} ${site.titleDelimiter} ${site.title}`;
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

const pick = <T>(record: Record<string, T>, locale: string): Record<string, T> => (locale in record ? { [locale]: record[locale] } : {});

/**
 * The site data of a locale's pages (one shared file each, which the page names): of the texts
 * kept per locale (navbar, footer, announcement, tagline) only its own locale's, which is all it
 * renders. A page of another locale reached by client-side navigation brings its file
 * (addLocaleParts).
 */
export function siteForLocale(site: ClientSiteData, locale: string): ClientSiteData {
  const { announcement: a } = site;
  return {
    ...site,
    navbar: pick(site.navbar, locale),
    footer: pick(site.footer, locale),
    tagline: pick(site.tagline, locale),
    ...(a && { announcement: { ...a, text: pick(a.text, locale), linkText: a.linkText && pick(a.linkText, locale) } }),
  };
}

/** Adds to `site` the per-locale texts `from` (the data of a fetched page) has and it lacks. */
export function addLocaleParts(site: ClientSiteData, from: ClientSiteData): void {
  Object.assign(site.navbar, { ...from.navbar, ...site.navbar });
  Object.assign(site.footer, { ...from.footer, ...site.footer });
  Object.assign(site.tagline, { ...from.tagline, ...site.tagline });
  const a = site.announcement;
  if (a && from.announcement) {
    Object.assign(a.text, { ...from.announcement.text, ...a.text });
    if (a.linkText && from.announcement.linkText) Object.assign(a.linkText, { ...from.announcement.linkText, ...a.linkText });
  }
}
