// The data that flows between docsgen's stages, defined once. Each stage takes plain,
// serialisable objects and returns plain objects: config -> route table -> page content -> HTML.
// Types that reach the browser are marked "client"; nothing else may be imported by src/client
// or templates/ (the admin search key and file paths live only in the Node-side types).

import type { SiteConfig } from './config/schema.ts';
import type { SiteProblem } from './errors.ts';
import type { Strings } from './shared/i18n/index.ts';
export type { SiteConfig, UserConfig, LocalizedText, DocsVersion } from './config/schema.ts';

export type Locale = string;

// ---------------------------------------------------------------- route table (Node side)

export type RouteKind =
  | 'doc'
  | 'doc-category'
  | 'doc-tags'
  | 'doc-tag'
  | 'blog-post'
  | 'blog-list'
  | 'blog-archive'
  | 'blog-authors'
  | 'blog-author'
  | 'blog-tags'
  | 'blog-tag'
  | 'page'
  | 'react-page'
  | 'search'
  | 'not-found'
  | 'api-operation'
  | 'api-tag'
  | 'redirect';

/** One URL of the site in one locale, as the content stage finds it. */
export interface Route {
  /** URL path without the base path, always starting with '/', no trailing slash except '/'. */
  path: string;
  locale: Locale;
  kind: RouteKind;
  /** Same for a page in every locale: used to find its counterpart for hreflang and the language menu. */
  key: string;
  title: string;
  description?: string;
  /** Absolute path of the file the route renders, when it has one. */
  sourceFile?: string;
  /** True when this locale has no file of its own and the default locale's file is shown. */
  fallback?: boolean;
  frontMatter?: Record<string, unknown>;
  /** Markdown body (front matter removed) and the line where it starts in the file (1-based). */
  body?: string;
  bodyLine?: number;
  /**
   * Where the body starts in sourceFile's text, for a route whose body is the rest of its file. A
   * build drops such bodies once the routes are collected and reads them again when it renders the
   * page (see routeBody): a large site's Markdown is never all in memory.
   */
  bodyStart?: number;
  tags?: string[];
  sidebarId?: string;
  /** Kind-specific data the render stage needs (list of posts, category items, redirect target, ...). */
  data?: Record<string, unknown>;
  draft?: boolean;
  noindex?: boolean;
  /**
   * A page of versioned docs: its version's name, and the path of the same page (the same doc id,
   * in this locale) in each version that has it (one object, shared by those pages).
   */
  version?: { name: string; same: Record<string, string> };
}

// ---------------------------------------------------------------- client-visible page data

/** Where a page of a long list sits: `page` counts from 1; page n's URL is `${base}/page/${n}` (the first's is `base`). */
export interface ListPage {
  base: string;
  page: number;
  pages: number;
}

