// Request paths in, files out, and nothing outside the folder being served. A request is decoded
// once and refused when a segment is '..', '.' or empty, hides a separator or a NUL, or names a dotfile;
// a file is served only when its real path (symlinks resolved) lies inside the folder's real path.
import fs from 'node:fs';
import path from 'node:path';

export type RequestPath = { ok: true; path: string; query: string } | { ok: false; status: 400 | 404 };

/** Decodes the path of a request target ('/docs/a%20b?x=1'); never normalises dot segments. */
export function parseRequestPath(url: string | undefined): RequestPath {
  if (!url || !url.startsWith('/')) return { ok: false, status: 400 };
  const q = url.search(/[?#]/);
  const raw = q >= 0 ? url.slice(0, q) : url;
  const query = q >= 0 && url[q] === '?' ? url.slice(q + 1).split('#')[0] : '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400 };
  }
  if (/[\0\\]/.test(decoded)) return { ok: false, status: 404 };
  const segments = decoded.split('/').slice(1);
  for (const [i, segment] of segments.entries()) {
    if (segment === '..' || segment === '.') return { ok: false, status: 404 };
    // '/docs//a' is no route: only a trailing slash may leave a segment empty.
    if (segment === '' && i < segments.length - 1) return { ok: false, status: 404 };
    if (segment.startsWith('.') && segment !== '.well-known') return { ok: false, status: 404 };
  }
  return { ok: true, path: decoded, query };
}

/** True when `file` (after resolving symlinks) is inside `dir` (after resolving symlinks). */
export function isInside(dir: string, file: string): boolean {
  let root: string;
  let real: string;
  try {
    root = fs.realpathSync(dir);
    real = fs.realpathSync(file);
  } catch {
    return false;
  }
  return real === root || real.startsWith(root + path.sep);
}

/** True when `file` lies inside `dir` by its path alone ('..' resolved, symlinks not looked at). */
export function isUnder(dir: string, file: string): boolean {
  const fromDir = path.relative(dir, path.resolve(dir, file));
  return fromDir !== '..' && !fromDir.startsWith('..' + path.sep) && !path.isAbsolute(fromDir);
}

/**
 * True when `file` may be published from the site at `root`: inside it by its path and, once its
 * symlinks are resolved, by its real path. A file that does not exist is not in the site.
 */
export function inSite(root: string, file: string): boolean {
  return isUnder(root, file) && isInside(root, file);
}

/**
 * A path or fragment written in content, percent-decoded the way markdown-it reads a link: a '%'
 * that starts no escape is a '%' ('100%.png'). Undefined when escapes spell no UTF-8 text ('%ff').
 */
export function decodeContentPath(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/%(?![0-9a-f]{2})/gi, '%25'));
  } catch {
    return undefined;
  }
}

/**
 * The symlink through which `file` (inside `root` by its path) leaves `root`: the first one along
 * its path whose target resolves outside. Undefined when none does; names what an author must fix.
 */
export function symlinkLeaving(root: string, file: string): string | undefined {
  const segments = path.relative(root, file).split(path.sep);
  let at = root;
  for (const segment of segments) {
    at = path.join(at, segment);
    try {
      if (fs.lstatSync(at).isSymbolicLink() && !isInside(root, at)) return at;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The regular file at `rel` ('/img/logo.svg') inside `dir`, or undefined when there is none or
 * it resolves outside `within` (by default `dir` itself). `rel` must come from parseRequestPath.
 */
export function fileInside(dir: string, rel: string, within = dir): { file: string; size: number; mtimeMs: number } | undefined {
  const file = path.join(dir, rel);
  if (!isUnder(dir, file)) return undefined;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile() || !isInside(within, file)) return undefined;
  return { file, size: stat.size, mtimeMs: stat.mtimeMs };
}

/** A file candidate exists but is not servable (a symlink out of the tree): refuse, don't fall back. */
export function existsOutside(dir: string, rel: string): boolean {
  const file = path.join(dir, rel);
  try {
    fs.lstatSync(file);
  } catch {
    return false;
  }
  return !isInside(dir, file);
}

/** The route a site path names: '/docs/a', '/docs/a/' and '/docs/a/index.html' are '/docs/a' (as on a static host). */
export function routeOfPath(sitePath: string): string {
  let p = sitePath.endsWith('/index.html') ? sitePath.slice(0, -'index.html'.length) : sitePath;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p || '/';
}
