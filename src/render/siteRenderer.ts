// The render stage's entry point: bundles the theme once, then renders any route of the graph
// to a complete HTML document (which client-side navigation fetches too).
// The build calls it for every route; the dev server calls it for the route requested.
import crypto from 'node:crypto';
import type { ClientSiteData, ContentFeature, PageContent, PageData, Route } from '../types.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import type { BlogPostData } from '../content/blog.ts';
import type { BlogAuthor } from '../content/authors.ts';
import { ProblemList, type SiteProblem } from '../errors.ts';
import { searchIndexUrls, toClientSiteData, textFor } from '../config/clientSiteData.ts';
import { AssetRegistry } from '../transform/assets.ts';
import { buildPageContent, renderMarkdownRoute, type TransformContext } from '../transform/pageContent.ts';
import { isMdxRoute, mdxExcerpt } from '../transform/mdxContent.ts';
import { loadMdxCompiler } from '../mdx/index.ts';
import { PageExitError, withExitGuard } from './exitGuard.ts';
import { withBase } from '../shared/paths.ts';
import { siteForLocale } from '../shared/page.ts';
import { importServerBundle, serverBundleFrames, type ClientBundle, type SiteBundles } from './bundle.ts';
import { problemFromError, type FrameMapper } from './errorLocation.ts';

export type { SiteBundles } from './bundle.ts';
import { renderDocument } from './document.ts';
import { contentAssets } from './contentAssets.ts';
import { OpenPaths, toPageData, type PostSummary } from './pageData.ts';
import { translations, versionCanonical } from '../content/routeQueries.ts';
import { headExtras } from './structuredData.ts';
import type { PageModuleInfo, ServerEntry } from './serverEntry.tsx';

export interface RenderedRoute {
  route: Route;
  page: PageData;
  content: PageContent;
  html: string;
}

export interface SiteRenderer {
  site: ClientSiteData;
  client: ClientBundle;
  assets: AssetRegistry;
  /**
   * JSON files that pages share and the browser loads (output path -> contents): each top-level
   * sidebar category's items, and the site data of each locale.
   */
  dataFiles: Map<string, string>;
  renderRoute(route: Route, problems: ProblemList): Promise<RenderedRoute>;
  /** A route's content and page data, without rendering it (watch mode checks its links first). */
  preparePage(route: Route, problems: ProblemList): PreparedPage;
  /** Renders a prepared page (renderRoute is preparePage + renderPrepared). */
  renderPrepared(prepared: PreparedPage): Promise<RenderedRoute>;
  /**
   * The author-facing problem for an error a route's React tree (a React page or the theme)
   * threw while rendering, at its source line; undefined for any other error (a bug of docsgen).
   */
  pageFailed(err: unknown, route: Route): SiteProblem | undefined;
}

export interface PreparedPage {
  route: Route;
  page: PageData;
  content: PageContent;
}

export interface RendererOptions {
  /** Where a route's content comes from (watch mode passes its cache); default buildPageContent. */
  content?(route: Route, ctx: TransformContext): PageContent;
}

