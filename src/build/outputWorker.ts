// The build's output thread: bundles the theme while the main thread collects the routes, then
// writes the pages the main thread renders, makes their search records and tokenizes them as they
// come, and writes a locale's search files once its pages are all rendered. Rendering keeps one
// core busy; creating files and folders is kernel time that would otherwise sit on the same core,
// and the search index needs nothing the renderer holds. A small entry of its own: it loads in a few milliseconds and shares
// nothing with the renderer's heap.
import { parentPort, workerData } from 'node:worker_threads';
import { writeBuiltSearchFiles, type SearchFilesResult } from '../search/writeSearchFiles.ts';
import { LocaleIndexBuilder } from '../search/localIndex.ts';
import { extractRecords, type SearchPage } from '../search/records.ts';
import { FileWriter } from './outputDir.ts';
import { buildBundles, type SiteBundles, type ThemeInputs } from '../render/bundle.ts';
import type { SiteConfig } from '../types.ts';
import { lowerThreadPriority } from './threadPriority.ts';
import { flushStores, KeyedStore } from '../cache/keyedStore.ts';

export interface OutputWorkerInit {
  root: string;
  recycled: boolean;
  /** Build local search indexes (false when the site is searched through the hosted index). */
  localIndex: boolean;
}

export type OutputWorkerRequest =
  | { type: 'bundle'; config: SiteConfig; files: ThemeInputs; minify: boolean }
  | { type: 'write'; rel: string; data: string | Uint8Array; keepAs?: string }
  | { type: 'keep-pages'; dir: string }
  | { type: 'search-pages'; pages: SearchPage[] }
  | { type: 'search'; locale: string }
  | { type: 'finish' };

/** esbuild's messages of a failed bundle, each with its file and line. */
export interface BundleMessage {
  text: string;
  location?: { file: string; line: number; column: number } | null;
}

export type OutputWorkerReply =
  | { type: 'bundled'; bundles: SiteBundles }
  | { type: 'bundle-failed'; error: string; errors: BundleMessage[] }
  | { type: 'written'; bytes: number }
  | { type: 'search'; result: SearchFilesResult }
  | { type: 'finished'; paths: string[]; unchanged: number }
  | { type: 'error'; error: string };

const init = workerData as OutputWorkerInit;
const writer = new FileWriter(init.root, init.recycled);
const indexes = new Map<string, LocaleIndexBuilder>();
const indexOf = (locale: string) => indexes.get(locale) ?? indexes.set(locale, new LocaleIndexBuilder(locale, init.localIndex)).get(locale)!;
const reply = (msg: OutputWorkerReply) => parentPort!.postMessage(msg);
// Written bytes are reported once per run of queued messages, not once per file.
let written = 0;
let reportScheduled = false;
function report(bytes: number): void {
  written += bytes;
  if (reportScheduled) return;
  reportScheduled = true;
  setImmediate(() => {
    reportScheduled = false;
    reply({ type: 'written', bytes: written });
    written = 0;
  });
}

// One request at a time, in the order sent: a locale's search files are written after the pages
// before them. The bundle is made beside the queue: esbuild works in its own process and calls
// back into this thread (the theme's plugins), which, unlike the main thread, is free to answer.
let queue = Promise.resolve();
parentPort!.on('message', (requests: OutputWorkerRequest[]) => {
  if (requests.length === 1 && requests[0].type === 'bundle') return void bundle(requests[0]);
  queue = queue.then(async () => {
    for (const msg of requests) await handle(msg);
  });
});

async function bundle({ config, files, minify }: Extract<OutputWorkerRequest, { type: 'bundle' }>): Promise<void> {
  try {
    const bundles = await buildBundles(config, files, { minify });
    reply({ type: 'bundled', bundles });
  } catch (err) {
    const e = err as Error & { errors?: BundleMessage[] };
    const errors = (e.errors ?? []).map(({ text, location }) => ({ text, location: location && { file: location.file, line: location.line, column: location.column } }));
    reply({ type: 'bundle-failed', error: e.stack ?? String(err), errors });
  } finally {
    // Only now: the main thread waits for the bundle, and esbuild's process, started from this
    // thread, would take on its priority.
    lowerThreadPriority();
  }
}

async function handle(msg: OutputWorkerRequest): Promise<void> {
  try {
    if (msg.type === 'write') {
      writer.writeSync(msg.rel, msg.data, msg.keepAs);
      report(typeof msg.data === 'string' ? msg.data.length : msg.data.byteLength);
    } else if (msg.type === 'keep-pages') {
      writer.keepIn = KeyedStore.appendTo(msg.dir);
    } else if (msg.type === 'search-pages') {
      for (const p of msg.pages) indexOf(p.page.locale).addPages(extractRecords(p.page, p.blocks, p));
    } else if (msg.type === 'search') {
      reply({ type: 'search', result: await writeBuiltSearchFiles(writer, indexOf(msg.locale)) });
      indexes.delete(msg.locale);
    } else if (msg.type === 'finish') {
      flushStores();
      reply({ type: 'finished', paths: writer.paths, unchanged: writer.unchanged });
    }
  } catch (err) {
    reply({ type: 'error', error: (err as Error).stack ?? String(err) });
  }
}
