// Values kept between builds in the site's cache folder (.docsgen/cache), for work
// whose result is a pure function of a key: a value is never stale, only unused. One folder per
// version of what made the values (a cacheKey, see cacheKey.ts). Every
// thread that writes appends to files of its own, so no two threads write to one file, and files
// left by a build that failed later are as good as any other: values go one after another into a
// .dat file, and "<key>\t<first byte>\t<length>" lines into the .idx file beside it. Opening a
// store reads the indexes only; a value is read when it is asked for. Values put are appended
// together once the thread's event loop turns: a build puts one page at a time, and two appends
// per page would cost more than rendering some of them.
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** Where a value is: its data file's number, its first byte and its length in bytes. */
type Span = [file: number, start: number, length: number];

let filesMade = 0;
/** Bytes of values put that a store appends at once, without waiting for the event loop. */
const FLUSH_BYTES = 8 * 1024 * 1024;
/** This thread's stores with values put and not yet appended (see flushStores). */
const unflushed = new Set<KeyedStore>();

/**
 * Appends what every store of this thread holds back: a thread that is about to end (a render
 * worker asked for its last files) may not see its event loop turn again.
 */
export function flushStores(): void {
  for (const store of [...unflushed]) store.flush();
}

/** Folders of other versions kept (a spec one may go back to, another site URL). */
const KEEP_OTHER_VERSIONS = 2;

export class KeyedStore {
  /** Data files, without their extension. */
  private readonly files: string[] = [];
  private readonly spans = new Map<string, Span>();
  /** This thread's files (their number in `files`) and the data file's length so far. */
  private own: { n: number; bytes: number } | undefined;
  /** Keys read or written since the store was opened, and the bytes of all data files. */
  private readonly used = new Set<string>();
  private totalBytes = 0;
  /** Values put but not yet appended, by key (readable meanwhile), in the order put. */
  private readonly pending = new Map<string, Buffer>();
  private pendingBytes = 0;
  /** The folder was made (or found) and its time set by this thread's first append. */
  private touched = false;
  private unwritable = false;
  /** Data files read whole, by number (see open's `readWhole`). */
  private whole?: (Buffer | undefined)[];

  private constructor(
    /** The version's folder: another thread appends to the same store with appendTo. */
    readonly dir: string,
    readIndexes = true,
    readWhole = false,
  ) {
    if (readWhole) this.whole = [];
    let names: string[] = [];
    if (!readIndexes) return;
    try {
      names = fs.readdirSync(dir).filter((name) => name.endsWith('.idx'));
    } catch {
      return; // nothing stored for this version yet
    }
    for (const name of names) {
      const base = path.join(dir, name.slice(0, -4));
      let index: string;
      let size: number;
      try {
        index = fs.readFileSync(`${base}.idx`, 'utf8');
        size = fs.statSync(`${base}.dat`).size;
      } catch {
        continue;
      }
      const n = this.files.push(base) - 1;
      this.totalBytes += size;
      // A last line without its newline (a build killed while writing) is left out, and so is a
      // value past the end of its data file.
      for (let start = 0, end = index.indexOf('\n'); end >= 0; start = end + 1, end = index.indexOf('\n', start)) {
        const [key, from, length] = index.slice(start, end).split('\t');
        const span: Span = [n, Number(from), Number(length)];
        if (key && span[1] + span[2] <= size && !this.spans.has(key)) this.spans.set(key, span);
      }
    }
  }

  /**
   * The store `name` for `version` in the cache folder (undefined without a cache folder). With
   * `prune` (one thread of a build), the folders of all but the latest other versions go.
   */
  static open(cacheDir: string | undefined, name: string, version: string, prune: boolean, options: { readWhole?: boolean } = {}): KeyedStore | undefined {
    if (!cacheDir) return undefined;
    const root = path.join(cacheDir, name);
    if (prune) pruneOtherVersions(root, version);
    return new KeyedStore(path.join(root, version), true, options.readWhole);
  }

  /**
   * The store in `dir` (a store's `dir`, which another thread opened), for a thread that only
   * appends the values that thread asks it to: it reads no index, so it never takes a value for
   * kept because an index lists it (the other thread found it damaged, or compacted it away).
   */
  static appendTo(dir: string): KeyedStore {
    return new KeyedStore(dir, false);
  }

  has(key: string): boolean {
    return this.spans.has(key);
  }

  get(key: string): string | undefined {
    return this.bytes(key)?.toString('utf8');
  }

