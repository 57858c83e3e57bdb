// The thread a build writes in beside the main thread (see OutputThread in workers.ts): the pages
// the main thread renders, and every locale's search files, made from the pages' text. Creating a
// file costs the kernel more than rendering a small page costs JavaScript on some disks, and the
// search files are a fifth of a small site's work: here, on a second core, they cost the
// rendering no time. Render workers write their own pages; their search text comes here too.
// Messages are handled in the order sent: the pages' files, each batch's search text in route
// order, a locale's end once its pages are all in, and the build's end, answered with how many
// files this thread wrote once all of it is written. Each batch of files is answered once
// written: the main thread waits when too many are not.
import { parentPort, workerData } from 'node:worker_threads';
import { FileWriter } from '../output/outputDir.ts';
import { LocaleIndexBuilder } from '../search/localIndex.ts';
import { extractRecords, type SearchPage } from '../search/records.ts';

export interface OutputWorkerInit {
  /** The folder the build writes its output into (OutputDir.tmp). */
  outDir: string;
  /** false: only the search records files are wanted (the site is searched through the hosted index). */
  withIndex: boolean;
}

export type OutputWorkerRequest =
  { type: 'files'; files: [string, string | Uint8Array][] } | { type: 'search'; pages: SearchPage[] } | { type: 'finish'; locale: string } | { type: 'end' };

export type OutputWorkerReply = { type: 'wrote' } | { type: 'ended'; written: number } | { type: 'error'; error: string };

const init = workerData as OutputWorkerInit;
const out = new FileWriter(init.outDir);
const builders = new Map<string, LocaleIndexBuilder>();
const builder = (locale: string) => builders.get(locale) ?? builders.set(locale, new LocaleIndexBuilder(locale, out, init.withIndex)).get(locale)!;
const reply = (msg: OutputWorkerReply) => parentPort!.postMessage(msg);
let failed = false;

parentPort!.on('message', (msg: OutputWorkerRequest) => {
  // After a failure the build fails: what is sent after it is not worth writing.
  if (failed) return;
  try {
    if (msg.type === 'files') {
      for (const [rel, data] of msg.files) out.write(rel, data);
      reply({ type: 'wrote' });
    } else if (msg.type === 'search') for (const p of msg.pages) builder(p.page.locale).addPage(extractRecords(p.page, p.blocks, p));
    else if (msg.type === 'finish') {
      builder(msg.locale).finish();
      builders.delete(msg.locale);
    } else reply({ type: 'ended', written: out.written });
  } catch (err) {
    failed = true;
    reply({ type: 'error', error: (err as Error).stack ?? String(err) });
  }
});
