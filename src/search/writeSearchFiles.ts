// Writes each locale's search files:
//   _docsgen/search/records.<locale>.json        every record (the input of `docsgen index`)
//   _docsgen/search/index.<locale>.json          the local index
//
// The index has a stable URL, which pages carry (ClientSiteData.assets.searchIndex, see
// searchIndexUrls): records come from rendering, so a content hash would only be known after
// every page was written. The browser fetches it on the first intent to search, revalidated
// (a 304 when it did not change), so a page from an older deployment still finds the current
// index. One request, not a manifest and then a hashed file: the first search waits for it.
import type { SearchRecord, SiteConfig } from '../types.ts';
import type { OutputDir } from '../build/outputDir.ts';
import { withBase } from '../shared/paths.ts';
import { groupSections, indexSections, type IndexSource } from './localIndex.ts';

export const SEARCH_DIR = '_docsgen/search';

/** The index file of a locale, relative to the output root. */
export function searchIndexFile(locale: string): string {
  return `${SEARCH_DIR}/index.${locale}.json`;
}

/** The URL of each locale's index, known before any page is rendered (none with the hosted index). */
export function searchIndexUrls(config: SiteConfig, locales: string[]): Record<string, string> {
  if (config.search.algolia) return {};
  return Object.fromEntries(locales.map((l) => [l, withBase(config.basePath, '/' + searchIndexFile(l))]));
}

export interface SearchFilesResult {
  locale: string;
  records: number;
  indexFile?: string;
  indexBytes?: number;
  sections?: number;
  ms: number;
}

/** A locale's local index, serialized: what the index file holds, and its section count. */
export interface LocalIndexJson {
  json: string;
  sections: number;
}

/** Builds a locale's local index from its sections; the build may run it on a worker thread. */
export type LocalIndexBuilder = (source: IndexSource) => Promise<LocalIndexJson>;

export const buildIndexJson: LocalIndexBuilder = async (source) => {
  const index = indexSections(source);
  return { json: JSON.stringify(index), sections: index.sections.length };
};

/** Where the files go: the build's output folder, or watch mode's memory. */
export type SearchFilesOutput = Pick<OutputDir, 'write' | 'writeParts'>;

/**
 * Writes every locale's files. The locales' indexes are built concurrently when buildIndex runs
 * one elsewhere (the build hands one to its index worker); otherwise one after another. Takes the
 * records over: `records` is emptied, and each list once its records file is written.
 */

export async function writeSearchFiles(
  out: SearchFilesOutput,
  records: Map<string, SearchRecord[]>,
  config: SiteConfig,
  buildIndex: LocalIndexBuilder = buildIndexJson,
): Promise<SearchFilesResult[]> {
  const lists = [...records];
  records.clear();
  const results: Promise<SearchFilesResult>[] = [];
  // One locale at a time here, so that one locale's records are in memory at once; the index of
  // one may be built elsewhere while the next is written.
  for (const entry of lists) {
    const started = performance.now();
    const locale = entry[0];
    const list = entry[1];
    entry[1] = [];
    list.sort((a, b) => compare(a.url_without_anchor, b.url_without_anchor) || a.weight.position - b.weight.position);
    const count = list.length;
    await out.writeParts(`${SEARCH_DIR}/records.${locale}.json`, jsonArrayParts(list));
    // A site searched through the hosted index needs no local one.
    if (config.search.algolia) {
      results.push(Promise.resolve({ locale, records: count, ms: performance.now() - started }));
      continue;
    }
    const source = groupSections(locale, list);
    list.length = 0;
    results.push(
      buildIndex(source).then(async ({ json, sections }) => {
        const file = searchIndexFile(locale);
        await out.write(file, json);
        return { locale, records: count, indexFile: file, indexBytes: Buffer.byteLength(json), sections, ms: performance.now() - started };
      }),
    );
  }
  return Promise.all(results);
}

/** JSON.stringify(list), a few thousand items at a time (a large site's records are 50 MB of JSON). */
function* jsonArrayParts(list: unknown[], size = 2000): Generator<string> {
  yield '[';
  for (let i = 0; i < list.length; i += size) {
    const part = JSON.stringify(list.slice(i, i + size));
    yield (i ? ',' : '') + part.slice(1, -1);
  }
  yield ']';
}

/** Code-unit order: the same on every machine (localeCompare depends on the ICU build). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
