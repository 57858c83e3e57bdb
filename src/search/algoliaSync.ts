// Reads the live index, compares it with the build's records, and replaces it atomically:
// the live index's settings, synonyms and rules are copied to a temporary index, the settings
// and every record go there, and only then does one move operation put it in place of the live
// index. Readers see the old index until the move and the new one after it, never a half-filled
// one; a failure before the move leaves the live index untouched.
import type { SearchRecord } from '../types.ts';
import type { AlgoliaClient } from './algoliaClient.ts';
import type { IndexSettings } from './algoliaSettings.ts';

export type LiveRecord = Record<string, unknown> & { objectID: string };

export interface LiveIndex {
  exists: boolean;
  records: Map<string, LiveRecord>;
  settings?: Record<string, unknown>;
}

export interface RecordDiff {
  added: SearchRecord[];
  changed: SearchRecord[];
  removed: LiveRecord[];
  unchanged: number;
}

export const BATCH_SIZE = 1000;

const isNotFound = (err: unknown) => (err as { status?: number })?.status === 404;

/** Settings and every record of the live index (browsed 1,000 at a time). */
export async function readLiveIndex(client: AlgoliaClient, indexName: string, progress: (n: number) => void = () => {}): Promise<LiveIndex> {
  let settings: Record<string, unknown>;
  try {
    settings = (await client.getSettings({ indexName })) as Record<string, unknown>;
  } catch (err) {
    if (isNotFound(err)) return { exists: false, records: new Map() };
    throw err;
  }
  const records = new Map<string, LiveRecord>();
  let cursor: string | undefined;
  do {
    const page = await client.browse<LiveRecord>({ indexName, browseParams: { hitsPerPage: BATCH_SIZE, ...(cursor ? { cursor } : {}) } });
    for (const hit of page.hits) records.set(hit.objectID, hit);
    progress(records.size);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return { exists: true, records, settings };
}

/** A record as stored, for comparison: engine-added fields (`_highlightResult`, ...) dropped, keys sorted. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .filter((k) => !k.startsWith('_'))
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

export function diffRecords(next: SearchRecord[], live: Map<string, LiveRecord>): RecordDiff {
  const diff: RecordDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const rec of next) {
    seen.add(rec.objectID);
    const old = live.get(rec.objectID);
    if (!old) diff.added.push(rec);
    else if (canonical(old) !== canonical(rec)) diff.changed.push(rec);
    else diff.unchanged++;
  }
  for (const [id, rec] of live) if (!seen.has(id)) diff.removed.push(rec);
  return diff;
}

export type Phase = 'copy' | 'settings' | 'upload' | 'move';

export const PHASE_TEXT: Record<Phase, string> = {
  copy: 'copying the settings, synonyms and rules to the temporary index',
  settings: 'setting the index settings',
  upload: 'uploading the records',
  move: 'moving the temporary index over the live index',
};

/** A failure of replaceIndex: which phase, and whether the live index may have changed. */
export class ReplaceFailed extends Error {
  constructor(
    public phase: Phase,
    public liveMayHaveChanged: boolean,
    options: { cause: unknown },
  ) {
    super(`${PHASE_TEXT[phase]} failed: ${describeError(options.cause)}`, options);
    this.name = 'ReplaceFailed';
  }
}

/** One line for an error from the client: the API's message, or each host's failure for a RetryError. */
export function describeError(err: unknown): string {
  const e = err as {
    name?: string;
    message?: string;
    status?: number;
    stackTrace?: { host?: { url?: string; port?: number }; response?: { status?: number; isTimedOut?: boolean } }[];
  };
  if (e?.name === 'RetryError' && e.stackTrace?.length) {
    const hosts = e.stackTrace.map((f) => {
      const where = `${f.host?.url ?? '?'}${f.host?.port ? `:${f.host.port}` : ''}`;
      const why = f.response?.isTimedOut ? 'timed out' : f.response?.status ? `HTTP ${f.response.status}` : 'unreachable';
      return `${where} ${why}`;
    });
    return `no search host answered (${hosts.join(', ')})`;
  }
  if (e?.status) return `${e.message} (HTTP ${e.status})`;
  return e?.message ?? String(err);
}

export interface ReplaceOptions {
  indexName: string;
  tmpName: string;
  records: SearchRecord[];
  settings: IndexSettings;
  liveExists: boolean;
  log: (line: string) => void;
  /** Rejects to stop between requests (Ctrl+C). */
  stop?: Promise<never>;
}

/** Fills tmpName and moves it over indexName. Throws ReplaceFailed; the caller cleans up tmpName. */
export async function replaceIndex(client: AlgoliaClient, o: ReplaceOptions): Promise<void> {
  let phase: Phase = 'copy';
  let moveSent = false;
  const step = <T>(p: Promise<T>): Promise<T> => (o.stop ? Promise.race([p, o.stop]) : p);
  try {
    if (o.liveExists) {
      o.log(`Copying the settings, synonyms and rules of "${o.indexName}" to "${o.tmpName}"`);
      const copy = await step(
        client.operationIndex({
          indexName: o.indexName,
          operationIndexParams: { operation: 'copy', destination: o.tmpName, scope: ['settings', 'synonyms', 'rules'] },
        }),
      );
      await step(client.waitForTask({ indexName: o.tmpName, taskID: copy.taskID }));
    }
    phase = 'settings';
    o.log('Setting the index settings');
    const set = await step(client.setSettings({ indexName: o.tmpName, indexSettings: o.settings }));
    await step(client.waitForTask({ indexName: o.tmpName, taskID: set.taskID }));

    phase = 'upload';
    const tasks: number[] = [];
    for (let i = 0; i < o.records.length; i += BATCH_SIZE) {
      const chunk = o.records.slice(i, i + BATCH_SIZE);
      const res = await step(
        client.batch({ indexName: o.tmpName, batchWriteParams: { requests: chunk.map((rec) => ({ action: 'addObject' as const, body: { ...rec } })) } }),
      );
      tasks.push(res.taskID);
      o.log(`Uploaded ${i + chunk.length}/${o.records.length} records`);
    }
    for (const taskID of tasks) await step(client.waitForTask({ indexName: o.tmpName, taskID }));

    phase = 'move';
    o.log(`Moving "${o.tmpName}" over "${o.indexName}"`);
    moveSent = true;
    const move = await client.operationIndex({ indexName: o.tmpName, operationIndexParams: { operation: 'move', destination: o.indexName } });
    // Tasks belong to the index the operation was sent to (as in the client's replaceAllObjects).
    await client.waitForTask({ indexName: o.tmpName, taskID: move.taskID });
  } catch (err) {
    // Once the move is sent the engine may carry it out even if we never hear back; only a
    // refusal (4xx) proves it did not happen.
    const refused = typeof (err as { status?: number })?.status === 'number' && Math.floor((err as { status: number }).status / 100) === 4;
    throw new ReplaceFailed(phase, moveSent && !refused, { cause: err });
  }
}
