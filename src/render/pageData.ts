// Turns a route and its content into PageData, the plain object the templates render and the
// browser receives: sidebar (open path only), breadcrumbs, previous/next, alternates, and the
// kind-specific props of generated pages.
import type { ListPage, PageContent, PageData, Route, SidebarItem } from '../types.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import { itemsOnPage } from '../content/listPages.ts';
import { docCardItems } from '../shared/sidebarData.ts';
import type { BlogPostData } from '../content/blog.ts';
import type { BlogAuthor } from '../content/authors.ts';

export interface PostSummary {
  title: string;
  href: string;
  date: string;
  description?: string;
  authors: BlogAuthor[];
  readingTime: number;
  tags: { label: string; href: string }[];
  excerptHtml: string;
  truncated: boolean;
}

export interface PageDataContext {
  graph: SiteGraph;
  /** URLs of the JSON of each sidebar's top-level categories, by `${locale}:${id}` and then position. */
  categoryUrls: Map<string, (string | undefined)[]>;
  postSummary(path: string): PostSummary | undefined;
  resolveAuthorImage(author: BlogAuthor): string | undefined;
  /** The renderer's sidebar trees as sent with pages. */
  openPaths: OpenPaths;
}

export function toPageData(route: Route, content: PageContent, ctx: PageDataContext): PageData {
  const { graph } = ctx;
  const fm = (route.frontMatter ?? {}) as { hide_table_of_contents?: boolean; hide_sidebar?: boolean; hide_title?: boolean; unlisted?: boolean };
  const nav = graph.nav.get(route.path);
  const page: PageData = {
    path: route.path,
    locale: route.locale,
    kind: route.kind,
    title: route.title,
    description: route.description,
    html: content.html,
    toc: content.toc.length ? content.toc : undefined,
    hideToc: fm.hide_table_of_contents || undefined,
    fallback: route.fallback || undefined,
    alternates: alternatesOf(route, graph),
    breadcrumbs: nav?.breadcrumbs,
    prev: nav?.prev,
    next: nav?.next,
    hideTitle: fm.hide_title || undefined,
    unlisted: fm.unlisted || undefined,
    editUrl: route.data?.editUrl as string | undefined,
    lastUpdate: route.data?.lastUpdate as PageData['lastUpdate'],
  };
  if (content.mdx?.docCards) page.cardDescriptions = docCardDescriptions(route, graph);
  const version = route.version && graph.config.versions?.find((v) => v.name === route.version!.name);
  if (version)
    page.version = {
      name: version.name,
      label: version.label,
      ...(version.banner && { banner: version.banner }),
      badge: version.badge,
      same: route.version!.same,
    };
  const sidebarId = route.sidebarId ?? (route.kind === 'doc-category' ? 'docs' : undefined);
  if (sidebarId && !fm.hide_sidebar) {
    const key = `${route.locale}:${sidebarId}`;
    const items = graph.sidebars.get(key);
    if (items) page.sidebar = { id: sidebarId, items: ctx.openPaths.open(items, listBase(route), ctx.categoryUrls.get(key), route.data?.openSidebar === true) };
  }
  const tagLinks = route.data?.tagLinks as PageData['tags'];
  if (tagLinks?.length && route.kind === 'doc') page.tags = tagLinks;
  page.props = propsFor(route, ctx);
  if (route.kind === 'react-page') page.pageModule = String(route.data?.module);
  if (content.mdx) {
    page.pageModule = content.mdx.module;
    const hrefs: Record<string, string> = {};
    for (const [target, href] of content.hrefs ?? []) if (href !== target.replace(/^!/, '')) hrefs[target] = href;
    page.mdx = { hrefs, hydrate: content.mdx.hydrate || undefined };
  }
  return page;
}

function alternatesOf(route: Route, graph: SiteGraph): PageData['alternates'] {
  return (graph.byKey.get(route.key) ?? []).map((r) => ({ locale: r.locale, href: r.path }));
}

/**
 * The sidebar as sent with a page: every top-level entry, categories on the way to the active
 * page or declared open (collapsed: false) expanded, the others collapsed and emptied (their children load from the sidebar JSON
 * when opened). An expanded category of more than WINDOW_FROM items sends its first items and
 * the block of items around the active one, with `gaps` where the rest goes: a page's size does
 * not grow with its category.
 *
 * The tree depends only on which categories open and at which block, the same for every page of
 * a block: pages share one tree per key (read-only, like the graph's), which saves building it
 * thousands of times and lets the theme render it once. The renderer keeps them for its graph.
 */
