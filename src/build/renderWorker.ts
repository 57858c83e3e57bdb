// A render worker: builds its own route table from the same config, imports the shared server
// bundle, then renders the batches of route paths the main thread sends it.
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteConfig } from '../types.ts';
import { ProblemList } from '../errors.ts';
import { collectRoutes } from '../content/collectRoutes.ts';
import { createSiteRenderer, type SiteBundles } from '../render/siteRenderer.ts';
import { OutputDir } from './outputDir.ts';
import { renderRoutes } from './renderRoutes.ts';

export interface WorkerInit {
  config: SiteConfig;
  locales: string[];
  bundles: SiteBundles;
  tmpDir: string;
}

export type WorkerRequest = { type: 'render'; paths: string[] } | { type: 'exit' };

async function main() {
  const init = workerData as WorkerInit;
  process.env.NODE_ENV ??= 'production';
  const graph = await collectRoutes(init.config, { locales: init.locales });
  const renderer = await createSiteRenderer(graph, init.bundles, new ProblemList());
  const out = OutputDir.attach(init.tmpDir);
  parentPort!.on('message', async (msg: WorkerRequest) => {
    if (msg.type === 'exit') {
      await out.flush();
      parentPort!.postMessage({ type: 'flushed' });
      return;
    }
    try {
      const routes = msg.paths.map((p) => graph.byPath.get(p)!).filter(Boolean);
      const result = await renderRoutes(renderer, graph, routes, out);
      parentPort!.postMessage({ type: 'done', result, files: out.written });
    } catch (err) {
      parentPort!.postMessage({ type: 'error', error: (err as Error).stack ?? String(err) });
    }
  });
  parentPort!.postMessage({ type: 'ready' });
}

main().catch((err) => parentPort!.postMessage({ type: 'error', error: (err as Error).stack ?? String(err) }));
