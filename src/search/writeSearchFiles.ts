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
import { LocaleIndexBuilder, pagesOf, type SearchFileSink, type SearchFilesResult } from './localIndex.ts';

/** Writes every locale's files from its records (the records of a page together, pages in route order). */
export function writeSearchFiles(out: SearchFileSink, records: Map<string, SearchRecord[]>, config: SiteConfig): SearchFilesResult[] {
  return [...records].map(([locale, list]) => {
    const builder = new LocaleIndexBuilder(locale, out, !config.search.algolia);
    for (const page of pagesOf(list)) builder.addPage(page);
    return builder.finish();
  });
}
