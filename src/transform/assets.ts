// Files referenced by content (images, downloads) are copied into assets/ with a content hash in
// the name, so they can be cached forever. Adding the same file twice gives the same URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { withBase } from '../shared/paths.ts';

export class AssetRegistry {
  private urls = new Map<string, string>();
  constructor(private basePath: string) {}

  /** Registers a file and returns its public URL. */
  add(absFile: string): string {
    let url = this.urls.get(absFile);
    if (!url) {
      const hash = crypto.createHash('sha256').update(fs.readFileSync(absFile)).digest('hex').slice(0, 8);
      const ext = path.extname(absFile);
      const name = path.basename(absFile, ext).replace(/[^\w.-]+/g, '-');
      url = `/assets/media/${name}-${hash}${ext.toLowerCase()}`;
      this.urls.set(absFile, url);
    }
    return withBase(this.basePath, url);
  }

  /** [source file, output path relative to the site root] for every registered asset. */
  entries(): [string, string][] {
    return [...this.urls].map(([file, url]) => [file, url.slice(1)]);
  }
}
