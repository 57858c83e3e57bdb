// `docsgen build`: the pipeline from config to a finished output folder. Routes are rendered in
// batches by the main thread and by render workers (one per spare core), written as they are
// produced (no page's HTML is kept), links are checked once every page's anchors are known, and
// the output folder is swapped in only when everything succeeded.
import fg from 'fast-glob';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LinkRef, Route, SearchRecord, SiteConfig } from '../types.ts';
import { BuildFailed, ProblemList } from '../errors.ts';
import { collectRoutes, type SiteGraph } from '../content/collectRoutes.ts';
import { checkLinks } from '../transform/resolveLinks.ts';
import { buildBundles, createSiteRenderer, type SiteBundles } from '../render/siteRenderer.ts';
import { disposeServerBundle, PACKAGE_ROOT } from '../render/bundle.ts';
import { writeSearchFiles } from '../search/writeSearchFiles.ts';
import { OutputDir } from './outputDir.ts';
import { renderRoutes, type BatchResult } from './renderRoutes.ts';
import type { WorkerInit } from './renderWorker.ts';
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

  const bundles = await buildBundles(graph, { minify: options.minify ?? true });
  const out = new OutputDir(outDir);
  try {
    const renderer = await createSiteRenderer(graph, bundles, problems);
    problems.throwIfErrors();
    t('bundle');

    const results = await renderAll(graph, renderer, bundles, out, workerCount(graph, options));
    t('render');
    const links: LinkRef[] = [];
    const anchors = new Map<string, Set<string>>();
    const records = new Map<string, SearchRecord[]>(graph.locales.map((l) => [l, []]));
    const feedItems = new Map<string, FeedItem[]>();
    const assets = new Map<string, string>();
    let pages = 0;
    for (const r of results) {
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
    await writeSearchFiles(out, records, config);
    t('write search');
    await out.flush();
    t('flush');
    out.commit();
    t('commit');
    return { pages, files: out.written, copied, ms: performance.now() - started, warnings: problems.warnings, graph };
  } catch (err) {
    await out.discard();
    throw err;
  } finally {
    disposeServerBundle(bundles.serverFile);
  }
}

function workerCount(graph: SiteGraph, options: BuildOptions): number {
  if (options.workers !== undefined) return options.workers;
  if (process.env.DOCSGEN_WORKERS) return Number(process.env.DOCSGEN_WORKERS);
  // A worker repeats the content stage, which only pays off on larger sites.
  if (graph.routes.length < 300) return 0;
  return Math.max(0, Math.min(os.availableParallelism() - 1, 3));
}

/** Renders every route: the main thread and the workers take batches from one queue. */
async function renderAll(graph: SiteGraph, renderer: Awaited<ReturnType<typeof createSiteRenderer>>, bundles: SiteBundles, out: OutputDir, workers: number): Promise<BatchResult[]> {
  const queue: Route[][] = [];
  for (let i = 0; i < graph.routes.length; i += BATCH) queue.push(graph.routes.slice(i, i + BATCH));
  const results: BatchResult[] = [];

  const mainLoop = async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) results.push(await renderRoutes(renderer, graph, batch, out));
  };

  const workerLoop = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      let files = 0;
      const next = () => {
        const batch = queue.shift();
        if (!batch) {
          out.addWritten(files);
          worker.postMessage({ type: 'exit' });
          return;
        }
        worker.postMessage({ type: 'render', paths: batch.map((r) => r.path) });
      };
      worker.on('message', (msg: { type: string; result?: BatchResult; files?: number; error?: string }) => {
        if (msg.type === 'error') return reject(new Error(`render worker failed: ${msg.error}`));
        if (msg.type === 'flushed') return resolve();
        if (msg.type === 'done') {
          results.push(msg.result!);
          files = msg.files!;
        }
        next();
      });
      worker.on('error', reject);
    });

  const init: WorkerInit = {
    config: graph.config,
    locales: graph.locales,
    bundles: { client: { ...bundles.client, files: new Map() }, serverFile: bundles.serverFile },
    tmpDir: out.tmp,
  };
  const pool = Array.from({ length: workers }, () => new Worker(path.join(PACKAGE_ROOT, 'lib/renderWorker.js'), { workerData: init }));
  try {
    await Promise.all([mainLoop(), ...pool.map(workerLoop)]);
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results;
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
    if (process.env.DOCSGEN_DEBUG) (log ?? console.error)(`  ${phase}: ${(now - last).toFixed(0)} ms`);
    last = now;
  };
}

/** The one line every build ends with. */
export function summaryLine(result: BuildResult): string {
  const perPage = result.pages ? result.ms / result.pages : 0;
  return `Wrote ${result.pages} pages and ${result.files} files (${result.copied} copied) in ${(result.ms / 1000).toFixed(2)} s, ${perPage.toFixed(2)} ms per page`;
}

export { BuildFailed };
