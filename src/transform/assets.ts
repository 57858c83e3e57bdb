// Files referenced by content (images, downloads) are copied into assets/ with a content hash in
// the name, so they can be cached forever. Adding the same file twice gives the same URL. This is
// the one place content files are published from: it refuses any file outside the site root
// (also through a symlink). Callers check first and report the problem where it was written.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { withBase } from '../shared/paths.ts';
import { inSite } from '../shared/safePath.ts';

export class AssetRegistry {
  private urls = new Map<string, string>();
  /** `root`: the site folder; every file added must lie inside it. */
  constructor(
    private basePath: string,
    private root: string,
  ) {}

  /** Registers a file and returns its public URL; throws for a file outside the site root. */
  add(absFile: string): string {
    let url = this.urls.get(absFile);
    if (!url) {
      if (!inSite(this.root, absFile)) {
        throw new SiteError({
          code: 'asset-outside',
          message: `Refused to publish ${path.relative(this.root, absFile)}: it lies outside the site; nothing outside the site folder is published`,
          hint: 'Copy the file into the site and refer to the copy.',
        });
      }
      const hash = crypto.createHash('sha256').update(fs.readFileSync(absFile)).digest('hex').slice(0, 8);
      const ext = path.extname(absFile);
      const name = path.basename(absFile, ext).replace(/[^\w.-]+/g, '-');
      url = `/assets/media/${name}-${hash}${ext.toLowerCase()}`;
      this.urls.set(absFile, url);
    }
    return withBase(this.basePath, url);
  }

  /**
   * Registers a file of a browser library docsgen publishes (KaTeX's stylesheet, Mermaid), at
   * `url` (a site path under /assets/ that names its version), and returns its public URL. These
   * come from docsgen's own dependencies, not from the site, so the site-root check does not apply.
   */
  addLibrary(absFile: string, url: string): string {
    this.urls.set(absFile, url);
    this.library.add(absFile);
    return withBase(this.basePath, url);
  }

  private library = new Set<string>();

  /** True for a file registered with addLibrary (the dev server serves those from outside the site). */
  isLibrary(absFile: string): boolean {
    return this.library.has(absFile);
  }

  /** [source file, output path relative to the site root] for every registered asset. */
  entries(): [string, string][] {
    return [...this.urls].map(([file, url]) => [file, url.slice(1)]);
  }
}
