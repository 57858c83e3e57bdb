// Builds a locale's local search index file from its search records: records are grouped into
// sections (a heading and the text under it), the sections are indexed with MiniSearch, and the
// index is serialized with the section texts needed for hits, highlights and snippets.
// See src/shared/search/indexFile.ts for the format.
import MiniSearch from 'minisearch';
import type { SearchRecord } from '../types.ts';
import { encodeIndex, INDEX_FORMAT, miniSearchOptions, type LocalIndexFile, type SectionDoc, type SerializedIndex } from '../shared/search/indexFile.ts';
import { keyTerm } from '../shared/search/tokenize.ts';

const HEADING_LEVELS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** Records must be in page order (by url_without_anchor, then weight.position), as writeSearchFiles sorts them. */
export function buildLocalIndex(locale: string, records: SearchRecord[]): LocalIndexFile {
  const lvl0: string[] = [];
  const versions: string[] = [];
  const pages: LocalIndexFile['pages'] = [];
  const sections: LocalIndexFile['sections'] = [];
  const docs: SectionDoc[] = [];
  const indexOf = (list: string[], value: string) => {
    let i = list.indexOf(value);
    if (i < 0) i = list.push(value) - 1;
    return i;
  };

  let pageUrl = '';
  let section: { doc: SectionDoc; paragraphs: string[] } | undefined;
  for (const r of records) {
    if (r.url_without_anchor !== pageUrl) {
      pageUrl = r.url_without_anchor;
      pages.push([pageUrl, r.hierarchy.lvl1, indexOf(lvl0, r.hierarchy.lvl0), indexOf(versions, r.version), r.weight.pageRank]);
      section = undefined;
    }
    if (r.type !== 'content' || !section) {
      const level = r.type === 'content' ? 1 : Number(r.type.slice(3));
      const headings = HEADING_LEVELS.slice(0, Math.max(0, level - 1)).map((l) => r.hierarchy[l] ?? '');
      const paragraphs: string[] = [];
      sections.push([pages.length - 1, r.anchor ?? '', level, headings, paragraphs]);
      const doc: SectionDoc = {
        id: docs.length,
        t: level === 1 ? r.hierarchy.lvl1 : '',
        h: level === 2 ? headings[0] : '',
        d: level > 2 ? headings[headings.length - 1] : '',
        p: [r.hierarchy.lvl0, ...(level === 1 ? [] : [r.hierarchy.lvl1, ...headings.slice(0, -1)])].join('\n'),
        c: '',
        k: level === 1 ? r.hierarchy.lvl1 : headings[headings.length - 1],
      };
      docs.push(doc);
      section = { doc, paragraphs };
      if (r.type !== 'content') continue;
    }
    if (r.content) section.paragraphs.push(r.content);
  }
  for (const [i, s] of sections.entries()) docs[i].c = s[4].join('\n');

  const engine = new MiniSearch<SectionDoc>(miniSearchOptions());
  engine.addAll(docs);
  // Hangul terms are stored composed: a third of the bytes of their decomposed search keys.
  const index = encodeIndex(engine.toJSON() as unknown as SerializedIndex, keyTerm);
  return { format: INDEX_FORMAT, locale, lvl0, versions, pages, sections, index };
}