export interface TocItem {
  id: string;
  text: string;
  level: number;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  /** HTTP method badge for API operations. */
  method?: string;
  deprecated?: boolean;
  /** A doc's sidebar_class_name: a class on its sidebar item. */
  className?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  href?: string;
  items: SidebarItem[];
  collapsed: boolean;
  /** Number of children not sent with the page (loaded on expand from the sidebar JSON). */
  lazy?: boolean;
  /**
   * A long category sent in part with a page: before item `index` of `items`, `count` items were
   * left out (they load from the sidebar JSON).
   */
  gaps?: [index: number, count: number][];
  /** Sent with a page, on a top-level category: the URL of the JSON of its items, all of them. */
  src?: string;
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface PageLink {
  title: string;
  href: string;
}

/** Everything a template needs to render one page. Sent to the browser (minus `html`). */
export interface PageData {
  path: string;
  locale: Locale;
  kind: RouteKind;
  title: string;
  /** The whole document title, when a React page gives one (Docusaurus's <Head><title>); else made from the title. */
  documentTitle?: string;
  description?: string;
  /** Rendered body HTML (Markdown or API reference). Trusted: produced by our transforms. */
  html?: string;
  toc?: TocItem[];
  hideToc?: boolean;
  sidebar?: { id: string; items: SidebarItem[] };
  breadcrumbs?: PageLink[];
  prev?: PageLink;
  next?: PageLink;
  tags?: { label: string; href: string }[];
  fallback?: boolean;
  /** Links to this page in every locale (for the language menu). */
  alternates: { locale: Locale; href: string }[];
  /** Kind-specific props (blog posts list, category cards, ...). */
  props?: Record<string, unknown>;
  /** For React and MDX pages: module id in the page registry. */
  pageModule?: string;
  /**
   * MDX pages: the URL each link and image target of the body became (by the target the page
   * holds, '!' + src for images), and whether the body's components run in the browser (only
   * then is its module loaded there; otherwise the server's HTML stays as it is).
   */
  mdx?: { hrefs: Record<string, string>; hydrate?: boolean };
  /** What the body needs besides the theme: stylesheets (KaTeX's) and the Mermaid module, as URLs. */
  contentAssets?: ContentAssets;
  /** Front matter hide_title: the title is left to screen readers. */
  hideTitle?: boolean;
  /** The body starts with its own "# " heading (the front matter gives the title too): the layout adds none, as Docusaurus. */
  contentTitle?: boolean;
  /** Front matter unlisted: reachable by its URL only (a notice says so). */
  unlisted?: boolean;
  /** "Edit this page" (docs.editUrl or blog.editUrl, front matter custom_edit_url). */
  editUrl?: string;
  /** On a page with a <DocCardList />: the description of each doc its cards show, by URL path. */
  cardDescriptions?: Record<string, string>;
  /** The source's last change (docs.showLastUpdateTime/Author: git, or front matter last_update). */
  lastUpdate?: { date?: string; author?: string };
  /**
   * A page of versioned docs: its version, the notice it shows (a version newer or older than the
   * last), whether it shows the "Version" badge, and this page's path in each version that has it.
   */
  version?: { name: string; label: string; banner?: 'unreleased' | 'unmaintained'; badge: boolean; same: Record<string, string> };
}

/** Libraries a page's content loads in the browser, by URL (see ContentFeature). */
export interface ContentAssets {
  styles?: string[];
  mermaid?: string;
}

export interface ClientLocale {
  code: Locale;
  label: string;
  htmlLang: string;
  /** '' for the default locale, '/ko' otherwise. */
  prefix: string;
}

export interface NavLinkConfig {
  label: string;
  href: string;
  external?: boolean;
  /** A navbar link's dropdown: more pages of its section. */
  items?: NavLinkConfig[];
}

/** The subset of config the browser sees. Built field by field in toClientSiteData. */
export interface ClientSiteData {
  title: string;
  titleDelimiter: string;
  productName: string;
  basePath: string;
  locales: ClientLocale[];
  defaultLocale: Locale;
  colorMode: { default: 'light' | 'dark'; switch: boolean; respectPrefersColorScheme: boolean };
  versionLabel: string;
  /** Show "Version: <label>" above docs (docs.versionBadge). */
  versionBadge: boolean;
  /**
   * The docs versions, newest first (absent when the docs have none): each one's label and first
   * page in each locale, where the version menu leads when a page is not in that version.
   * `versionMenu`: the navbar shows the menu; `lastVersion`: the version of pages outside the docs.
   */
  versions?: { name: string; label: string; main: Record<Locale, string> }[];
  versionMenu?: boolean;
  lastVersion?: string;
  toc: { minLevel: number; maxLevel: number };
  navbar: Record<Locale, { logo?: { src: string; alt: string }; items: NavLinkConfig[]; versionMenuItems?: NavLinkConfig[] }>;
  footer: Record<Locale, { columns: { title: string; link?: NavLinkConfig; items: NavLinkConfig[] }[]; copyright: string }>;
  announcement?: { id: string; text: Record<Locale, string>; href?: string; linkText?: Record<Locale, string>; dismissible: boolean };
  search: {
    provider: 'local' | 'algolia';
    /** hosts: search hosts ('https://host' or 'http://127.0.0.1:port'); default: Algolia's own for appId. */
    algolia?: { appId: string; searchApiKey: string; indexName: string; hosts?: string[] };
    indexName: string;
    missingResultsUrl?: string;
  };
  /** Filled in by the build: URLs of per-locale JSON files loaded on demand. */
  assets: { searchIndex: Record<Locale, string> };
  /** The site's URL and tagline, and its customFields when it has any: what a Docusaurus page reads with useDocusaurusContext. */
  url: string;
  tagline: Record<Locale, string>;
  customFields?: Record<string, unknown>;
}

// ---------------------------------------------------------------- search records

export interface SearchRecord {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
  hierarchy: {
    lvl0: string;
    lvl1: string;
    lvl2: string | null;
    lvl3: string | null;
    lvl4: string | null;
    lvl5: string | null;
    lvl6: string | null;
  };
  content: string | null;
  language: Locale;
  version: string;
  weight: { pageRank: number; level: number; position: number };
  /** The records of an API operation's page: its HTTP method and path (shown beside its hits). */
  endpoint?: { method: string; path: string };
}

// ---------------------------------------------------------------- stage results

export interface LinkRef {
  /** Route path (with locale prefix) the link points to, and the anchor if any. */
  target: string;
  anchor?: string;
  file: string;
  line: number;
  raw: string;
  /**
   * A link in an OpenAPI description that does not lead into the reference: likely a page of the
   * vendor's own site. Its breakage is a warning (with this hint), not an error.
   */
  outside?: string;
}

/** What the transform stage produces for one route. */
export interface PageContent {
  html: string;
  toc: TocItem[];
  /** Every id in the page that a link may target. */
  anchors: string[];
  links: LinkRef[];
  /** Text blocks for search records, in document order. */
  blocks: ContentBlock[];
  /** Markdown pages: the href each link target became, by target as markdown-it read it ('!' + src for images). */
  hrefs?: Map<string, string>;
  /** MDX pages: the module that renders the body (`html` is empty: the body renders with the page). */
  mdx?: { module: string; hydrate: boolean; docCards?: boolean };
  /** What the content needs in the browser: 'math' (KaTeX's stylesheet), 'mermaid' (diagrams drawn there). */
  features?: ContentFeature[];
}

export type ContentFeature = 'math' | 'mermaid';

export interface ContentBlock {
  /** Heading level 1-6, or 0 for a content block (paragraph, list item, table cell). */
  level: number;
  text: string;
  anchor?: string;
}

export type ResolvedConfig = SiteConfig;

/** The API reference as the route table and the transforms see it (made by src/openapi). */
export interface ApiLocaleReference {
  routes: Route[];
  sidebarId: string;
  sidebar: SidebarItem[];
  /** The sidebars of earlier API releases, each published beside the current reference. */
  otherSidebars?: { sidebarId: string; sidebar: SidebarItem[] }[];
}

export interface ApiReference {
  forLocale(locale: string, prefix: string): ApiLocaleReference;
  renderContent(route: Route, strings: Strings): PageContent;
  /** Files the reference was read from (watch mode re-parses when one changes). */
  files: string[];
  /** Files published beside the pages of these locales (the changelog's feeds), by path in the output folder. */
  siteFiles?(locales: string[]): { file: string; text: string }[];
  /**
   * The spec's validation problems, when validation was handed elsewhere (LoadOptions) and may
   * still be running: the reference was built meanwhile, and nothing built from it may be
   * published before this settles without errors.
   */
  validation?: Promise<SiteProblem[]>;
}
