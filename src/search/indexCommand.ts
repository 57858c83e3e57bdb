// `docsgen index`: pushes the build's search records to the hosted (Algolia) index.
// Records come from the last build's output (dist/_docsgen/search/records.<locale>.json), or
// from a fresh build when they are missing or --rebuild is given. The command compares them
// with the live index by objectID, prints what it adds, changes and removes, and replaces the
// index atomically (algoliaSync.ts). --dry-run stops after the comparison.
import fs from 'node:fs';
import path from 'node:path';
import type { SearchRecord, SiteConfig } from '../types.ts';
import { formatProblem, SiteError, type SiteProblem } from '../errors.ts';
import { loadConfig } from '../config/loadConfig.ts';
import { adminKeyFromEnv, createAdminClient, requireAlgoliaConfig, type AlgoliaClient } from './algoliaClient.ts';
import { algoliaIndexSettings, changedSettings } from './algoliaSettings.ts';
import {
  BATCH_SIZE,
  describeError,
  diffRecords,
  PHASE_TEXT,
  readLiveIndex,
  ReplaceFailed,
  replaceIndex,
  type LiveRecord,
  type RecordDiff,
} from './algoliaSync.ts';

export interface IndexOptions {
  dryRun?: boolean;
  out: string;
  rebuild?: boolean;
  /** Builds the site into `out` and returns the build's summary line (the CLI passes `docsgen build`). */
  build(config: SiteConfig, outDir: string): Promise<string>;
}

/** How many records of each kind the summary lists before "and N more". */
const LIST_LIMIT = 10;

export async function runIndex(root: string, opts: IndexOptions, io = { out: process.stdout, err: process.stderr }): Promise<number> {
  const log = (line: string) => io.out.write(line + '\n');
  const problem = (p: SiteProblem) => {
    io.err.write(formatProblem(p, root) + '\n');
    return 1;
  };
  const config = await loadConfig(root);
  let algolia;
  try {
    algolia = requireAlgoliaConfig(config);
  } catch (err) {
    if (err instanceof SiteError) return problem(err);
    throw err;
  }

  const records = await loadRecords(config, root, opts, log);
  if (records instanceof Error) return problem({ code: 'index-records', message: records.message });
  const perLocale = config.locales.map((l) => `${l.code} ${records.filter((r) => r.language === l.code).length}`).join(', ');
  log(`${records.length} records (${perLocale}) for index "${algolia.indexName}" of application ${algolia.appId}`);

  const envName = config.search.adminKeyEnv;
  const adminKey = adminKeyFromEnv(config);
  if (adminKey && adminKey === algolia.searchApiKey) {
    return problem({
      code: 'index-admin-key-public',
      message: `The admin key in ${envName} is the same as search.algolia.searchApiKey, which every page of the site publishes`,
      file: config.configFile,
      hint: 'put a search-only key in site.config.ts (Algolia dashboard > API keys > Search-Only API Key) and rotate the admin key',
    });
  }
  if (!adminKey) {
    const p: SiteProblem = {
      code: 'index-admin-key',
      message: `The admin API key is not set: docsgen index reads it from the ${envName} environment variable`,
      hint: `run ${envName}=<admin key> docsgen index (in CI, from a secret); it is never read from a file, so it cannot end up in the repository or the site`,
      severity: opts.dryRun ? 'warning' : 'error',
    };
    if (!opts.dryRun) return problem(p);
    io.err.write(formatProblem(p, root) + '\n');
    log('Dry run: cannot compare with the live index without the admin key. Nothing was written.');
    return 0;
  }

  const client = createAdminClient(algolia, adminKey);
  const indexName = algolia.indexName;
  log(`Reading the live index "${indexName}"`);
  let live;
  try {
    live = await readLiveIndex(client, indexName, (n) => n >= BATCH_SIZE && log(`  read ${n} records`));
  } catch (err) {
    io.err.write(`error: cannot read the live index "${indexName}": ${describeError(err)}\nNothing was written.\n`);
    return 1;
  }
  log(live.exists ? `The live index holds ${live.records.size} records` : 'The live index does not exist yet; it will be created');

  const settings = algoliaIndexSettings(config);
  const diff = diffRecords(records, live.records);
  const settingsChanged = changedSettings(live.settings, settings);
  printDiff(diff, live.exists ? settingsChanged : ['all (new index)'], log);

  if (opts.dryRun) {
    log('Dry run: nothing was written.');
    return 0;
  }
  if (live.exists && !diff.added.length && !diff.changed.length && !diff.removed.length && !settingsChanged.length) {
    log(`The index "${indexName}" is up to date; nothing to push.`);
    return 0;
  }

  const tmpName = `${indexName}_tmp_${Date.now().toString(36)}`;
  let interrupt: (err: Error) => void = () => {};
  const stop = new Promise<never>((_, reject) => (interrupt = reject));
  stop.catch(() => {});
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    io.err.write('\nInterrupted: stopping before the live index is touched\n');
    interrupt(new Error('interrupted (Ctrl+C)'));
  };
  process.on('SIGINT', onSigint);
  try {
    await replaceIndex(client, { indexName, tmpName, records, settings, liveExists: live.exists, log, stop });
  } catch (err) {
    if (!(err instanceof ReplaceFailed)) throw err;
    io.err.write(`error: reindexing failed while ${PHASE_TEXT[err.phase]}: ${describeError(err.cause)}\n`);
    io.err.write(
      err.liveMayHaveChanged
        ? `The move had been sent: the live index "${indexName}" may already hold the new records; check it in the Algolia dashboard.\n`
        : `The live index "${indexName}" was left unchanged.\n`,
    );
    await removeTemporary(client, tmpName, io.err);
    // The request that was cut short may still hold a socket for up to the write timeout.
    if (interrupted) process.exit(130);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
  log(`Done: "${indexName}" now holds ${records.length} records (${diff.added.length} added, ${diff.changed.length} changed, ${diff.removed.length} removed).`);
  return 0;
}

