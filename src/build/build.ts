// `docsgen build`: the pipeline from config to a finished output folder. Routes are rendered in
// batches by the main thread and by render workers (one per spare core), written as they are
// produced (no page's HTML is kept), links are checked once every page's anchors are known, and
// the output folder is swapped in only when everything succeeded.
import fg from 'fast-glob';
import os from 'node:os';
import path from 'node:path';
import type { LinkRef, Route, SearchRecord, SiteConfig } from '../types.ts';
import { BuildFailed, ProblemList } from '../errors.ts';
import { collectRoutes, type SiteGraph } from '../content/collectRoutes.ts';
import { checkLinks } from '../transform/resolveLinks.ts';
import { buildBundles, createSiteRenderer, type SiteBundles, type SiteRenderer } from '../render/siteRenderer.ts';
import { disposeServerBundle } from '../render/bundle.ts';
import { buildIndexJson, writeSearchFiles } from '../search/writeSearchFiles.ts';
import { OutputDir } from './outputDir.ts';
import { renderRoutes, type BatchResult } from './renderRoutes.ts';
import type { WorkerInit } from './renderWorker.ts';
import { IndexWorker, WorkerPool } from './workerPool.ts';
import { feeds, robotsTxt, sitemapXml, type FeedItem } from './siteFiles.ts';
import { writeLlmsFiles } from './llms.ts';
import { checkSocialImage } from './structuredData.ts';

export interface BuildOptions {
  outDir?: string;
  locales?: string[];
  minify?: boolean;
  /** Render workers besides the main thread (default: one per spare core, none for small sites). */
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

export async function buildSite(config: SiteConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const t = timer(options.log);
  const outDir = path.resolve(config.root, options.outDir ?? 'dist');
  const graph = await collectRoutes(config, { locales: options.locales });
  const problems = graph.problems;
  checkSocialImage(config, problems);
  problems.throwIfErrors();
  t('collect');

  const out = new OutputDir(outDir);
  // Workers start now: they read the content while the theme is bundled here.
  const workers = workerCount(graph, options);
  const pool = workers ? new WorkerPool(workers, { config: graph.config, locales: graph.locales, tmpDir: out.tmp }) : undefined;
  let bundles: SiteBundles | undefined;
  let indexer: IndexWorker | undefined;
  try {
    bundles = await buildBundles(graph, { minify: options.minify ?? true });
    pool?.start(bundles);
    const renderer = await createSiteRenderer(graph, bundles, problems);
    problems.throwIfErrors();
    t('bundle');

    const rendered = await renderAll(graph, renderer, out, pool);
    // The render workers are done: their memory goes, and a fresh thread builds a search index.
    await pool?.terminate();
    if (pool && !config.search.algolia && graph.locales.length > 1) indexer = new IndexWorker();
    const { pages, links, anchors, records, feedItems, assets } = mergeBatches(rendered.results, graph, problems);
    t(`render (${rendered.byWorkers} of ${pages} pages by ${workers} workers)`);
    checkLinks(links, anchors, graph, problems);
    problems.throwIfErrors();

    const filesBefore = out.written;
    for (const [file, json] of renderer.sidebarFiles) await out.write(file, json);
    for (const [file, data] of renderer.client.files) await out.write(file, data);
    for (const [from, rel] of assets) await out.copy(from, rel);
    for (const rel of await fg('**/*', { cwd: path.join(config.root, 'static'), onlyFiles: true, dot: false })) {
      await out.copy(path.join(config.root, 'static', rel), rel);
    }
    const copied = out.written - filesBefore;
    t('write assets');
    await out.write('sitemap.xml', sitemapXml(graph));
    await out.write('robots.txt', robotsTxt(config));
    await writeLlmsFiles(out, graph);
    if (config.blog.feeds) await writeFeeds(out, config, feedItems);
    t('write site files');
    // A locale's index is built on the index worker, the others here meanwhile.
    await writeSearchFiles(out, records, config, (source) => indexer?.build(source) ?? buildIndexJson(source));
    t('write search');
    out.commit();
    t('commit');
    return { pages, files: out.written, copied, ms: performance.now() - started, warnings: problems.warnings, graph };
  } catch (err) {
    // Workers stop before the unfinished output is removed, so none writes into it afterwards.
    await pool?.terminate();
    await out.discard();
    throw err;
  } finally {
    await pool?.terminate();
    await indexer?.terminate();
    if (bundles) disposeServerBundle(bundles.serverFile);
  }
}

function workerCount(graph: SiteGraph, options: BuildOptions): number {
  if (options.workers !== undefined) return options.workers;
  if (process.env.DOCSGEN_WORKERS) return Number(process.env.DOCSGEN_WORKERS);
  // A worker repeats the content stage, which only pays off on larger sites.
  if (graph.routes.length < 300) return 0;
  return Math.max(0, Math.min(os.availableParallelism() - 1, 3));
}

/** What the build needs from all batches, merged; empties `results` so that only the merged data stays in memory. */
function mergeBatches(results: BatchResult[], graph: SiteGraph, problems: ProblemList) {
  const links: LinkRef[] = [];
  const anchors = new Map<string, Set<string>>();
  const records = new Map<string, SearchRecord[]>(graph.locales.map((l) => [l, []]));
  const feedItems = new Map<string, FeedItem[]>();
  const assets = new Map<string, string>();
  let pages = 0;
  for (const r of results.splice(0)) {
    pages += r.pages;
    links.push(...r.links);
    for (const [p, ids] of r.anchors) anchors.set(p, new Set(ids));
    for (const rec of r.records) records.get(rec.language)?.push(rec);
    for (const f of r.feed) {
      const route = graph.byPath.get(f.path)!;
      feedItems.set(route.locale, [...(feedItems.get(route.locale) ?? []), { route, html: f.html }]);
    }
    for (const [from, rel] of r.assets) assets.set(from, rel);
    for (const p of r.problems) problems.add(p);
  }
  return { pages, links, anchors, records, feedItems, assets };
}

/**
 * Renders every route: the main thread and the workers take batches from one queue. Returns every
 * batch's result, and how many pages the workers rendered.
 */
async function renderAll(graph: SiteGraph, renderer: SiteRenderer, out: OutputDir, pool: WorkerPool | undefined): Promise<{ results: BatchResult[]; byWorkers: number }> {
  const queue: Route[][] = [];
  for (let i = 0; i < graph.routes.length; i += BATCH) queue.push(graph.routes.slice(i, i + BATCH));
  const results: BatchResult[] = [];
  let byWorkers = 0;

  const mainLoop = async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      results.push(await renderRoutes(renderer, graph, batch, out));
      // Rendering and writing are synchronous underneath, so without this the loop would never
      // give the event loop a turn: the workers' answers would wait until the main thread had
      // rendered every batch itself, and each worker would get one batch.
      await new Promise(setImmediate);
    }
  };
  const workerLoop = async (pool: WorkerPool) => {
    const worker = pool.acquire()!;
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      const result = await pool.render(worker, batch.map((r) => r.path));
      byWorkers += result.pages;
      results.push(result);
    }
    // The worker's files count once its writes have landed.
    out.addWritten(await pool.flush(worker));
    pool.release(worker);
  };
  await Promise.all([mainLoop(), ...Array.from({ length: pool?.size ?? 0 }, () => workerLoop(pool!))]);
  return { results, byWorkers };
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
