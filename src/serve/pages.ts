// Pages on request, with two caches. Content (the Markdown or API body of a route) is kept until
// its inputs change; HTML is kept under the key of everything it was rendered from (see
// PreparedPage.key), so after a change only the pages whose inputs differ are rendered again.
// inspect() is synchronous: it never sees half of a rebuild.
import type { PageContent, Route } from '../types.ts';
import { ProblemList, type SiteProblem } from '../errors.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import type { SiteRenderer, PreparedPage } from '../render/siteRenderer.ts';
import type { SiteConfig } from '../types.ts';
import { buildPageContent, type TransformContext } from '../transform/pageContent.ts';
import { checkLinks } from '../transform/resolveLinks.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { isExternal, withBase } from '../shared/paths.ts';
import { problemFromError, type FrameMapper } from '../render/errorLocation.ts';

/** One generation of the site: replaced as a whole by every rebuild. */
export interface SiteState {
  config: SiteConfig;
  graph: SiteGraph;
  renderer: SiteRenderer;
  /** Changes with the site data embedded in every page and with the bundles. */
  siteKey: string;
  bundleId: number;
  /** Stack frames in the server bundle back to the theme's files. */
  mapFrame: FrameMapper;
}

export type Inspection =
  | { type: 'page'; status: 200 | 404; route: Route; prepared: PreparedPage; problems: SiteProblem[]; signature: string }
  | { type: 'redirect'; location: string; signature: string; problems: SiteProblem[] }
  | { type: 'error'; locale: string; problems: SiteProblem[]; signature: string };

interface ContentEntry {
  route: Route;
  api: unknown;
  generation: number;
  content: PageContent;
  problems: SiteProblem[];
}

const MAX_PAGES = 300;
const MAX_CONTENTS = 1500;

export class PageStore {
  /** Bumped when link targets or referenced files may resolve differently: all content is stale. */
  private contentGeneration = 0;
  private contents = new Map<string, ContentEntry>();
  private html = new Map<string, { key: string; html: string }>();
  private renderErrors = new Map<string, { key: string; problem: SiteProblem }>();
  /** Every asset path pages were given ('/assets/media/x-1a2b.png', no base path), to its file. */
  readonly assets = new Map<string, string>();

  constructor(
    private root: string,
    /** Adds the dev client to a page; the signature lets it tell a stale page from a current one. */
    private inject: (html: string, signature: string) => string,
  ) {}

  invalidateContent(): void {
    this.contentGeneration++;
    this.contents.clear();
  }

  invalidateHtml(): void {
    this.html.clear();
    this.renderErrors.clear();
  }

  /** The content of a route, from the cache while its inputs are unchanged. Replays its problems. */
  content = (route: Route, ctx: TransformContext): PageContent => {
    const hit = this.contents.get(route.path);
    if (hit && hit.generation === this.contentGeneration && hit.api === ctx.graph.api && sameSource(hit.route, route)) {
      for (const p of hit.problems) ctx.problems.add(p);
      touch(this.contents, route.path, hit);
      return hit.content;
    }
    const scratch = new ProblemList();
    const content = buildPageContent(route, { ...ctx, problems: scratch });
    for (const p of scratch.items) ctx.problems.add(p);
    touch(this.contents, route.path, { route, api: ctx.graph.api, generation: this.contentGeneration, content, problems: scratch.items }, MAX_CONTENTS);
    return content;
  };

