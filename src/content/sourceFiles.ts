// Finds the content files in the folders config.sources names: by default
// content/<locale>/{docs,blog,pages}/... and content/pages/*.tsx.
// Locale trees mirror each other; a file missing in one locale is taken from the default locale.
import fg from 'fast-glob';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import { BuildFailed, type SiteProblem } from '../errors.ts';
import { isInside, isUnder, symlinkLeaving } from '../shared/safePath.ts';

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

/** The folder of docsgen's own content layout (content/<locale>/...). */
export function contentDir(config: SiteConfig): string {
  return path.join(config.root, 'content');
}

const SECTIONS = ['docs', 'blog', 'pages'] as const;

/** The section a released docs version's files are under in a locale tree: 'docs@2.0/intro.md'. */
export const versionSection = (name: string) => `docs@${name}`;

/** Each section's folders by locale: docs, blog and pages, then each released docs version's. */
function sections(config: SiteConfig): [string, Record<string, string>][] {
  const list: [string, Record<string, string>][] = SECTIONS.map((section) => [section, config.sources[section] ?? {}]);
  for (const [name, dirs] of Object.entries(config.sources.versionedDocs ?? {})) list.push([versionSection(name), dirs]);
  return list;
}
const CONTENT_FILES = '**/*.{md,mdx,markdown,json,yml,yaml,png,jpg,jpeg,gif,svg,webp}';
/** Docusaurus's rule, for every site: a Markdown file or folder whose name starts with "_" is a partial, imported by pages and never a page. */
const NOT_PAGES = ['**/_*.{md,mdx,markdown}', '**/_*/**/*.{md,mdx,markdown}'];
const NOT_REACT_PAGES = ['**/_*', '**/_*/**', '**/*.test.*', '**/__tests__/**'];

/** The folders the site's content may come from: the site folder, and the content folders its config names outside it. */
export function contentRoots(config: SiteConfig): string[] {
  const roots = [config.root];
  for (const [, dirs] of sections(config)) for (const dir of Object.values(dirs)) if (!isUnder(config.root, dir)) roots.push(dir);
  return roots;
}

/** Every folder content is read from (each section's folders and the React pages'), for watch mode. */
export function contentFolders(config: SiteConfig): string[] {
  const dirs = sections(config).flatMap(([, byLocale]) => Object.values(byLocale));
  if (config.sources.reactPages) dirs.push(config.sources.reactPages);
  return [...new Set(dirs)];
}

/** The content files of `locales` (each other locale's folders are not read). */
export async function scanContent(config: SiteConfig, locales: string[]): Promise<ContentFiles> {
  // The default locale's files stand in for those another locale lacks.
  const own = new Map<string, Map<string, LocaleFile>>([config.defaultLocale, ...locales].map((c) => [c, new Map()]));
  const roots = contentRoots(config);
  const scans: Promise<void>[] = [];
  for (const [section, dirs] of sections(config)) {
    for (const [locale, dir] of Object.entries(dirs)) {
      if (!own.has(locale)) continue;
      scans.push(
        fg(CONTENT_FILES, { cwd: dir, onlyFiles: true, dot: false, ignore: NOT_PAGES }).then((entries) => {
          refuseOutside(roots, dir, entries);
          for (const entry of entries)
            own.get(locale)!.set(`${section}/${entry}`, { file: path.join(dir, entry), rel: `${section}/${entry}`, locale, fallback: false });
        }),
      );
    }
  }
  const reactPages: ContentFiles['reactPages'] = [];
  const pagesDir = config.sources.reactPages;
  if (pagesDir) {
    scans.push(
      fg('**/*.{tsx,jsx,js}', { cwd: pagesDir, onlyFiles: true, dot: false, ignore: NOT_REACT_PAGES }).then((entries) => {
        refuseOutside(roots, pagesDir, entries);
        for (const rel of entries) reactPages.push({ file: path.join(pagesDir, rel), rel });
      }),
    );
  }
  await Promise.all(scans);
  reactPages.sort((a, b) => a.rel.localeCompare(b.rel));
  const defaults = sorted(own.get(config.defaultLocale)!);
  const byLocale = new Map<string, Map<string, LocaleFile>>();
  for (const locale of locales) {
    const files = sorted(own.get(locale)!);
    if (locale !== config.defaultLocale) {
      for (const [rel, f] of defaults) if (!files.has(rel)) files.set(rel, { ...f, locale, fallback: true });
    }
    byLocale.set(locale, files);
  }
  return { byLocale, reactPages };
}

/** The files in path order, so routes and sidebars come out the same on every machine. */
function sorted(files: Map<string, LocaleFile>): Map<string, LocaleFile> {
  return new Map([...files].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** A '.' or '..' segment, a doubled or a trailing separator: a path that path.relative would normalise. */
const NOT_NORMAL = /[\\/]\.{1,2}(?:[\\/]|$)|[\\/]{2}|[\\/]$/;

/**
 * The locale and the path inside its tree ('docs/guide/intro.md') of a content file, found from
 * the folders it was read from; undefined for a file in none of them.
 */
export function localeTreePath(config: SiteConfig, file: string): { locale: string; rel: string } | undefined {
  return localeTreePaths(config)(file);
}

/** localeTreePath for many files: the folders are listed once, the deepest first. */
export function localeTreePaths(config: SiteConfig): (file: string) => { locale: string; rel: string } | undefined {
  const folders = sections(config).flatMap(([section, dirs]) => Object.entries(dirs).map(([locale, dir]) => ({ section, locale, dir })));
  folders.sort((a, b) => b.dir.length - a.dir.length);
  return (file) => {
    for (const { section, locale, dir } of folders) {
      if (!file.startsWith(dir)) continue;
      // Path arithmetic is the cost of indexing thousands of routes: a normalised path under the
      // folder needs none (the scan's are, being joined), any other one path.relative.
      const rel = file.startsWith(dir + path.sep) && !NOT_NORMAL.test(file) ? file.slice(dir.length + 1) : path.relative(dir, file);
      if (rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel)) continue;
      return { locale, rel: `${section}/${rel.split(path.sep).join('/')}` };
    }
    return undefined;
  };
}

/**
 * Throws when a content file resolves, through a symlink, outside the site folder: its text would
 * be published. Each folder's real path is looked up once; a file itself only when it is a symlink.
 */
function refuseOutside(roots: string[], dir: string, entries: string[]): void {
  const root = roots.find((r) => isUnder(r, dir)) ?? roots[0];
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

export { stripNumberPrefix } from '../shared/docUrls.ts';

export function kebab(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
