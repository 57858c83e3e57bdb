// Writes each locale's search files:
//   _docsgen/search/records.<locale>.json        every record (the input of `docsgen index`)
//   _docsgen/search/index.<locale>.<hash>.json   the local index (content-hashed: cached for good)
//   _docsgen/search/manifest.<locale>.json       { index: <url of the hashed index>, ... }
//
// Why a manifest: records come from rendering, so the index's hash is only known after every
// page was written. Pages therefore carry the manifest's stable URL (ClientSiteData.assets.
// searchIndex, see searchManifestUrls) and stay independent of the index; the browser fetches
// the manifest (revalidated, a few bytes) and then the immutable hashed index, both only on the
// first intent to search. A page from an older deployment still finds the current index.
import crypto from 'node:crypto';
import type { SearchRecord, SiteConfig } from '../types.ts';
import type { OutputDir } from '../build/outputDir.ts';
import { withBase } from '../shared/paths.ts';
import { buildLocalIndex } from './localIndex.ts';

export const SEARCH_DIR = '_docsgen/search';

/** The URL of each locale's manifest, known before any page is rendered (none with the hosted index). */
export function searchManifestUrls(config: SiteConfig, locales: string[]): Record<string, string> {
  if (config.search.algolia) return {};
  return Object.fromEntries(locales.map((l) => [l, withBase(config.basePath, `/${SEARCH_DIR}/manifest.${l}.json`)]));
}

export interface SearchManifest {
  /** URL of the locale's index file (with the base path). */
  index: string;
  records: number;
  sections: number;
  /** Bytes of the index file (uncompressed). */
  bytes: number;
}

export interface SearchFilesResult {
  locale: string;
  records: number;
  indexFile?: string;
  indexBytes?: number;
  ms: number;
}

export async function writeSearchFiles(out: OutputDir, records: Map<string, SearchRecord[]>, config: SiteConfig): Promise<SearchFilesResult[]> {
  const results: SearchFilesResult[] = [];
  for (const [locale, list] of records) {
    const started = performance.now();
    list.sort((a, b) => compare(a.url_without_anchor, b.url_without_anchor) || a.weight.position - b.weight.position);
    await out.write(`${SEARCH_DIR}/records.${locale}.json`, JSON.stringify(list));
    // A site searched through the hosted index needs no local one.
    if (config.search.algolia) {
      results.push({ locale, records: list.length, ms: performance.now() - started });
      continue;
    }
    const index = buildLocalIndex(locale, list);
    const json = JSON.stringify(index);
    const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);
    const file = `${SEARCH_DIR}/index.${locale}.${hash}.json`;
    await out.write(file, json);
    const manifest: SearchManifest = { index: withBase(config.basePath, '/' + file), records: list.length, sections: index.sections.length, bytes: Buffer.byteLength(json) };
    await out.write(`${SEARCH_DIR}/manifest.${locale}.json`, JSON.stringify(manifest));
    results.push({ locale, records: list.length, indexFile: file, indexBytes: manifest.bytes, ms: performance.now() - started });
  }
  return results;
}

/** Code-unit order: the same on every machine (localeCompare depends on the ICU build). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
