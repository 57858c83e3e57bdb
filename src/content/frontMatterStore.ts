// Parsed front matter kept in the cache folder (store `front-matter`), so that a dev server
// started again parses no YAML for a file whose front matter did not change. A value is what
// parseFrontMatterBlock made of a file (front matter, where the body starts, the problems),
// keyed by the file's path and the text it was made from (cacheKey: contents, a format number,
// docsgen's version); the body is the rest of the file as it is read now.
import v8 from 'node:v8';
import { cacheKey, docsgenVersion } from '../cache/cacheKey.ts';
import { siteCacheDir, STORES } from '../cache/cacheFolder.ts';
import { KeyedStore } from '../cache/keyedStore.ts';
import { ProblemList, type SiteProblem } from '../errors.ts';
import { frontMatterEnd, parseFrontMatterBlock, type FrontMatterHead, type MarkdownSource } from './frontMatter.ts';

/** Bumped when what a value holds changes shape. */
const FORMAT = 1;

interface Stored {
  head?: FrontMatterHead;
  problems: SiteProblem[];
}

export class FrontMatterStore {
  private constructor(private readonly store: KeyedStore) {}

  /** The store of the site at `root`; undefined without a cache (`--no-cache`). */
  static open(root: string): FrontMatterStore | undefined {
    // Small (a few hundred bytes a file), and every value is read at a start: each data file in one read.
    const store = KeyedStore.open(siteCacheDir(root), STORES.frontMatter, docsgenVersion(), true, { readWhole: true });
    return store && new FrontMatterStore(store);
  }

  /** parseMarkdownSource, from the store when this file's front matter was parsed before. */
  parse(text: string, file: string, problems: ProblemList): MarkdownSource | undefined {
    const block = text.slice(0, frontMatterEnd(text));
    const key = cacheKey({ inputs: [{ file, text: block }], config: { format: FORMAT } });
    let stored = this.read(key);
    if (!stored) {
      const scratch = new ProblemList();
      stored = { head: parseFrontMatterBlock(block, file, scratch), problems: scratch.items };
      this.store.putBytes(key, v8.serialize(stored));
    }
    for (const p of stored.problems) problems.add(p);
    return stored.head && { ...stored.head, body: text.slice(stored.head.bodyStart) };
  }

  /** Rewrites the store without the values no file uses any more (see KeyedStore.compact). */
  compact(): void {
    this.store.compact();
  }

  private read(key: string): Stored | undefined {
    const bytes = this.store.bytes(key);
    if (!bytes) return undefined;
    try {
      // v8's format keeps what JSON would not: dates in the front matter stay dates.
      return v8.deserialize(bytes) as Stored;
    } catch {
      return this.store.forget(key);
    }
  }
}
