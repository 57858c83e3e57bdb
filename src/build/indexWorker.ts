// The thread that builds one locale's local search index while the main thread builds another
// (see writeSearchFiles). It starts when rendering ends, as its own small entry: it loads in a few
// milliseconds and holds nothing but the index it builds, where a render worker's heap would
// still hold its rendering until a collection it cannot ask for.
import { parentPort } from 'node:worker_threads';
import type { IndexSource } from '../search/localIndex.ts';
import { buildIndexJson, type LocalIndexJson } from '../search/writeSearchFiles.ts';

export type IndexWorkerReply = { index: LocalIndexJson } | { error: string };

parentPort!.on('message', async (source: IndexSource) => {
  let reply: IndexWorkerReply;
  try {
    reply = { index: await buildIndexJson(source) };
  } catch (err) {
    reply = { error: (err as Error).stack ?? String(err) };
  }
  parentPort!.postMessage(reply);
});