export class OpenPaths {
  private readonly memo = new Map<SidebarItem[], { keys: Map<string, string>; trees: Map<string, SidebarItem[]> }>();

  open(items: SidebarItem[], active: string, categoryUrls: (string | undefined)[] = [], openAll = false): SidebarItem[] {
    let memo = this.memo.get(items);
    if (!memo) this.memo.set(items, (memo = { keys: treeKeys(items), trees: new Map() }));
    const key = openAll ? `*|${active}` : (memo.keys.get(active) ?? '');
    let tree = memo.trees.get(key);
    if (!tree) {
      tree = buildOpenPath(items, active, openAll).map((item, i) => (item.type === 'category' && categoryUrls[i] ? { ...item, src: categoryUrls[i] } : item));
      memo.trees.set(key, tree);
    }
    return tree;
  }
}

/** Categories longer than this are sent in part. */
const WINDOW_FROM = 40;
/** How many of their first items are always sent. */
const FIRST = 8;
/** Items are sent in blocks of this many around the active one, with a few of the next block's on each side. */
const BLOCK = 20;
const MARGIN = 4;

/**
 * For each href in the tree, what buildOpenPath's tree for it depends on (as a key): every
 * category that holds the href at any depth or whose own href it is, and in each long one, the
 * block of the item on the way to the href.
 */
function treeKeys(items: SidebarItem[]): Map<string, string> {
  const sets = new Map<string, string[]>();
  const add = (href: string, ids: readonly string[]) => {
    const list = sets.get(href);
    if (list) list.push(...ids);
    else sets.set(href, [...ids]);
  };
  const walk = (list: SidebarItem[], ancestors: string[], prefix: string) => {
    const long = list.length > WINDOW_FROM;
    list.forEach((item, i) => {
      const here = long ? [...ancestors, `${prefix}@${Math.floor(i / BLOCK)}`] : ancestors;
      if (item.type === 'link') return add(item.href, here);
      const id = `${prefix}${i}`;
      const inner = [...here, id];
      if (item.href !== undefined) add(item.href, inner);
      walk(item.items, inner, `${id}.`);
    });
  };
  walk(items, [], '');
  const out = new Map<string, string>();
  for (const [href, ids] of sets) out.set(href, [...new Set(ids)].sort().join(' '));
  return out;
}

/** `openAll`: every category expanded (a page that is the way into a whole sidebar, as the API landing). */
function buildOpenPath(items: SidebarItem[], active: string, openAll = false): SidebarItem[] {
  return items.map((item) => {
    if (item.type === 'link') return item;
    // Open on the way to the active page, and where the sidebar says so.
    if (openAll || containsPath(item.items, active) || item.href === active || item.collapsed === false) {
      return { ...item, collapsed: false, ...windowed(buildOpenPath(item.items, active, openAll), active) };
    }
    return { ...item, collapsed: true, items: [], lazy: item.items.length > 0 || undefined };
  });
}

/** A long list cut to its first items and the block around the one on the way to `active`. */
function windowed(items: SidebarItem[], active: string): { items: SidebarItem[]; gaps?: [number, number][] } {
  if (items.length <= WINDOW_FROM) return { items };
  const at = items.findIndex((i) => (i.type === 'link' ? i.href === active : i.href === active || containsPath(i.items, active)));
  const block = at < 0 ? 0 : Math.floor(at / BLOCK) * BLOCK;
  const from = Math.max(FIRST, block - MARGIN);
  const to = Math.min(items.length, block + BLOCK + MARGIN);
  const kept = [...items.slice(0, FIRST), ...items.slice(from, to)];
  const gaps: [number, number][] = [];
  if (from > FIRST) gaps.push([FIRST, from - FIRST]);
  if (to < items.length) gaps.push([kept.length, items.length - to]);
  return { items: kept, gaps };
}

function containsPath(items: SidebarItem[], path: string): boolean {
  return items.some((i) => (i.type === 'link' ? i.href === path : i.href === path || containsPath(i.items, path)));
}

