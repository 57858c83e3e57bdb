// Finds the content files: content/<locale>/{docs,blog,pages}/... and content/pages/*.tsx.
// Locale trees mirror each other; a file missing in one locale is taken from the default locale.
import fg from 'fast-glob';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import { BuildFailed, type SiteProblem } from '../errors.ts';
import { isInside, symlinkLeaving } from '../shared/safePath.ts';

export interface LocaleFile {
  /** Absolute path. */
  file: string;
  /** Path inside the locale tree, with '/' separators: 'docs/tutorial/intro.md'. */
  rel: string;
  locale: string;
  /** True when the locale had no file and the default locale's is used. */
  fallback: boolean;
}

export interface ContentFiles {
  /** Per locale: every file of that locale tree after fallback, keyed by rel. */
  byLocale: Map<string, Map<string, LocaleFile>>;
  /** React page modules (locale-independent), rel to content/pages. */
  reactPages: { file: string; rel: string }[];
}

export function contentDir(config: SiteConfig): string {
  return path.join(config.root, 'content');
}

export async function scanContent(config: SiteConfig, locales: string[]): Promise<ContentFiles> {
  const dir = contentDir(config);
  const codes = config.locales.map((l) => l.code);
  const entries = await fg(
    [...codes.map((c) => `${c}/**/*.{md,mdx,markdown,json,yml,yaml,png,jpg,jpeg,gif,svg,webp}`), 'pages/**/*.{tsx,jsx}'],
    { cwd: dir, onlyFiles: true, dot: false },
  );
  entries.sort();
  refuseOutside(config.root, dir, entries);
  const own = new Map<string, Map<string, LocaleFile>>(codes.map((c) => [c, new Map()]));
  const reactPages: ContentFiles['reactPages'] = [];
  for (const entry of entries) {
    const slash = entry.indexOf('/');
    const top = entry.slice(0, slash);
    const rel = entry.slice(slash + 1);
    if (top === 'pages') {
      reactPages.push({ file: path.join(dir, entry), rel });
      continue;
    }
    own.get(top)?.set(rel, { file: path.join(dir, entry), rel, locale: top, fallback: false });
  }
  const defaults = own.get(config.defaultLocale)!;
  const byLocale = new Map<string, Map<string, LocaleFile>>();
  for (const locale of locales) {
    const files = new Map(own.get(locale));
    if (locale !== config.defaultLocale) {
      for (const [rel, f] of defaults) if (!files.has(rel)) files.set(rel, { ...f, locale, fallback: true });
    }
    byLocale.set(locale, files);
  }
  return { byLocale, reactPages };
}

/**
 * Throws when a content file resolves, through a symlink, outside the site folder: its text would
 * be published. Each folder's real path is looked up once; a file itself only when it is a symlink.
 */
function refuseOutside(root: string, dir: string, entries: string[]): void {
  const folders = new Map<string, boolean>();
  const symlinks = new Set<string>();
  for (const entry of entries) {
    const file = path.join(dir, entry);
    const folder = path.dirname(file);
    let inside = folders.get(folder);
    if (inside === undefined) folders.set(folder, (inside = isInside(root, folder)));
    // (A file gone since the scan is left to the reader to report.)
    if (inside && !fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) continue;
    if (inside && isInside(root, file)) continue;
    symlinks.add(symlinkLeaving(root, file) ?? file);
  }
  if (!symlinks.size) return;
  throw new BuildFailed(
    [...symlinks].map((file): SiteProblem => ({
      code: 'symlink-outside',
      message: 'This symlink in content/ leads outside the site; nothing outside the site folder is published',
      file,
      hint: 'Copy the file or folder into content/ instead of linking to it, or point the symlink at a file inside the site folder.',
    })),
  );
}

/** Strips Docusaurus-style number prefixes used for ordering: '01-intro' -> 'intro'. */
export function stripNumberPrefix(segment: string): string {
  return segment.replace(/^\d+[-_.]\s*/, '') || segment;
}

export function kebab(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