export async function createSiteRenderer(graph: SiteGraph, bundles: SiteBundles, problems: ProblemList, options: RendererOptions = {}): Promise<SiteRenderer> {
  const { config } = graph;
  const { client } = bundles;
  const server = await importServerBundle(bundles.serverFile);
  const frames = serverBundleFrames(bundles.serverFile);
  const reactMeta = await checkReactPages(graph, server, problems, frames);
  // MDX pages' content comes from the site's MDX compiler, loaded only for a site that has some.
  // Their files are compiled now, asynchronously (see MdxCompiler.compileAsync), as the bundles
  // compiled them already on the thread that made them: a page reads its compiled file as it renders.
  if (graph.routes.some((r) => isMdxRoute(r, config))) {
    const compiler = await loadMdxCompiler(config);
    for (const route of graph.routes) if (isMdxRoute(route, config)) await compiler.compileAsync(route.sourceFile!).catch(() => {});
  }

  // Each top-level category's items in a file of their own, which the browser loads when the
  // reader opens the category or asks for the part of it a page leaves out.
  const dataFiles = new Map<string, string>();
  /** Writes `json` under `name.<hash>.json` in `dir`; returns its URL. */
  const dataFile = (dir: string, name: string, json: string) => {
    const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 8);
    const file = `_docsgen/${dir}/${name}.${hash}.json`;
    dataFiles.set(file, json);
    return withBase(config.basePath, '/' + file);
  };
  const categoryUrls = new Map<string, (string | undefined)[]>();
  for (const [key, items] of graph.sidebars) {
    const urls = items.map((item, i) => {
      if (item.type !== 'category' || !item.items.length) return undefined;
      return dataFile('sidebar', `${key.replace(':', '-')}-${i}`, JSON.stringify(item.items));
    });
    categoryUrls.set(key, urls);
  }
  const site = toClientSiteData(
    config,
    { searchIndex: searchIndexUrls(config, graph.locales) },
    graph.versions?.map((v) => ({ name: v.version.name, main: v.main })),
  );
  // The site data (navbar, footer, announcement...) is the same on every page of a locale: one
  // file each, which the browser loads once and keeps, rather than a copy in every page.
  const siteDataUrls = new Map(config.locales.map((l) => [l.code, dataFile('site', l.code, JSON.stringify(siteForLocale(site, l.code)))]));
  const assets = new AssetRegistry(config.basePath, config.root);

  const summaries = new Map<string, PostSummary | undefined>();
  /** What each post's excerpt needs in the browser (a list of posts shows the excerpts). */
  const excerptFeatures = new Map<string, ContentFeature[]>();
  const postSummary = (path: string): PostSummary | undefined => {
    if (summaries.has(path)) return summaries.get(path);
    const route = graph.byPath.get(path);
    let summary: PostSummary | undefined;
    if (route?.kind === 'blog-post') {
      const d = route.data as unknown as BlogPostData;
      // The excerpt's links were already checked with the full post: render it with a scratch list.
      const content = isMdxRoute(route, graph.config)
        ? mdxExcerpt(route, { graph, assets, problems: new ProblemList() })
        : renderMarkdownRoute(route, d.excerpt, route.bodyLine ?? 1, { graph, assets, problems: new ProblemList() }, true);
      if (content.features) excerptFeatures.set(path, content.features);
      summary = {
        title: route.title,
        href: route.path,
        date: d.date,
        description: route.description,
        authors: d.authors.map((a) => ({ ...a, image: authorImage(a), imageFile: undefined })),
        readingTime: d.readingTime,
        tags: d.tags,
        excerptHtml: content.html,
        truncated: d.truncated,
      };
    }
    summaries.set(path, summary);
    return summary;
  };
  const authorImage = (a: BlogAuthor) => (a.imageFile ? assets.add(a.imageFile) : a.image);
  const openPaths = new OpenPaths();

  function preparePage(route: Route, problems: ProblemList): PreparedPage {
    const ctx = { graph, assets, problems };
    const content = options.content ? options.content(route, ctx) : buildPageContent(route, ctx);
    const page = toPageData(route, content, { graph, categoryUrls, postSummary, resolveAuthorImage: authorImage, openPaths });
    const features = new Set(content.features);
    for (const post of (page.props?.posts ?? []) as { href?: string }[]) for (const f of excerptFeatures.get(post.href ?? '') ?? []) features.add(f);
    if (features.size) page.contentAssets = contentAssets(features, assets);
    // A doc or page whose front matter names it and whose body starts with a "# " heading shows
    // that heading as its title (the front matter's names the document and the sidebar).
    if ((route.kind === 'doc' || route.kind === 'page') && content.blocks[0]?.level === 1) page.contentTitle = true;
    if (route.kind === 'react-page') {
      const meta = reactMeta.get(String(route.data?.module));
      if (meta?.title) page.title = textFor(meta.title, route.locale, config.defaultLocale);
      if (meta?.description) page.description = textFor(meta.description, route.locale, config.defaultLocale);
    }
    return { route, page, content };
  }

  async function renderRoute(route: Route, problems: ProblemList): Promise<RenderedRoute> {
    return renderPrepared(preparePage(route, problems));
  }

  async function renderPrepared({ route, page, content }: PreparedPage): Promise<RenderedRoute> {
    let appHtml: string;
    try {
      const rendered = await withExitGuard(() => server.renderPage(page, site));
      appHtml = rendered.html;
      // A React page's <Layout title description> names its document, as on Docusaurus.
      if (rendered.title) page.title = rendered.title;
      if (rendered.description) page.description = rendered.description;
      if (rendered.documentTitle) page.documentTitle = rendered.documentTitle;
    } catch (err) {
      // The same error goes on (watch mode reads its stack); the build asks pageFailed about it.
      const thrown = err instanceof Object ? err : new Error(String(err));
      thrownByPages.add(thrown);
      throw thrown;
    }
    const own = translations(route, graph);
    const canonical = route.fallback
      ? (own.find((r) => r.locale === config.defaultLocale)?.path ?? route.path)
      : (versionCanonical(route, config) ?? route.path);
    const preloads = [
      ...(client.preloads.get('main') ?? []),
      ...(client.preloads.get(`strings:${route.locale}`) ?? client.preloads.get('strings:en') ?? []),
      ...(client.preloads.get(server.layoutKey(route.kind)) ?? []),
      ...(page.pageModule ? (client.preloads.get(`page:${page.pageModule}`) ?? []) : []),
    ];
    const html = renderDocument({
      page,
      site,
      siteDataUrl: siteDataUrls.get(page.locale) ?? siteDataUrls.get(config.defaultLocale)!,
      config,
      appHtml,
      assets: { css: client.css, entry: client.entry, preloads: [...new Set(preloads)] },
      canonicalPath: canonical,
      hreflang: route.fallback ? [] : own.map((r) => ({ locale: r.locale, href: r.path })),
      noindex: route.noindex,
      seo: headExtras(route, page, config, canonical, content.blocks),
    });
    // A feed entry holds the post's body: an MDX post's is its component, rendered on its own.
    if (route.kind === 'blog-post' && content.mdx)
      return { route, page, content: { ...content, html: await withExitGuard(() => server.renderBody(page, site)) }, html };
    return { route, page, content, html };
  }

  const thrownByPages = new WeakSet<object>();
  function pageFailed(err: unknown, route: Route): SiteProblem | undefined {
    if (!(err instanceof Object) || !thrownByPages.has(err)) return undefined;
    if (err instanceof PageExitError)
      return {
        code: 'page-exit',
        message: err.message,
        file: route.sourceFile,
        hint: `Rendering ${route.path} ran process.exit(), which would have ended the build: page code runs while the site is built; leave exiting to the build.`,
      };
    const at = problemFromError(err, 'page-render-failed', config.root, frames);
    // A throw inside React itself (an invalid element) has no frame of the site: name the page's module.
    const file = at.file ?? (route.kind === 'react-page' ? route.sourceFile : undefined);
    return {
      code: at.code,
      message: at.message,
      file,
      line: at.file ? at.line : undefined,
      hint: `Rendering ${route.path} threw this error${route.kind === 'react-page' ? ' (a React page is rendered in every locale)' : ''}; fix the component, or guard the code that throws.`,
    };
  }

  return { site, client, assets, dataFiles, renderRoute, preparePage, renderPrepared, pageFailed };
}

