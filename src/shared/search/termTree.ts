// The search tree of the local index in its file form, and back (see TermIndex in indexFile.ts).
//
// MiniSearch keeps its terms in a radix tree of Maps: each node maps the label of an edge to a
// child node, and '' to the value of the term ending there (the term's postings: field id ->
// section number -> term frequency). Loading MiniSearch's own serialization inserts every term
// into a new tree and turns every posting list into Maps, which takes several times longer than
// parsing the file; the first search waits for all of it. Here the tree is stored node by node,
// and read back lazily: a node's Map is filled when a search first reads it, and a term's postings
// are decoded when a search first reaches the term. Until then they stay the parsed JSON.
import { keyTerm, termKey } from './tokenize.ts';

/**
 * A node of the tree: its entries in order. A term ending at this node is 0; a child is the label
 * of the edge to it followed by the child node, or by 0 when the child holds nothing but the end
 * of a term. The terms are numbered in the order their 0 comes (depth first). Labels holding
 * Hangul are stored composed (keyTerm, a third of the bytes of the decomposed keys the tree
 * branches on); termKey turns them back.
 */
export type TreeNode = (string | 0 | TreeNode)[];

/** A node of MiniSearch's search tree: edge label -> child node, and '' -> the value of the term ending here. */
export type RadixNode<T> = Map<string, T | RadixNode<T>>;

/** A term's postings in MiniSearch's toJSON() form: field id -> section number -> term frequency. */
export type TermPostings = Record<string, Record<string, number>>;

/** A term's postings in the engine: field id -> section number -> term frequency. */
export type PostingMaps = Map<number, Map<number, number>>;

/** The file's form of a search tree; `leaf` is called for each term's value, in the order of the terms' numbers. */
export function writeTree<T>(root: RadixNode<T>, leaf: (value: T) => void): TreeNode {
  const write = (node: RadixNode<T>): TreeNode => {
    const out: TreeNode = [];
    for (const [label, child] of node) {
      if (label === '') {
        out.push(0);
        leaf(child as T);
        continue;
      }
      const composed = keyTerm(label);
      out.push(termKey(composed) === label ? composed : label);
      const next = child as RadixNode<T>;
      if (next.size === 1 && next.has('')) {
        out.push(0);
        leaf(next.get('') as T);
      } else out.push(write(next));
    }
    return out;
  };
  return write(root);
}

/**
 * The search tree of a file, the same Maps in the same order as the tree it was written from,
 * each filled on first use; `leaf` makes the value of the n-th term (when its node is filled).
 */
export function readTree<T>(root: TreeNode, leaf: (n: number) => T): RadixNode<T> {
  return new LazyNode(root, 0, leaf, new WeakMap()) as unknown as RadixNode<T>;
}

/** A term's sections in one field, ascending, and how often it occurs in each (the build's form). */
export interface PostingList {
  ids: number[];
  counts: number[];
}

/**
 * A term's postings as a string: per field, the field id then the gaps between its section numbers
 * (ascending), comma-separated; a gap is written negative ('-' before it) when a frequency other
 * than 1 follows it. Fields are separated by spaces: field 0 with sections 3 and 7 (twice) and
 * field 4 with section 0 (twice) is "0,3,-4,2 4,-0,2".
 */
export function encodePostings(fields: Iterable<[number, PostingList]>): string {
  let s = '';
  for (const [fieldId, { ids, counts }] of fields) {
    if (s) s += ' ';
    s += fieldId;
    let prev = 0;
    for (let i = 0; i < ids.length; i++) {
      const gap = ids[i] - prev;
      // '-' written out: the first gap can be 0 (section 0), and -0 would print as 0.
      s += counts[i] === 1 ? `,${gap}` : `,-${gap},${counts[i]}`;
      prev = ids[i];
    }
  }
  return s;
}

