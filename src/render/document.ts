// The HTML document around the React tree: head tags (title, description, canonical, hreflang,
// Open Graph, docsearch meta), the theme script that runs before first paint, the embedded page
// data for hydration (with the URL of the locale's site data, a file every page shares) and the
// module scripts.
import type { ClientSiteData, PageData, SidebarItem, SiteConfig } from '../types.ts';
import { EVERY_VERSION } from '../shared/search/indexFile.ts';
import { escapeHtml, jsonForScript } from '../shared/html.ts';
import { DATA_ELEMENT_ID, documentTitle, ROOT_ELEMENT_ID, STORAGE_ANNOUNCEMENT, STORAGE_THEME } from '../shared/page.ts';
import { withBase } from '../shared/paths.ts';
import { compactSidebarItems } from '../shared/sidebarData.ts';
import type { HeadExtras } from './structuredData.ts';

export interface DocumentAssets {
  css: string;
  entry: string;
  preloads: string[];
}

/**
 * Runs before the first paint: applies the stored colour mode (else, with
 * colorMode.respectPrefersColorScheme, the OS's; else the default) and the announcement dismissal.
 */
export function headScript(site: ClientSiteData): string {
  const ann = site.announcement?.id ? JSON.stringify(site.announcement.id) : 'null';
  const fallback = site.colorMode.respectPrefersColorScheme
    ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'`
    : JSON.stringify(site.colorMode.default);
  return (
    `(function(){var d=document.documentElement,t;try{t=localStorage.getItem(${JSON.stringify(STORAGE_THEME)})}catch(e){}` +
    `if(t!=='dark'&&t!=='light')t=${fallback};d.setAttribute('data-theme',t);d.style.colorScheme=t;` +
    `try{var a=${ann};if(a&&localStorage.getItem(${JSON.stringify(STORAGE_ANNOUNCEMENT)})===a)d.setAttribute('data-announcement-dismissed','')}catch(e){}})();`
  );
}

