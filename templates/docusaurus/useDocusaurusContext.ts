// @docusaurus/useDocusaurusContext: the site's settings in the shape Docusaurus components read
// (siteConfig.title, baseUrl, customFields; i18n.currentLocale).
import { useMemo } from 'react';
import { useRouter } from 'docsgen/client';

export interface DocusaurusContext {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    customFields: Record<string, unknown>;
    themeConfig: Record<string, unknown>;
  };
  siteMetadata: { docusaurusVersion: string };
  globalData: Record<string, unknown>;
  i18n: { defaultLocale: string; locales: string[]; currentLocale: string };
}

export default function useDocusaurusContext(): DocusaurusContext {
  const { site, page } = useRouter();
  return useMemo(() => {
    return {
      siteConfig: {
        title: site.title,
        tagline: site.tagline[page.locale] ?? '',
        url: site.url,
        baseUrl: site.basePath.replace(/\/?$/, '/'),
        customFields: site.customFields ?? {},
        themeConfig: {},
      },
      siteMetadata: { docusaurusVersion: '3' },
      globalData: {},
      i18n: { defaultLocale: site.defaultLocale, locales: site.locales.map((l) => l.code), currentLocale: page.locale },
    };
  }, [site, page.locale]);
}
