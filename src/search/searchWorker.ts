// The thread a build makes its search files in (see SearchThread in src/pipeline/workers.ts):
// making the records, tokenizing the sections and writing the fragments is a fifth of a small
// site's work, done here beside the rendering instead of between its pages. It is sent each
// page's SearchPage in route order, and a locale's end once its pages are all in; it answers each
// end with how many files it wrote since the last.
import { parentPort, workerData } from 'node:worker_threads';
import { FileWriter } from '../output/outputDir.ts';
import { LocaleIndexBuilder } from './localIndex.ts';
import { extractRecords, type SearchPage } from './records.ts';

export interface SearchWorkerInit {
  /** The folder the build writes its output into (OutputDir.tmp). */
  outDir: string;
  /** false: only the records files are wanted (the site is searched through the hosted index). */
  withIndex: boolean;
}

export type SearchWorkerRequest = { type: 'pages'; pages: SearchPage[] } | { type: 'finish'; locale: string };

export type SearchWorkerReply = { type: 'finished'; locale: string; written: number } | { type: 'error'; error: string };

const init = workerData as SearchWorkerInit;
const out = new FileWriter(init.outDir);
const builders = new Map<string, LocaleIndexBuilder>();
const builder = (locale: string) => builders.get(locale) ?? builders.set(locale, new LocaleIndexBuilder(locale, out, init.withIndex)).get(locale)!;
const reply = (msg: SearchWorkerReply) => parentPort!.postMessage(msg);
let failed = false;
let reported = 0;

parentPort!.on('message', (msg: SearchWorkerRequest) => {
  // After a failure the build fails: what is sent after it is not worth making.
  if (failed) return;
  try {
    if (msg.type === 'pages') {
      for (const p of msg.pages) builder(p.page.locale).addPage(extractRecords(p.page, p.blocks, p));
      return;
    }
    builder(msg.locale).finish();
    builders.delete(msg.locale);
    reply({ type: 'finished', locale: msg.locale, written: out.written - reported });
    reported = out.written;
  } catch (err) {
    failed = true;
    reply({ type: 'error', error: (err as Error).stack ?? String(err) });
  }
});
