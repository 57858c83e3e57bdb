// The dev server's theme bundles kept in the cache folder (store `theme-bundles`), so that a start
// with the theme, the site's React and MDX pages and docsgen unchanged serves its first page
// without waiting for esbuild. One file per site: the key of what the bundles were made from
// (cacheKey: the text of every file esbuild read, the config, the theme folders' file names,
// docsgen's version) and the bundles. Taken only when that key, made from the files as they are
// now, is the same.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { SiteConfig } from '../types.ts';
import { cacheKey, docsgenVersion } from '../cache/cacheKey.ts';
import { siteCacheDir, storeDir, STORES } from '../cache/cacheFolder.ts';
import type { ClientBundle } from '../render/bundle.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';

/** Bumped when what the file holds changes shape. */
const FORMAT = 1;
/** Modules of esbuild's metafile that are no file: docsgen's own, made from the config and the pages' list. */
const VIRTUAL = /^docsgen:/;

interface Stored {
  key: string;
  /** The files esbuild read, absolute. */
  inputs: string[];
  client: ClientBundle;
  server: { code: string; map: string };
}

export interface StoredBundles {
  client: ClientBundle;
  /** The server bundle written out again (remove it with disposeServerBundle, its map with the source map's dispose). */
  serverFile: string;
}

export class BundleStore {
  private constructor(private readonly dir: string) {}

  /** The store of the site at `root`; undefined without a cache. */
  static open(root: string): BundleStore | undefined {
    const dir = storeDir(siteCacheDir(root), STORES.themeBundles);
    return dir ? new BundleStore(dir) : undefined;
  }

  /**
   * The bundles made last time for this config and these pages (`pages`: the list of the site's
   * React and MDX pages), when none of the files they were made from changed since; the server
   * bundle is written to `serverFile`.
   */
  find(config: SiteConfig, pages: string, serverFile: string): StoredBundles | undefined {
    let stored: Stored;
    try {
      stored = v8.deserialize(fs.readFileSync(this.file(config, pages))) as Stored;
    } catch {
      return undefined; // none yet, or damaged: bundled afresh
    }
    if (inputsKey(config, pages, stored.inputs) !== stored.key) return undefined;
    fs.writeFileSync(serverFile, stored.server.code);
    fs.writeFileSync(serverFile + '.map', stored.server.map);
    return { client: stored.client, serverFile };
  }

  /**
   * Keeps the bundles esbuild made from `inputs` (its metafiles' names, relative to the site):
   * the client's, and the server bundle's code and the file of its source map.
   */
  save(config: SiteConfig, pages: string, inputs: Set<string>, client: ClientBundle, server: { code: string; map: string }): void {
    const files: string[] = [];
    for (const input of inputs) {
      if (VIRTUAL.test(input)) continue;
      // Another plugin's module that is no file: what it is made from is not known here.
      if (/^[\w-]{2,}:/.test(input)) return;
      files.push(path.resolve(config.root, input));
    }
    try {
      const key = inputsKey(config, pages, files);
      if (!key) return;
      const file = this.file(config, pages);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // Written whole, then renamed: another server starting meanwhile never reads half of it.
      const tmp = `${file}.${process.pid}.tmp`;
      const stored: Stored = { key, inputs: files, client, server: { code: server.code, map: fs.readFileSync(server.map, 'utf8') } };
      fs.writeFileSync(tmp, v8.serialize(stored));
      fs.renameSync(tmp, file);
      // Bundles of another docsgen version are of no use to this one.
      for (const other of fs.readdirSync(this.dir)) if (other !== docsgenVersion()) fs.rmSync(path.join(this.dir, other), { recursive: true, force: true });
    } catch {
      // A cache that cannot be written only costs time at the next start.
    }
  }

  private file(config: SiteConfig, pages: string): string {
    return path.join(this.dir, docsgenVersion(), `${cacheKey({ inputs: [], config: { format: FORMAT, config, pages } })}.bin`);
  }
}

/**
 * The key of bundles made from `files` as they are now (undefined when one is gone): their texts,
 * the config and the pages, and the names of the files in the theme's folders (a file added to
 * the site's templates/ may take the place of one the bundles hold).
 */
function inputsKey(config: SiteConfig, pages: string, files: string[]): string | undefined {
  const inputs: { file: string; text: string }[] = [];
  for (const file of files) {
    try {
      inputs.push({ file, text: fs.readFileSync(file, 'latin1') });
    } catch {
      return undefined;
    }
  }
  const folders = [path.join(config.root, 'templates'), path.join(config.root, 'src'), path.join(PACKAGE_ROOT, 'templates')].map((dir) => listing(dir));
  return cacheKey({ inputs, config: { format: FORMAT, config, pages, folders } });
}

function listing(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => !f.split(path.sep).includes('node_modules'));
  } catch {
    return [];
  }
}
