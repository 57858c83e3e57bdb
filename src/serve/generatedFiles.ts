// The files a build writes besides pages, produced in dev on request from the graph in memory
// with the build's own functions: sitemap.xml, robots.txt, blog and API changelog feeds, the Markdown alternates
// and llms.txt, and the search files. Search records are kept per page and redone only for pages
// whose source changed.
import type { PageData, Route, SearchRecord } from '../types.ts';
import { ProblemList } from '../errors.ts';
import { feeds, robotsTxt, sitemapXml } from '../output/siteFiles.ts';
import { llmsTxt, markdownSource, versionLlmsPath } from '../output/llms.ts';
import { markdownPath, searchVersion } from '../content/routeQueries.ts';
import { lvl0Of, searchable } from '../search/records.ts';
import { extractRecords } from '../search/records.ts';
import { writeSearchFiles } from '../search/writeSearchFiles.ts';
import { MemoryFiles } from '../search/localIndex.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import type { BlogPostData } from '../content/blog.ts';
import { contentType } from './http.ts';
import type { PageStore, SiteState } from './pages.ts';

export interface GeneratedFile {
  body: string | Uint8Array;
  type: string;
}

interface RecordEntry {
  body: string | undefined;
  /** Title, description, kind and data of the route when its records were made. */
  route: string;
  lvl0: string;
  records: SearchRecord[];
}

/** How long the search records are made before the event loop may turn. */
const TURN_MS = 8;

export class GeneratedFiles {
  private searchFiles = new WeakMap<SiteState, Promise<Map<string, string | Uint8Array>>>();
  private records = new Map<string, RecordEntry>();

  constructor(
    private pages: PageStore,
    /** Resolves when no rebuild is due: making the records gives way to one. */
    private quiet: () => Promise<void>,
  ) {}

  /** The generated file at a site path ('/sitemap.xml'), or undefined. */
  async get(state: SiteState, sitePath: string): Promise<GeneratedFile | undefined> {
    const { graph, config } = state;
    if (sitePath === '/sitemap.xml') return { body: sitemapXml(graph), type: contentType('.xml') };
    if (sitePath === '/robots.txt') return { body: robotsTxt(config), type: contentType('.txt') };
    for (const locale of graph.locales) {
      const prefix = localPrefix(config, locale);
      if (sitePath === `${prefix}/llms.txt`) return { body: llmsTxt(graph, locale), type: contentType('.txt') };
      for (const v of config.versions ?? [])
        if (!v.isLast && sitePath === versionLlmsPath(config, locale, v.path)) return { body: llmsTxt(graph, locale, v.name), type: contentType('.txt') };
      if (config.blog.feeds && (sitePath === `${prefix}/blog/rss.xml` || sitePath === `${prefix}/blog/atom.xml`)) {
        const feed = this.feed(state, locale);
        return { body: sitePath.endsWith('rss.xml') ? feed.rss : feed.atom, type: contentType('.xml') };
      }
    }
    const apiFile = sitePath.endsWith('.xml') ? graph.api?.siteFiles?.(graph.locales).find((f) => `/${f.file}` === sitePath) : undefined;
    if (apiFile) return { body: apiFile.text, type: contentType('.xml') };
    if (sitePath.endsWith('.md')) {
      const route = graph.byPath.get(sitePath.slice(0, -3));
      if (route && markdownPath(route) === sitePath) return { body: markdownSource(route, graph), type: contentType('.md') };
    }
    if (sitePath.startsWith('/_docsgen/search/')) {
      const body = (await this.search(state)).get(sitePath.slice(1));
      if (body !== undefined) return { body, type: contentType(sitePath) };
    }
    return undefined;
  }

  private feed(state: SiteState, locale: string) {
    const { graph, renderer, config } = state;
    const date = (r: Route) => (r.data as unknown as BlogPostData).date;
    const posts = graph.routes.filter((r) => r.kind === 'blog-post' && r.locale === locale && !r.noindex).sort((a, b) => date(b).localeCompare(date(a)));
    const items = posts.map((route) => ({ route, html: this.pages.content(route, { graph, assets: renderer.assets, problems: new ProblemList() }).html }));
    return feeds(config, locale, items);
  }

  /** Search files of this generation, from per-page records that survive rebuilds. */
  private search(state: SiteState): Promise<Map<string, string | Uint8Array>> {
    let files = this.searchFiles.get(state);
    if (!files) {
      files = this.makeRecords(state).then((byLocale) => {
        const memory = new MemoryFiles();
        writeSearchFiles(memory, byLocale, state.config);
        return memory.files;
      });
      this.searchFiles.set(state, files);
    }
    return files;
  }

  /**
   * Each locale's search records: kept per page, and made again for the pages whose source
   * changed, with the event loop turning every few milliseconds (the first search of a large
   * site makes thousands).
   */
  private async makeRecords(state: SiteState): Promise<Map<string, SearchRecord[]>> {
    const { graph, renderer, config } = state;
    const byLocale = new Map<string, SearchRecord[]>(graph.locales.map((l) => [l, []]));
    const seen = new Set<string>();
    let turned = performance.now();
    for (const route of graph.routes) {
      if (route.kind === 'redirect' || !searchable(route)) continue;
      if (performance.now() - turned > TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        await this.quiet();
        turned = performance.now();
      }
      seen.add(route.path);
      const crumbs = { title: route.title, locale: route.locale, breadcrumbs: graph.nav.get(route.path)?.breadcrumbs } as PageData;
      const lvl0 = lvl0Of(route, { page: crumbs }, config);
      let entry = this.records.get(route.path);
      if (!entry || entry.body !== route.body || entry.route !== routeFacts(route) || entry.lvl0 !== lvl0) {
        // The page data as the build has it (content from the cache), for the records' fields.
        const { page, content } = renderer.preparePage(route, new ProblemList());
        const records = extractRecords(page, content.blocks, { lvl0, url: route.path, version: searchVersion(route, config) });
        entry = { body: route.body, route: routeFacts(route), lvl0, records };
        this.records.set(route.path, entry);
      }
      byLocale.get(route.locale)?.push(...entry.records);
    }
    for (const p of this.records.keys()) if (!seen.has(p)) this.records.delete(p);
    return byLocale;
  }
}

function routeFacts(route: Route): string {
  return JSON.stringify([route.title, route.description, route.kind, route.data, route.frontMatter]);
}