/** The build's records of every locale, building the site first when needed. */
async function loadRecords(config: SiteConfig, root: string, opts: IndexOptions, log: (line: string) => void): Promise<SearchRecord[] | Error> {
  const outDir = path.resolve(root, opts.out);
  const dir = path.join(outDir, '_docsgen', 'search');
  const files = config.locales.map((l) => path.join(dir, `records.${l.code}.json`));
  const missing = files.filter((f) => !fs.existsSync(f));
  if (opts.rebuild || missing.length) {
    log(opts.rebuild ? 'Building the site (--rebuild)' : `No search records in ${path.relative(root, dir) || dir}: building the site first`);
    log(await opts.build(config, opts.out));
  } else {
    const built = Math.min(...files.map((f) => fs.statSync(f).mtimeMs));
    log(`Using the records of the last build in ${path.relative(root, dir) || dir} (built ${age(Date.now() - built)} ago; --rebuild to build again)`);
  }
  const records: SearchRecord[] = [];
  for (const file of files) {
    try {
      records.push(...(JSON.parse(fs.readFileSync(file, 'utf8')) as SearchRecord[]));
    } catch (err) {
      return new Error(`Cannot read ${file}: ${(err as Error).message}`);
    }
  }
  if (!records.length) return new Error('The build produced no search records; refusing to replace the index with an empty one');
  const ids = new Set<string>();
  for (const r of records) {
    if (ids.has(r.objectID)) return new Error(`Two search records share the objectID ${r.objectID} (${r.url}); rebuild with --rebuild`);
    ids.add(r.objectID);
  }
  return records;
}

function age(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 90) return `${s} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

function describeRecord(r: SearchRecord | LiveRecord): string {
  const rec = r as Partial<SearchRecord>;
  const text = rec.type === 'content' ? rec.content : rec.type ? rec.hierarchy?.[rec.type] : undefined;
  const short = text && text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return `${rec.url ?? r.objectID} ${rec.type ?? ''}${short ? `: ${short}` : ''}`;
}

function printDiff(diff: RecordDiff, settings: string[], log: (line: string) => void): void {
  log(`Changes: ${diff.added.length} added, ${diff.changed.length} changed, ${diff.removed.length} removed, ${diff.unchanged} unchanged`);
  const list = (mark: string, items: (SearchRecord | LiveRecord)[]) => {
    for (const r of items.slice(0, LIST_LIMIT)) log(`  ${mark} ${describeRecord(r)}`);
    if (items.length > LIST_LIMIT) log(`  ${mark} ... and ${items.length - LIST_LIMIT} more`);
  };
  list('+', diff.added);
  list('~', diff.changed);
  list('-', diff.removed);
  log(settings.length ? `Settings to change: ${settings.join(', ')}` : 'Settings: unchanged');
}

async function removeTemporary(client: AlgoliaClient, tmpName: string, err: NodeJS.WritableStream): Promise<void> {
  try {
    await client.deleteIndex({ indexName: tmpName });
    err.write(`The temporary index "${tmpName}" was deleted.\n`);
  } catch (e) {
    err.write(`The temporary index "${tmpName}" could not be deleted (${describeError(e)}); delete it in the Algolia dashboard.\n`);
  }
}
