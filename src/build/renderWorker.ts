// A render worker: builds its own route table from the same config, imports the shared server
// bundle, then answers the main thread's requests (see workerPool.ts): render a batch of routes,
// report what it wrote.
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteConfig } from '../types.ts';
import { ProblemList } from '../errors.ts';
import { collectRoutes, type SiteGraph } from '../content/collectRoutes.ts';
import { createSiteRenderer, type SiteBundles, type SiteRenderer } from '../render/siteRenderer.ts';
import { FileWriter } from './outputDir.ts';
import { renderRoutes, type BatchResult } from './renderRoutes.ts';
import { openPageStore } from './pageStore.ts';
import { flushStores, type KeyedStore } from '../cache/keyedStore.ts';

export interface WorkerInit {
  config: SiteConfig;
  locales: string[];
  tmpDir: string;
  /** The folder holds an earlier build's files (see OutputDir). */
  recycled: boolean;
}

export type WorkerRequest =
  | { type: 'bundles'; bundles: SiteBundles }
  | { type: 'render'; paths: string[] }
  | { type: 'flush' };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'done'; result: BatchResult }
  | { type: 'flushed'; files: string[]; pageKeys: string[] }
  | { type: 'error'; error: string };

const reply = (msg: WorkerReply) => parentPort!.postMessage(msg);

async function main() {
  const init = workerData as WorkerInit;
  process.env.NODE_ENV ??= 'production';
  // The worker is started before the theme is bundled: it reads the content meanwhile.
  let receiveBundles!: (b: SiteBundles) => void;
  const bundles = new Promise<SiteBundles>((resolve) => (receiveBundles = resolve));
  let graph: SiteGraph | undefined;
  let renderer: SiteRenderer | undefined;
  let pages: KeyedStore | undefined;
  const out = new FileWriter(init.tmpDir, init.recycled);
  const ready = (async () => {
    graph = await collectRoutes(init.config, { locales: init.locales });
    const b = await bundles;
    renderer = await createSiteRenderer(graph, b, new ProblemList());
    pages = openPageStore(graph.config, renderer.site, b, false);
    out.keepIn = pages;
  })();
  const handle = async (msg: WorkerRequest) => {
    try {
      await ready;
      if (msg.type === 'render') {
        if (!graph || !renderer) throw new Error('render request after the last flush');
        const routes = msg.paths.map((p) => graph!.byPath.get(p)!).filter(Boolean);
        reply({ type: 'done', result: await renderRoutes(renderer, graph, routes, out, pages) });
      } else if (msg.type === 'flush') {
        // Rendering is over (the build stops this thread next): nothing is rendered after this.
        graph = renderer = undefined;
        // This thread is stopped next: its pages and API pages go into the cache now.
        flushStores();
        reply({ type: 'flushed', files: out.paths, pageKeys: pages?.usedKeys() ?? [] });
        pages = undefined;
      }
    } catch (err) {
      reply({ type: 'error', error: (err as Error).stack ?? String(err) });
    }
  };
  // The main thread sends the next batch before this one is done: requests are answered in order.
  let queue = Promise.resolve();
  parentPort!.on('message', (msg: WorkerRequest) => {
    if (msg.type === 'bundles') return receiveBundles(msg.bundles);
    queue = queue.then(() => handle(msg));
  });
  await ready;
  reply({ type: 'ready' });
}

main().catch((err) => reply({ type: 'error', error: (err as Error).stack ?? String(err) }));
