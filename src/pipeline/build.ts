// `docsgen build`: config -> routes -> content -> pages -> output. The routes are collected and
// the theme bundled at the same time (esbuild works in its own process); the pages are rendered
// and written in batches, by the main thread or by render workers; the
// search files are written from each batch, in route order; links are checked once every page's
// anchors are known; and the output folder is swapped in only when every page rendered, every
// link resolved and the spec's validation passed.
import os from 'node:os';
import path from 'node:path';
import type { LinkRef, Route, SiteConfig } from '../types.ts';
import { BuildFailed, ProblemList } from '../errors.ts';
import { collectRoutes, forLocales, type SiteGraph } from '../content/collectRoutes.ts';
import { scanContent, type ContentFiles } from '../content/sourceFiles.ts';
import { checkLinks } from '../transform/resolveLinks.ts';
import { bundlableReactPages, buildBundles, disposeServerBundle, themeBundleFailed, type SiteBundles } from '../render/bundle.ts';
import { createSiteRenderer, type SiteRenderer } from '../render/siteRenderer.ts';
import { checkSocialImage } from '../render/structuredData.ts';
import { LocaleIndexBuilder } from '../search/localIndex.ts';
import { extractRecords, type SearchPage } from '../search/records.ts';
import { loadApiReference } from '../openapi/index.ts';
import { isMdxFile } from '../mdx/index.ts';
import { OutputDir } from '../output/outputDir.ts';
import { feeds, robotsTxt, sitemapXml, type FeedItem } from '../output/siteFiles.ts';
import { writeLlmsFiles } from '../output/llms.ts';
import { staticFilesToCopy } from '../output/staticFiles.ts';
import { renderBatch, type BatchResult } from './renderBatch.ts';
import { RenderPool, validateInWorker } from './workers.ts';
import { silentProgress, type BuildProgress } from './progress.ts';

export interface BuildOptions {
  outDir?: string;
  locales?: string[];
  minify?: boolean;
  /** Render workers besides the main thread (default: none for small sites, else one per other core). */
  workers?: number;
  /** False: no cache is read or written. */
  cache?: boolean;
  /** Where the build reports its phases and pages as it goes (the CLI prints them). */
  progress?: BuildProgress;
  log?: (line: string) => void;
}

export interface BuildResult {
  pages: number;
  files: number;
  copied: number;
  ms: number;
  warnings: ProblemList['items'];
  graph: SiteGraph;
}

const BATCH = 24;

export async function buildSite(config: SiteConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const t = timer(options.progress ?? silentProgress, options.log);
  const outDir = path.resolve(config.root, options.outDir ?? 'dist');
  const allLocales = config.locales.map((l) => l.code);
  const locales = options.locales ?? allLocales;
  const out = new OutputDir(outDir);
  let bundling: Promise<SiteBundles> | undefined;
  let pool: RenderPool | undefined;
  let graph: SiteGraph | undefined;
  try {
    const files = await scanContent(config, allLocales);
    const pages = await bundlableReactPages(config, files);
    files.reactPages = pages.pages;
    // The render workers start now: each loads its modules while this thread collects the routes.
    pool = new RenderPool(workerCount(config, files, options), {
      config,
      root: config.root,
      includeDrafts: config.includeDrafts,
      cache: options.cache !== false,
      outDir: out.tmp,
    });
    bundling = buildBundles(config, files, { minify: options.minify ?? true });
    // Collecting may fail first; the bundle's own failure is reported where it is awaited.
    bundling.catch(() => {});
    graph = await collectRoutes(config, {
      locales: allLocales,
      files,
      loadApi: (p) => loadApiReference(config, p, { validateElsewhere: validateInWorker, cache: options.cache }),
      keepBodies: false,
    });
    // A build of some locales (--locale) knows every locale's pages: its language menus, hreflang
    // links and link check are those of a build of all.
    if (locales.length < allLocales.length) graph = forLocales(graph, locales);
    const problems = graph.problems;
    for (const p of pages.problems) problems.add(p);
    checkSocialImage(config, problems);
    problems.throwIfErrors();
    pool.sendGraph(graph);
    t('collect routes');

    const bundles = await bundling.catch((err) => {
      throw themeBundleFailed(err, config.root);
    });
    pool.sendBundles(bundles);
    const renderer = await createSiteRenderer(graph, bundles, problems);
    problems.throwIfErrors();
    t('bundle theme');

    const batches: Route[][] = [];
    for (let i = 0; i < graph.routes.length; i += BATCH) batches.push(graph.routes.slice(i, i + BATCH));
    const merged = new MergedResults(graph, problems, out, batches);
    const renderingGraph = graph;
    const progress = options.progress ?? silentProgress;
    let routesDone = 0;
    await pool.render({
      batches,
      renderHere: (batch) => renderBatch(renderer, renderingGraph, batch, out),
      done: (batch, result, written = 0) => {
        out.written += written;
        merged.add(batch, result);
        progress.pages((routesDone += batch.length), renderingGraph.routes.length);
      },
    });
    t(`render ${merged.pages} pages`, pool.size ? `${pool.byWorkers} by ${pool.size} workers` : undefined);
    // The render workers are done: their memory goes.
    await pool.terminate();

    // The validation's problems are listed before the links'.
    const linkProblems = new ProblemList();
    checkLinks(merged.links, merged.anchors, graph, linkProblems, merged.leftOut);
    if (graph.api?.validation) for (const p of await graph.api.validation) problems.add(p);
    for (const p of linkProblems.items) problems.add(p);
    problems.throwIfErrors();
    t('check links');
    // A page left out is in no sitemap, list or llms.txt.
    if (merged.leftOut.size) {
      graph.routes = graph.routes.filter((r) => !merged.leftOut.has(r.path));
      for (const p of merged.leftOut) graph.byPath.delete(p);
    }
    const copied = await writeSiteFiles(out, graph, renderer, bundles, merged);
    t('write site files');
    merged.finishSearch();
    t('write search index');
    out.commit();
    t('replace output');
    return { pages: merged.pages, files: out.written, copied, ms: performance.now() - started, warnings: problems.warnings, graph };
  } catch (err) {
    await pool?.terminate();
    out.discard();
    throw await explainedByValidation(err, graph);
  } finally {
    options.progress?.end();
    const bundles = await bundling?.catch(() => undefined);
    if (bundles) disposeServerBundle(bundles.serverFile);
  }
}