  /** A value's UTF-8 bytes, for a caller that only writes them out (no decoding, no encoding). */
  bytes(key: string): Buffer | undefined {
    const span = this.spans.get(key);
    if (!span) return undefined;
    this.used.add(key);
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const [file, start, length] = span;
    if (this.whole) return this.fromWhole(key, file, start, length);
    const buf = Buffer.allocUnsafe(length);
    try {
      const fd = fs.openSync(`${this.files[file]}.dat`, 'r');
      try {
        if (fs.readSync(fd, buf, 0, length, start) !== length) return this.forget(key);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return this.forget(key);
    }
    return buf;
  }

  /** A value from its data file read whole (once, or again when the value is past what was read). */
  private fromWhole(key: string, file: number, start: number, length: number): Buffer | undefined {
    const whole = this.whole!;
    try {
      if (!whole[file] || whole[file].length < start + length) whole[file] = fs.readFileSync(`${this.files[file]}.dat`);
    } catch {
      return this.forget(key);
    }
    return whole[file].length < start + length ? this.forget(key) : whole[file].subarray(start, start + length);
  }

  /** Counts keys another thread read or wrote as used (see compact). */
  use(keys: Iterable<string>): void {
    for (const key of keys) this.used.add(key);
  }

  /** Keys read or written through this store since it was opened. */
  usedKeys(): string[] {
    return [...this.used];
  }

  /** Forgets a key whose value turned out damaged: the caller makes it again. */
  forget(key: string): undefined {
    this.spans.delete(key);
    return undefined;
  }

  /** Appends values (keys without tabs and newlines) to this thread's files, when the event loop turns. */
  put(entries: [key: string, value: string][]): void {
    for (const [key, value] of entries) this.add(key, value);
    this.appendSoon();
  }

  /**
   * Appends a value given as its UTF-8 bytes, which the store keeps (a caller that reuses its
   * buffer passes a copy): for a thread that has a value's bytes already, to write them out.
   */
  putBytes(key: string, bytes: Buffer): void {
    this.add(key, bytes);
    this.appendSoon();
  }

  private add(key: string, value: string | Buffer): void {
    if (this.unwritable) return;
    this.used.add(key);
    if (this.spans.has(key)) return;
    this.own ??= { n: this.files.push(path.join(this.dir, `${process.pid}-${threadId}-${Date.now().toString(36)}-${++filesMade}`)) - 1, bytes: 0 };
    const bytes = typeof value === 'string' ? Buffer.from(value) : value;
    this.spans.set(key, [this.own.n, this.own.bytes, bytes.length]);
    this.pending.set(key, bytes);
    this.pendingBytes += bytes.length;
    this.own.bytes += bytes.length;
    this.totalBytes += bytes.length;
  }

  /**
   * Appends what was put once the event loop turns, or now when much is waiting: a build that
   * renders on its main thread turns the event loop only when every page is done.
   */
  private appendSoon(): void {
    if (this.pendingBytes >= FLUSH_BYTES) return this.flush();
    if (this.pending.size && !unflushed.has(this)) {
      unflushed.add(this);
      setImmediate(() => this.flush());
    }
  }

  /** Appends the values put since the last flush (see put). */
  flush(): void {
    unflushed.delete(this);
    if (!this.pending.size) return;
    const entries = [...this.pending];
    this.pending.clear();
    this.pendingBytes = 0;
    const file = this.files[this.own!.n];
    try {
      if (!this.touched) {
        fs.mkdirSync(this.dir, { recursive: true });
        // The folder's time tells when its version was last written (see pruneOtherVersions).
        const now = new Date();
        fs.utimesSync(this.dir, now, now);
        this.touched = true;
      }
      // The data first: an index line never points past what was written.
      fs.appendFileSync(`${file}.dat`, Buffer.concat(entries.map(([, bytes]) => bytes)));
      fs.appendFileSync(`${file}.idx`, entries.map(([key]) => `${key}\t${this.spans.get(key)![1]}\t${this.spans.get(key)![2]}\n`).join(''));
    } catch {
      // A read-only or full cache folder only costs time: this store writes nothing more.
      this.unwritable = true;
      for (const [key] of entries) this.spans.delete(key);
    }
  }

  /**
   * When most of the store went unused (values for keys that are hashes of what they are made
   * from pile up as pages change), rewrites it with the used values only. Call once the work of
   * every thread that used the store is done (see use).
   */
  compact(minBytes = 16 * 1024 * 1024): void {
    this.flush();
    if (this.totalBytes < minBytes) return;
    let usedBytes = 0;
    for (const key of this.used) usedBytes += this.spans.get(key)?.[2] ?? 0;
    if (usedBytes * 2 > this.totalBytes) return;
    // As bytes: a value need not be UTF-8 text.
    const kept: [string, Buffer][] = [];
    for (const key of this.used) {
      const value = this.bytes(key);
      if (value !== undefined) kept.push([key, value]);
    }
    const old = [...this.files];
    this.files.length = 0;
    if (this.whole) this.whole = [];
    this.spans.clear();
    this.own = undefined;
    this.totalBytes = 0;
    for (const [key, value] of kept) this.add(key, value);
    // Written before the old files go.
    this.flush();
    for (const base of old) for (const ext of ['.idx', '.dat']) fs.rmSync(base + ext, { force: true });
  }
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
