// A locale's postings, counted section by section as pages come in, and cut into the term chunks
// of src/shared/search/indexFile.ts at the end. This is MiniSearch's state after adding the
// sections, computed directly: where MiniSearch.add walks its radix tree and two Maps for every
// word, here a word finds its term number and is counted at the end of a typed array, so a large
// site's postings take a few bytes each.
import { encodePostings, storedKey, TEXT_FIELD, type IndexEntry, type PostingList, type TermChunk } from '../shared/search/indexFile.ts';

/**
 * Characters of postings per term chunk (a term with more has a chunk of its own): a query
 * fetches the chunks of its words' key ranges, and the entry lists each chunk's first and last key.
 */
const CHUNK_CHARS = 12000;

/** Code-unit order: the same on every machine (localeCompare depends on the ICU build). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class Postings {
  readonly terms: string[] = [];
  private readonly termNumbers = new Map<string, number>();
  /** By term number, then field id: (section, count) pairs, in section order. */
  private readonly lists: (Int32Array | undefined)[] = [];
  private readonly used: number[] = [];
  /** Per section and field: its length, counted as MiniSearch counts it (distinct tokens, '' included). */
  private fieldLengths = new Int32Array(1024);
  readonly averageFieldLength: number[] = [];
  documentCount = 0;

  constructor(readonly width: number) {}

  number(term: string): number {
    let n = this.termNumbers.get(term);
    if (n === undefined) {
      this.termNumbers.set(term, (n = this.terms.length));
      this.terms.push(term);
    }
    return n;
  }

  /** Adds the next section: per field, its tokens as term numbers (-1 for ''), or null when it has no such field. */
  addSection(fields: (Int32Array | null)[]): void {
    const id = this.documentCount++;
    const { width } = this;
    if ((id + 1) * width > this.fieldLengths.length) this.fieldLengths = grown(this.fieldLengths, (id + 1) * width);
    for (let fieldId = 0; fieldId < width; fieldId++) {
      const tokens = fields[fieldId];
      if (tokens == null) continue;
      let distinct = 0;
      let empty = false;
      for (const term of tokens) {
        if (term < 0) {
          if (!empty) distinct++;
          empty = true;
          continue;
        }
        const slot = term * width + fieldId;
        let list = this.lists[slot];
        const used = this.used[slot] ?? 0;
        if (used && list![used - 2] === id) {
          list![used - 1]++;
          continue;
        }
        if (!list || used === list.length) this.lists[slot] = list = list ? grown(list, used + 2) : new Int32Array(4);
        list[used] = id;
        list[used + 1] = 1;
        this.used[slot] = used + 2;
        distinct++;
      }
      this.fieldLengths[id * width + fieldId] = distinct;
      // A running mean over the sections so far, as MiniSearch keeps it.
      this.averageFieldLength[fieldId] = ((this.averageFieldLength[fieldId] || 0) * id + distinct) / (id + 1);
    }
  }

  private list(term: number, fieldId: number): PostingList | undefined {
    const slot = term * this.width + fieldId;
    const pairs = this.lists[slot];
    if (!pairs) return undefined;
    const list: PostingList = { ids: [], counts: [], lengths: [] };
    for (let i = 0; i < this.used[slot]; i += 2) {
      list.ids.push(pairs[i]);
      list.counts.push(pairs[i + 1]);
      list.lengths.push(this.fieldLengths[pairs[i] * this.width + fieldId]);
    }
    return list;
  }

  /**
   * The term chunks, heading fields and text apart, each family cut as its postings add up:
   * gives each file's name and text, and fills in the entry's key ranges.
   */
  *chunkFiles(ranges: IndexEntry['chunks']): Generator<[string, string]> {
    const { terms, width } = this;
    const order = terms.map((_, n) => n).sort((a, b) => compare(terms[a], terms[b]));
    for (const family of ['h', 'c'] as const) {
      let chunk: TermChunk = [];
      let size = 0;
      const flush = (): [string, string] => {
        const file: [string, string] = [`${family}${ranges[family].length}.json`, JSON.stringify(chunk)];
        ranges[family].push([chunk[0][0], chunk[chunk.length - 1][0]]);
        chunk = [];
        size = 0;
        return file;
      };
      for (const n of order) {
        const fields: [number, PostingList][] = [];
        for (let f = 0; f < width; f++) {
          const list = (f === TEXT_FIELD) === (family === 'c') ? this.list(n, f) : undefined;
          if (list) fields.push([f, list]);
        }
        if (!fields.length) continue;
        const encoded = encodePostings(fields);
        if (size && size + encoded.length > CHUNK_CHARS) yield flush();
        chunk.push([storedKey(terms[n]), encoded]);
        size += encoded.length + terms[n].length;
      }
      if (chunk.length) yield flush();
    }
  }
}

function grown(array: Int32Array, atLeast: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(atLeast, array.length * 2));
  bigger.set(array);
  return bigger;
}
