// The types of the default theme's components, for a site that overrides or wraps them
// (templates/ in the site) and for MDX pages that use them: `import type { TabsProps } from
// 'docsgen/theme'`. Types only: the components themselves are bundled from templates/ at build time.
import type { ClientSiteData, PageData } from './types.ts';

/** What the theme's page parts (Navbar, Footer, LanguageMenu, MobileDrawer's page and site) are given. */
export interface ThemeProps {
  page: PageData;
  site: ClientSiteData;
}

declare global {
  /**
   * Whether the site's docs have versions: a constant in the bundled theme, so that a site
   * without versions bundles none of the code behind it (the version menu, the banner).
   */
  const __SITE_HAS_VERSIONS__: boolean;
}

export type { PageData, ClientSiteData, NavLinkConfig, TocItem } from './types.ts';
export type { AdmonitionProps } from '../templates/mdx/Admonition.tsx';
export type { CodeBlockProps } from '../templates/mdx/CodeBlock.tsx';
export type { DetailsProps } from '../templates/mdx/Details.tsx';
export type { DocCardListProps } from '../templates/mdx/DocCardList.tsx';
export type { TabItemProps } from '../templates/mdx/TabItem.tsx';
export type { TabsProps, TabValue } from '../templates/mdx/Tabs.tsx';
