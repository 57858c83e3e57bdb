// A build writes into a folder beside the output and swaps it in only when everything succeeded,
// so a failed build leaves the previous output untouched.
//
// The output a build replaces is not deleted: it is kept in .docsgen/previous-output and becomes
// the next build's folder. A file whose bytes are already there is left alone (its inode and
// modification time stay, so deploy tools that sync by time upload only what changed), and files
// of pages that are gone are removed at the end. Creating files is the costly part of writing a
// site: on ext4 without a journal, creating thousands of files shortly after thousands were
// deleted (the output a build used to throw away) cost 0.6-0.9 ms a file here (with its folder),
// where comparing a page with its old copy cost 0.11-0.16 ms (encoding the page included).
//
// The swap takes two renames (the output away, the new folder in). Before them the finished folder
// is renamed from .dist.tmp-<pid>-<time> to .dist.ready-<pid>-<time>: a process killed between
// the two leaves no dist/, and the next docsgen command puts the ready folder in its place
// (recoverAfterCrash). Folders and modules of processes that are gone are removed then too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { KeyedStore } from '../cache/keyedStore.ts';

/** Writes files under the output folder (FileWriter; watch mode keeps search files in memory instead). */
export interface FileSink {
  /** `keepAs`: the page store's key to keep the written bytes under (see pageStore.ts), if any. */
  write(rel: string, data: string | Uint8Array, keepAs?: string): Promise<void>;
  /** Writes a file made of parts, without joining them first (a large file is never one string). */
  writeParts(rel: string, parts: Iterable<string>): Promise<void>;
  copy(from: string, rel: string): Promise<void>;
}

/** Where rendered pages are written: the output folder itself, or the output thread. */
export type PageSink = Pick<FileSink, 'write'>;

/**
 * Writes files under one folder, synchronously, and remembers what it wrote. In a recycled
 * folder a file that already holds the same bytes is not written again.
 *
 * Synchronous on purpose: measured on a 4,000-page build, queueing the writes on libuv's thread
 * pool (fs.promises) cost a third more CPU in all (promise and thread hand-offs, threads
 * contending in the file system) and held up to 60 MB of pages in flight. The build moves writing
 * off the rendering thread with a thread of its own instead (see outputWorker.ts).
 */
export class FileWriter implements FileSink {
  /** Paths (relative to the root) of every file this writer wrote or found unchanged. */
  readonly paths: string[] = [];
  unchanged = 0;
  /**
   * The page store, when the written pages are to be kept in it: the bytes are encoded once,
   * where they are written, instead of once more for the store by the thread that rendered them.
   */
  keepIn: KeyedStore | undefined;
  private readonly dirs = new Set<string>();
  private readonly scratch = new Scratch();

  constructor(
    readonly root: string,
    /** The folder holds an earlier build's files: compare before writing. */
    readonly recycled: boolean,
  ) {}

  writeSync(rel: string, data: string | Uint8Array, keepAs?: string): void {
    const file = path.join(this.root, rel);
    this.paths.push(rel);
    const bytes = typeof data === 'string' ? this.scratch.encode(data) : data;
    // A copy: the scratch buffer is reused for the next file.
    if (keepAs && this.keepIn) this.keepIn.putBytes(keepAs, Buffer.from(bytes));
    if (this.recycled && holdsBytes(file, bytes, this.scratch)) {
      this.unchanged++;
      return;
    }
    this.ensureDir(path.dirname(file));
    this.replacing(file, () => fs.writeFileSync(file, bytes));
  }

  async write(rel: string, data: string | Uint8Array, keepAs?: string): Promise<void> {
    this.writeSync(rel, data, keepAs);
  }

  async writeParts(rel: string, parts: Iterable<string>): Promise<void> {
    const file = path.join(this.root, rel);
    this.paths.push(rel);
    this.ensureDir(path.dirname(file));
    const fd = this.replacing(file, () => fs.openSync(file, 'w'));
    try {
      for (const part of parts) fs.writeSync(fd, part);
    } finally {
      fs.closeSync(fd);
    }
  }

