// The build's worker threads. Render workers (on machines with cores to spare) render batches of
// routes into the shared temporary output folder and stop when rendering is over. The output
// thread writes what the main thread renders and builds search files meanwhile.
// A render worker may hold a second batch while it renders one (see renderAll), so that it never
// waits for the busy main thread to hand it the next: it answers its requests in order.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import type { SearchPage } from '../search/records.ts';
import type { SearchFilesResult } from '../search/writeSearchFiles.ts';
import type { PageSink } from './outputDir.ts';
import type { OutputWorkerInit, OutputWorkerReply, OutputWorkerRequest } from './outputWorker.ts';
import type { SiteBundles, ThemeInputs } from '../render/bundle.ts';
import type { SiteConfig } from '../types.ts';
import type { SiteProblem } from '../errors.ts';
import type { ValidationJob } from '../openapi/index.ts';
import type { BatchResult } from './renderRoutes.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './renderWorker.ts';

type Reply<T extends WorkerReply['type']> = Extract<WorkerReply, { type: T }>;

interface Pending {
  resolve(reply: WorkerReply): void;
  reject(err: Error): void;
}

export class WorkerPool {
  private readonly workers: Worker[];
  private readonly idle: Worker[];
  /** Requests sent to each worker and not answered yet, oldest first. */
  private readonly pending = new Map<Worker, Pending[]>();

