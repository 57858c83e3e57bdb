// Search records in the shape of the hosted index (DocSearch v3 crawler records): one record per
// page title, heading and content block (paragraph, list item, table row), each with its heading
// hierarchy. The same records feed the local index (localIndex.ts) and `docsgen index`.
// objectIDs depend only on the record's URL (with anchor), type and position in its section
// (src/shared/search/objectId.ts), so they survive rebuilds and edits to other sections.
import type { ContentBlock, PageData, Route, RouteKind, SearchRecord, SiteConfig } from '../types.ts';
import { recordObjectId } from '../shared/search/objectId.ts';
import { textFor } from '../config/clientSiteData.ts';
import { getStrings } from '../shared/i18n/index.ts';

type Level = 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

/** Longest content kept per record: Algolia limits record size, and a snippet needs far less. */
const MAX_CONTENT = 1500;

/**
 * Rank of a page among equally good matches (DocSearch's weight.pageRank, custom ranking):
 * guides and API operations first, then standalone pages, the rest of the API reference (a
 * resource's page, with its schemas), the blog. Among operations, those on a collection ('POST /sales-orders',
 * 'GET /sales-orders') come before those on one of its items, and those before actions on it:
 * what an integrator looks for first.
 */
export function pageRank(kind: RouteKind, endpoint?: SearchRecord['endpoint']): number {
  if (kind === 'doc' || kind === 'doc-category') return 30;
  if (kind === 'api-operation') {
    const segments = endpoint ? endpoint.path.split('/').filter(Boolean).length : 3;
    return 40 + 25 * Math.max(0, 3 - segments);
  }
  if (kind === 'page' || kind === 'react-page') return 20;
  if (kind.startsWith('api')) return 5;
  return 0;
}

/** Generated lists (tags, archives, authors) and the search and not-found pages are not search results. */
const UNSEARCHABLE = new Set<RouteKind>([
  'search',
  'not-found',
  'redirect',
  'doc-tags',
  'doc-tag',
  'blog-list',
  'blog-archive',
  'blog-authors',
  'blog-author',
  'blog-tags',
  'blog-tag',
]);

/**
 * What the records of a page are made from: a few fields of its page data, its text blocks, and
 * where it belongs. Plain data, smaller than the records: a render worker sends it to the main
 * thread, which makes the records in route order.
 */
export interface SearchPage {
  page: Pick<PageData, 'kind' | 'title' | 'locale' | 'description' | 'props'>;
  blocks: ContentBlock[];
  lvl0: string;
  url: string;
  version: string;
}

export function searchPage(page: PageData, blocks: ContentBlock[], where: { lvl0: string; url: string; version: string }): SearchPage {
  const endpoint = endpointOf(page);
  return { page: { kind: page.kind, title: page.title, locale: page.locale, description: page.description, props: endpoint }, blocks, ...where };
}

/** An API operation's method and path, from its page data (the OpenAPI stage puts them under props). */
function endpointOf(page: Pick<PageData, 'kind' | 'props'>): SearchRecord['endpoint'] {
  const { method, path } = page.props ?? {};
  return page.kind === 'api-operation' && typeof method === 'string' && typeof path === 'string' ? { method: method.toUpperCase(), path } : undefined;
}

export function extractRecords(page: SearchPage['page'], blocks: ContentBlock[], opts: { lvl0: string; url: string; version: string }): SearchRecord[] {
  if (UNSEARCHABLE.has(page.kind)) return [];
  const records: SearchRecord[] = [];
  const hierarchy: SearchRecord['hierarchy'] = { lvl0: opts.lvl0, lvl1: page.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const endpoint = endpointOf(page);
  const rank = pageRank(page.kind, endpoint);
  const usedAnchors = new Set<string>();
  let anchor: string | null = null;
  let position = 0;
  let inSection = 0;
  let lastContent = '';

  const push = (type: SearchRecord['type'], content: string | null, level: number) => {
    const url = anchor ? `${opts.url}#${anchor}` : opts.url;
    records.push({
      objectID: recordObjectId(url, type, inSection++),
      url,
      url_without_anchor: opts.url,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      language: page.locale,
      version: opts.version,
      weight: { pageRank: rank, level, position: position++ },
      ...(endpoint && { endpoint }),
    });
  };

  push('lvl1', null, 100);
  // An operation page's headings are the reference's fixed outline (Authentication, Parameters,
  // Request body, Responses), the same on every operation: as hits they would name the outline,
  // not the operation. Their text stays, as the operation's.
  const outlineHeadings = page.kind === 'api-operation';
  let sawContent = false;
  for (const block of blocks) {
    const text = block.text.replace(/\s+/g, ' ').trim();
    if (block.level === 1) continue;
    if (block.level >= 2 && block.level <= 6) {
      if (outlineHeadings) continue;
      if (!text) continue;
      const lvl = `lvl${block.level}` as Level;
      hierarchy[lvl] = text;
      for (let l = block.level + 1; l <= 6; l++) hierarchy[`lvl${l}` as Level] = null;
      // Anchors are unique in a page; a heading without one keeps a distinct, stable URL anyway.
      let id = block.anchor || `h${block.level}-${position}`;
      while (usedAnchors.has(id)) id += '-';
      usedAnchors.add(id);
      anchor = id;
      inSection = 0;
      lastContent = '';
      push(lvl, null, 100 - block.level * 10);
    } else if (text.length > 1 && text !== lastContent) {
      lastContent = text;
      sawContent = true;
      push('content', text.length > MAX_CONTENT ? cut(text, MAX_CONTENT) : text, 0);
    }
  }
  // Pages without text of their own (category and overview pages) are found by their description.
  if (!sawContent && page.description) {
    anchor = null;
    inSection = 1;
    const lvl1 = records[0];
    records.splice(1, 0, {
      ...lvl1,
      hierarchy: { ...lvl1.hierarchy },
      objectID: recordObjectId(opts.url, 'content', 1),
      type: 'content',
      content: page.description,
      weight: { ...lvl1.weight, level: 0, position: 1 },
    });
    for (let i = 2; i < records.length; i++) records[i].weight.position = i;
  }
  return records;
}

function cut(text: string, max: number): string {
  const at = text.lastIndexOf(' ', max);
  return text.slice(0, at > max / 2 ? at : max) + '…';
}

/** Pages that get search records: not fallbacks, tag lists, blog lists or React pages. */
export function searchable(route: Route): boolean {
  return !route.noindex && !route.fallback && route.kind !== 'react-page' && !route.kind.endsWith('tags') && route.kind !== 'blog-list';
}

/** The top-level section a record belongs to: the docs category, the API, the blog, or the site. */
export function lvl0Of(route: Route, r: { page: PageData }, config: SiteConfig): string {
  const strings = getStrings(route.locale);
  if (route.kind.startsWith('api')) return config.openapi ? textFor(config.openapi.label, route.locale, config.defaultLocale) : 'API';
  if (route.kind.startsWith('blog')) return textFor(config.blog.title, route.locale, config.defaultLocale) || strings.blog;
  const crumbs = r.page.breadcrumbs ?? [];
  if (crumbs.length > 1) return crumbs[1].title;
  // A top-level category's own page belongs to that category.
  if (route.kind === 'doc-category') return r.page.title;
  if (route.kind.startsWith('doc')) return strings.docsTitle;
  return config.title;
}
