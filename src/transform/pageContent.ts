// The transform stage's entry point: one route in, its PageContent out. Markdown routes go
// through markdown-it, MDX routes through MDX (src/mdx), API routes through the OpenAPI renderer;
// generated pages (lists, tags, categories) have no body of their own.
import type { PageContent, Route } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import type { ContentGraph } from '../content/collectRoutes.ts';
import { renderMarkdown, type MarkdownEnv } from '../markdown/renderMarkdown.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { refusedUrlMessage, REFUSED_URL_HINT } from '../shared/urlPolicy.ts';
import type { AssetRegistry } from './assets.ts';
import { resolveAsset, resolveLink, type LinkContext } from './resolveLinks.ts';
import { isMdxRoute, mdxRouteContent } from './mdxContent.ts';
import { hasBody, routeBody } from '../content/routeQueries.ts';

const EMPTY: PageContent = { html: '', toc: [], anchors: [], links: [], blocks: [] };

export interface TransformContext {
  graph: ContentGraph;
  assets: AssetRegistry;
  problems: ProblemList;
}

export function buildPageContent(route: Route, ctx: TransformContext): PageContent {
  if (route.kind === 'api-operation' || route.kind === 'api-tag') {
    return ctx.graph.api ? ctx.graph.api.renderContent(route, getStrings(route.locale)) : EMPTY;
  }
  if (!hasBody(route)) return EMPTY;
  if (isMdxRoute(route, ctx.graph.config)) return mdxRouteContent(route, ctx);
  return renderMarkdownRoute(route, routeBody(route)!, route.bodyLine ?? 1, ctx);
}

/** Renders Markdown that belongs to a route: its body, or a blog post's excerpt (`excerpt`). */
export function renderMarkdownRoute(route: Route, body: string, bodyLine: number, ctx: TransformContext, excerpt = false): PageContent {
  const { config } = ctx.graph;
  const fm = (route.frontMatter ?? {}) as { toc_min_heading_level?: number; toc_max_heading_level?: number };
  const links: LinkContext['links'] = [];
  const linkCtx: LinkContext = { route, graph: ctx.graph, assets: ctx.assets, problems: ctx.problems, links };
  const hrefs = new Map<string, string>();
  const refusedUrls: { url: string; line: number }[] = [];
  const warnings: NonNullable<MarkdownEnv['warnings']> = [];
  const rendered = renderMarkdown(
    body,
    {
      file: route.sourceFile ?? '',
      // A list of posts shows several excerpts on one page: their footnote ids get the post's name.
      docId: excerpt ? route.path.split('/').pop() : undefined,
      refusedUrls,
      warnings,
      bodyLine,
      strings: getStrings(route.locale),
      resolveLink: (href, line) => {
        const resolved = resolveLink(href, line, linkCtx);
        hrefs.set(href, resolved.href);
        return resolved;
      },
      resolveAsset: (src, line) => {
        const resolved = resolveAsset(src, line, linkCtx);
        hrefs.set(`!${src}`, resolved);
        return resolved;
      },
    },
    {
      allowHtml: config.markdown.allowHtml,
      tocMin: fm.toc_min_heading_level ?? config.toc.minLevel,
      tocMax: fm.toc_max_heading_level ?? config.toc.maxLevel,
      plugins: config.markdown.plugins,
    },
  );
  for (const { message, line, hint } of warnings) {
    ctx.problems.add({ code: 'markdown', message, file: route.sourceFile, line, hint, severity: 'warning' });
  }
  for (const { url, line } of refusedUrls) {
    ctx.problems.add({ code: 'url-refused', message: refusedUrlMessage(url), file: route.sourceFile, line, severity: 'warning', hint: REFUSED_URL_HINT });
  }
  return { html: rendered.html, toc: rendered.toc, anchors: rendered.anchors, blocks: rendered.blocks, links, hrefs, features: rendered.features };
}
