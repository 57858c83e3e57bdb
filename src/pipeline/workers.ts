// The build's worker threads: render workers, which take batches of routes from one queue, and the
// thread the OpenAPI spec is validated in. Nothing else in docsgen starts a thread.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Route } from '../types.ts';
import { BuildFailed, type SiteProblem } from '../errors.ts';
import type { ValidationJob } from '../openapi/index.ts';
import type { SiteBundles } from '../render/bundle.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import type { BatchResult } from './renderBatch.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './renderWorker.ts';

type Reply<T extends WorkerReply['type']> = Extract<WorkerReply, { type: T }>;

/** Batches a render worker holds at a time (see RenderPool.feed). */
const BATCHES_IN_FLIGHT = 4;

/** A render worker and its requests not answered yet, oldest first (it answers in order). */
class RenderWorker {
  private readonly thread: Worker;
  private readonly pending: { resolve(reply: WorkerReply): void; reject(err: Error): void }[] = [];
  /** Why the worker stopped, when it did: it may die before it is asked anything (its config throws). */
  private failed?: Error;

  constructor(init: WorkerInit) {
    this.thread = new Worker(path.join(PACKAGE_ROOT, 'lib/renderWorker.js'), { workerData: sendable(init) });
    const failAll = (err: Error) => {
      this.failed ??= err;
      for (const p of this.pending.splice(0)) p.reject(this.failed);
    };
    this.thread.on('message', (reply: WorkerReply) => {
      if (reply.type === 'error') failAll(reply.problems ? new BuildFailed(reply.problems) : new Error(`render worker failed: ${reply.error}`));
      else this.pending.shift()?.resolve(reply);
    });
    this.thread.on('error', failAll);
    this.thread.on('exit', (code) => failAll(new Error(`render worker exited (code ${code}) before it answered`)));
  }

  post(msg: WorkerRequest): void {
    this.thread.postMessage(msg);
  }

  request<T extends WorkerReply['type']>(msg: WorkerRequest): Promise<Reply<T>> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.pending.push({ resolve: (reply) => resolve(reply as Reply<T>), reject });
      this.thread.postMessage(msg);
    });
  }

  terminate(): Promise<number> {
    return this.thread.terminate();
  }
}

export interface RenderQueue {
  /** Batches not taken yet; every worker takes the next one when it is free. */
  batches: Route[][];
  /** Renders a batch on the main thread (when there is no worker), writing its files. */
  renderHere(batch: Route[]): Promise<BatchResult>;
  /** Gets every batch's result, in the order they come in, with how many files a worker wrote for it. */
  done(batch: Route[], result: BatchResult, written?: number): void;
}

/**
 * Render workers (none for small sites). Each starts while the main thread collects the routes,
 * takes the route table it is sent, then renders the batches it takes from the queue and writes their files itself, handing
 * back only what the build needs of them: the main thread makes the search index meanwhile.
 * Without workers, the main thread renders every batch itself.
 */
export class RenderPool {
  private readonly workers: RenderWorker[];
  byWorkers = 0;

  constructor(size: number, init: WorkerInit) {
    this.workers = Array.from({ length: size }, () => new RenderWorker(init));
  }

  /** Hands the main thread's route table to the workers, which render from it. */
  sendGraph(graph: SiteGraph): void {
    if (!this.workers.length) return;
    const { config: _config, api: _api, problems: _problems, bySource: _bySource, ...sent } = graph;
    for (const w of this.workers) w.post({ type: 'graph', graph: sent });
  }

  get size(): number {
    return this.workers.length;
  }

  /** Hands the bundles to the workers, which then make their renderers. */
  sendBundles(bundles: SiteBundles): void {
    // Workers get the client bundle's names, not its files (the main thread writes those).
    const forWorkers: SiteBundles = { client: { ...bundles.client, files: new Map() }, serverFile: bundles.serverFile };
    for (const w of this.workers) w.post({ type: 'bundles', bundles: forWorkers });
  }

  /** Renders every batch of the queue, on the workers (sent the graph and the bundles) or on the main thread. */
  async render(queue: RenderQueue): Promise<void> {
    const here = async () => {
      for (let batch = queue.batches.shift(); batch; batch = queue.batches.shift()) {
        queue.done(batch, await queue.renderHere(batch));
      }
    };
    await (this.workers.length ? Promise.all(this.workers.map((w) => this.feed(w, queue))) : here());
  }

  /**
   * Keeps a worker busy: it holds its next batches while it renders one, so it does not wait while
   * the main thread takes in results (finishing a locale's search files takes it 100 ms and more).
   */
  private async feed(worker: RenderWorker, queue: RenderQueue): Promise<void> {
    const inFlight: Promise<[Route[], Reply<'done'>]>[] = [];
    const send = () => {
      const batch = queue.batches.shift();
      if (!batch) return;
      const rendered = worker.request<'done'>({ type: 'render', paths: batch.map((r) => r.path) }).then((reply): [Route[], Reply<'done'>] => [batch, reply]);
      // Awaited in order below; a failure while an earlier batch is awaited is not unhandled.
      rendered.catch(() => {});
      inFlight.push(rendered);
    };
    for (let i = 0; i < BATCHES_IN_FLIGHT; i++) send();
    for (let next = inFlight.shift(); next; next = inFlight.shift()) {
      const [batch, reply] = await next;
      this.byWorkers += reply.result.pages;
      queue.done(batch, reply.result, reply.written);
      send();
    }
  }

  async terminate(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** The worker's start data, without a config that cannot be sent to a thread (it holds functions). */
function sendable(init: WorkerInit): WorkerInit {
  try {
    structuredClone(init.config);
    return init;
  } catch {
    return { ...init, config: undefined };
  }
}

/** Validates the OpenAPI spec in a thread of its own (see validateWorker.ts) while the build goes on. */
export function validateInWorker(makeJob: () => ValidationJob): Promise<SiteProblem[]> {
  const job = makeJob();
  const worker = new Worker(path.join(PACKAGE_ROOT, 'lib/validateWorker.js'));
  const answer = new Promise<SiteProblem[]>((resolve, reject) => {
    worker.once('message', (reply: { problems?: SiteProblem[]; error?: string }) => {
      if (reply.error !== undefined) reject(new Error(`OpenAPI validation failed: ${reply.error}`));
      else resolve(reply.problems ?? []);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the OpenAPI validation thread exited (code ${code}) before it answered`)));
  });
  worker.postMessage(job);
  return answer.finally(() => void worker.terminate());
}
