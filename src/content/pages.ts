// Standalone pages: Markdown under <locale>/pages/, React modules under content/pages/ (rendered in
// every locale), and the built-in search and not-found pages.
import path from 'node:path';
import type { Route, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { localizePath } from '../shared/paths.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { readMarkdownFile, titleAndBody, type SourceReader } from './frontMatter.ts';
import type { ContentFiles, LocaleFile } from './sourceFiles.ts';

function pagePath(relInPages: string): string {
  const noExt = relInPages.replace(/\.(md|mdx|markdown|tsx|jsx|js)$/, '');
  const p = '/' + noExt.replace(/(^|\/)index$/, '');
  return p.length > 1 ? p.replace(/\/$/, '') : '/';
}

export function collectPages(
  config: SiteConfig,
  locale: string,
  files: Map<string, LocaleFile>,
  reactPages: ContentFiles['reactPages'],
  problems: ProblemList,
  readSource?: SourceReader,
): Route[] {
  const prefix = localPrefix(config, locale);
  const strings = getStrings(locale);
  const routes: Route[] = [];
  for (const f of files.values()) {
    if (!f.rel.startsWith('pages/') || !/\.(md|mdx|markdown)$/.test(f.rel)) continue;
    const src = readMarkdownFile(f.file, problems, readSource);
    if (!src) continue;
    const fm = src.frontMatter;
    if (fm.draft && !config.includeDrafts) continue;
    const { title, body, bodyLine, bodyStart } = titleAndBody(src, path.posix.basename(f.rel).replace(/\.\w+$/, ''));
    const p = pagePath(f.rel.slice('pages/'.length));
    routes.push({
      path: localizePath(p, prefix),
      locale,
      kind: 'page',
      key: `page:${p}`,
      title,
      description: fm.description,
      sourceFile: f.file,
      fallback: f.fallback,
      frontMatter: fm,
      body,
      bodyLine,
      bodyStart,
      // An unlisted page (a placeholder) is published at its URL only: no sitemap, no search.
      noindex: fm.unlisted || undefined,
    });
  }
  for (const page of reactPages) {
    const p = pagePath(page.rel);
    routes.push({
      path: localizePath(p, prefix),
      locale,
      kind: 'react-page',
      key: `page:${p}`,
      // The module's exported `meta` gives the real title when the page is rendered.
      title: config.title,
      sourceFile: page.file,
      data: { module: page.rel.replace(/\.(tsx|jsx|js)$/, '') },
    });
  }
  routes.push({ path: localizePath('/search', prefix), locale, kind: 'search', key: 'search', title: strings.search, noindex: true });
  routes.push({ path: localizePath('/404', prefix), locale, kind: 'not-found', key: 'not-found', title: strings.notFoundTitle, noindex: true });
  return routes;
}
