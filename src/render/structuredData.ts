// What a page tells search engines and link previews beyond its title: the social image, a
// description for every page, the .md alternate, and JSON-LD (TechArticle for docs and API pages,
// BlogPosting for posts, BreadcrumbList from the page's breadcrumbs, WebSite with the search
// action on the home pages). document.ts writes these as head tags; this module decides them.
import fs from 'node:fs';
import path from 'node:path';
import type { ContentBlock, PageData, Route, SiteConfig } from '../types.ts';
import type { BlogPostData } from '../content/blog.ts';
import type { BlogAuthor } from '../content/authors.ts';
import { blogUrl } from '../shared/docUrls.ts';
import type { ProblemList } from '../errors.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { isExternal, localizePath, withBase } from '../shared/paths.ts';
import { isAllowedUrl } from '../shared/urlPolicy.ts';
import { markdownPath } from '../content/routeQueries.ts';

export interface SocialImage {
  /** Absolute URL. */
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

/** Head data beyond PageData, computed per route (see renderDocument's `seo` option). */
export interface HeadExtras {
  /** Never empty: the page's own description, else its first paragraph (its first text block for MDX), else the site tagline. */
  description: string;
  image?: SocialImage;
  /** Site path (without base) of the page's Markdown source, when one is published. */
  markdown?: string;
  /** og:type 'article' pages: publication date and tags. */
  article?: { published?: string; tags: string[] };
  /** Front matter keywords (<meta name="keywords">). */
  keywords?: string[];
  jsonLd: Record<string, unknown>[];
}

export function absoluteUrl(config: SiteConfig, sitePath: string): string {
  if (isExternal(sitePath)) return sitePath;
  return config.url.replace(/\/$/, '') + withBase(config.basePath, sitePath.startsWith('/') ? sitePath : '/' + sitePath);
}

/** Width and height of a PNG in static/, read from its header (no image library needed). */
function pngSize(config: SiteConfig, sitePath: string): { width: number; height: number } | undefined {
  const file = path.join(config.root, 'static', sitePath);
  let size: { width: number; height: number } | undefined;
  try {
    const fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(24);
    fs.readSync(fd, head, 0, 24, 0);
    fs.closeSync(fd);
    if (head.toString('latin1', 1, 4) === 'PNG') size = { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  } catch {
    size = undefined;
  }
  return size;
}

/** The page's sharing image: its front matter `image`, else the site's configured `image`. */
export function socialImage(route: Route, config: SiteConfig): SocialImage | undefined {
  const own = typeof route.frontMatter?.image === 'string' ? (route.frontMatter.image as string) : undefined;
  const src = own ?? config.image;
  // Front matter and the config were checked against the URL policy where they were read (with a
  // warning, an error); this is the last gate before og:image, twitter:image and the JSON-LD.
  if (!src || !isAllowedUrl(src)) return undefined;
  const image: SocialImage = { url: absoluteUrl(config, src), alt: own ? route.title : config.title };
  if (!isExternal(src)) Object.assign(image, pngSize(config, src.startsWith('/') ? src : '/' + src));
  return image;
}

/** The configured image must exist: a missing one would give every page a broken preview. */
export function checkSocialImage(config: SiteConfig, problems: ProblemList): void {
  if (!config.image || isExternal(config.image)) return;
  if (!fs.existsSync(path.join(config.root, 'static', config.image))) {
    problems.add({
      code: 'config-image-missing',
      message: `The social image "${config.image}" does not exist in static/`,
      file: config.configFile,
      line: 1,
      hint: 'Set "image" to a site path of a file in static/ (a 1200x630 PNG), or to an absolute URL.',
    });
  }
}

/** Plain text of the first paragraph of rendered HTML, cut at a word near `max` characters. */
export function firstParagraph(html: string | undefined, max = 160): string | undefined {
  if (!html) return undefined;
  for (const m of html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)) {
    const text = decodeEntities(m[1].replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    if (text.length >= 20) return clip(text, max);
  }
  return undefined;
}

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '') + '…';
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|#39|apos|nbsp);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(Number(k.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[k] ?? _;
  });
}

const ARTICLE_KINDS = new Set(['doc', 'api-operation', 'api-tag']);