/**
 * A React page must load and export a default component; say which module does not. Returns the
 * `meta` each module exports, by module id.
 */
async function checkReactPages(
  graph: SiteGraph,
  server: ServerEntry,
  problems: ProblemList,
  frames: FrameMapper,
): Promise<Map<string, NonNullable<PageModuleInfo['meta']>>> {
  const meta = new Map<string, NonNullable<PageModuleInfo['meta']>>();
  for (const page of graph.files.reactPages) {
    const id = page.rel.replace(/\.(tsx|jsx|js)$/, '');
    let info;
    try {
      info = await withExitGuard(() => server.inspectPageModule(id));
    } catch (err) {
      const at = problemFromError(err, 'page-module-failed', graph.config.root, frames);
      problems.add({
        code: at.code,
        message: at.message,
        file: at.file ?? page.file,
        line: at.file ? at.line : 1,
        hint: `The module "content/pages/${page.rel}" threw while loading; code outside its components runs once, when the site is rendered.`,
      });
      continue;
    }
    if (info?.meta) meta.set(id, info.meta);
    if (!info?.hasDefault) {
      problems.add({
        code: 'page-no-default-export',
        message: `The page module "content/pages/${page.rel}" has no default export: a React page must export a default component`,
        file: page.file,
        line: 1,
        hint: 'Add: export default function Page() { return <main>...</main>; }',
      });
    }
  }
  return meta;
}
