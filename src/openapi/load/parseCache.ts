// Parsed YAML kept as JSON, in one file per spec in the cache folder's openapi-parse store. Parsing YAML costs
// several times what JSON.parse does: the main thread parses and writes the cache during the
// collect stage, so the render workers, and every later build of an unchanged spec, read JSON
// instead. Entries are
// keyed by the file's path and its cacheKey (its text and docsgen's version); a document JSON cannot hold exactly (dates,
// binary, NaN) is never cached. The JSON text also makes a cheap copy for an overlay, and is what
// the validation thread parses (see validationJob).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cacheKey } from '../../cache/cacheKey.ts';
import { STORES, storeDir } from '../../cache/cacheFolder.ts';

interface Entry {
  hash: string;
  json: string;
}

export interface Parsed {
  doc: unknown;
  /** JSON that gives the same document again (absent when the document is not plain JSON). */
  json?: string;
}

const FORMAT = 2;

export class ParseCache {
  private file?: string;
  private old: Record<string, Entry> = {};
  private now: Record<string, Entry> = {};
  private changed = false;

  /** `cacheDir` (the site's cache folder) undefined: no cache (every file is parsed). */
  constructor(cacheDir: string | undefined, rootFile: string) {
    const dir = storeDir(cacheDir, STORES.openapiParse);
    if (!dir) return;
    this.file = path.join(dir, `yaml-${crypto.createHash('sha1').update(rootFile).digest('hex').slice(0, 16)}.json`);
    try {
      this.old = (JSON.parse(fs.readFileSync(this.file, 'utf8')) as { files: Record<string, Entry> }).files ?? {};
    } catch {
      /* no cache yet */
    }
  }

  /** The document of a file: from the cache when its text is unchanged, else from `parse` (which may throw). */
  parse(abs: string, text: string, parse: () => unknown): Parsed {
    const hash = this.file && cacheKey({ inputs: [{ file: abs, text }], config: { format: FORMAT } });
    const hit = this.old[abs];
    if (hit && hit.hash === hash) {
      this.now[abs] = hit;
      return { doc: JSON.parse(hit.json), json: hit.json };
    }
    const doc = parse();
    // Without a cache folder the JSON is still made: the validation thread and the overlay's copy
    // read it, which is cheaper than parsing the YAML again.
    if (!plainJson(doc)) return { doc };
    const json = JSON.stringify(doc);
    if (!hash) return { doc, json };
    this.now[abs] = { hash, json };
    this.changed = true;
    return { doc, json };
  }

  /** Writes the cache when a file was parsed (kept: the files used this time). */
  save(): void {
    if (!this.file || (!this.changed && Object.keys(this.now).length === Object.keys(this.old).length)) return;
    const tmp = `${this.file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify({ files: this.now }));
      // Renamed into place: another build's thread reading meanwhile sees the old or the new file.
      fs.renameSync(tmp, this.file);
      this.old = this.now;
      this.changed = false;
    } catch {
      fs.rmSync(tmp, { force: true });
      /* a read-only cache folder only costs time */
    }
  }
}

/** True when JSON.stringify then JSON.parse gives back the same value. */
function plainJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Object.is(v, -0)) return false;
      continue;
    }
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    if (typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
    for (const k of Object.keys(v)) {
      if (k === '__proto__') return false;
      stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return true;
}
