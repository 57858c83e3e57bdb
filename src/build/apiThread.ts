// The build's API reference, loaded and rendered in a thread of its own (apiWorker.ts). On two
// cores the main thread's rendering is the build's critical path while the other core has room:
// the spec's parsing, its models and every API page's content (most of what an API page costs)
// move there, and the main thread only turns each content into a page. The main thread sees an
// ApiReference like any other: its routes and sidebars, and renderContent once prepare() settles.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageContent, Route, SiteConfig } from '../types.ts';
import type { ProblemList, SiteProblem } from '../errors.ts';
import type { ApiLocaleReference, ApiReference } from '../openapi/index.ts';
import { setPageParts } from '../openapi/parts.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import type { ApiWorkerInit, ApiWorkerReply, ApiWorkerRequest, RenderedApiPage } from './apiWorker.ts';

/** Pages the thread renders ahead of the main thread: enough to absorb a slow turn, not a spec's worth of memory. */
const WINDOW = 192;

export class ApiThread {
  private readonly worker: Worker;
  private readonly pages = new Map<string, PageContent>();
  private readonly waiting = new Map<string, () => void>();
  private failure: Error | undefined;
  private onReference!: (msg: Extract<ApiWorkerReply, { type: 'reference' }>) => void;
  private rejectReference!: (err: Error) => void;
  private readonly reference: Promise<Extract<ApiWorkerReply, { type: 'reference' }>>;
  /** The spec's validation, which the thread runs; settled by its answer, whenever it comes. */
  private readonly validation: Promise<SiteProblem[]>;
  private settleValidation!: { resolve: (p: SiteProblem[]) => void; reject: (e: Error) => void };
  private finished?: () => void;
  private stopping = false;
  private untold = 0;

  constructor(config: SiteConfig, locales: string[]) {
    const init: ApiWorkerInit = { config, locales, window: WINDOW };
    this.worker = new Worker(path.join(PACKAGE_ROOT, 'lib/apiWorker.js'), { workerData: init });
    this.reference = new Promise((resolve, reject) => {
      this.onReference = resolve;
      this.rejectReference = reject;
    });
    this.reference.catch(() => {});
    this.validation = new Promise((resolve, reject) => (this.settleValidation = { resolve, reject }));
    this.validation.catch(() => {});
    this.worker.on('message', (msg: ApiWorkerReply) => {
      if (msg.type === 'reference') this.onReference(msg);
      else if (msg.type === 'pages') for (const p of msg.pages) this.arrived(p);
      else if (msg.type === 'validation') {
        if (msg.error !== undefined) this.settleValidation.reject(new Error(`OpenAPI validation failed: ${msg.error}`));
        else this.settleValidation.resolve(msg.problems ?? []);
      } else if (msg.type === 'finished') this.finished?.();
      else if (msg.type === 'error') this.fail(new Error(`API thread failed: ${msg.error}`));
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => {
      if (!this.stopping) this.fail(new Error(`API thread stopped (exit code ${code})`));
    });
  }

  /** The reference as loaded by the thread; its problems go to `problems` (see collectRoutes' loadApi). */
  async load(problems: ProblemList): Promise<ApiReference | undefined> {
    const msg = await this.reference;
    for (const p of msg.problems) problems.add(p);
    if (!msg.reference) return undefined;
    const { files, locales, validating } = msg.reference;
    return {
      files,
      validation: validating ? this.validation : undefined,
      forLocale: (locale: string): ApiLocaleReference => locales[locale],
      renderContent: (route: Route) => this.take(route),
      prepare: (routes: Route[]) => this.prepare(routes),
    };
  }

  /** Has the spec's validation start now rather than after the thread's last page (see apiWorker.ts). */
  validateNow(): void {
    if (!this.failure) this.post({ type: 'validate' });
  }

  /** Lets the thread write what it holds and stops it. */
  async finish(): Promise<void> {
    if (this.failure) return this.terminate();
    await new Promise<void>((resolve) => {
      this.finished = resolve;
      this.post({ type: 'finish' });
    });
    await this.terminate();
  }

  /** Stops the thread; what still waits for it (the validation, pages) fails instead of waiting forever. */
  async terminate(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
    this.fail(new Error('API thread stopped before it answered'));
  }

  private async prepare(routes: Route[]): Promise<void> {
    for (const route of routes) {
      if ((route.kind !== 'api-operation' && route.kind !== 'api-tag') || this.pages.has(route.path)) continue;
      if (this.failure) throw this.failure;
      // The thread may be waiting for word of the pages taken so far.
      if (this.untold) this.tell();
      await new Promise<void>((resolve) => this.waiting.set(route.path, resolve));
      if (this.failure) throw this.failure;
    }
  }

  private take(route: Route): PageContent {
    const content = this.pages.get(route.path);
    if (!content) throw new Error(`API page ${route.path} was not rendered by the API thread`);
    // Each page is taken once: the thread renders the next ones in its place.
    this.pages.delete(route.path);
    if (++this.untold >= 16) this.tell();
    return content;
  }

  private tell(): void {
    this.post({ type: 'taken', count: this.untold });
    this.untold = 0;
  }

  private arrived({ path: p, content, md }: RenderedApiPage): void {
    if (md !== undefined) setPageParts(content, { html: [content.html], md: [md] });
    this.pages.set(p, content);
    const resolve = this.waiting.get(p);
    if (resolve) {
      this.waiting.delete(p);
      resolve();
    }
  }

  private post(msg: ApiWorkerRequest): void {
    this.worker.postMessage(msg);
  }

  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    this.rejectReference(err);
    this.settleValidation.reject(err);
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
    this.finished?.();
  }
}
