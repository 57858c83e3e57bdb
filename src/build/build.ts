// `docsgen build`: the pipeline from config to a finished output folder. Routes are rendered in
// batches by the main thread (and by render workers on machines with cores to spare); the output
// thread writes them as they are produced (no page's HTML is kept) and builds each locale's search
// files once its pages are rendered; links are checked once every page's anchors are known, and
// the output folder is swapped in only when everything succeeded.
import os from 'node:os';
import path from 'node:path';
import type { LinkRef, Route, SiteConfig } from '../types.ts';
import type { SearchPage } from '../search/records.ts';
import { BuildFailed, ProblemList } from '../errors.ts';
import { collectRoutes, type SiteGraph } from '../content/collectRoutes.ts';
import { scanContent } from '../content/sourceFiles.ts';
import { checkLinks } from '../transform/resolveLinks.ts';
import { createSiteRenderer, type SiteBundles, type SiteRenderer } from '../render/siteRenderer.ts';
import { disposeServerBundle, themeBundleFailed } from '../render/bundle.ts';
import { OutputDir, type PageSink } from './outputDir.ts';
import { renderRoutes, type BatchResult } from './renderRoutes.ts';
import { OutputThread, validateInThread, WorkerPool } from './workerPool.ts';
import { ApiThread } from './apiThread.ts';
import { useApiThreadInterruptBudget, useSerialScavenges } from './threadPriority.ts';
import { EarlyContent } from './earlyContent.ts';
import { buildPageContent } from '../transform/pageContent.ts';
import { keptApiReference, loadApiReference } from '../openapi/index.ts';
import { feeds, robotsTxt, sitemapXml, type FeedItem } from './siteFiles.ts';
import { writeLlmsFiles } from './llms.ts';
import { checkSocialImage } from './structuredData.ts';
import { flushStores, type KeyedStore } from '../cache/keyedStore.ts';
import { openPageStore } from './pageStore.ts';
import { staticFilesToCopy } from './staticFiles.ts';

