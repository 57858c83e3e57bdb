// Pages on request. Content (the Markdown or API body of a route) is kept until its inputs
// change; a page is rendered once per generation of the site, and its signature is a hash of its
// HTML, so that a browser showing it reloads only when the page it would get differs.
import type { PageContent, Route } from '../types.ts';
import { ProblemList, type SiteProblem } from '../errors.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import crypto from 'node:crypto';
import type { SiteRenderer } from '../render/siteRenderer.ts';
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
  bundleId: number;
  /** Stack frames in the server bundle back to the theme's files. */
  mapFrame: FrameMapper;
  /** The first build's: the default locale without the API reference (see DevSite.start). */
  partial: boolean;
}

export type PageView =
  | { type: 'page'; status: 200 | 404; route: Route; html: string; problems: SiteProblem[]; signature: string; links: string[] }
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
/** The most pages a page's links have rendered ahead (see prefetch). */
const MAX_PREFETCH = 20;

export class PageStore {
  /** Bumped when link targets or referenced files may resolve differently: all content is stale. */
  private contentGeneration = 0;
  private contents = new Map<string, ContentEntry>();
  /** What each path showed in a generation of the site (the newest paths last). */
  private views = new Map<string, { state: SiteState; view: Promise<PageView> }>();
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

  /** What a path shows in this generation: a page (or the not-found page), a redirect, or an error. */
  view(state: SiteState, path: string): Promise<PageView> {
    const hit = this.views.get(path);
    if (hit?.state === state) return hit.view;
    const view = this.render(state, path);
    touch(this.views, path, { state, view }, MAX_PAGES);
    return view;
  }

  /**
   * Renders the pages a served page links to, one at a time whenever the server is `quiet` (no
   * rebuild due, no request being answered) and while `state` is `current`, so that following a
   * link finds its page ready.
   */
  prefetch(state: SiteState, paths: string[], quiet: () => Promise<void>, current: () => boolean): void {
    // A page rendered before (in any generation) is left alone: an edit must not render the
    // edited page's neighbours again each time it is saved.
    const todo = [...new Set(paths)].filter((p) => state.graph.byPath.has(p) && !this.views.has(p)).slice(0, MAX_PREFETCH);
    void (async () => {
      for (const path of todo) {
        await quiet();
        if (!current()) return;
        await this.view(state, path);
      }
    })().catch(() => {});
  }

  private async render(state: SiteState, path: string): Promise<PageView> {
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
    try {
      const prepared = state.renderer.preparePage(route, problems);
      for (const [file, rel] of state.renderer.assets.entries()) this.assets.set('/' + rel, file);
      // Links to the other locales and the API are checked once they are in.
      if (status === 200 && !state.partial) this.checkPageLinks(state, prepared.content, problems);
      const { html } = await state.renderer.renderPrepared(prepared);
      const signature = crypto.createHash('sha1').update(html).digest('hex');
      const nav = graph.nav.get(route.path);
      const links = [...prepared.content.links.map((l) => l.target), ...[nav?.prev, nav?.next].flatMap((l) => (l ? [l.href] : []))];
      return { type: 'page', status, route, html: this.inject(html, signature), problems: problems.items, signature, links };
    } catch (err) {
      const problem = problemFromError(err, 'render-failed', this.root, state.mapFrame);
      const signature = `error:${crypto.createHash('sha1').update(JSON.stringify(problem)).digest('hex')}`;
      return { type: 'error', locale: route.locale, problems: [...problems.items, problem], signature };
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
