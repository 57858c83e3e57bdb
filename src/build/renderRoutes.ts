// Renders a batch of routes and writes their files. Used by the build's main thread and by its
// render workers alike; returns what the build needs afterwards (links to check, anchors, what
// search records are made from, feed entries) as plain data.
import type { LinkRef, Route, SiteConfig } from '../types.ts';
import type { SiteProblem } from '../errors.ts';
import { ProblemList } from '../errors.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import type { RenderedRoute, SiteRenderer } from '../render/siteRenderer.ts';
import type { KeyedStore } from '../cache/keyedStore.ts';
import { renderKept } from './pageStore.ts';
import { searchPage, type SearchPage } from '../search/records.ts';
import { textFor } from '../config/clientSiteData.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { routeToFile } from '../shared/paths.ts';
import type { PageSink } from './outputDir.ts';
import { redirectHtml } from './siteFiles.ts';
import { pageMarkdownFile } from './llms.ts';

export interface BatchResult {
  pages: number;
  links: LinkRef[];
  anchors: [string, string[]][];
  /** What the search records of the batch's pages are made from (see SearchPage). */
  search: SearchPage[];
  feed: { path: string; html: string }[];
  assets: [string, string][];
  problems: SiteProblem[];
}

export async function renderRoutes(renderer: SiteRenderer, graph: SiteGraph, routes: Route[], out: PageSink, pages?: KeyedStore): Promise<BatchResult> {
  const problems = new ProblemList();
  const result: BatchResult = { pages: 0, links: [], anchors: [], search: [], feed: [], assets: [], problems: [] };
  for (const route of routes) {
    if (route.kind === 'redirect') {
      await out.write(routeToFile(route.path), redirectHtml(graph.config, String(route.data?.to)));
      continue;
    }
    let rendered;
    try {
      rendered = await renderKept(renderer, route, problems, pages);
    } catch (err) {
      // A page whose component throws is reported at its line, and the other pages still render:
      // every failing page is listed at once.
      const problem = renderer.pageFailed(err, route);
      if (!problem) throw err;
      problems.add(problem);
      continue;
    }
    const file = route.kind === 'not-found' ? route.path.slice(1) + '.html' : routeToFile(route.path);
    // The HTML is also what client-side navigation fetches (src/client/router.ts): one file per page.
    await out.write(file, rendered.html, rendered.keepAs);
    const md = pageMarkdownFile(route, rendered.content, graph);
    if (md) await out.write(md.file, md.text);
    result.pages++;
    result.links.push(...rendered.content.links);
    result.anchors.push([route.path, rendered.content.anchors]);
    if (searchable(route)) {
      result.search.push(searchPage(rendered.page, rendered.content.blocks, { lvl0: lvl0Of(route, rendered, graph.config), url: route.path, version: graph.config.docs.versionLabel }));
    }
    if (route.kind === 'blog-post') result.feed.push({ path: route.path, html: rendered.content.html });
  }
  result.assets = renderer.assets.entries();
  result.problems = problems.items;
  return result;
}

export function searchable(route: Route): boolean {
  return !route.noindex && !route.fallback && route.kind !== 'react-page' && !route.kind.endsWith('tags') && route.kind !== 'blog-list';
}

/** The top-level section a record belongs to: the docs category, the API, the blog, or the site. */
export function lvl0Of(route: Route, r: Pick<RenderedRoute, 'page'>, config: SiteConfig): string {
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
