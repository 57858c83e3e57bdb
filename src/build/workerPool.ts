// The build's worker threads: render workers render batches of routes into the shared temporary
// output folder; once rendering is over they stop, and an index worker builds a locale's search
// index while the main thread builds another, so every core works in both phases.
// One request at a time per worker; a worker that is busy is simply not handed the next job.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PACKAGE_ROOT } from '../render/bundle.ts';
import type { LocalIndexJson } from '../search/writeSearchFiles.ts';
import type { IndexSource } from '../search/localIndex.ts';
import type { IndexWorkerReply } from './indexWorker.ts';
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

  private request<T extends WorkerReply['type']>(worker: Worker, msg: WorkerRequest): Promise<Reply<T>> {
    return ask<WorkerReply, Reply<T>>(worker, 'render worker', msg, (reply) => {
      if (reply.type === 'ready') return undefined;
      if (reply.type === 'error') throw new Error(`render worker failed: ${reply.error}`);
      return reply as Reply<T>;
    });
  }

  async terminate(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** A thread for search indexes (lib/indexWorker.js), one locale at a time. */
export class IndexWorker {
  private readonly worker = new Worker(path.join(PACKAGE_ROOT, 'lib/indexWorker.js'));
  private busy = false;

  /** The locale's index built on this thread; undefined while it builds another. */
  build(source: IndexSource): Promise<LocalIndexJson> | undefined {
    if (this.busy) return undefined;
    this.busy = true;
    return ask<IndexWorkerReply, LocalIndexJson>(this.worker, 'search index worker', source, (reply) => {
      if ('error' in reply) throw new Error(`search index worker failed: ${reply.error}`);
      return reply.index;
    }).finally(() => (this.busy = false));
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * Posts `message` and settles with the first reply `accept` answers (undefined: not the answer,
 * keep listening; a throw rejects), or rejects when the worker fails or exits first.
 */
function ask<Reply, T>(worker: Worker, name: string, message: unknown, accept: (reply: Reply) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      let answer: T | undefined;
      try {
        answer = accept(reply);
      } catch (err) {
        cleanup();
        return reject(err);
      }
      if (answer === undefined) return;
      cleanup();
      resolve(answer);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onExit = (code: number) => onError(new Error(`${name} exited (code ${code}) before it answered`));
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(message);
  });
}
