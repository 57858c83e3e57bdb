// The date and author of each content file's last commit, for docs.showLastUpdateTime and
// showLastUpdateAuthor: one `git log` over content/ for the whole site (newest commit first, so a
// file's first appearance is its last change), not a process per page.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Route, SiteConfig } from '../types.ts';
import type { SiteProblem } from '../errors.ts';

export interface LastUpdate {
  /** ISO date and time of the commit. */
  date: string;
  author: string;
}

export interface LastUpdates {
  /** By absolute file path. */
  files: Map<string, LastUpdate>;
  problem?: SiteProblem;
}

const RECORD = '\x1e';
const FIELD = '\x1f';

export function readLastUpdates(root: string): Promise<LastUpdates> {
  const args = ['-c', 'core.quotePath=false', 'log', `--format=${RECORD}%at${FIELD}%an`, '--name-only', '--no-renames', '--relative', '--', 'content'];
  return new Promise((resolve) => {
    execFile('git', args, { cwd: root, maxBuffer: 1 << 30, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) {
        const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : stderr.trim().split('\n')[0] || err.message;
        resolve({
          files: new Map(),
          problem: {
            code: 'last-update-unavailable',
            message: `The docs show no last update dates: ${why}`,
            severity: 'warning',
            hint: 'docs.showLastUpdateTime and showLastUpdateAuthor read the dates from git: build in a clone of the repository (not a shallow one), or set last_update in the front matter.',
          },
        });
        return;
      }
      resolve({ files: parseLog(stdout, root) });
    });
  });
}

function parseLog(log: string, root: string): Map<string, LastUpdate> {
  const files = new Map<string, LastUpdate>();
  for (const record of log.split(RECORD)) {
    const [head, ...names] = record.split('\n');
    const [time, author] = head.split(FIELD);
    if (!time) continue;
    const date = new Date(Number(time) * 1000).toISOString();
    for (const name of names) {
      if (!name) continue;
      const file = path.join(root, name);
      if (!files.has(file)) files.set(file, { date, author });
    }
  }
  return files;
}

/**
 * Each doc's last update for the page: front matter last_update (date, author) over what git
 * says, keeping what the config shows (docs.showLastUpdateTime, showLastUpdateAuthor).
 */
export function applyLastUpdates(docs: Route[], updates: LastUpdates | undefined, config: SiteConfig): void {
  const { showLastUpdateTime: time, showLastUpdateAuthor: author } = config.docs;
  if (!time && !author) return;
  for (const doc of docs) {
    const own = (doc.frontMatter as { last_update?: { date?: Date | string; author?: string } } | undefined)?.last_update;
    const fromGit = doc.sourceFile ? updates?.files.get(doc.sourceFile) : undefined;
    const date = own?.date !== undefined ? isoDate(own.date) : fromGit?.date;
    const update = { date: time ? date : undefined, author: author ? (own?.author ?? fromGit?.author) : undefined };
    if (update.date || update.author) doc.data = { ...doc.data, lastUpdate: update };
  }
}

function isoDate(value: Date | string): string | undefined {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