/** The postings of encodePostings, added to `fields`. */
export function decodePostings(s: string, fields: PostingMaps = new Map()): PostingMaps {
  if (!s) return fields;
  let docs: Map<number, number> | undefined;
  let id = 0;
  // The number being read, its sign, and what it is: a field id, a gap, or the frequency after a negative gap.
  let n = 0;
  let negative = false;
  let role: 'field' | 'gap' | 'freq' = 'field';
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 32;
    if (c >= 48 && c <= 57) n = n * 10 + (c - 48);
    else if (c === 45) negative = true;
    else {
      if (role === 'field') {
        docs = new Map();
        fields.set(n, docs);
        id = 0;
        role = 'gap';
      } else if (role === 'freq') {
        docs!.set(id, n);
        role = 'gap';
      } else {
        id += n;
        if (negative) role = 'freq';
        else docs!.set(id, 1);
      }
      if (c === 32) role = 'field';
      n = 0;
      negative = false;
    }
  }
  return fields;
}

/**
 * A Map that fills itself on first use, whatever the use: to its reader (MiniSearch), the Map it
 * would have built when loading. `fill` adds the entries through Map.prototype.set.
 */
abstract class LazyMap<K, V> extends Map<K, V> {
  private pending = true;

  protected abstract fill(add: (key: K, value: V) => void): void;

  private ready(): void {
    if (!this.pending) return;
    this.pending = false;
    this.fill((key, value) => void super.set(key, value));
  }

  override get(key: K) {
    this.ready();
    return super.get(key);
  }
  override has(key: K) {
    this.ready();
    return super.has(key);
  }
  override get size() {
    this.ready();
    return super.size;
  }
  override set(key: K, value: V) {
    this.ready();
    return super.set(key, value);
  }
  override delete(key: K) {
    this.ready();
    return super.delete(key);
  }
  override clear() {
    this.pending = false;
    super.clear();
  }
  override forEach(fn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown) {
    this.ready();
    super.forEach(fn, thisArg);
  }
  override entries() {
    this.ready();
    return super.entries();
  }
  override keys() {
    this.ready();
    return super.keys();
  }
  override values() {
    this.ready();
    return super.values();
  }
  override [Symbol.iterator]() {
    this.ready();
    return super[Symbol.iterator]();
  }
}

/** A node of the tree, read from its file form on first use; its first term is number `first`. */
class LazyNode<T> extends LazyMap<string, unknown> {
  constructor(
    private readonly source: TreeNode,
    private readonly first: number,
    private readonly leaf: (n: number) => T,
    private readonly counts: WeakMap<TreeNode, number>,
  ) {
    super();
  }

  protected fill(add: (key: string, value: unknown) => void): void {
    const { source: entries, leaf, counts } = this;
    let next = this.first;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (entry === 0) add('', leaf(next++));
      else if (typeof entry === 'string') {
        const child = entries[++i];
        if (child === 0) add(termKey(entry), new Map().set('', leaf(next++)));
        else {
          add(termKey(entry), new LazyNode(child as TreeNode, next, leaf, counts));
          next += countTerms(child as TreeNode, counts);
        }
      }
    }
  }
}

/** How many terms end in a subtree (remembered: each node's count is needed by every ancestor filled). */
function countTerms(node: TreeNode, counts: WeakMap<TreeNode, number>): number {
  let n = counts.get(node);
  if (n !== undefined) return n;
  n = 0;
  for (let i = 0; i < node.length; i++) {
    const entry = node[i];
    if (entry === 0) n++;
    else if (typeof entry === 'string') {
      const child = node[++i];
      n += child === 0 ? 1 : countTerms(child as TreeNode, counts);
    }
  }
  counts.set(node, n);
  return n;
}

/** A term's postings, decoded on first use. */
export class LazyPostings extends LazyMap<number, Map<number, number>> {
  constructor(private readonly encoded: string) {
    super();
  }

  protected fill(): void {
    // decodePostings adds through this.set, which finds the map ready (pending is already false).
    decodePostings(this.encoded, this);
  }
}