/** The site's files besides its pages and search files; returns how many were copied as they are. */
async function writeSiteFiles(out: OutputDir, graph: SiteGraph, renderer: SiteRenderer, bundles: SiteBundles, merged: MergedResults): Promise<number> {
  const { config } = graph;
  const filesBefore = out.written;
  for (const [file, json] of renderer.dataFiles) out.write(file, json);
  for (const [file, data] of bundles.client.files) out.write(file, data);
  for (const [from, rel] of merged.assets) out.copy(from, rel);
  for (const [from, rel] of staticFilesToCopy(config.root)) out.copy(from, rel);
  const copied = out.written - filesBefore;
  out.write('sitemap.xml', sitemapXml(graph));
  out.write('robots.txt', robotsTxt(config));
  writeLlmsFiles(out, graph, merged.llmsLines);
  for (const { file, text } of graph.api?.siteFiles?.(graph.locales) ?? []) out.write(file, text);
  if (config.blog.feeds) {
    for (const [locale, items] of merged.feedItems) {
      items.sort((a, b) => String(b.route.data?.date).localeCompare(String(a.route.data?.date)));
      const { rss, atom } = feeds(config, locale, items);
      const prefix = locale === config.defaultLocale ? '' : `${locale}/`;
      out.write(`${prefix}blog/rss.xml`, rss);
      out.write(`${prefix}blog/atom.xml`, atom);
    }
  }
  return copied;
}

/**
 * A build that failed while the spec's validation ran: the validation's errors are reported with
 * the build's own problems, and instead of a crash they may have caused.
 */
async function explainedByValidation(err: unknown, graph: SiteGraph | undefined): Promise<unknown> {
  if (!graph?.api?.validation) return err;
  const errors = (await graph.api.validation.catch(() => [])).filter((p) => p.severity !== 'warning');
  if (!errors.length) return err;
  return new BuildFailed(err instanceof BuildFailed ? [...err.problems, ...errors.filter((e) => !err.problems.some((p) => p.message === e.message))] : errors);
}

/**
 * Render workers. A worker takes the main thread's route table and warms up a renderer of its own,
 * and pages rendered on different threads share no rendered parts: it pays off from about 300
 * Markdown files (on two cores, the worker renders and writes the pages while the main thread
 * makes the search index). MDX files are not counted: the main thread compiles them while the
 * theme bundles, and a worker would compile each again for its content (Jest's site, 585 MDX
 * files: 18.5 s and 987 MB with one worker, 10.8 s and 490 MB without).
 * Counted before the routes are known: by the content files, and, with more than two cores, an
 * OpenAPI reference, whose pages are the heaviest to render (on two, a worker's own copy of the
 * spec's model costs more memory than its time saves).
 */
