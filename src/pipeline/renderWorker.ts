// A render worker: takes the main thread's route table, imports the server bundle it is sent,
// then renders the batches it is sent, writes their files into the build's output folder
// and hands back what the build needs of them (see RenderPool in workers.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteConfig } from '../types.ts';
import { BuildFailed, plainProblem, ProblemList, type SiteProblem } from '../errors.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import { RoutesBySource } from '../content/routesBySource.ts';
import { loadApiReference } from '../openapi/index.ts';
import { createSiteRenderer, type SiteBundles } from '../render/siteRenderer.ts';
import { renderBatch, type BatchResult } from './renderBatch.ts';
import { FileWriter } from '../output/outputDir.ts';
import { flushStores } from '../cache/keyedStore.ts';

export interface WorkerInit {
  /**
   * The config, or undefined when it holds functions (Markdown, remark or rehype plugins, an
   * editUrl function), which cannot be sent to a thread: the worker loads it from the site's file.
   */
  config?: SiteConfig;
  root: string;
  includeDrafts?: boolean;
  /** False with --no-cache. */
  cache: boolean;
  /** The folder the build writes its output into (OutputDir.tmp). */
  outDir: string;
}

export type WorkerRequest = { type: 'graph'; graph: SentGraph } | { type: 'bundles'; bundles: SiteBundles } | { type: 'render'; paths: string[] };

/** The main thread's route table as a message: its data, without the config, the API model, the problems and the index by file, which the worker has or makes itself. */
export type SentGraph = Omit<SiteGraph, 'config' | 'api' | 'problems' | 'bySource'>;

export type WorkerReply = { type: 'done'; result: BatchResult; written: number } | { type: 'error'; error: string; problems?: SiteProblem[] };

const init = workerData as WorkerInit;
const reply = (msg: WorkerReply) => parentPort!.postMessage(msg);
const out = new FileWriter(init.outDir);
process.env.NODE_ENV ??= 'production';

// The worker starts while the main thread collects the routes and esbuild bundles the theme: it
// loads its modules, the config and the API reference meanwhile, then takes the route table.
// React's server renderer, which the theme's bundle imports, is loaded while the bundle is made.
void import('react-dom/server').catch(() => {});
let receiveBundles!: (b: SiteBundles) => void;
const bundles = new Promise<SiteBundles>((resolve) => (receiveBundles = resolve));
let receiveGraph!: (g: SentGraph) => void;
const sentGraph = new Promise<SentGraph>((resolve) => (receiveGraph = resolve));
const ready = (async () => {
  // The config's file is read again only when the config holds functions (see WorkerInit.config).
  const config = init.config ?? { ...(await (await import('../config/loadConfig.ts')).loadConfig(init.root)), includeDrafts: init.includeDrafts };
  const api = config.openapi ? await loadApiReference(config, new ProblemList(), { cache: init.cache }) : undefined;
  const sent = await sentGraph;
  const graph: SiteGraph = { ...sent, config, api, problems: new ProblemList(), bySource: new RoutesBySource(config, [...sent.byPath.values()]) };
  const renderer = await createSiteRenderer(graph, await bundles, new ProblemList());
  return { graph, renderer };
})();
// A worker that cannot start (its config's file throws here) says why to the first request.
ready.catch(() => {});

async function handle(msg: Extract<WorkerRequest, { type: 'render' }>): Promise<void> {
  try {
    const { graph, renderer } = await ready;
    const routes = msg.paths.map((p) => graph.byPath.get(p)!);
    const before = out.written;
    const result = await renderBatch(renderer, graph, routes, out);
    // The API pages' content this batch put in the cache is appended now: the build stops this
    // thread once its last batch is answered, maybe before its event loop turns again.
    flushStores();
    reply({ type: 'done', result, written: out.written - before });
  } catch (err) {
    // An author's problem (BuildFailed) is reported as the main thread would report it.
    const problems = err instanceof BuildFailed ? err.problems.map(plainProblem) : undefined;
    reply({ type: 'error', error: (err as Error).stack ?? String(err), problems });
  }
}

// The pool sends the next batch before this one is done: requests are answered in order.
let queue = Promise.resolve();
parentPort!.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'graph') return receiveGraph(msg.graph);
  if (msg.type === 'bundles') return receiveBundles(msg.bundles);
  queue = queue.then(() => handle(msg));
});
