// Search records in the shape of the hosted index (DocSearch v3): one record per page title,
// heading and content block, with its heading hierarchy. objectIDs depend only on the page URL,
// the section anchor and the record's position in that section, so they survive rebuilds.
import crypto from 'node:crypto';
import type { ContentBlock, PageData, SearchRecord } from '../types.ts';

export function extractRecords(page: PageData, blocks: ContentBlock[], opts: { lvl0: string; url: string; version: string }): SearchRecord[] {
  const records: SearchRecord[] = [];
  const hierarchy: SearchRecord['hierarchy'] = { lvl0: opts.lvl0, lvl1: page.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  let anchor: string | null = null;
  let position = 0;
  let inSection = 0;
  const push = (type: SearchRecord['type'], content: string | null, level: number) => {
    const url = anchor ? `${opts.url}#${anchor}` : opts.url;
    const objectID = crypto.createHash('sha1').update(`${url}|${type}|${inSection++}`).digest('hex').slice(0, 20);
    records.push({
      objectID,
      url,
      url_without_anchor: opts.url,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      language: page.locale,
      version: opts.version,
      weight: { pageRank: 0, level, position: position++ },
    });
  };
  push('lvl1', null, 100);
  for (const block of blocks) {
    if (block.level === 1) continue;
    if (block.level >= 2) {
      const lvl = `lvl${block.level}` as keyof SearchRecord['hierarchy'];
      (hierarchy as Record<string, string | null>)[lvl] = block.text;
      for (let l = block.level + 1; l <= 6; l++) (hierarchy as Record<string, string | null>)[`lvl${l}`] = null;
      anchor = block.anchor ?? null;
      inSection = 0;
      push(lvl as SearchRecord['type'], null, 100 - block.level * 10);
    } else if (block.text.length > 1) {
      push('content', block.text, 0);
    }
  }
  return records;
}
