// The build's worker threads: each renders batches of routes into the shared temporary output
// folder, and afterwards builds a locale's search index, so both cores work in both phases.
// One request at a time per worker; a worker that is busy is simply not handed the next job.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PACKAGE_ROOT } from '../render/bundle.ts';
import type { LocalIndexJson } from '../search/writeSearchFiles.ts';
import type { IndexSource } from '../search/localIndex.ts';
import type { SiteBundles } from '../render/siteRenderer.ts';
import type { BatchResult } from './renderRoutes.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './renderWorker.ts';

type Reply<T extends WorkerReply['type']> = Extract<WorkerReply, { type: T }>;

export class WorkerPool {
  private readonly workers: Worker[];
  private readonly idle: Worker[];

  constructor(size: number, init: WorkerInit) {
    this.workers = Array.from({ length: size }, () => new Worker(path.join(PACKAGE_ROOT, 'lib/renderWorker.js'), { workerData: init }));
    this.idle = [...this.workers];
  }

  /** Hands the workers the bundled theme; they render once they have it. */
  start(bundles: SiteBundles): void {
    // Workers get the client bundle's names, not its files (the main thread writes those).
    const forWorkers: SiteBundles = { client: { ...bundles.client, files: new Map() }, serverFile: bundles.serverFile };
    for (const w of this.workers) w.postMessage({ type: 'bundles', bundles: forWorkers } satisfies WorkerRequest);
  }

  get size(): number {
    return this.workers.length;
  }

  /** Takes an idle worker for a series of requests; give it back with release(). */
  acquire(): Worker | undefined {
    return this.idle.shift();
  }

  release(worker: Worker): void {
    this.idle.push(worker);
  }

  async render(worker: Worker, paths: string[]): Promise<BatchResult> {
    return (await this.request<'done'>(worker, { type: 'render', paths })).result;
  }

  /** Ends the worker's rendering (it lets its route table go); returns how many files it has written in all. */
  async flush(worker: Worker): Promise<number> {
    return (await this.request<'flushed'>(worker, { type: 'flush' })).files;
  }

  /** A locale's local search index, built on an idle worker; undefined when none is idle. */
  searchIndex(source: IndexSource): Promise<LocalIndexJson> | undefined {
    const worker = this.acquire();
    if (!worker) return undefined;
    return this.request<'search-index'>(worker, { type: 'search-index', source })
      .then((reply) => reply.index)
      .finally(() => this.release(worker));
  }

  private request<T extends WorkerReply['type']>(worker: Worker, msg: WorkerRequest): Promise<Reply<T>> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        if (reply.type === 'ready') return;
        cleanup();
        if (reply.type === 'error') reject(new Error(`render worker failed: ${reply.error}`));
        else resolve(reply as Reply<T>);
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const onExit = (code: number) => onError(new Error(`render worker exited (code ${code}) before it answered`));
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(msg);
    });
  }

  async terminate(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