export function renderDocument(opts: {
  page: PageData;
  site: ClientSiteData;
  /** The URL of the JSON of siteForLocale(site, page.locale), which the browser loads before hydrating. */
  siteDataUrl: string;
  config: SiteConfig;
  appHtml: string;
  assets: DocumentAssets;
  canonicalPath: string;
  /** Locales in which this page exists with its own (translated) source. */
  hreflang: { locale: string; href: string }[];
  noindex?: boolean;
  /** Social image, fallback description, Markdown alternate and JSON-LD (structuredData.ts). */
  seo?: HeadExtras;
}): string {
  const { page, site, config, appHtml, assets } = opts;
  const base = config.basePath;
  const abs = (p: string) => config.url.replace(/\/$/, '') + withBase(base, p);
  const locale = site.locales.find((l) => l.code === page.locale) ?? site.locales[0];
  const title = documentTitle(page, site);
  const seo = opts.seo;
  const description = seo?.description || page.description || '';
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
  ];
  if (description) head.push(`<meta name="description" content="${escapeHtml(description)}">`);
  if (seo?.keywords) head.push(`<meta name="keywords" content="${escapeHtml(seo.keywords.join(', '))}">`);
  if (opts.noindex) head.push('<meta name="robots" content="noindex">');
  head.push(`<link rel="canonical" href="${escapeHtml(abs(opts.canonicalPath))}">`);
  for (const alt of opts.hreflang) {
    const l = site.locales.find((x) => x.code === alt.locale);
    head.push(`<link rel="alternate" hreflang="${escapeHtml(l?.htmlLang ?? alt.locale)}" href="${escapeHtml(abs(alt.href))}">`);
  }
  const xDefault = opts.hreflang.find((a) => a.locale === site.defaultLocale);
  if (xDefault) head.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(abs(xDefault.href))}">`);
  if (seo?.markdown) head.push(`<link rel="alternate" type="text/markdown" href="${escapeHtml(withBase(base, seo.markdown))}">`);
  const ogType = page.kind === 'blog-post' ? 'article' : 'website';
  const ogLocale = (code: string) => escapeHtml(code.replace('-', '_'));
  head.push(
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:type" content="${ogType}">`,
    // The canonical URL: a fallback page shares the original's preview.
    `<meta property="og:url" content="${escapeHtml(abs(opts.canonicalPath))}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:locale" content="${ogLocale(locale.htmlLang)}">`,
  );
  for (const alt of opts.hreflang) {
    const l = site.locales.find((x) => x.code === alt.locale);
    if (l && l.code !== locale.code) head.push(`<meta property="og:locale:alternate" content="${ogLocale(l.htmlLang)}">`);
  }
  if (description) head.push(`<meta property="og:description" content="${escapeHtml(description)}">`);
  const image = seo?.image;
  if (image) {
    head.push(`<meta property="og:image" content="${escapeHtml(image.url)}">`);
    if (image.width && image.height)
      head.push(`<meta property="og:image:width" content="${image.width}">`, `<meta property="og:image:height" content="${image.height}">`);
    head.push(`<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`);
  }
  if (seo?.article?.published) head.push(`<meta property="article:published_time" content="${escapeHtml(seo.article.published)}">`);
  for (const tag of seo?.article?.tags ?? []) head.push(`<meta property="article:tag" content="${escapeHtml(tag)}">`);
  // X reads the title and description from og:title and og:description: not repeated here.
  head.push(`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`);
  if (image) head.push(`<meta name="twitter:image" content="${escapeHtml(image.url)}">`, `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}">`);
  head.push(
    `<meta name="docsearch:language" content="${escapeHtml(page.locale)}">`,
    // The version the page's search records carry (see searchVersion).
    `<meta name="docsearch:version" content="${escapeHtml(site.versions ? (page.version?.name ?? EVERY_VERSION) : site.versionLabel)}">`,
  );
  if (seo?.jsonLd.length) {
    const graph = seo.jsonLd.length === 1 ? { '@context': 'https://schema.org', ...seo.jsonLd[0] } : { '@context': 'https://schema.org', '@graph': seo.jsonLd };
    head.push(`<script type="application/ld+json">${jsonForScript(graph)}</script>`);
  }
  head.push(`<link rel="icon" href="${escapeHtml(config.favicon ? withBase(base, config.favicon) : 'data:,')}">`);
  head.push(`<script>${headScript(site)}</script>`);
  if (assets.css) head.push(`<link rel="stylesheet" href="${withBase(base, '/' + assets.css)}">`);
  for (const href of page.contentAssets?.styles ?? []) head.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  head.push(`<script type="module" src="${withBase(base, '/' + assets.entry)}"></script>`);
  // Fetched by the entry before it hydrates: asked for now, with the modules.
  head.push(`<link rel="preload" as="fetch" href="${escapeHtml(opts.siteDataUrl)}" crossorigin>`);
  for (const p of assets.preloads) if (p !== assets.entry) head.push(`<link rel="modulepreload" href="${withBase(base, '/' + p)}">`);

  // The body HTML is already in the DOM; don't send it twice. So is an MDX body that is not
  // hydrated: the browser keeps that HTML (its cards too) and never loads its module.
  const { html: _html, ...pageWithoutHtml } = page;
  const data = pageDataJson(
    page.mdx && !page.mdx.hydrate ? { ...pageWithoutHtml, pageModule: undefined, mdx: undefined, cardDescriptions: undefined } : pageWithoutHtml,
    opts.siteDataUrl,
  );
  return (
    `<!doctype html>\n<html lang="${escapeHtml(locale.htmlLang)}" data-theme="${site.colorMode.default}" dir="ltr">\n<head>\n${head.join('\n')}\n</head>\n` +
    `<body>\n<div id="${ROOT_ELEMENT_ID}">${appHtml}</div>\n` +
    `<script type="application/json" id="${DATA_ELEMENT_ID}">${data}</script>\n</body>\n</html>\n`
  );
}

/** Kept here, not by the renderer: keyed by a tree of the renderer's OpenPaths, and goes with it. */
const sharedJson = new WeakMap<object, string>();
/** The embedded (compact) JSON of a sidebar tree, made once per tree. */
function sidebarItemsJson(items: SidebarItem[]): string {
  let json = sharedJson.get(items);
  if (json === undefined) sharedJson.set(items, (json = jsonForScript(compactSidebarItems(items))));
  return json;
}

const ITEMS_MARK = '@@docsgen-sidebar-items@@';

/**
 * jsonForScript({ page, site: siteDataUrl }), with the sidebar tree (most of a page's data,
 * shared by every page under the same category: see OpenPaths) serialised once per tree.
 */
function pageDataJson(page: Omit<PageData, 'html'>, siteDataUrl: string): string {
  const siteJson = jsonForScript(siteDataUrl);
  if (!page.sidebar) return `{"page":${jsonForScript(page)},"site":${siteJson}}`;
  const json = jsonForScript({ ...page, sidebar: { ...page.sidebar, items: ITEMS_MARK } });
  // Quotes inside JSON strings are escaped: this can only be the sidebar's own "items" key.
  const needle = `"items":"${ITEMS_MARK}"`;
  const at = json.indexOf(needle);
  if (at < 0) return `{"page":${jsonForScript(page)},"site":${siteJson}}`;
  return `{"page":${json.slice(0, at)}"items":${sidebarItemsJson(page.sidebar.items)}${json.slice(at + needle.length)},"site":${siteJson}}`;
}
