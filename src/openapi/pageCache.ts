// API pages' content kept between builds. A page's content is a function of the spec's files,
// the locale's overlay, the site config and docsgen's own code: while none of them changes, a
// rebuild (an author editing a tutorial) takes each API page's content from the cache instead of
// rendering it again, which was most of what an API page cost. Routes, sidebars and the model are
// still built every time; the pages still go through React, the Markdown copies and the search
// index like any other page.
//
// Entries are kept in a KeyedStore under the hash of those inputs. A fragment several pages share
// (see parts.ts) is stored once, under the hash of its HTML, and pages refer to it: read back, it
// is again one object for all of them, so a page's Markdown copy converts it once per build.
import crypto from 'node:crypto';
import type { ContentBlock, LinkRef, PageContent, TocItem } from '../types.ts';
import { codeHash, jsonKey, KeyedStore } from '../cache/keyedStore.ts';
import { htmlPartsOf, setHtmlParts, type HtmlPart } from './parts.ts';

const FORMAT = 1;

interface Entry {
  /** HTML, or the key of a shared fragment. */
  parts: (string | { f: string })[];
  toc: TocItem[];
  anchors: string[];
  links: LinkRef[];
  blocks: ContentBlock[];
}

/**
 * The key of the pages made from these inputs: the texts of the spec's files and overlays, the
 * site config and docsgen's code.
 */
export function apiPageKey(inputs: Iterable<{ file: string; text: string }>, config: unknown): string {
  const hash = crypto.createHash('sha256').update(`${FORMAT}\0${codeHash()}\0`);
  hash.update(jsonKey(config));
  for (const f of [...inputs].sort((a, b) => a.file.localeCompare(b.file))) hash.update(`\0${f.file}\0${f.text}`);
  return hash.digest('hex').slice(0, 32);
}

export class ApiPageCache {
  private readonly fragments = new Map<string, { html: string }>();
  private readonly stored = new WeakMap<object, string>();

  private constructor(private readonly store: KeyedStore) {}

  /** The pages kept under `key` (see apiPageKey) in `cacheDir` (undefined without one). */
  static open(cacheDir: string | undefined, key: string, prune: boolean): ApiPageCache | undefined {
    const store = KeyedStore.open(cacheDir, 'api-pages', key, prune);
    return store && new ApiPageCache(store);
  }

  has(routePath: string): boolean {
    return this.store.has(routePath);
  }

  get(routePath: string): PageContent | undefined {
    const line = this.store.get(routePath);
    if (line === undefined) return undefined;
    try {
      const entry = JSON.parse(line) as Entry;
      const parts: HtmlPart[] = entry.parts.map((p) => (typeof p === 'string' ? p : this.fragment(p.f)));
      const content: PageContent = { html: parts.map((p) => (typeof p === 'string' ? p : p.html)).join(''), toc: entry.toc, anchors: entry.anchors, links: entry.links, blocks: entry.blocks };
      setHtmlParts(content, parts);
      return content;
    } catch {
      return this.store.forget(routePath); // damaged: rendered again
    }
  }

  /** Keeps a page this thread rendered. */
  put(routePath: string, content: PageContent): void {
    const lines: [string, string][] = [];
    const parts = (htmlPartsOf(content) ?? [content.html]).map((p) => {
      if (typeof p === 'string') return p;
      let key = this.stored.get(p);
      if (key === undefined) {
        key = `#${crypto.createHash('sha1').update(p.html).digest('hex')}`;
        this.stored.set(p, key);
        if (!this.store.has(key)) lines.push([key, p.html]);
      }
      return { f: key };
    });
    const entry: Entry = { parts, toc: content.toc, anchors: content.anchors, links: content.links, blocks: content.blocks };
    lines.push([routePath, JSON.stringify(entry)]);
    this.store.put(lines);
  }

  private fragment(key: string): { html: string } {
    let f = this.fragments.get(key);
    if (!f) {
      const html = this.store.get(key);
      if (html === undefined) throw new Error(`no fragment ${key}`);
      this.fragments.set(key, (f = { html }));
    }
    return f;
  }
}
