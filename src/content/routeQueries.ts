// Questions later stages ask of the route table: a page's translations (hreflang, canonical,
// sitemap), its version's canonical page and search tag, and where its Markdown copy is published.
import fs from 'node:fs';
import type { Route, SiteConfig } from '../types.ts';
import type { SiteGraph } from './collectRoutes.ts';
import { EVERY_VERSION } from '../shared/search/indexFile.ts';

const API_KINDS = new Set(['api-operation', 'api-tag']);

export function isApiPage(route: Route): boolean {
  return API_KINDS.has(route.kind);
}

/** The locales in which a page exists with its own source, for hreflang. */
export function translations(route: Route, graph: Pick<SiteGraph, 'byKey'>): Route[] {
  return (graph.byKey.get(route.key) ?? []).filter((r) => !r.fallback && r.kind !== 'redirect');
}

/**
 * Site path of a route's published Markdown ('/docs/a' -> '/docs/a.md'), or undefined when the
 * route has none. Docs publish their Markdown source, API pages the Markdown their renderer
 * writes beside the HTML. A fallback page shows another locale's source, which is published
 * under that locale.
 */
export function markdownPath(route: Route): string | undefined {
  if (route.fallback || route.path === '/' || route.noindex) return undefined;
  if (route.kind === 'doc' && hasBody(route)) return `${route.path}.md`;
  if (isApiPage(route)) return `${route.path}.md`;
  return undefined;
}

/** Whether a route renders Markdown (a doc, a page or a post; not a generated page). */
export function hasBody(route: Route): boolean {
  return route.body !== undefined || route.bodyStart !== undefined;
}

/** A route's Markdown body: kept in the route, or read again from its file (see Route.bodyStart). */
export function routeBody(route: Route): string | undefined {
  if (route.body !== undefined || route.bodyStart === undefined || !route.sourceFile) return route.body;
  return fs.readFileSync(route.sourceFile, 'utf8').slice(route.bodyStart);
}

/** The route with its body read, for a step that uses it more than once (a page's HTML and its .md copy). */
export function withBody(route: Route): Route {
  return route.body !== undefined || route.bodyStart === undefined ? route : { ...route, body: routeBody(route) };
}

/** The URL search engines should index for a page: an older or unreleased version's page that the last version has too is that page. */
export function versionCanonical(route: Route, config: SiteConfig): string | undefined {
  const last = config.versions?.find((v) => v.isLast);
  if (!route.version || !last || route.version.name === last.name) return undefined;
  return route.version.same[last.name];
}

/** The version a page's search records carry: its docs version's name; pages outside the docs are found from every version. */
export function searchVersion(route: Route, config: SiteConfig): string {
  if (!config.versions) return config.docs.versionLabel;
  return route.version?.name ?? EVERY_VERSION;
}