  /** What a path shows now: a page (or the not-found page), a redirect, or an error. */
  inspect(state: SiteState, path: string): Inspection {
    const { graph, config } = state;
    let route = graph.byPath.get(path);
    let status: 200 | 404 = 200;
    if (route?.kind === 'redirect') {
      const to = String(route.data?.to);
      const location = isExternal(to) ? to : withBase(config.basePath, to);
      return { type: 'redirect', location, signature: `redirect:${location}`, problems: [] };
    }
    if (!route) {
      status = 404;
      route = graph.byPath.get(`${localPrefix(config, localeOfPath(config, path))}/404`);
      if (!route) return { type: 'error', locale: config.defaultLocale, problems: [], signature: 'no-404' };
    }
    const problems = new ProblemList();
    let prepared: PreparedPage;
    try {
      prepared = state.renderer.preparePage(route, problems);
      for (const [file, rel] of state.renderer.assets.entries()) this.assets.set('/' + rel, file);
      if (status === 200) this.checkPageLinks(state, prepared.content, problems);
    } catch (err) {
      const problem = problemFromError(err, 'render-failed', this.root, state.mapFrame);
      return { type: 'error', locale: route.locale, problems: [...problems.items, problem], signature: `error:${problem.message}:${state.siteKey}` };
    }
    const failed = this.renderErrors.get(route.path);
    if (failed && failed.key === prepared.key + state.siteKey) {
      return { type: 'error', locale: route.locale, problems: [...problems.items, failed.problem], signature: `error:${failed.key}` };
    }
    return { type: 'page', status, route, prepared, problems: problems.items, signature: `${prepared.key}:${state.siteKey}` };
  }

  /** The HTML of an inspected page: cached while its key holds. Throws when the page fails to render. */
  async render(state: SiteState, page: Extract<Inspection, { type: 'page' }>): Promise<string> {
    const key = page.prepared.key + state.siteKey;
    const hit = this.html.get(page.route.path);
    if (hit?.key === key) {
      touch(this.html, page.route.path, hit);
      return hit.html;
    }
    try {
      const rendered = await state.renderer.renderPrepared(page.prepared);
      const html = this.inject(rendered.html, page.signature);
      touch(this.html, page.route.path, { key, html }, MAX_PAGES);
      this.renderErrors.delete(page.route.path);
      return html;
    } catch (err) {
      this.renderErrors.set(page.route.path, { key, problem: problemFromError(err, 'render-failed', this.root, state.mapFrame) });
      throw err;
    }
  }

  /** Links of one page checked like the build does, with the anchors of the pages they target. */
  private checkPageLinks(state: SiteState, content: PageContent, problems: ProblemList): void {
    const { graph, renderer } = state;
    const anchors = new Map<string, Set<string>>();
    for (const link of content.links) {
      if (!link.anchor) continue;
      let target = graph.byPath.get(link.target);
      if (target?.kind === 'redirect') target = graph.byPath.get(String(target.data?.to));
      if (!target || anchors.has(target.path)) continue;
      const scratch = new ProblemList();
      anchors.set(target.path, new Set(this.content(target, { graph, assets: renderer.assets, problems: scratch }).anchors));
    }
    checkLinks(content.links, anchors, graph, problems);
  }
}

/** The locale a path belongs to, by its prefix ('/ko/...'). */
export function localeOfPath(config: SiteConfig, path: string): string {
  for (const l of config.locales) {
    if (l.code === config.defaultLocale) continue;
    if (path === `/${l.code}` || path.startsWith(`/${l.code}/`)) return l.code;
  }
  return config.defaultLocale;
}

/** Same Markdown or API source: the inputs of buildPageContent besides the graph's link targets. */
function sameSource(a: Route, b: Route): boolean {
  return (
    a === b ||
    (a.body === b.body &&
      a.bodyLine === b.bodyLine &&
      a.path === b.path &&
      a.kind === b.kind &&
      a.locale === b.locale &&
      a.sourceFile === b.sourceFile &&
      JSON.stringify(a.frontMatter) === JSON.stringify(b.frontMatter) &&
      JSON.stringify(a.data) === JSON.stringify(b.data))
  );
}

/** Map as a small LRU: re-inserting moves an entry to the end; the oldest go past `max`. */
function touch<V>(map: Map<string, V>, key: string, value: V, max?: number): void {
  map.delete(key);
  map.set(key, value);
  if (max !== undefined) while (map.size > max) map.delete(map.keys().next().value as string);
}
