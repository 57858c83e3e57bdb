// Markdown that the build would not see: a Docusaurus layout's folders at the site root (docs/,
// blog/, src/pages/, i18n/, versioned_docs/), content/ folders that are no locale, and folders of
// a locale other than docs/, blog/ and pages/. Each folder is one warning that says where its
// files go.
import fg from 'fast-glob';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import type { SiteProblem } from '../errors.ts';

const MARKDOWN = '**/*.{md,mdx,markdown}';

/** Root folders of a Docusaurus site, and where their Markdown goes (`L` stands for a locale). */
const ROOT_FOLDERS: [string, string][] = [
  ['docs', 'content/L/docs/'],
  ['blog', 'content/L/blog/'],
  ['src/pages', 'content/L/pages/'],
  ['pages', 'content/L/pages/'],
  ['i18n', 'content/<locale>/docs/, blog/ and pages/ of each language'],
  ['versioned_docs', 'content/L/docs/, or list its versions in versions.json'],
];

export async function misplacedMarkdown(config: SiteConfig): Promise<SiteProblem[]> {
  const { root, defaultLocale } = config;
  const problems: SiteProblem[] = [];
  const warn = (folder: string, count: number, where: string) =>
    problems.push({
      code: 'content-misplaced',
      message: `${folder}/ holds ${count} Markdown file${count === 1 ? '' : 's'} that ${count === 1 ? 'is' : 'are'} not published: only content/ is read`,
      file: path.join(root, folder),
      severity: 'warning',
      hint: `Move ${count === 1 ? 'it' : 'them'} to ${where.replace('L', defaultLocale)}`,
    });
  // A site read from another layout (a Docusaurus site's folders) says where its content is itself.
  if (config.sources.docs?.[defaultLocale] !== path.join(root, 'content', defaultLocale, 'docs')) return problems;
  for (const [folder, where] of ROOT_FOLDERS) {
    // A versioned site's released versions and their translations are read from there.
    if (config.versions && (folder === 'versioned_docs' || folder === 'i18n')) continue;
    const dir = path.join(root, folder);
    if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    const files = await fg(MARKDOWN, { cwd: dir, onlyFiles: true, ignore: ['**/node_modules/**'] });
    if (files.length) warn(folder, files.length, where);
  }

  // Inside content/: files under a folder that is no locale, or under a locale's other folders.
  const codes = new Set(config.locales.map((l) => l.code));
  const content = path.join(root, 'content');
  const inContent = await fg(`*/${MARKDOWN}`, {
    cwd: content,
    onlyFiles: true,
    ignore: [...[...codes].flatMap((c) => ['docs', 'blog', 'pages'].map((d) => `${c}/${d}/**`)), 'pages/**/*.mdx'],
  });
  const byFolder = new Map<string, number>();
  for (const file of inContent) {
    const [top, second] = file.split('/');
    // A locale's own Markdown outside its folders counts by file's folder; another folder as a whole.
    const folder = codes.has(top) ? (file.split('/').length > 2 ? `${top}/${second}` : top) : top;
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  for (const [folder, count] of byFolder) {
    const [top, second] = folder.split('/');
    let where: string;
    if (top === 'pages') where = `content/L/pages/ (content/pages/ holds React pages)`;
    else if (codes.has(top)) where = `content/${top}/docs/${second ? `${second}/` : ''}, blog/ or pages/`;
    else if (['docs', 'blog'].includes(top)) where = `content/L/${top}/`;
    else if (/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(top)) where = `a locale of the config (add "${top}" to locales), or content/L/`;
    else where = `content/L/docs/, blog/ or pages/`;
    warn(`content/${folder}`, count, where);
  }
  return problems;
}
