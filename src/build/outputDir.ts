// A build writes into a fresh folder beside the output and swaps it in only when everything
// succeeded, so a failed build leaves the previous output untouched.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class OutputDir {
  readonly tmp: string;
  private files = 0;
  private dirs = new Set<string>();

  constructor(readonly target: string, tmp?: string) {
    this.tmp = tmp ?? path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}-${Date.now()}`);
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  /** The same temporary folder, written from another thread (render workers). */
  static attach(tmp: string): OutputDir {
    return new OutputDir('', tmp);
  }

  get written(): number {
    return this.files;
  }

  /** Files written by other threads into the same folder, counted into the summary. */
  addWritten(n: number): void {
    this.files += n;
  }

  /**
   * Writes a file given relative to the output root, synchronously: measured on a 4,000-page
   * build, queueing the writes on libuv's thread pool (fs.promises) cost a third more CPU in all
   * (promise and thread hand-offs, threads contending in the file system) and held up to 60 MB
   * of pages in flight, for no gain in wall time once every core renders. Async for callers.
   */
  async write(rel: string, data: string | Uint8Array): Promise<void> {
    const file = path.join(this.tmp, rel);
    this.ensureDir(path.dirname(file));
    fs.writeFileSync(file, data);
    this.files++;
  }

  /** Writes a file made of parts, without joining them first (a large file is never one string). */
  async writeParts(rel: string, parts: Iterable<string>): Promise<void> {
    const file = path.join(this.tmp, rel);
    this.ensureDir(path.dirname(file));
    const fd = fs.openSync(file, 'w');
    try {
      for (const part of parts) fs.writeSync(fd, part);
    } finally {
      fs.closeSync(fd);
    }
    this.files++;
  }

  async copy(from: string, rel: string): Promise<void> {
    const file = path.join(this.tmp, rel);
    this.ensureDir(path.dirname(file));
    fs.copyFileSync(from, file);
    this.files++;
  }

  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    this.dirs.add(dir);
  }

  /** Replaces the target with the finished build. */
  commit(): void {
    const old = `${this.tmp}.old`;
    const had = fs.existsSync(this.target);
    if (had) fs.renameSync(this.target, old);
    try {
      fs.renameSync(this.tmp, this.target);
    } catch (err) {
      if (had) fs.renameSync(old, this.target);
      throw err;
    }
    if (had) removeInBackground(old);
  }

  /** Throws the unfinished build away. */
  async discard(): Promise<void> {
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

/**
 * Deletes the previous output after the new one is in place, without making the build wait:
 * deleting thousands of files costs as much as writing them. Leftovers of an interrupted cleanup
 * are removed by the next build.
 */
function removeInBackground(dir: string): void {
  const leftovers = fs.readdirSync(path.dirname(dir)).filter((n) => /^\..+\.tmp-\d+-\d+(\.old)?$/.test(n) && path.join(path.dirname(dir), n) !== dir);
  const targets = [dir, ...leftovers.map((n) => path.join(path.dirname(dir), n))];
  if (process.platform === 'win32') {
    for (const t of targets) fs.rmSync(t, { recursive: true, force: true });
    return;
  }
  spawn('rm', ['-rf', ...targets], { detached: true, stdio: 'ignore' }).unref();
}
