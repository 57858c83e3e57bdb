// A build writes into a fresh folder beside the output and swaps it in only when everything
// succeeded, so a failed build leaves the previous output untouched.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MAX_IN_FLIGHT = 64;

export class OutputDir {
  readonly tmp: string;
  private files = 0;
  private dirs = new Map<string, Promise<unknown>>();
  private pending = new Set<Promise<void>>();

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
   * Writes a file given relative to the output root. Writes run in the background while pages
   * render; the returned promise resolves once the write is queued (it waits only when too many
   * are in flight), and flush() waits for all of them.
   */
  async write(rel: string, data: string | Uint8Array): Promise<void> {
    const file = path.join(this.tmp, rel);
    const p = this.ensureDir(path.dirname(file)).then(() => fs.promises.writeFile(file, data));
    this.track(p);
    this.files++;
    if (this.pending.size >= MAX_IN_FLIGHT) await Promise.race(this.pending);
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.then(
      () => {
        this.pending.delete(tracked);
      },
      (err) => {
        this.pending.delete(tracked);
        this.failure ??= err;
      },
    );
    this.pending.add(tracked);
  }

  private failure: unknown;

  /** Waits for every queued write; rejects with the first write error. */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }

  async copy(from: string, rel: string): Promise<void> {
    const file = path.join(this.tmp, rel);
    await this.ensureDir(path.dirname(file));
    await fs.promises.copyFile(from, file);
    this.files++;
  }

  private ensureDir(dir: string): Promise<unknown> {
    let p = this.dirs.get(dir);
    if (!p) this.dirs.set(dir, (p = fs.promises.mkdir(dir, { recursive: true })));
    return p;
  }

  /** Replaces the target with the finished build (call flush() first). */
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

  /** Throws the unfinished build away (after its queued writes land, so none recreates it). */
  async discard(): Promise<void> {
    await Promise.allSettled([...this.pending]);
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
