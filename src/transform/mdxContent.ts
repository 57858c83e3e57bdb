// An MDX route's content: what its compiled file records (headings, anchors, search text), with
// the links and images resolved for this route (a locale that falls back to the default's file
// links to its own pages) and checked like a Markdown page's. The body itself is the page module,
// rendered with the page; its links take the resolved URLs from the page data.
import type { PageContent, Route, SiteConfig } from '../types.ts';
import { isMdxFile, MdxCompileError, mdxCompiler, mdxModuleId } from '../mdx/index.ts';
import { escapeHtml } from '../shared/html.ts';
import { resolveAsset, resolveLink, type LinkContext } from './resolveLinks.ts';
import { hasBody } from '../content/routeQueries.ts';

export function isMdxRoute(route: Route, config: SiteConfig): boolean {
  return isMdxFile(route.sourceFile, config) && hasBody(route);
}

export function mdxRouteContent(route: Route, ctx: Pick<LinkContext, 'graph' | 'assets' | 'problems'>): PageContent {
  const { config } = ctx.graph;
  const file = route.sourceFile!;
  let compiled;
  try {
    compiled = mdxCompiler(config).compile(file);
  } catch (err) {
    if (!(err instanceof MdxCompileError)) throw err;
    ctx.problems.add(err.toProblem());
    return { html: '', toc: [], anchors: [], links: [], blocks: [] };
  }
  const fm = (route.frontMatter ?? {}) as { toc_min_heading_level?: number; toc_max_heading_level?: number };
  const tocMin = fm.toc_min_heading_level ?? config.toc.minLevel;
  const tocMax = fm.toc_max_heading_level ?? config.toc.maxLevel;
  const links: LinkContext['links'] = [];
  const linkCtx: LinkContext = { route, graph: ctx.graph, assets: ctx.assets, problems: ctx.problems, links };
  const hrefs = new Map<string, string>();
  for (const { url, line, image, written } of compiled.links) {
    // A partial's link keeps the target as written in its element; it resolves from the partial's folder (url).
    const key = image ? `!${written ?? url}` : (written ?? url);
    if (hrefs.has(key)) continue;
    hrefs.set(key, image ? resolveAsset(url, line, linkCtx) : resolveLink(url, line, linkCtx).href);
  }
  for (const w of compiled.warnings) ctx.problems.add({ code: w.code, message: w.message, file, line: w.line, hint: w.hint, severity: 'warning' });
  return {
    html: '',
    toc: compiled.headings.filter((h) => h.level >= tocMin && h.level <= tocMax),
    anchors: compiled.anchors,
    blocks: compiled.blocks,
    links,
    hrefs,
    features: compiled.features.length ? (compiled.features as PageContent['features']) : undefined,
    mdx: { module: mdxModuleId(config, file), hydrate: compiled.hydrate, docCards: compiled.docCards || undefined },
  };
}

/**
 * An MDX post's excerpt in a list of posts: its first paragraph as text (its components render
 * only on its own page).
 */
export function mdxExcerpt(route: Route, ctx: Pick<LinkContext, 'graph' | 'assets' | 'problems'>): PageContent {
  const content = mdxRouteContent(route, ctx);
  const first = content.blocks.find((b) => b.level === 0);
  return { ...content, html: first ? `<p>${escapeHtml(first.text)}</p>\n` : '', mdx: undefined };
}
