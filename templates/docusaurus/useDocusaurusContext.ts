// @docusaurus/useDocusaurusContext: the site's settings in the shape Docusaurus components read
// (siteConfig.title, baseUrl, customFields; i18n.currentLocale).
import { useMemo } from 'react';
import { useRouter } from 'docsgen/client';
import type { ClientSiteData } from 'docsgen/shared/types';

export interface DocusaurusSiteConfig {
  title: string;
  tagline: string;
  titleDelimiter: string;
  url: string;
  baseUrl: string;
  customFields: Record<string, unknown>;
  themeConfig: Record<string, unknown>;
}

export interface DocusaurusContext {
  siteConfig: DocusaurusSiteConfig;
  siteMetadata: { docusaurusVersion: string };
  globalData: Record<string, unknown>;
  i18n: { defaultLocale: string; locales: string[]; currentLocale: string };
}

/** The site's settings as Docusaurus has them (its siteConfig), in a locale. */
export function docusaurusSiteConfig(site: ClientSiteData, locale: string): DocusaurusSiteConfig {
  return {
    title: site.title,
    tagline: site.tagline[locale] ?? '',
    titleDelimiter: site.titleDelimiter,
    url: site.url,
    baseUrl: site.basePath.replace(/\/?$/, '/'),
    customFields: site.customFields ?? {},
    themeConfig: {},
  };
}

export default function useDocusaurusContext(): DocusaurusContext {
  const { site, page } = useRouter();
  return useMemo(() => {
    return {
      siteConfig: docusaurusSiteConfig(site, page.locale),
      siteMetadata: { docusaurusVersion: '3' },
      globalData: {},
      i18n: { defaultLocale: site.defaultLocale, locales: site.locales.map((l) => l.code), currentLocale: page.locale },
    };
  }, [site, page.locale]);
}
