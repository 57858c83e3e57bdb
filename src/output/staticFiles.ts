// static/: files published as they are, by the build (copied into the output) and by the dev
// server (served from the folder). Both go through here, so they publish the same files: none
// outside the site folder, whatever the symlinks in static/ point to (src/serve/safePath.ts's rule).
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailed, type SiteProblem } from '../errors.ts';
import { fileInside, isInside } from '../shared/safePath.ts';

export interface StaticFiles {
  /** [absolute path, output path with '/' separators ('img/logo.svg')] of every file to publish. */
  files: [string, string][];
  /** One error per symlink in static/ that leads outside the site (its contents are not listed). */
  problems: SiteProblem[];
}

export function staticDir(root: string): string {
  return path.join(root, 'static');
}

/**
 * Every file of static/ (dotfiles left out), following symlinks that stay inside the site. A
 * symlink that leaves it is a problem and is not followed: a link to /etc would publish /etc.
 */
export function listStaticFiles(root: string): StaticFiles {
  const result: StaticFiles = { files: [], problems: [] };
  // Real paths of the folders walked: a symlink to a folder already walked (a loop) is not walked again.
  const walked = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let real: string;
    let entries: fs.Dirent[];
    try {
      real = fs.realpathSync(dir);
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (walked.has(real)) return;
    walked.add(real);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      const rel = prefix + entry.name;
      let isFile = entry.isFile();
      let isDir = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        let stat: fs.Stats;
        try {
          stat = fs.statSync(file);
        } catch {
          continue; // a dangling symlink publishes nothing
        }
        if (!isInside(root, file)) {
          result.problems.push(symlinkOutside(file));
          continue;
        }
        isFile = stat.isFile();
        isDir = stat.isDirectory();
      }
      if (isFile) result.files.push([file, rel]);
      else if (isDir) walk(file, rel + '/');
    }
  };
  walk(staticDir(root), '');
  return result;
}

/** The build's list of static/ files to copy; a symlink leaving the site fails the build. */
export function staticFilesToCopy(root: string): [string, string][] {
  const { files, problems } = listStaticFiles(root);
  if (problems.length) throw new BuildFailed(problems);
  return files;
}

/**
 * The file of static/ a request path ('/img/logo.svg', from parseRequestPath) names, when
 * listStaticFiles would publish it: a regular file whose real path is inside the site.
 */
export function staticFile(root: string, rel: string): { file: string; size: number; mtimeMs: number } | undefined {
  return fileInside(staticDir(root), rel, root);
}

function symlinkOutside(file: string): SiteProblem {
  return {
    code: 'symlink-outside',
    message: 'This symlink in static/ leads outside the site; nothing outside the site folder is published',
    file,
    hint: 'Copy the file or folder into static/ instead of linking to it, or point the symlink at a file inside the site folder.',
  };
}
