// Builds a locale's local search index file from its search records: records are grouped into
// sections (a heading and the text under it), the sections are indexed with MiniSearch, and the
// index is serialized with the section texts needed for hits, highlights and snippets.
// See src/shared/search/indexFile.ts for the format.
import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { SearchRecord } from '../types.ts';
import { INDEX_FORMAT, miniSearchOptions, type LocalIndexFile, type SectionDoc, type SerializedIndex, type TermIndex } from '../shared/search/indexFile.ts';
import { encodePostings, writeTree, type PostingMaps, type RadixNode } from '../shared/search/termTree.ts';

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
  return { format: INDEX_FORMAT, locale, lvl0, versions, pages, sections, index: termIndex(engine) };
}

/**
 * The engine in the file's form. Its search tree is the one MiniSearch.loadJS builds from
 * toJSON() (terms inserted in that order; the tree then differs from the one that indexed the
 * documents): the browser's engine, given this tree, answers exactly as one loaded the public
 * way would, down to the order of equal scores.
 */
function termIndex(engine: MiniSearch<SectionDoc>): TermIndex {
  const { js, terms } = engineState(engine);
  const ids = Object.entries(js.documentIds);
  if (ids.some(([shortId, id]) => Number(shortId) !== id)) throw new Error('search index: document ids must be the section numbers');
  const tree = new SearchableMap<PostingMaps>();
  for (const [key, fields] of terms) tree.set(key, fields);
  const postings: string[] = [];
  const shape = writeTree<PostingMaps>(tree._tree as RadixNode<PostingMaps>, (fields) => postings.push(encodePostings(fields)));
  const { documentCount, nextId, fieldIds, averageFieldLength, dirtCount, serializationVersion } = js;
  const fieldLength = ids.map(([shortId]) => js.fieldLength[shortId]);
  return { documentCount, nextId, fieldIds, fieldLength, averageFieldLength, dirtCount, serializationVersion, tree: shape, postings };
}

type TermTree = Iterable<[string, PostingMaps]> & { constructor: new () => TermTree; entries?: unknown; atPrefix?: unknown };

/**
 * The engine's toJSON() output, and its terms in toJSON()'s order with their postings. toJSON()
 * copies every posting list into objects (a fifth of the time spent indexing); so when the engine's
 * search tree can be read (MiniSearch's `_index`, iterated the way toJSON() does), toJSON() is
 * called with the tree set aside, and the terms are read from the tree itself.
 */
function engineState(engine: MiniSearch<SectionDoc>): { js: SerializedIndex; terms: Iterable<[string, PostingMaps]> } {
  const internals = engine as unknown as { _index?: TermTree };
  const index = internals._index;
  if (index && typeof index.entries === 'function' && typeof index.atPrefix === 'function') {
    internals._index = new index.constructor();
    try {
      return { js: engine.toJSON() as unknown as SerializedIndex, terms: index };
    } finally {
      internals._index = index;
    }
  }
  const js = engine.toJSON() as unknown as SerializedIndex;
  const toMap = <T>(o: Record<string, T>) => new Map(Object.entries(o).map(([k, v]) => [Number(k), v]));
  return { js, terms: js.index.map(([key, fields]) => [key, new Map([...toMap(fields)].map(([f, docs]) => [f, toMap(docs)]))]) };
}
