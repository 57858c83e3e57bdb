// Values kept between builds in the site's cache folder (node_modules/.cache/docsgen), for work
// whose result is a pure function of a key: a value is never stale, only unused. One folder per
// version of what made the values (the inputs and docsgen's code, hashed by the caller); every
// thread that writes appends to a file of its own, so no two threads write to one file, and a file
// left by a build that failed later is as good as any other. Lines are "<key>\t<value>": a reader
// indexes the files and reads back only the lines it is asked for.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

/** Where a line's value is: its file's number, its first byte and its length. */
type Span = [file: number, start: number, length: number];

let filesMade = 0;

/** Folders of other versions kept (a spec one may go back to, another site URL). */
const KEEP_OTHER_VERSIONS = 2;

export class LineStore {
  private readonly files: string[] = [];
  private readonly spans = new Map<string, Span>();
  /** This thread's file (its number in `files`) and its length so far. */
  private own: { n: number; bytes: number } | undefined;
  /** Keys read or written since the store was opened, and the bytes of all files. */
  private readonly used = new Set<string>();
  private totalBytes = 0;

  private constructor(private readonly dir: string) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return; // nothing stored for this version yet
    }
    for (const name of names) {
      let data: Buffer;
      try {
        data = fs.readFileSync(path.join(dir, name));
      } catch {
        continue;
      }
      const n = this.files.push(path.join(dir, name)) - 1;
      this.totalBytes += data.length;
      // A last line without its newline (a build killed while writing) is left out.
      for (let start = 0, end = data.indexOf(10); end >= 0; start = end + 1, end = data.indexOf(10, start)) {
        const tab = data.indexOf(9, start);
        if (tab <= start || tab >= end) continue;
        const key = data.toString('utf8', start, tab);
        if (!this.spans.has(key)) this.spans.set(key, [n, tab + 1, end - tab - 1]);
      }
    }
  }

  /**
   * The store `name` for `version` in the cache folder (undefined without a cache folder). With
   * `prune` (one thread of a build), the folders of all but the latest other versions go.
   */
  static open(cacheDir: string | undefined, name: string, version: string, prune: boolean): LineStore | undefined {
    if (!cacheDir) return undefined;
    const root = path.join(cacheDir, name);
    if (prune) pruneOtherVersions(root, version);
    return new LineStore(path.join(root, version));
  }

  has(key: string): boolean {
    return this.spans.has(key);
  }

  get(key: string): string | undefined {
    const span = this.spans.get(key);
    if (!span) return undefined;
    this.used.add(key);
    const [file, start, length] = span;
    const buf = Buffer.allocUnsafe(length);
    try {
      const fd = fs.openSync(this.files[file], 'r');
      try {
        if (fs.readSync(fd, buf, 0, length, start) !== length) return this.forget(key);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return this.forget(key);
    }
    return buf.toString('utf8');
  }

  /** Forgets a key whose value turned out damaged: the caller makes it again. */
  forget(key: string): undefined {
    this.spans.delete(key);
    return undefined;
  }

  /** Appends values (keys without tabs and newlines; values without newlines) to this thread's file. */
  put(entries: [key: string, value: string][]): void {
    if (!entries.length) return;
    try {
      if (this.own === undefined) {
        fs.mkdirSync(this.dir, { recursive: true });
        // The folder's time tells when its version was last written (see pruneOtherVersions).
        const now = new Date();
        fs.utimesSync(this.dir, now, now);
        this.own = { n: this.files.push(path.join(this.dir, `${process.pid}-${threadId}-${Date.now().toString(36)}-${++filesMade}.txt`)) - 1, bytes: 0 };
      }
      const own = this.own;
      let text = '';
      const spans: [string, Span][] = [];
      for (const [key, value] of entries) {
        const start = own.bytes + Buffer.byteLength(text) + Buffer.byteLength(key) + 1;
        spans.push([key, [own.n, start, Buffer.byteLength(value)]]);
        text += `${key}\t${value}\n`;
      }
      fs.appendFileSync(this.files[own.n], text);
      own.bytes += Buffer.byteLength(text);
      this.totalBytes += Buffer.byteLength(text);
      for (const [key, span] of spans) {
        this.used.add(key);
        if (!this.spans.has(key)) this.spans.set(key, span);
      }
    } catch {
      // A read-only or full cache folder only costs time.
    }
  }

  /**
   * When most of the store went unused (values of pages since changed pile up in a store whose
   * keys are hashes of what values are made from), rewrites it with the used values only. Call
   * once the thread's work is done.
   */
  compact(minBytes = 16 * 1024 * 1024): void {
    if (this.totalBytes < minBytes) return;
    let usedBytes = 0;
    for (const key of this.used) usedBytes += this.spans.get(key)?.[2] ?? 0;
    if (usedBytes * 2 > this.totalBytes) return;
    const kept: [string, string][] = [];
    for (const key of this.used) {
      const value = this.get(key);
      if (value !== undefined) kept.push([key, value]);
    }
    const old = [...this.files];
    this.files.length = 0;
    this.spans.clear();
    this.own = undefined;
    this.totalBytes = 0;
    this.put(kept);
    for (const file of old) fs.rmSync(file, { force: true });
  }
}

/** The site's cache folder: node_modules/.cache/docsgen (none without node_modules, or with DOCSGEN_NO_CACHE). */
export function siteCacheDir(root: string): string | undefined {
  if (process.env.DOCSGEN_NO_CACHE) return undefined;
  const nm = path.join(root, 'node_modules');
  return fs.existsSync(nm) ? path.join(nm, '.cache', 'docsgen') : undefined;
}

let code: string | undefined;
/**
 * A hash of the code that is running: every script of the folder it runs from (lib/, which
 * bundles the Markdown renderer and the highlighter; src/ when run from the sources).
 */
export function codeHash(): string {
  if (code) return code;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!['lib', 'src'].includes(path.basename(dir))) {
    // Not in a folder it knows: a hash of its own, so nothing stored is ever reused.
    if (path.dirname(dir) === dir) return (code = crypto.randomUUID());
    dir = path.dirname(dir);
  }
  const hash = crypto.createHash('sha256');
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(js|ts|tsx)$/.test(f))
    .sort();
  for (const f of files) hash.update(`\0${f}\0`).update(fs.readFileSync(path.join(dir, f)));
  return (code = hash.digest('hex'));
}

function pruneOtherVersions(root: string, version: string): void {
  try {
    const others = fs
      .readdirSync(root)
      .filter((name) => name !== version)
      .map((name) => ({ name, t: fs.statSync(path.join(root, name)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    for (const { name } of others.slice(KEEP_OTHER_VERSIONS)) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  } catch {
    /* nothing stored yet */
  }
}
