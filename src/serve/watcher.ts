// Watches the site's sources with chokidar and turns bursts of file events into serialized
// rebuilds: events are collected for a short quiet period (editors often write twice, or write a
// temporary file and rename it), one rebuild runs at a time, and events that arrive during a
// rebuild start the next one.
import fs from 'node:fs';
import path from 'node:path';
import { watch } from 'chokidar';
import { CONFIG_NAMES, VERSIONED_SIDEBARS, type FileEvent, type FileEventType } from './incremental.ts';

/** versioned_docs/: a version versions.json lists later is watched without a restart. */
const WATCHED = new Set(['content', 'openapi', 'templates', 'static', 'versioned_docs', VERSIONED_SIDEBARS]);
const TYPES: FileEventType[] = ['add', 'change', 'unlink', 'addDir', 'unlinkDir'];

export interface SiteWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Folders and files of the site that a rebuild depends on: content/, openapi/, templates/,
 * static/, versioned_sidebars/, the config files (versions.json among them), and the content folders the config names elsewhere (`contentDirs`:
 * a Docusaurus site's ../docs or src/pages); never dotfiles, node_modules or output.
 */
export function isWatched(root: string, file: string, contentDirs: string[] = []): boolean {
  const under = (dir: string, f: string) => {
    const rel = path.relative(dir, f);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)) ? rel : undefined;
  };
  if (file === root) return true;
  // A folder on the way to a content folder is walked through.
  if (contentDirs.some((d) => under(file, d) !== undefined)) return true;
  const dir = contentDirs.find((d) => under(d, file) !== undefined);
  const rel = dir !== undefined ? under(dir, file)! : under(root, file);
  if (rel === undefined) return false;
  const parts = rel.split(path.sep);
  if (parts.some((p) => p.startsWith('.') || p === 'node_modules')) return false;
  return dir !== undefined || WATCHED.has(parts[0]) || (parts.length === 1 && CONFIG_NAMES.has(parts[0]));
}

/**
 * chokidar drops a file's 'change' events that follow another within 50 ms (and raw events within
 * 5 ms), so the second of two quick writes (an editor that truncates, then writes) can go
 * unreported and leave the half-written version on screen. After each add or change the file is
 * looked at again once things are quiet, and a change chokidar swallowed is reported.
 */
const RECHECK_MS = 70;

/**
 * Watches the site. With `changedSince` (ms), the watcher starts after a build that began then:
 * files its first scan finds modified since are reported, so nothing saved while that build ran
 * is missed (the caller checks for files removed meanwhile).
 */
export function watchSite(
  root: string,
  onEvent: (e: FileEvent) => void,
  onError: (err: unknown) => void,
  options: { changedSince?: number; known?: (file: string) => boolean; contentDirs?: string[] } = {},
): SiteWatcher {
  const since = options.changedSince;
  const dirs = options.contentDirs ?? [];
  const outside = dirs.filter((d) => path.relative(root, d).startsWith('..'));
  const watcher = watch([root, ...outside], { ignoreInitial: since === undefined, ignored: (file: string) => !isWatched(root, path.resolve(file), dirs) });
  let ready = false;
  const rechecks = new Map<string, NodeJS.Timeout>();
  const version = (st: fs.Stats) => `${st.mtimeMs}:${st.ctimeMs}:${st.size}`;
  /** Files whose 'add' is held back while they are empty (see below): their next event is the add. */
  const heldAdds = new Set<string>();
  const emit = (type: FileEventType, file: string) => {
    if (heldAdds.delete(file) && type === 'change') type = 'add';
    onEvent({ type, file });
  };
  // An empty file is most often one being written (truncated, then written): read now, it would
  // be served as an empty page. It is reported once it is written, or once it stayed empty.
  const recheck = (file: string, seen: string | undefined, empty?: string) => {
    clearTimeout(rechecks.get(file));
    const timer = setTimeout(() => {
      rechecks.delete(file);
      fs.stat(file, (err, st) => {
        if (err || !st.isFile()) return;
        const now = version(st);
        if (now === seen) return;
        if (st.size === 0 && now !== empty) return recheck(file, seen, now);
        emit('change', file);
        recheck(file, now);
      });
    }, RECHECK_MS);
    timer.unref();
    rechecks.set(file, timer);
  };
  for (const type of TYPES) {
    watcher.on(type, (raw: string, stats?: fs.Stats) => {
      const file = path.resolve(raw);
      // The first scan reports what is there as added: a file the build read is reported as
      // changed if it was modified since, any other as added. A change or removal during the
      // scan is one.
      if (!ready && since !== undefined && (type === 'add' || type === 'addDir')) {
        if (type === 'add' && (!stats || stats.mtimeMs >= since)) onEvent({ type: options.known?.(file) ? 'change' : 'add', file });
        return;
      }
      if ((type === 'add' || type === 'change') && stats?.size === 0) {
        if (type === 'add') heldAdds.add(file);
        return recheck(file, undefined, version(stats));
      }
      emit(type, file);
      if (type === 'add' || type === 'change') recheck(file, stats ? version(stats) : undefined);
    });
  }
  watcher.on('error', onError);
  const whenReady = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      ready = true;
      resolve();
    }),
  );
  return {
    ready: whenReady,
    close: () => {
      for (const t of rechecks.values()) clearTimeout(t);
      rechecks.clear();
      return watcher.close();
    },
  };
}

/** Debounced, serialized rebuilds. */
export class RebuildQueue {
  private pending: FileEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private firstAt = 0;
  private running: Promise<unknown> | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    private run: (events: FileEvent[]) => Promise<void>,
    private quietMs = 8,
    private maxWaitMs = 120,
  ) {}

  push(event: FileEvent): void {
    this.pending.push(event);
    if (!this.firstAt) this.firstAt = performance.now();
    this.arm();
  }

  /** Runs `fn` while no rebuild runs (the first build); events wait for it. */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    while (this.running) await this.running;
    const p = fn();
    this.running = p.catch(() => {});
    try {
      return await p;
    } finally {
      this.running = undefined;
      if (this.pending.length) this.arm();
      else this.release();
    }
  }

  /** Resolves once every event seen so far is built. */
  settled(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  idle(): boolean {
    return !this.pending.length && !this.timer && !this.running;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.release();
  }

  private arm(): void {
    clearTimeout(this.timer);
    // Wait for a quiet moment, but not forever when events keep coming.
    const left = this.firstAt + this.maxWaitMs - performance.now();
    this.timer = setTimeout(() => void this.flush(), Math.max(0, Math.min(this.quietMs, left)));
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (this.running) return; // picked up when the running rebuild ends
    const batch = this.pending.splice(0);
    this.firstAt = 0;
    if (batch.length) {
      // run() reports its own failures; a rejection must not stop the queue.
      this.running = this.run(batch).catch(() => {});
      await this.running;
      this.running = undefined;
    }
    if (this.pending.length) {
      if (!this.timer) this.arm();
    } else if (!this.timer) this.release();
  }

  private release(): void {
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w();
  }
}
