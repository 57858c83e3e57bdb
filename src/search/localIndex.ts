// Builds a locale's local search index file from its search records: records are grouped into
// sections (a heading and the text under it), the sections are indexed the way MiniSearch indexes
// documents, and the index is serialized with the section texts needed for hits, highlights and
// snippets.
// See src/shared/search/indexFile.ts for the format.
import SearchableMap from 'minisearch/SearchableMap';
import type { SearchRecord } from '../types.ts';
import { INDEX_FORMAT, miniSearchOptions, type LocalIndexFile, type SectionDoc, type TermIndex } from '../shared/search/indexFile.ts';
import { encodePostings, writeTree, type PostingList, type RadixNode } from '../shared/search/termTree.ts';

const HEADING_LEVELS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** MiniSearch's serialization version the file's engine state follows (the browser loads it with loadJS). */
const SERIALIZATION_VERSION = 2;

/** A locale's index file without its term index: the pages and sections, from the records. */
export type IndexSource = Omit<LocalIndexFile, 'index'>;

/** Records must be in page order (by url_without_anchor, then weight.position), as writeSearchFiles sorts them. */
export function buildLocalIndex(locale: string, records: SearchRecord[]): LocalIndexFile {
  return indexSections(groupSections(locale, records));
}

/**
 * The records grouped into pages and sections: what the index file holds apart from the term
 * index, and all the term index is made from. Holds no record, so that the records can go.
 */
export function groupSections(locale: string, records: SearchRecord[]): IndexSource {
  const lvl0: string[] = [];
  const versions: string[] = [];
  const pages: LocalIndexFile['pages'] = [];
  const sections: LocalIndexFile['sections'] = [];
  const indexOf = (list: string[], value: string) => {
    let i = list.indexOf(value);
    if (i < 0) i = list.push(value) - 1;
    return i;
  };

  let pageUrl = '';
  let paragraphs: string[] | undefined;
  for (const r of records) {
    if (r.url_without_anchor !== pageUrl) {
      pageUrl = r.url_without_anchor;
      pages.push([pageUrl, r.hierarchy.lvl1, indexOf(lvl0, r.hierarchy.lvl0), indexOf(versions, r.version), r.weight.pageRank]);
      paragraphs = undefined;
    }
    if (r.type !== 'content' || !paragraphs) {
      const level = r.type === 'content' ? 1 : Number(r.type.slice(3));
      const headings = HEADING_LEVELS.slice(0, Math.max(0, level - 1)).map((l) => r.hierarchy[l] ?? '');
      paragraphs = [];
      sections.push([pages.length - 1, r.anchor ?? '', level, headings, paragraphs]);
      if (r.type !== 'content') continue;
    }
    if (r.content) paragraphs.push(r.content);
  }
  return { format: INDEX_FORMAT, locale, lvl0, versions, pages, sections };
}

/** The index file: the sections as documents of the engine, indexed. */
export function indexSections(source: IndexSource): LocalIndexFile {
  return { ...source, index: termIndex(eachSectionDoc(source)) };
}

/** The sections as documents of the engine (see SectionDoc). */
export function sectionDocs(source: IndexSource): SectionDoc[] {
  return [...eachSectionDoc(source)];
}

/** sectionDocs one at a time: a large site's joined section texts are never all in memory. */
function* eachSectionDoc(source: IndexSource): Generator<SectionDoc> {
  const { pages, lvl0 } = source;
  for (const [id, [pageIndex, , level, headings, paragraphs]] of source.sections.entries()) {
    const [, title, lvl0Index] = pages[pageIndex];
    yield {
      id,
      t: level === 1 ? title : '',
      h: level === 2 ? headings[0] : '',
      d: level > 2 ? headings[headings.length - 1] : '',
      p: [lvl0[lvl0Index], ...(level === 1 ? [] : [title, ...headings.slice(0, -1)])].join('\n'),
      c: paragraphs.join('\n'),
      k: level === 1 ? title : headings[headings.length - 1],
    };
  }
}

/**
 * MiniSearch's state after adding the documents `docs` (see TermIndex), computed directly.
 * MiniSearch.add walks its radix tree and two Maps for every word of every section; here a word
 * finds its term in a hash map and is counted at the end of an array, and the tree gets each
 * distinct term once, in the order MiniSearch would have created it. The file's tree is
 * then the one MiniSearch.loadJS builds from toJSON() (terms inserted in the indexing tree's
 * order): the browser's engine, given it, answers exactly as one indexed and loaded the public
 * way would, down to the order of equal scores (a test holds it to that).
 */
function termIndex(docs: Iterable<SectionDoc>): TermIndex {
  const { fields, tokenize } = miniSearchOptions();
  const fieldIds: Record<string, number> = Object.fromEntries(fields.map((f, i) => [f, i]));
  // Terms are numbered as they first occur. Per term and field: the sections holding it (ascending:
  // sections are indexed in order) and how often, and the fields in the order the term met them.
  const termIds = new Map<string, number>();
  const lists: PostingList[] = [];
  const fieldOrder: number[][] = [];
  const width = fields.length;
  const fieldLength: number[][] = [];
  const averageFieldLength: number[] = [];
  let id = -1;
  for (const doc of docs) {
    if (doc.id !== ++id) throw new Error('search index: document ids must be the section numbers');
    const lengths: number[] = [];
    for (const [fieldId, field] of fields.entries()) {
      const value = doc[field as keyof SectionDoc];
      if (value == null) continue;
      const tokens = tokenize!(String(value), field);
      // As MiniSearch counts a field's length: its distinct tokens ('' included, though not indexed).
      let distinct = 0;
      let empty = false;
      for (const term of tokens) {
        if (!term) {
          if (!empty) distinct++;
          empty = true;
          continue;
        }
        let termId = termIds.get(term);
        if (termId === undefined) {
          termIds.set(term, (termId = fieldOrder.length));
          fieldOrder.push([]);
        }
        const slot = termId * width + fieldId;
        let list = lists[slot];
        if (!list) {
          lists[slot] = list = { ids: [], counts: [] };
          fieldOrder[termId].push(fieldId);
        }
        const last = list.ids.length - 1;
        if (last >= 0 && list.ids[last] === id) list.counts[last]++;
        else {
          list.ids.push(id);
          list.counts.push(1);
          distinct++;
        }
      }
      lengths[fieldId] = distinct;
      // A running mean over the documents so far, as MiniSearch keeps it.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * id + distinct) / (id + 1);
    }
    fieldLength.push(lengths);
  }
  const indexing = new SearchableMap<number>();
  for (const [term, termId] of termIds) indexing.set(term, termId);
  termIds.clear();
  const tree = new SearchableMap<number>();
  for (const [term, termId] of indexing) tree.set(term, termId);
  const postings: string[] = [];
  const shape = writeTree(tree._tree as RadixNode<number>, (termId) =>
    postings.push(encodePostings(fieldOrder[termId].map((fieldId) => [fieldId, lists[termId * width + fieldId]]))),
  );
  return {
    documentCount: id + 1,
    nextId: id + 1,
    fieldIds,
    fieldLength,
    averageFieldLength,
    dirtCount: 0,
    serializationVersion: SERIALIZATION_VERSION,
    tree: shape,
    postings,
  };
}