/**
 * `blocks`: the page's text (PageContent.blocks), which an MDX page has where a Markdown page has
 * its HTML: its first paragraph describes it too, as Docusaurus describes a page by its excerpt.
 */
export function headExtras(route: Route, page: PageData, config: SiteConfig, canonicalPath: string, blocks: ContentBlock[] = []): HeadExtras {
  const locale = config.locales.find((l) => l.code === page.locale);
  const inLanguage = locale?.htmlLang ?? page.locale;
  const tagline = textFor(config.tagline, page.locale, config.defaultLocale);
  const firstBlock = blocks.find((b) => b.level === 0 && b.text.length >= 20)?.text;
  const description = page.description || firstParagraph(page.html) || (firstBlock && clip(firstBlock, 160)) || tagline || page.title;
  const image = socialImage(route, config);
  const url = absoluteUrl(config, canonicalPath);
  const prefix = localPrefix(config, page.locale);
  const homeUrl = absoluteUrl(config, localizePath('/', prefix));
  const publisher = {
    '@type': 'Organization',
    name: config.productName,
    url: absoluteUrl(config, '/'),
    ...(config.navbar.logo ? { logo: { '@type': 'ImageObject', url: absoluteUrl(config, config.navbar.logo.src) } } : {}),
  };
  const website = { '@type': 'WebSite', name: config.title, url: homeUrl, inLanguage };
  const jsonLd: Record<string, unknown>[] = [];
  const extras: HeadExtras = { description, image, markdown: markdownPath(route), jsonLd };
  const keywords = route.frontMatter?.keywords;
  if (Array.isArray(keywords) && keywords.length) extras.keywords = keywords.map(String);

  if (route.kind === 'blog-post') {
    const data = route.data as unknown as BlogPostData;
    extras.article = { published: data.date, tags: data.tags.map((t) => t.label) };
    jsonLd.push({
      '@type': 'BlogPosting',
      headline: page.title,
      description,
      url,
      mainEntityOfPage: url,
      inLanguage,
      datePublished: data.date,
      dateModified: data.date,
      author: data.authors.map((a) => person(a, config)),
      publisher,
      ...(image ? { image: image.url } : {}),
      ...(data.tags.length ? { keywords: data.tags.map((t) => t.label).join(', ') } : {}),
      isPartOf: {
        '@type': 'Blog',
        name: textFor(config.blog.title, page.locale, config.defaultLocale),
        url: absoluteUrl(config, localizePath(blogUrl(config), prefix)),
      },
    });
  } else if (ARTICLE_KINDS.has(route.kind)) {
    jsonLd.push({
      '@type': 'TechArticle',
      headline: page.title,
      description,
      url,
      mainEntityOfPage: url,
      inLanguage,
      publisher,
      isPartOf: website,
      ...(page.lastUpdate?.date ? { dateModified: page.lastUpdate.date } : {}),
      ...(image ? { image: image.url } : {}),
      ...(route.tags?.length ? { keywords: route.tags.join(', ') } : {}),
    });
  } else if (page.path === localizePath('/', prefix)) {
    jsonLd.push({
      ...website,
      description,
      publisher,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: absoluteUrl(config, localizePath('/search', prefix)) + '?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  }
  const crumbs = breadcrumbList(page, config, url);
  if (crumbs) jsonLd.push(crumbs);
  return extras;
}

function person(a: BlogAuthor, config: SiteConfig): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: a.name,
    ...(a.title ? { jobTitle: a.title } : {}),
    ...(a.url && isAllowedUrl(a.url) ? { url: a.url } : a.href ? { url: absoluteUrl(config, a.href) } : {}),
  };
}

/**
 * The page's breadcrumbs plus the page itself. Crumbs without a page of their own (a category
 * with no index) are left out: every item but the last must be a URL a crawler can open.
 */
function breadcrumbList(page: PageData, config: SiteConfig, url: string): Record<string, unknown> | undefined {
  const crumbs = (page.breadcrumbs ?? []).filter((c) => c.href && c.href !== page.path);
  if (!crumbs.length) return undefined;
  const items = [...crumbs.map((c) => ({ name: c.title, item: absoluteUrl(config, c.href) })), { name: page.title, item: url }];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.item })),
  };
}