  constructor(size: number, init: WorkerInit) {
    this.workers = Array.from({ length: size }, () => new Worker(path.join(PACKAGE_ROOT, 'lib/renderWorker.js'), { workerData: init }));
    this.idle = [...this.workers];
    for (const w of this.workers) {
      const queue: Pending[] = [];
      this.pending.set(w, queue);
      const failAll = (err: Error) => {
        for (const p of queue.splice(0)) p.reject(err);
      };
      w.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') return;
        if (reply.type === 'error') return failAll(new Error(`render worker failed: ${reply.error}`));
        queue.shift()?.resolve(reply);
      });
      w.on('error', failAll);
      w.on('exit', (code) => failAll(new Error(`render worker exited (code ${code}) before it answered`)));
    }
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

  /** Renders a batch; may be called again before the previous batch is done (answers come in order). */
  async render(worker: Worker, paths: string[]): Promise<BatchResult> {
    return (await this.request<'done'>(worker, { type: 'render', paths })).result;
  }

  /** Ends the worker's rendering (it lets its route table go); returns the paths of the files it wrote and the keys of the kept pages it used. */
  flush(worker: Worker): Promise<Reply<'flushed'>> {
    return this.request<'flushed'>(worker, { type: 'flush' });
  }

  private request<T extends WorkerReply['type']>(worker: Worker, msg: WorkerRequest): Promise<Reply<T>> {
    return new Promise((resolve, reject) => {
      this.pending.get(worker)!.push({ resolve: (reply) => resolve(reply as Reply<T>), reject });
      worker.postMessage(msg);
    });
  }

  async terminate(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * The output thread (outputWorker.ts) seen from the main thread: a PageSink whose writes return at
 * once. Pages in flight are bounded: past MAX_IN_FLIGHT bytes not yet written, a write waits.
 */
export class OutputThread implements PageSink {
  private readonly worker: Worker;
  private inFlight = 0;
  private failure: Error | undefined;
  private drained: (() => void)[] = [];
  private readonly searches = new Map<string, { resolve: (result: SearchFilesResult) => void; reject: (err: Error) => void }>();
  private queued: OutputWorkerRequest[] = [];
  private queuedBytes = 0;
  private sendScheduled = false;
  private static readonly MAX_IN_FLIGHT = 16 * 1024 * 1024;
  private static readonly MAX_MESSAGE = 4 * 1024 * 1024;

  constructor(init: OutputWorkerInit) {
    this.worker = new Worker(path.join(PACKAGE_ROOT, 'lib/outputWorker.js'), { workerData: init });
    this.worker.on('message', (reply: OutputWorkerReply) => {
      if (reply.type === 'written') {
        this.inFlight -= reply.bytes;
        if (this.inFlight < OutputThread.MAX_IN_FLIGHT) for (const resume of this.drained.splice(0)) resume();
      } else if (reply.type === 'search') {
        this.searches.get(reply.result.locale)?.resolve(reply.result);
        this.searches.delete(reply.result.locale);
      } else if (reply.type === 'error') this.fail(new Error(`output thread failed: ${reply.error}`));
    });
    this.worker.on('error', (err) => this.fail(err));
  }

  /** Bytes of pages handed over and not yet written: how far behind the thread is. */
  get backlog(): number {
    return this.inFlight;
  }

  async write(rel: string, data: string | Uint8Array, keepAs?: string): Promise<void> {
    this.check();
    const bytes = typeof data === 'string' ? data.length : data.byteLength;
    this.post(keepAs ? { type: 'write', rel, data, keepAs } : { type: 'write', rel, data }, bytes);
    this.inFlight += bytes;
    if (this.inFlight >= OutputThread.MAX_IN_FLIGHT) await new Promise<void>((resume) => this.drained.push(resume));
    this.check();
  }

  /**
   * Bundles the theme on the thread (see outputWorker.ts). A failed bundle rejects with esbuild's
   * messages as `errors`, as esbuild itself would.
   */
  bundle(config: SiteConfig, files: ThemeInputs, options: { minify: boolean }): Promise<SiteBundles> {
    this.check();
    const request: OutputWorkerRequest = { type: 'bundle', config, files: { reactPages: files.reactPages }, minify: options.minify };
    return ask<OutputWorkerReply, SiteBundles>(this.worker, 'output thread', [request], (reply) => {
      if (reply.type === 'bundle-failed') throw Object.assign(new Error(reply.error.split('\n')[0]), { errors: reply.errors });
      return reply.type === 'bundled' ? reply.bundles : undefined;
    });
  }

  /** Pages written with a key from now on are kept in the page store in `dir` (KeyedStore.dir). */
  keepPagesIn(dir: string): void {
    this.check();
    this.post({ type: 'keep-pages', dir });
  }

  /** Hands rendered pages to the thread, which makes their search records. */
  searchPages(pages: SearchPage[]): void {
    this.check();
    if (pages.length) this.post({ type: 'search-pages', pages });
  }

  /** Writes a locale's search files on the thread, from the records it was given; call once its pages are all rendered. */
  search(locale: string): Promise<SearchFilesResult> {
    this.check();
    const done = new Promise<SearchFilesResult>((resolve, reject) => this.searches.set(locale, { resolve, reject }));
    this.post({ type: 'search', locale });
    this.send();
    return done;
  }

  /** Waits for every write; returns the paths the thread wrote (or found unchanged). */
  async finish(): Promise<{ paths: string[]; unchanged: number }> {
    this.check();
    this.send();
    return ask<OutputWorkerReply, Extract<OutputWorkerReply, { type: 'finished' }>>(this.worker, 'output thread', [{ type: 'finish' } satisfies OutputWorkerRequest], (reply) => {
      if (reply.type === 'error') throw new Error(`output thread failed: ${reply.error}`);
      return reply.type === 'finished' ? reply : undefined;
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }

  /**
   * Queues a request; queued requests go as one message once the caller gives the event loop a
   * turn (the build does after every batch of pages), or when they add up to a few megabytes.
   * One message per file cost the rendering thread 0.13 ms a file on a 400-page build (230 ms
   * of its 1.9 s), most of it per message, not per byte.
   */
  private post(msg: OutputWorkerRequest, bytes = 0): void {
    this.queued.push(msg);
    this.queuedBytes += bytes;
    if (this.queuedBytes >= OutputThread.MAX_MESSAGE) this.send();
    else if (!this.sendScheduled) {
      this.sendScheduled = true;
      setImmediate(() => this.send());
    }
  }

  private send(): void {
    this.sendScheduled = false;
    if (!this.queued.length) return;
    this.worker.postMessage(this.queued.splice(0));
    this.queuedBytes = 0;
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const resume of this.drained.splice(0)) resume();
    for (const { reject } of this.searches.values()) reject(this.failure);
    this.searches.clear();
  }
}

/**
 * Runs a validation of the OpenAPI spec in a thread of its own (see validateWorker.ts). The
 * thread starts at once; the job is made once this thread's event loop turns, so that the caller
 * goes on first (the API thread hands the reference to the main thread, which waits for it).
 */
export function validateInThread(makeJob: () => ValidationJob): Promise<SiteProblem[]> {
  const worker = new Worker(path.join(PACKAGE_ROOT, 'lib/validateWorker.js'));
  const answer = ask<{ problems?: SiteProblem[]; error?: string }, SiteProblem[]>(worker, 'OpenAPI validation thread', undefined, (reply) => {
    if (reply.error !== undefined) throw new Error(`OpenAPI validation failed: ${reply.error}`);
    return reply.problems;
  });
  // Settles only when the job cannot be made.
  const jobFailed = new Promise<never>((_, reject) =>
    setImmediate(() => {
      try {
        worker.postMessage(makeJob());
      } catch (err) {
        reject(err);
      }
    }),
  );
  return Promise.race([answer, jobFailed]).finally(() => void worker.terminate());
}

/**
 * Posts `message` (if any) and settles with the first reply `accept` answers (undefined: not the answer,
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
    if (message !== undefined) worker.postMessage(message);
  });
}
