// A build writes into a temporary folder beside the output and swaps it in only when everything
// succeeded, so a failed build leaves the previous output untouched.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Writes files under the output folder (FileWriter; watch mode keeps search files in memory instead). */
export interface FileSink {
  write(rel: string, data: string | Uint8Array): void | Promise<void>;
  /** Adds text at the end of a file, made by the first call (a large file is never one string). */
  append(rel: string, text: string): void;
  /** Closes a file made by append. */
  end(rel: string): void;
  /** Moves a file or folder written before. */
  rename(from: string, to: string): void;
  copy(from: string, rel: string): void | Promise<void>;
}

/** Where rendered pages are written. */
export type PageSink = Pick<FileWriter, 'write'>;

/**
 * Writes files under one folder and counts them. Synchronous: a page is written as
 * soon as it is rendered, and queueing writes on libuv's threads only added hand-offs.
 */
export class FileWriter implements FileSink {
  /** How many files this writer wrote. */
  written = 0;
  private readonly dirs = new Set<string>();
  private readonly appending = new Map<string, number>();

  constructor(readonly root: string) {}

  write(rel: string, data: string | Uint8Array): void {
    const file = this.prepare(rel);
    fs.writeFileSync(file, data);
  }

  append(rel: string, text: string): void {
    let fd = this.appending.get(rel);
    if (fd === undefined) this.appending.set(rel, (fd = fs.openSync(this.prepare(rel), 'w')));
    fs.writeSync(fd, text);
  }

  end(rel: string): void {
    const fd = this.appending.get(rel);
    this.appending.delete(rel);
    if (fd !== undefined) fs.closeSync(fd);
  }

  rename(from: string, to: string): void {
    const target = path.join(this.root, to);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(this.root, from), target);
    this.dirs.delete(path.join(this.root, from));
  }

  /** Closes the files still open for appending (a failed build). */
  closeAll(): void {
    for (const rel of [...this.appending.keys()]) this.end(rel);
  }

  copy(from: string, rel: string): void {
    fs.copyFileSync(from, this.prepare(rel));
  }

  private prepare(rel: string): string {
    const file = path.join(this.root, rel);
    this.written++;
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return file;
  }
}

export class OutputDir extends FileWriter {
  constructor(readonly target: string) {
    recoverOutput(target);
    const tmp = path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}-${Date.now()}`);
    fs.mkdirSync(tmp, { recursive: true });
    super(tmp);
  }

  get tmp(): string {
    return this.root;
  }

  /**
   * Replaces the target with the finished build. The swap takes two renames; the finished folder
   * is first renamed .<out>.ready-*, so that a process killed between them leaves a folder the
   * next command puts in place (recoverOutput).
   */
  commit(): void {
    const ready = this.tmp.replace(/\.tmp-(?=\d+-\d+$)/, '.ready-');
    fs.renameSync(this.tmp, ready);
    const old = ready.replace(/\.ready-(?=\d+-\d+$)/, '.old-');
    const hadOld = fs.existsSync(this.target);
    if (hadOld) fs.renameSync(this.target, old);
    try {
      fs.renameSync(ready, this.target);
    } catch (err) {
      if (hadOld) fs.renameSync(old, this.target);
      throw err;
    }
    if (hadOld) removeInBackground(old);
  }

  /** Throws the unfinished build away. */
  discard(): void {
    this.closeAll();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Deletes a replaced output without making the build wait: deleting thousands of files costs as much as writing them. */
function removeInBackground(dir: string): void {
  if (process.platform === 'win32') return fs.rmSync(dir, { recursive: true, force: true });
  spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * What a docsgen process killed mid-build leaves behind, put right before a command uses the site:
 * the output (see recoverOutput), and the server bundles and config modules in .docsgen/ that only
 * that process would have removed.
 */
export function recoverAfterCrash(root: string, target: string): void {
  recoverOutput(target);
  for (const left of leftovers(path.join(root, '.docsgen'), /^(?:server-|config-)(?<pid>\d+)(?:-\d+\.(?:mjs|css|mjs\.map))?$/)) {
    fs.rmSync(left.path, { recursive: true, force: true });
  }
}

/**
 * Puts the newest finished folder in place when a build was killed between the two renames of its
 * swap (the target is missing), and deletes the folders of other builds whose process is gone.
 * Folders of running builds are left alone.
 */
export function recoverOutput(target: string): void {
  const base = path.basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = leftovers(path.dirname(target), new RegExp(`^\\.${base}\\.(?<kind>tmp|ready|old)-(?<pid>\\d+)-(?<time>\\d+)$`));
  const ready = found.filter((f) => f.groups.kind === 'ready').sort((a, b) => Number(b.groups.time) - Number(a.groups.time));
  if (ready.length && !fs.existsSync(target)) {
    try {
      fs.renameSync(ready[0].path, target);
      found.splice(found.indexOf(ready[0]), 1);
    } catch {
      // Another command got there first.
    }
  }
  for (const left of found) fs.rmSync(left.path, { recursive: true, force: true });
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

/** Whether a process with this id runs (one of another user counts; a reused id only delays the cleanup). */
function processRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