  async copy(from: string, rel: string): Promise<void> {
    if (this.recycled) return this.writeSync(rel, fs.readFileSync(from));
    const file = path.join(this.root, rel);
    this.paths.push(rel);
    this.ensureDir(path.dirname(file));
    fs.copyFileSync(from, file);
  }

  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    // In a recycled folder a file may stand where this build wants a folder.
    this.replacing(dir, () => fs.mkdirSync(dir, { recursive: true }));
    this.dirs.add(dir);
  }

  /** Runs `op`; in a recycled folder, once more after removing what an earlier build left in the way. */
  private replacing<T>(target: string, op: () => T): T {
    try {
      return op();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (!this.recycled || !['EISDIR', 'EEXIST', 'ENOTDIR'].includes(code ?? '')) throw err;
      removeObstacle(this.root, target);
      return op();
    }
  }
}

export class OutputDir extends FileWriter {
  readonly target: string;
  /** Where the output a build replaces is kept for the next build (undefined: it is deleted). */
  private readonly keep: string | undefined;
  private fromWorkers: string[][] = [];

  /**
   * @param keep folder for the replaced output, on the same file system (the build passes
   *   <site>/.docsgen/previous-output); without it every build starts from an empty folder.
   */
  constructor(target: string, keep?: string) {
    recoverOutput(target, keep);
    const tmp = path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}-${Date.now()}`);
    const recycled = keep !== undefined && claim(keep, tmp);
    if (!recycled) fs.mkdirSync(tmp, { recursive: true });
    super(tmp, recycled);
    this.target = target;
    this.keep = keep;
  }

  get tmp(): string {
    return this.root;
  }

  /** Files in the output: this thread's and those other threads reported (see addWritten). */
  get written(): number {
    return this.paths.length + this.fromWorkers.reduce((n, list) => n + list.length, 0);
  }

  /** Files another thread wrote into the same folder (render workers, the output thread). */
  addWritten(paths: string[]): void {
    this.fromWorkers.push(paths);
  }

  /** Replaces the target with the finished build. */
  commit(): void {
    if (this.recycled) this.removeStale();
    const ready = this.tmp.replace(/\.tmp-(?=\d+-\d+$)/, '.ready-');
    fs.renameSync(this.tmp, ready);
    let old: string | undefined;
    if (fs.existsSync(this.target)) {
      if (this.moveToKeep(this.target)) old = this.keep;
      else fs.renameSync(this.target, (old = ready.replace(/\.ready-(?=\d+-\d+$)/, '.old-')));
    }
    try {
      fs.renameSync(ready, this.target);
    } catch (err) {
      if (old) fs.renameSync(old, this.target);
      throw err;
    }
    if (old && old !== this.keep) removeInBackground([old]);
  }

  /** Throws the unfinished build away: its folder is kept for the next build like a replaced output. */
  async discard(): Promise<void> {
    if (!this.moveToKeep(this.tmp)) fs.rmSync(this.tmp, { recursive: true, force: true });
  }

  /** Moves a folder to `keep` when there is one and it is free; false when it did not. */
  private moveToKeep(dir: string): boolean {
    if (!this.keep || fs.existsSync(this.keep)) return false;
    try {
      fs.mkdirSync(path.dirname(this.keep), { recursive: true });
      fs.renameSync(dir, this.keep);
      return true;
    } catch {
      // Another file system, or another build kept its output first.
      return false;
    }
  }

  /** Removes what an earlier build wrote and this one did not (pages since deleted, old assets). */
  private removeStale(): void {
    const current = new Set(this.paths);
    for (const list of this.fromWorkers) for (const p of list) current.add(p);
    const prune = (dir: string, rel: string): boolean => {
      let empty = true;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const entryRel = rel ? `${rel}/${entry.name}` : entry.name;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (prune(full, entryRel)) fs.rmdirSync(full);
          else empty = false;
        } else if (current.has(entryRel)) empty = false;
        else fs.unlinkSync(full);
      }
      return empty;
    };
    prune(this.tmp, '');
  }
}

/** Takes over the kept output as this build's folder; false when there is none to take. */
function claim(keep: string, tmp: string): boolean {
  try {
    fs.renameSync(keep, tmp);
    return true;
  } catch {
    return false;
  }
}

/**
 * Buffers a writer reuses for every file: one for the new bytes, one for the old copy's.
 * Buffer.from(page) sizes the text in a pass of its own before encoding it and gives a new
 * buffer each time: measured on 83 kB API pages, 0.21 ms a page where encoding into a buffer
 * that is already there took 0.09 ms (and reading the old copy into a new buffer 0.08 ms, into
 * one that is there 0.056 ms).
 */
class Scratch {
  private text = Buffer.allocUnsafe(0);
  private old = Buffer.allocUnsafe(0);
  /** Larger texts get a buffer of their own (the scratch buffers would stay that large). */
  private static readonly MAX = 4 * 1024 * 1024;

  /** UTF-8 bytes of `text`, valid until the next call. */
  encode(text: string): Uint8Array {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const room = text.length * 3;
    if (room > Scratch.MAX) return Buffer.from(text);
    if (this.text.length < room) this.text = Buffer.allocUnsafe(Math.max(room, 64 * 1024));
    return this.text.subarray(0, this.text.write(text));
  }

  /** A buffer of at least `size` bytes, valid until the next call. */
  forOld(size: number): Buffer {
    if (size > Scratch.MAX) return Buffer.allocUnsafe(size);
    if (this.old.length < size) this.old = Buffer.allocUnsafe(Math.max(size * 2, 64 * 1024));
    return this.old;
  }
}

/** Does `file` hold exactly `bytes`? (false when it does not exist or is not a file) */
function holdsBytes(file: string, bytes: Uint8Array, scratch: Scratch): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size !== bytes.byteLength) return false;
    const old = scratch.forOld(stat.size);
    return fs.readSync(fd, old, 0, stat.size, 0) === stat.size && old.subarray(0, stat.size).equals(bytes);
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

/** Removes the file or folder at `target`, or the file standing where one of its parent folders should be. */
function removeObstacle(root: string, target: string): void {
  for (let p = target; p.startsWith(root + path.sep); p = path.dirname(p)) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(p);
    } catch {
      continue; // missing, or under a file (ENOTDIR): look further up
    }
    if (p === target || !stat.isDirectory()) return fs.rmSync(p, { recursive: true, force: true });
  }
}

/**
 * Deletes a replaced output that is not kept without making the build wait: deleting thousands of
 * files costs as much as writing them.
 */
function removeInBackground(targets: string[]): void {
  if (process.platform === 'win32') {
    for (const t of targets) fs.rmSync(t, { recursive: true, force: true });
    return;
  }
  spawn('rm', ['-rf', ...targets], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * What a docsgen process killed mid-build leaves behind, put right before a command uses the site:
 * the output (see recoverOutput), and in .docsgen/ the server bundles and config modules it had
 * imported and the bundle cache it was writing, which only that process would have removed.
 */
export function recoverAfterCrash(root: string, target: string): void {
  const work = path.join(root, '.docsgen');
  recoverOutput(target, path.join(work, 'previous-output'));
  for (const left of leftovers(work, /^(?:server-|config-|bundle-cache\.tmp-)(?<pid>\d+)(?:-\d+\.(?:mjs|css|mjs\.map))?$/)) {
    fs.rmSync(left.path, { recursive: true, force: true });
  }
}

/**
 * Restores the output when a build was killed between the two renames of its swap (the target is
 * missing, the finished folder is ready beside it), and clears the folders of builds whose process
 * is gone: an unfinished one becomes the kept folder when there is none (a build only reuses files
 * whose bytes it compares), the rest are deleted. Folders of running builds are left alone.
 */
export function recoverOutput(target: string, keep?: string): void {
  const base = escapeRegExp(path.basename(target));
  const found = leftovers(path.dirname(target), new RegExp(`^\\.${base}\\.(?<kind>tmp|ready|old)-(?<pid>\\d+)-(?<time>\\d+)$`));
  if (!found.length) return;
  const ready = found.filter((f) => f.groups.kind === 'ready').sort((a, b) => Number(b.groups.time) - Number(a.groups.time));
  if (ready.length && !fs.existsSync(target) && tryRename(ready[0].path, target)) found.splice(found.indexOf(ready[0]), 1);
  for (const left of found) {
    if (keep && left.groups.kind === 'tmp' && !fs.existsSync(keep) && tryRename(left.path, keep)) continue;
    fs.rmSync(left.path, { recursive: true, force: true });
  }
}

/** Entries of `dir` matching `pattern` whose process (its group `pid`) is not running. */
function leftovers(dir: string, pattern: RegExp): { path: string; groups: Record<string, string> }[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const found: { path: string; groups: Record<string, string> }[] = [];
  for (const name of names) {
    const groups = pattern.exec(name)?.groups;
    if (groups?.pid && !processRunning(Number(groups.pid))) found.push({ path: path.join(dir, name), groups });
  }
  return found;
}

/** Whether a process with this id runs (one of another user counts; so does a reused id, which only delays the cleanup). */
function processRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryRename(from: string, to: string): boolean {
  try {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.renameSync(from, to);
    return true;
  } catch {
    // Another command got there first.
    return false;
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
