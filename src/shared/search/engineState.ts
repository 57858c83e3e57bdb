// MiniSearch for an index whose terms arrive chunk by chunk (see localSearch.ts): the engine
// searches a tree that the loaded chunks fill, with the field lengths that come with their postings.
import MiniSearch from 'minisearch';
import { miniSearchOptions, type IndexEntry, type PostingMaps, type SectionDoc } from './indexFile.ts';

/** The part of the engine's search tree the searches use: the loaded terms are added to it. */
export interface TermTree {
  set(key: string, value: PostingMaps): unknown;
}

/** The part of MiniSearch's toJSON() output that loadJS reads. */
interface SerializedIndex {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

/**
 * MiniSearch for an index whose terms arrive chunk by chunk: the engine is created through the
 * public loadJS with no documents and no terms, then given a search tree that the loaded chunks
 * fill, the field lengths that come with their postings, and document ids that are the section
 * numbers. Should a MiniSearch version keep its state differently, the engine is made again the
 * public (slower) way, from the loaded terms, whenever they changed (`rebuild`).
 */
export function loadEngine(
  entry: IndexEntry,
  fieldLength: Map<number, number[]>,
): { engine: MiniSearch<SectionDoc>; tree: TermTree; rebuild?: () => MiniSearch<SectionDoc> } {
  const empty: SerializedIndex = {
    documentCount: entry.documentCount,
    nextId: entry.documentCount,
    documentIds: {},
    fieldIds: entry.fieldIds,
    fieldLength: {},
    averageFieldLength: entry.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [],
    serializationVersion: 2,
  };
  const engine = MiniSearch.loadJS<SectionDoc>(empty, miniSearchOptions());
  type TreeHolder = TermTree & { constructor: new () => TreeHolder; atPrefix?: unknown; fuzzyGet?: unknown; size?: number };
  const internals = engine as unknown as { _index?: TreeHolder; _documentIds?: Map<number, number>; _fieldLength?: Map<number, number[]> };
  const index = internals._index;
  if (
    index &&
    typeof index.atPrefix === 'function' &&
    typeof index.fuzzyGet === 'function' &&
    index.size === 0 &&
    internals._documentIds instanceof Map &&
    internals._fieldLength instanceof Map
  ) {
    internals._documentIds = new SectionIds(entry.documentCount);
    internals._fieldLength = fieldLength;
    return { engine, tree: index };
  }
  const terms = new Map<string, PostingMaps>();
  const rebuild = () => {
    const documentIds: Record<string, number> = {};
    const lengths: Record<string, number[]> = {};
    for (const [id, row] of fieldLength) {
      documentIds[id] = id;
      lengths[id] = Array.from({ length: entry.averageFieldLength.length }, (_, f) => row[f] ?? 0);
    }
    const index: SerializedIndex['index'] = [...terms].map(([key, maps]) => [
      key,
      Object.fromEntries([...maps].map(([f, docs]) => [f, Object.fromEntries(docs)])),
    ]);
    return MiniSearch.loadJS<SectionDoc>({ ...empty, documentIds, fieldLength: lengths, index }, miniSearchOptions());
  };
  return { engine, tree: terms, rebuild };
}

/** Every section number is its own document id: what MiniSearch asks of its id map while searching. */
class SectionIds extends Map<number, number> {
  constructor(private readonly count: number) {
    super();
  }
  override has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.count;
  }
  override get(id: number): number | undefined {
    return this.has(id) ? id : undefined;
  }
  override get size(): number {
    return this.count;
  }
}
