// Builds the data the browser receives from the Node-only config, field by field. Anything not
// copied here (paths, hooks, the admin key variable's name) cannot reach a bundle.
import type { ClientSiteData, NavLinkConfig, SiteConfig, LocalizedText } from '../types.ts';
import { isExternal, localizePath, withBase } from '../shared/paths.ts';

export function localPrefix(config: SiteConfig, locale: string): string {
  return locale === config.defaultLocale ? '' : `/${locale}`;
}

/** The text for a locale: exact, else the default locale's, else the first given. */
export function textFor(value: LocalizedText | undefined, locale: string, defaultLocale: string): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return value[locale] ?? value[defaultLocale] ?? Object.values(value)[0] ?? '';
}

/** `versions`: the first page of each docs version per locale, which only the route table knows. */
export function toClientSiteData(
  config: SiteConfig,
  assets: ClientSiteData['assets'],
  versions?: { name: string; main: Record<string, string> }[],
): ClientSiteData {
  const codes = config.locales.map((l) => l.code);
  const per = <T>(fn: (locale: string, prefix: string) => T): Record<string, T> => Object.fromEntries(codes.map((c) => [c, fn(c, localPrefix(config, c))]));
  const link = (l: { label: LocalizedText; href: string }, locale: string, prefix: string): NavLinkConfig => ({
    label: textFor(l.label, locale, config.defaultLocale),
    href: isExternal(l.href) ? l.href : localizePath(l.href, prefix),
    external: isExternal(l.href) || undefined,
  });
  const algolia = config.search.algolia;
  return {
    title: config.title,
    titleDelimiter: config.titleDelimiter,
    productName: config.productName,
    basePath: config.basePath,
    defaultLocale: config.defaultLocale,
    locales: config.locales.map((l) => ({ code: l.code, label: l.label, htmlLang: l.htmlLang ?? l.code, prefix: localPrefix(config, l.code) })),
    colorMode: { default: config.colorMode.default, switch: config.colorMode.switch, respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme },
    versionLabel: config.docs.versionLabel,
    versionBadge: config.docs.versionBadge,
    ...(config.versions && {
      versions: config.versions.map((v) => ({ name: v.name, label: v.label, main: versions?.find((m) => m.name === v.name)?.main ?? {} })),
      versionMenu: config.navbar.versionMenu,
      lastVersion: config.versions.find((v) => v.isLast)?.name,
    }),
    toc: { minLevel: config.toc.minLevel, maxLevel: config.toc.maxLevel },
    navbar: per((locale, prefix) => ({
      logo: config.navbar.logo,
      items: config.navbar.items.map((i) => ({ ...link(i, locale, prefix), items: i.items?.map((sub) => link(sub, locale, prefix)) })),
      ...(config.versions && config.navbar.versionMenuItems.length
        ? { versionMenuItems: config.navbar.versionMenuItems.map((i) => link(i, locale, prefix)) }
        : {}),
    })),
    footer: per((locale, prefix) => ({
      columns: config.footer.columns.map((c) => ({
        title: textFor(c.title, locale, config.defaultLocale),
        link: c.href ? link({ label: c.title, href: c.href }, locale, prefix) : undefined,
        items: c.items.map((i) => link(i, locale, prefix)),
      })),
      copyright: textFor(config.footer.copyright, locale, config.defaultLocale),
    })),
    announcement: config.announcement && {
      id: config.announcement.id,
      text: per((locale) => textFor(config.announcement!.text, locale, config.defaultLocale)),
      href: config.announcement.href,
      linkText: config.announcement.linkText ? per((locale) => textFor(config.announcement!.linkText, locale, config.defaultLocale)) : undefined,
      dismissible: config.announcement.dismissible,
    },
    search: {
      provider: algolia ? 'algolia' : 'local',
      algolia: algolia && { appId: algolia.appId, searchApiKey: algolia.searchApiKey, indexName: algolia.indexName, hosts: algolia.hosts },
      indexName: algolia?.indexName ?? config.search.indexName,
      missingResultsUrl: config.search.missingResultsUrl,
    },
    assets,
    url: config.url,
    tagline: per((locale) => textFor(config.tagline, locale, config.defaultLocale)),
    ...(Object.keys(config.customFields).length ? { customFields: config.customFields } : {}),
  };
}

export const SEARCH_DIR = '_docsgen/search';

/** The index file of a locale, relative to the output root. */
export function searchIndexFile(locale: string): string {
  return `${SEARCH_DIR}/index.${locale}.json`;
}

/** The URL of each locale's index, known before any page is rendered (none with the hosted index). */
export function searchIndexUrls(config: SiteConfig, locales: string[]): Record<string, string> {
  if (config.search.algolia) return {};
  return Object.fromEntries(locales.map((l) => [l, withBase(config.basePath, '/' + searchIndexFile(l))]));
}