function workerCount(config: SiteConfig, files: ContentFiles, options: BuildOptions): number {
  if (options.workers !== undefined) return options.workers;
  let pages = 0;
  for (const localeFiles of files.byLocale.values()) for (const f of localeFiles.values()) if (!isMdxFile(f.file, config)) pages++;
  const cores = os.availableParallelism();
  return pages >= 300 || (config.openapi && cores > 2) ? Math.min(cores - 1, 4) : 0;
}

/** What the build needs from every batch, merged as batches come in (a batch's result is not kept). */
class MergedResults {
  pages = 0;
  readonly links: LinkRef[] = [];
  readonly anchors = new Map<string, Set<string>>();
  readonly feedItems = new Map<string, FeedItem[]>();
  readonly assets = new Map<string, string>();
  readonly llmsLines = new Map<string, string>();
  /** Pages left out while rendering (see BatchResult.leftOut). */
  readonly leftOut = new Set<string>();
  /** Each locale's search files, written as its pages come in. */
  private readonly search = new Map<string, LocaleIndexBuilder>();
  private readonly unrendered = new Map<string, number>();
  /** Batches' search pages that came in before an earlier batch's: they are taken in route order. */
  private readonly waiting = new Map<number, [Route[], SearchPage[]]>();
  private readonly order: Map<Route[], number>;
  private next = 0;

  constructor(
    private readonly graph: SiteGraph,
    private readonly problems: ProblemList,
    private readonly out: OutputDir,
    batches: Route[][],
  ) {
    this.order = new Map(batches.map((b, i) => [b, i]));
    for (const locale of graph.locales) {
      this.search.set(locale, new LocaleIndexBuilder(locale, out, !graph.config.search.algolia));
      this.unrendered.set(locale, 0);
    }
    for (const route of graph.routes) this.unrendered.set(route.locale, this.unrendered.get(route.locale)! + 1);
  }

  add(batch: Route[], r: BatchResult): void {
    this.pages += r.pages;
    this.links.push(...r.links);
    for (const [p, ids] of r.anchors) this.anchors.set(p, new Set(ids));
    for (const f of r.feed) {
      const route = this.graph.byPath.get(f.path)!;
      this.feedItems.set(route.locale, [...(this.feedItems.get(route.locale) ?? []), { route, html: f.html }]);
    }
    for (const [from, rel] of r.assets) this.assets.set(from, rel);
    for (const [p, line] of r.llmsLines) this.llmsLines.set(p, line);
    for (const [file, text] of r.markdownCopies) this.out.write(file, text);
    for (const p of r.problems) this.problems.add(p);
    for (const p of r.leftOut) this.leftOut.add(p);
    this.waiting.set(this.order.get(batch)!, [batch, r.search]);
    for (let next = this.waiting.get(this.next); next; next = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++);
      this.addSearchPages(...next);
    }
  }

  /** Finishes the search files of every locale not finished yet (a locale without pages). */
  finishSearch(): void {
    for (const builder of this.search.values()) builder.finish();
    this.search.clear();
  }

  private addSearchPages(batch: Route[], pages: SearchPage[]): void {
    for (const p of pages) this.search.get(p.page.locale)!.addPage(extractRecords(p.page, p.blocks, p));
    // Routes come locale by locale: a locale's search files are finished as soon as its pages are
    // all in, while the next locale renders.
    for (const route of batch) this.unrendered.set(route.locale, this.unrendered.get(route.locale)! - 1);
    for (const [locale, left] of this.unrendered) {
      if (left > 0) continue;
      this.unrendered.delete(locale);
      this.search.get(locale)!.finish();
      this.search.delete(locale);
    }
  }
}

/** Reports each phase's time; DOCSGEN_DEBUG adds the memory in use after it. */
function timer(progress: BuildProgress, log?: (line: string) => void) {
  let last = performance.now();
  return (phase: string, detail?: string) => {
    const now = performance.now();
    progress.phase(phase, now - last);
    if (process.env.DOCSGEN_DEBUG)
      (log ?? console.error)(
        `  ${phase}${detail ? ` (${detail})` : ''}: ${(now - last).toFixed(0)} ms, rss ${(process.memoryUsage.rss() / 1048576).toFixed(0)} MB`,
      );
    last = now;
  };
}

/** The one line every build ends with. */
export function summaryLine(result: BuildResult): string {
  const perPage = result.pages ? result.ms / result.pages : 0;
  return `Wrote ${result.pages} pages and ${result.files} files (${result.copied} copied) in ${(result.ms / 1000).toFixed(2)} s, ${perPage.toFixed(2)} ms per page`;
}

export { BuildFailed };
