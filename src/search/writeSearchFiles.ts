// Writes the search records of each locale (the input of `docsgen index` and of the local index).
import type { SearchRecord, SiteConfig } from '../types.ts';
import type { OutputDir } from '../build/outputDir.ts';

export async function writeSearchFiles(out: OutputDir, records: Map<string, SearchRecord[]>, _config: SiteConfig): Promise<void> {
  for (const [locale, list] of records) {
    list.sort((a, b) => a.url_without_anchor.localeCompare(b.url_without_anchor) || a.weight.position - b.weight.position);
    await out.write(`_docsgen/search/records.${locale}.json`, JSON.stringify(list));
  }
}
