// The site's one cache folder, <site>/.docsgen/cache, and its layout: one subfolder per store.
// Everything in it is made again when missing, so deleting it (`docsgen clean`) is always safe;
// `docsgen build --no-cache` neither reads nor writes it.
import fs from 'node:fs';
import path from 'node:path';

/** The stores, each in a subfolder of that name. */
export const STORES = {
  /** API pages' content (src/openapi/render/pageCache.ts); a site's API releases add `api-pages-<release>`. */
  apiPages: 'api-pages',
  /** Specs' YAML parsed, as JSON (src/openapi/load/parseCache.ts). */
  openapiParse: 'openapi-parse',
  /** Problems a spec's validation found (src/openapi/load/validate.ts). */
  openapiValidation: 'openapi-validation',
  /** Markdown files' front matter parsed (src/content/frontMatterStore.ts; the dev server's). */
  frontMatter: 'front-matter',
  /** The dev server's theme bundles (src/serve/bundleStore.ts). */
  themeBundles: 'theme-bundles',
} as const;

/** The site's cache folder; undefined when `cache` is false (`--no-cache`). */
export function siteCacheDir(root: string, cache = true): string | undefined {
  return cache ? cacheFolderOf(root) : undefined;
}

export function cacheFolderOf(root: string): string {
  return path.join(root, '.docsgen', 'cache');
}

/** A store's folder in the cache folder (undefined without one). */
export function storeDir(cacheDir: string | undefined, store: string): string | undefined {
  return cacheDir && path.join(cacheDir, store);
}

/** Deletes the site's cache folder; returns whether there was one. */
export function clearCache(root: string): boolean {
  const dir = cacheFolderOf(root);
  const existed = fs.existsSync(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return existed;
}
