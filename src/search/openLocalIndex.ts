// The local index read in Node, the way the browser reads it: from a built site's folder (tests,
// the benchmark) or from the files a builder just made. Counts what was read, file by file.
import fs from 'node:fs';
import path from 'node:path';
import { SEARCH_DIR, searchIndexFile } from '../config/clientSiteData.ts';
import { LocalSearch } from '../shared/search/localSearch.ts';
import type { IndexEntry } from '../shared/search/indexFile.ts';
import type { LocaleIndexFiles } from './localIndex.ts';

/** Files read so far, by path relative to the search folder, with their size in bytes. */
export type ReadLog = Map<string, number>;

/** A locale's index in a built site's output folder. */
export function openLocalIndex(outDir: string, locale: string, log: ReadLog = new Map()): LocalSearch {
  const entryText = fs.readFileSync(path.join(outDir, searchIndexFile(locale)));
  log.set(path.basename(searchIndexFile(locale)), entryText.length);
  return new LocalSearch(JSON.parse(entryText.toString('utf8')) as IndexEntry, async (rel) => {
    const text = await fs.promises.readFile(path.join(outDir, SEARCH_DIR, rel));
    log.set(rel, text.length);
    return JSON.parse(text.toString('utf8'));
  });
}

/** A locale's index from a builder's files, without writing them. */
export function localIndexLoader(index: LocaleIndexFiles, log: ReadLog = new Map()): LocalSearch {
  const prefix = `${index.entry.dir}/`;
  return new LocalSearch(JSON.parse(JSON.stringify(index.entry)) as IndexEntry, async (rel) => {
    const text = rel.startsWith(prefix) ? index.files.get(rel.slice(prefix.length)) : undefined;
    if (text === undefined) throw new Error(`no file ${rel} in the index`);
    log.set(rel, Buffer.byteLength(text));
    return JSON.parse(text);
  });
}
