// API pages' content kept between builds. A page's content is a function of the spec's files,
// the locale's overlay, the site config and docsgen's own code: while none of them changes, a
// rebuild (an author editing a tutorial) takes each API page's content from the cache instead of
// rendering it again, which was most of what an API page cost. Routes, sidebars and the model are
// still built every time; the pages still go through React, the Markdown copies and the search
// index like any other page.
//
// Entries are kept in a KeyedStore under the hash of those inputs. A fragment several pages share
// (see parts.ts) is stored once, under the hash of its HTML and Markdown, and pages refer to it:
// read back, it is again one object for all of them. An entry is a line of JSON (everything but
// the texts, which it gives as lengths) followed by the texts as they are: HTML is mostly quotes
// and markup, which JSON would escape on the way in and unescape on the way out.
import crypto from 'node:crypto';
import type { ContentBlock, LinkRef, PageContent, TocItem } from '../../types.ts';
import { KeyedStore } from '../../cache/keyedStore.ts';
import { cacheKey } from '../../cache/cacheKey.ts';
import { STORES } from '../../cache/cacheFolder.ts';
import { pagePartsOf, setPageParts, type PagePart, type SharedFragment } from './parts.ts';

const FORMAT = 3;

/** The length of a text that follows the entry's JSON line, or the key of a shared fragment. */
type StoredPart = number | { f: string };

interface Entry {
  parts: StoredPart[];
  md: StoredPart[];
  toc: TocItem[];
  anchors: string[];
  links: LinkRef[];
  blocks: ContentBlock[];
}

/**
 * A JSON line, then the texts it gives the lengths of, one after another, as UTF-8: encoded one
 * by one into the value's buffer, without joining the page's texts into one more string first.
 */
function withTexts(head: unknown, texts: string[]): Buffer {
  const line = `${JSON.stringify(head)}\n`;
  let size = Buffer.byteLength(line);
  for (const t of texts) size += Buffer.byteLength(t);
  const bytes = Buffer.allocUnsafe(size);
  let at = bytes.write(line);
  for (const t of texts) at += bytes.write(t, at);
  return bytes;
}

/** The JSON line of a value made by withTexts, and a reader of its texts in order. */
function readWithTexts<T>(value: string): { head: T; next: (length: number) => string } {
  const nl = value.indexOf('\n');
  if (nl < 0) throw new Error('no texts');
  let at = nl + 1;
  const next = (length: number) => {
    if (at + length > value.length) throw new Error('texts cut short');
    return value.slice(at, (at += length));
  };
  return { head: JSON.parse(value.slice(0, nl)) as T, next };
}

/**
 * The key of the pages made from these inputs: the texts of the spec's files and overlays, the
 * site config and docsgen's version (see cacheKey).
 */
export function apiPageKey(inputs: Iterable<{ file: string; text: string }>, config: unknown): string {
  return cacheKey({ inputs, config: { format: FORMAT, config } });
}

export class ApiPageCache {
  private readonly fragments = new Map<string, SharedFragment>();
  private readonly stored = new WeakMap<object, string>();

  private constructor(private readonly store: KeyedStore) {}

  /** The pages kept under `key` (see apiPageKey) in `cacheDir` (undefined without one); `name` tells apart the references of a site's API releases. */
  static open(cacheDir: string | undefined, key: string, prune: boolean, name: string = STORES.apiPages): ApiPageCache | undefined {
    const store = KeyedStore.open(cacheDir, name, key, prune);
    return store && new ApiPageCache(store);
  }

  has(routePath: string): boolean {
    return this.store.has(routePath);
  }

  get(routePath: string): PageContent | undefined {
    const value = this.store.get(routePath);
    if (value === undefined) return undefined;
    try {
      const { head: entry, next } = readWithTexts<Entry>(value);
      const read = (parts: StoredPart[]): PagePart[] => parts.map((p) => (typeof p === 'number' ? next(p) : this.fragment(p.f)));
      const parts = read(entry.parts);
      const content: PageContent = {
        html: parts.map((p) => (typeof p === 'string' ? p : p.html)).join(''),
        toc: entry.toc,
        anchors: entry.anchors,
        links: entry.links,
        blocks: entry.blocks,
      };
      setPageParts(content, { html: parts, md: read(entry.md) });
      return content;
    } catch {
      return this.store.forget(routePath); // damaged: rendered again
    }
  }

  /** Keeps a page this thread rendered. */
  put(routePath: string, content: PageContent): void {
    const values: [string, Buffer][] = [];
    const texts: string[] = [];
    const store = (p: PagePart): StoredPart => {
      if (typeof p === 'string') {
        texts.push(p);
        return p.length;
      }
      let key = this.stored.get(p);
      if (key === undefined) {
        key = `#${crypto.createHash('sha1').update(p.html).update('\0').update(p.md).digest('hex')}`;
        this.stored.set(p, key);
        if (!this.store.has(key)) values.push([key, withTexts([p.html.length, p.md.length], [p.html, p.md])]);
      }
      return { f: key };
    };
    const parts = pagePartsOf(content) ?? { html: [content.html], md: [] };
    const entry: Entry = {
      parts: parts.html.map(store),
      md: parts.md.map(store),
      toc: content.toc,
      anchors: content.anchors,
      links: content.links,
      blocks: content.blocks,
    };
    values.push([routePath, withTexts(entry, texts)]);
    for (const [key, bytes] of values) this.store.putBytes(key, bytes);
  }

  private fragment(key: string): SharedFragment {
    let f = this.fragments.get(key);
    if (!f) {
      const value = this.store.get(key);
      if (value === undefined) throw new Error(`no fragment ${key}`);
      const { head, next } = readWithTexts<[number, number]>(value);
      this.fragments.set(key, (f = { html: next(head[0]), md: next(head[1]) }));
    }
    return f;
  }
}
