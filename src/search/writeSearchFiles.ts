// Writes each locale's search files:
//   _docsgen/search/records.<locale>.json        every record (the input of `docsgen index`)
//   _docsgen/search/index.<locale>.json          the local index's entry
//   _docsgen/search/<locale>.<hash>/*.json       its term chunks and fragments
//
// The entry has a stable URL, which pages carry (ClientSiteData.assets.searchIndex, see
// searchIndexUrls in src/config/clientSiteData.ts): records come from rendering, so a content
// hash would only be known after every page was written. The browser fetches it on the first
// intent to search, revalidated (a 304 when it did not change), so a page from an older
// deployment still finds the current index; the files it names are fetched as queries need
// them, and their folder's name changes with their content (see src/shared/search/indexFile.ts).
import type { SearchRecord, SiteConfig } from '../types.ts';
import type { FileSink } from '../output/outputDir.ts';
import { SEARCH_DIR, searchIndexFile } from '../config/clientSiteData.ts';
import { LocaleIndexBuilder } from './localIndex.ts';

export interface SearchFilesResult {
  locale: string;
  records: number;
  indexFile?: string;
  /** Bytes of the entry, and of all the index's files together. */
  entryBytes?: number;
  indexBytes?: number;
  indexFiles?: number;
  sections?: number;
  ms: number;
}

/** Where the files go: the build's output folder (written on its output thread), or watch mode's memory. */
export type SearchFilesOutput = Pick<FileSink, 'write' | 'writeParts'>;

/** Writes every locale's files, one locale at a time (so that one locale's records are in memory at once). */
export async function writeSearchFiles(out: SearchFilesOutput, records: Map<string, SearchRecord[]>, config: SiteConfig): Promise<SearchFilesResult[]> {
  const results: SearchFilesResult[] = [];
  for (const [locale, list] of [...records]) {
    records.delete(locale);
    results.push(await writeLocaleSearchFiles(out, locale, list, !config.search.algolia));
  }
  return results;
}

/**
 * Writes one locale's records and, unless the site is searched through the hosted index, its
 * local index. Empties `list`.
 */
async function writeLocaleSearchFiles(out: SearchFilesOutput, locale: string, list: SearchRecord[], localIndex: boolean): Promise<SearchFilesResult> {
  const builder = new LocaleIndexBuilder(locale, localIndex);
  builder.addPages(list.splice(0));
  return writeBuiltSearchFiles(out, builder);
}

/** Writes the files of a locale whose pages were all added to `builder`. */
export async function writeBuiltSearchFiles(out: SearchFilesOutput, builder: LocaleIndexBuilder): Promise<SearchFilesResult> {
  const started = performance.now();
  const { locale } = builder;
  const { count, recordsJson, index } = builder.finish();
  await out.writeParts(`${SEARCH_DIR}/records.${locale}.json`, recordsJson);
  if (!index) return { locale, records: count, ms: performance.now() - started };
  const entry = JSON.stringify(index.entry);
  const indexFile = searchIndexFile(locale);
  let indexBytes = Buffer.byteLength(entry);
  for (const [name, text] of index.files) {
    await out.write(`${SEARCH_DIR}/${index.entry.dir}/${name}`, text);
    indexBytes += Buffer.byteLength(text);
  }
  // The entry last: whoever reads it finds every file it names.
  await out.write(indexFile, entry);
  return {
    locale,
    records: count,
    indexFile,
    entryBytes: Buffer.byteLength(entry),
    indexBytes,
    indexFiles: index.files.size + 1,
    sections: index.entry.documentCount,
    ms: performance.now() - started,
  };
}