function findCategory(items: SidebarItem[], href: string): SidebarItem | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === href) return item;
    const inner = findCategory(item.items, href);
    if (inner) return inner;
  }
  return undefined;
}

function propsFor(route: Route, ctx: PageDataContext): Record<string, unknown> | undefined {
  const { graph } = ctx;
  const data = route.data ?? {};
  const posts = (paths: unknown) => (paths as string[]).map((p) => ctx.postSummary(p)).filter(Boolean);
  switch (route.kind) {
    case 'doc-category': {
      const category = findCategory(graph.sidebars.get(`${route.locale}:${route.sidebarId ?? 'docs'}`) ?? [], listBase(route));
      const items = category?.type === 'category' ? category.items : [];
      return {
        list: data.list,
        items: itemsOnPage(route, items).map((item) => {
          const target = item.href ? graph.byPath.get(item.href) : undefined;
          return {
            title: item.label,
            href: item.href ?? '',
            // A category's card says how many items it has, unless its page has a description (as Docusaurus's category description).
            description: item.type === 'link' ? target && cardDescription(target) : target?.description,
            count: item.type === 'category' ? countLinks(item.items) : undefined,
          };
        }),
      };
    }
    case 'doc-tags':
    case 'blog-tags':
      return { tags: data.tags };
    case 'doc-tag':
      return {
        tag: data.tag,
        allTagsHref: data.allTagsHref,
        list: data.list,
        docs: itemsOnPage(route, data.paths as string[]).map((p) => {
          const r = graph.byPath.get(p)!;
          return { title: r.title, description: cardDescription(r), href: r.path };
        }),
      };
    case 'blog-post': {
      const d = data as unknown as BlogPostData;
      return {
        date: d.date,
        authors: d.authors.map((a) => ({ ...a, image: ctx.resolveAuthorImage(a), imageFile: undefined })),
        readingTime: d.readingTime,
        tags: d.tags,
        newer: d.newer,
        older: d.older,
      };
    }
    case 'blog-list':
      return { posts: posts(data.paths), page: data.page, pages: data.pages, newer: data.newer, older: data.older };
    case 'blog-tag':
      return { posts: posts(data.paths), tag: data.tag, allTagsHref: data.allTagsHref };
    case 'blog-archive':
      return {
        posts: (data.paths as string[]).map((p) => {
          const s = ctx.postSummary(p)!;
          return { title: s.title, href: s.href, date: s.date };
        }),
      };
    case 'blog-authors':
      return {
        authors: (data.authors as (BlogAuthor & { count: number })[]).map((a) => ({ ...a, image: ctx.resolveAuthorImage(a), imageFile: undefined })),
      };
    case 'blog-author': {
      const a = data.author as BlogAuthor;
      return { author: { ...a, image: ctx.resolveAuthorImage(a), imageFile: undefined }, posts: posts(data.paths) };
    }
    case 'api-operation':
    case 'api-tag':
      // The OpenAPI stage puts what the template needs (method, path) under data.props.
      return data.props as Record<string, unknown> | undefined;
    default:
      return undefined;
  }
}

function countLinks(items: SidebarItem[]): number {
  return items.reduce((n, i) => n + (i.type === 'link' ? 1 : countLinks(i.items)), 0);
}

/** A page of a list is where its first page is, in the sidebar. */
function listBase(route: Route): string {
  return (route.data?.list as ListPage | undefined)?.base ?? route.path;
}

/** What describes a page on another page's card: its description, else its excerpt (a doc's first line of text, as on Docusaurus). */
function cardDescription(route: Route): string | undefined {
  return route.description ?? (route.data?.excerpt as string | undefined);
}

/** The descriptions of the docs a <DocCardList /> on the page shows (see docCardItems), by URL path. */
function docCardDescriptions(route: Route, graph: SiteGraph): Record<string, string> | undefined {
  const sidebar = graph.sidebars.get(`${route.locale}:${route.sidebarId ?? 'docs'}`) ?? [];
  const descriptions: Record<string, string> = {};
  for (const item of docCardItems(sidebar, route.path) ?? []) {
    if (item.type !== 'link') continue;
    const target = graph.byPath.get(item.href);
    const description = target && cardDescription(target);
    if (description) descriptions[item.href] = description;
  }
  return Object.keys(descriptions).length ? descriptions : undefined;
}