export interface BuildOptions {
  outDir?: string;
  locales?: string[];
  minify?: boolean;
  /**
   * Render workers besides the main thread and the output thread (default: one per core beyond
   * those two, none for small sites).
   */
  workers?: number;
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
/** Routes from which a two-core machine renders on two threads (see workerCount). */
const LARGE_SITE = 2000;

export async function buildSite(config: SiteConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const t = timer(options.log);
  const outDir = path.resolve(config.root, options.outDir ?? 'dist');
  const locales = options.locales ?? config.locales.map((l) => l.code);
  const out = new OutputDir(outDir, path.join(config.root, '.docsgen', 'previous-output'));
  const writer = new OutputThread({ root: out.tmp, recycled: out.recycled, localIndex: !config.search.algolia });
  // A rebuild whose spec did not change takes the reference kept from the last build, in a few
  // milliseconds. Otherwise the API thread, where used, starts first: the spec is parsed there
  // while the content is scanned and collected here.
  const keptProblems = new ProblemList();
  // (Anything unexpected there only means loading the spec as usual.)
  const kept = await keptApiReference(config, keptProblems).catch(() => undefined);
  const apiThread = config.openapi && !kept && useApiThread(options) ? new ApiThread(config, locales) : undefined;
  if (apiThread) {
    useSerialScavenges();
    useApiThreadInterruptBudget();
  }
  let bundling: Promise<SiteBundles> | undefined;
  let pool: WorkerPool | undefined;
  let bundles: SiteBundles | undefined;
  let graph: SiteGraph | undefined;
  try {
    // The file list comes first: the output thread bundles the theme while the routes are
    // collected here.
    const files = await scanContent(config, locales);
    bundling = writer.bundle(config, files, { minify: options.minify ?? true });
    // Collecting may fail first; the bundle's own failure is reported where it is awaited.
    bundling.catch(() => {});
    // The spec's validation (when not cached) runs in a thread of its own while the build goes on.
    const takeKept = async (p: ProblemList) => {
      for (const problem of keptProblems.items) p.add(problem);
      return kept;
    };
    const loadApi = kept
      ? takeKept
      : apiThread
        ? (p: ProblemList) => apiThread.load(p)
        : (p: ProblemList) => loadApiReference(config, p, { validateElsewhere: validateInThread, kept: false });
    // While the API thread loads the reference, this thread would wait: it makes the docs' content.
    const early = apiThread ? new EarlyContent(config) : undefined;
    graph = await collectRoutes(config, { locales, files, loadApi, whileApiLoads: early && ((docs) => early.render(docs)) });
    const problems = graph.problems;
    checkSocialImage(config, problems);
    problems.throwIfErrors();
    t('collect');

    const workers = apiThread ? 0 : workerCount(graph, options);
    if (workers) pool = new WorkerPool(workers, { config: graph.config, locales: graph.locales, tmpDir: out.tmp, recycled: out.recycled });
    bundles = await bundling.catch((err) => {
      throw themeBundleFailed(err, config.root);
    });
    pool?.start(bundles);
    const renderer = await createSiteRenderer(graph, bundles, problems, early && { content: (route, ctx) => early.take(route) ?? buildPageContent(route, ctx) });
    early?.handOverAssets(renderer.assets);
    const pages = openPageStore(graph.config, renderer.site, bundles, true);
    // Pages are kept by the thread that writes them (this one, or the output thread).
    if (pages) {
      out.keepIn = pages;
      writer.keepPagesIn(pages.dir);
    }
    problems.throwIfErrors();
    t('bundle');

    early?.handOverProblems(problems);
    const merged = new MergedResults(graph, problems);
    const search = new SearchHandoff(graph, writer);
    // With render workers, every rendering thread writes its own pages (as the workers do): the
    // cores are busy rendering, and handing pages to the output thread only adds copies. The
    // output thread then only makes the search files.
    const pageSink: PageSink = pool ? out : balancedSink(writer, out);
    const byWorkers = await renderAll(graph, renderer, { out, pageSink, pool, pages }, (batch, result) => {
      merged.add(result);
      search.rendered(batch, result.search);
    });
    // Every page this build renders is rendered: the spec's validation starts, if the API thread
    // has not started it (it does after the last page it renders, which the main thread took).
    apiThread?.validateNow();
    // The render workers are done: their memory goes.
    await pool?.terminate();
    flushStores();
    pages?.compact();
    t(`render (${byWorkers} of ${merged.pages} pages by ${workers} workers)`);
    // The links are checked and the site's other files written while the spec's validation and
    // the search files finish on other threads; the validation's problems are still listed first.
    const linkProblems = new ProblemList();
    checkLinks(merged.links, merged.anchors, graph, linkProblems);
    const copied = problems.errors.length || linkProblems.errors.length ? 0 : await writeSiteFiles(out, graph, renderer, merged);
    t('write site files');
    if (graph.api?.validation) for (const p of await graph.api.validation) problems.add(p);
    await apiThread?.finish();
    for (const p of linkProblems.items) problems.add(p);
    problems.throwIfErrors();
    t('validation');
    await search.finish();
    t('write search');
    const { paths, unchanged } = await writer.finish();
    out.addWritten(paths);
    t(`output thread (${unchanged + out.unchanged} of ${out.written} files unchanged)`);
    out.commit();
    t('commit');
    return { pages: merged.pages, files: out.written, copied, ms: performance.now() - started, warnings: problems.warnings, graph };
  } catch (err) {
    // Threads stop before the unfinished output is put away, so none writes into it afterwards.
    // The output thread first writes what it was handed (it runs at a lower priority and may be
    // behind): the kept folder then holds this build's pages, which the next build starts from.
    await pool?.terminate();
    await writer.finish().catch(() => {});
    // The theme's bundle is let finish first: a thread stopped mid-bundle leaves esbuild's process
    // waiting for its plugins' answers, and when a ping is unanswered too, Go finds every goroutine
    // asleep and prints a deadlock trace. Its server module is then disposed below.
    bundles ??= await bundling?.catch(() => undefined);
    await writer.terminate();
    await out.discard();
    // The API thread runs the spec's validation: it stops once its errors are known.
    apiThread?.validateNow();
    throw await explainedByValidation(err, graph);
  } finally {
    await pool?.terminate();
    await apiThread?.terminate();
    await writer.terminate();
    bundles ??= await bundling?.catch(() => undefined);
    if (bundles) disposeServerBundle(bundles.serverFile);
  }
}

/** The site's files besides its pages and search files; returns how many were copied as they are. */
async function writeSiteFiles(out: OutputDir, graph: SiteGraph, renderer: SiteRenderer, merged: MergedResults): Promise<number> {
  const { config } = graph;
  const filesBefore = out.written;
  for (const [file, json] of renderer.sidebarFiles) await out.write(file, json);
  for (const [file, data] of renderer.client.files) await out.write(file, data);
  for (const [from, rel] of merged.assets) await out.copy(from, rel);
  for (const [from, rel] of staticFilesToCopy(config.root)) await out.copy(from, rel);
  const copied = out.written - filesBefore;
  await out.write('sitemap.xml', sitemapXml(graph));
  await out.write('robots.txt', robotsTxt(config));
  await writeLlmsFiles(out, graph);
  if (config.blog.feeds) await writeFeeds(out, config, merged.feedItems);
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
 * Whether the API reference is loaded and its pages' content rendered in a thread of its own:
 * on two cores, where the main thread renders alone (a render worker repeats the whole content
 * stage, the API thread only the reference). DOCSGEN_API_THREAD=0 or 1 decides otherwise.
 */
function useApiThread(options: BuildOptions): boolean {
  const forced = process.env.DOCSGEN_API_THREAD;
  if (forced) return forced !== '0';
  if (options.workers !== undefined || process.env.DOCSGEN_WORKERS) return false;
  return os.availableParallelism() <= 2;
}

function workerCount(graph: SiteGraph, options: BuildOptions): number {
  if (options.workers !== undefined) return options.workers;
  if (process.env.DOCSGEN_WORKERS) return Number(process.env.DOCSGEN_WORKERS);
  // A worker repeats the content stage and warms up its own copy of the renderer, which only pays
  // off on larger sites.
  if (graph.routes.length < 300) return 0;
  const cores = os.availableParallelism();
  // On two cores, the main thread renders and the output thread writes, up to a few thousand
  // pages; past that, measured on the corpus at 2000 pages per locale and on a 2000-operation API
  // reference, a second renderer pays off more than a thread that only writes.
  if (cores <= 2) return graph.routes.length >= LARGE_SITE ? 1 : 0;
  return Math.min(cores - 2, 3);
}

/** What the build needs from every batch, merged as batches come in (a batch's result is not kept). */
class MergedResults {
  pages = 0;
  readonly links: LinkRef[] = [];
  readonly anchors = new Map<string, Set<string>>();
  readonly feedItems = new Map<string, FeedItem[]>();
  readonly assets = new Map<string, string>();

  constructor(
    private readonly graph: SiteGraph,
    private readonly problems: ProblemList,
  ) {}

  add(r: BatchResult): void {
    this.pages += r.pages;
    this.links.push(...r.links);
    for (const [p, ids] of r.anchors) this.anchors.set(p, new Set(ids));
    for (const f of r.feed) {
      const route = this.graph.byPath.get(f.path)!;
      this.feedItems.set(route.locale, [...(this.feedItems.get(route.locale) ?? []), { route, html: f.html }]);
    }
    for (const [from, rel] of r.assets) this.assets.set(from, rel);
    for (const p of r.problems) this.problems.add(p);
  }
}

/**
 * Streams rendered pages to the output thread, which makes their search records and tokenizes
 * them as they come, and asks for a locale's search files as soon as all its pages are rendered
 * (routes come locale by locale), so that one locale's index is written while the next renders.
 */
class SearchHandoff {
  private readonly unrendered = new Map<string, number>();
  private readonly jobs: Promise<unknown>[] = [];

  constructor(
    graph: SiteGraph,
    private readonly writer: OutputThread,
  ) {
    for (const locale of graph.locales) this.unrendered.set(locale, 0);
    for (const route of graph.routes) this.unrendered.set(route.locale, (this.unrendered.get(route.locale) ?? 0) + 1);
  }

  rendered(batch: Route[], pages: SearchPage[]): void {
    this.writer.searchPages(pages);
    for (const route of batch) this.unrendered.set(route.locale, this.unrendered.get(route.locale)! - 1);
    for (const [locale, n] of this.unrendered) if (n === 0) this.request(locale);
  }

  /** Waits for every locale's search files. */
  async finish(): Promise<void> {
    for (const locale of this.unrendered.keys()) this.request(locale);
    await Promise.all(this.jobs);
  }

  private request(locale: string): void {
    this.jobs.push(this.writer.search(locale));
    this.unrendered.delete(locale);
  }
}

/**
 * Renders every route: the main thread and the render workers take batches from one queue, and
 * `done` gets each batch's result as it comes in. Returns how many pages the workers rendered.
 */
async function renderAll(
  graph: SiteGraph,
  renderer: SiteRenderer,
  { out, pageSink, pool, pages }: { out: OutputDir; pageSink: PageSink; pool: WorkerPool | undefined; pages: KeyedStore | undefined },
  done: (batch: Route[], result: BatchResult) => void,
): Promise<number> {
  const queue: Route[][] = [];
  for (let i = 0; i < graph.routes.length; i += BATCH) queue.push(graph.routes.slice(i, i + BATCH));
  let byWorkers = 0;

  const mainLoop = async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      // API pages' content may be made in the API thread: it is here before the batch renders.
      await graph.api?.prepare?.(batch);
      done(batch, await renderRoutes(renderer, graph, batch, pageSink, pages));
      // Rendering is synchronous underneath, so without this the loop would never give the event
      // loop a turn: the pages queued for the output thread would not go out, and the workers'
      // answers would wait until the main thread had rendered every batch itself.
      await new Promise(setImmediate);
    }
  };
  const workerLoop = async (pool: WorkerPool) => {
    const worker = pool.acquire()!;
    // The worker holds its next batch while it renders one: asking for it only when a batch is
    // done would leave the worker idle until the main thread, busy rendering its own batch,
    // gives its event loop a turn (a fifth of a worker's time on a 4,000-page build).
    const inFlight: Promise<[Route[], BatchResult]>[] = [];
    const send = () => {
      const batch = queue.shift();
      if (!batch) return;
      const rendered = pool.render(worker, batch.map((r) => r.path)).then((result): [Route[], BatchResult] => [batch, result]);
      // Awaited in order below; a failure while an earlier batch is awaited is not unhandled.
      rendered.catch(() => {});
      inFlight.push(rendered);
    };
    send();
    send();
    for (let next = inFlight.shift(); next; next = inFlight.shift()) {
      const [batch, result] = await next;
      byWorkers += result.pages;
      done(batch, result);
      send();
    }
    // The worker's files count once its writes have landed.
    const { files, pageKeys } = await pool.flush(worker);
    out.addWritten(files);
    pages?.use(pageKeys);
    pool.release(worker);
  };
  await Promise.all([mainLoop(), ...Array.from({ length: pool?.size ?? 0 }, () => workerLoop(pool!))]);
  return byWorkers;
}

async function writeFeeds(out: OutputDir, config: SiteConfig, feedItems: Map<string, FeedItem[]>): Promise<void> {
  for (const [locale, items] of feedItems) {
    items.sort((a, b) => String(b.route.data?.date).localeCompare(String(a.route.data?.date)));
    const { rss, atom } = feeds(config, locale, items);
    const prefix = locale === config.defaultLocale ? '' : `${locale}/`;
    await out.write(`${prefix}blog/rss.xml`, rss);
    await out.write(`${prefix}blog/atom.xml`, atom);
  }
}

/**
 * Pages go to the output thread, unless it is behind (it also makes the search files, and the
 * last locale's wait at the end of the build): then the main thread writes them itself.
 */
function balancedSink(thread: OutputThread, out: OutputDir): PageSink {
  return { write: (rel, data, keepAs) => (thread.backlog > BACKLOG_LIMIT ? out.write(rel, data, keepAs) : thread.write(rel, data, keepAs)) };
}
const BACKLOG_LIMIT = 2 * 1024 * 1024;

/** Phase timings, printed when DOCSGEN_DEBUG is set. */
function timer(log?: (line: string) => void) {
  let last = performance.now();
  return (phase: string) => {
    const now = performance.now();
    if (process.env.DOCSGEN_DEBUG) (log ?? console.error)(`  ${phase}: ${(now - last).toFixed(0)} ms, rss ${(process.memoryUsage.rss() / 1048576).toFixed(0)} MB`);
    last = now;
  };
}

/** The one line every build ends with. */
export function summaryLine(result: BuildResult): string {
  const perPage = result.pages ? result.ms / result.pages : 0;
  return `Wrote ${result.pages} pages and ${result.files} files (${result.copied} copied) in ${(result.ms / 1000).toFixed(2)} s, ${perPage.toFixed(2)} ms per page`;
}

export { BuildFailed };
