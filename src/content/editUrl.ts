// "Edit this page" on a doc or a blog post: the front matter's custom_edit_url (null: none), else
// the config's docs.editUrl or blog.editUrl, a base URL the file's path in the site is appended to
// ('https://github.com/org/repo/edit/main/' + 'content/en/docs/intro.md'), or a function of the
// file. A URL the URL policy refuses is reported and left out.
import path from 'node:path';
import type { Route, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { isAllowedUrl, refusedUrlMessage, REFUSED_URL_HINT } from '../shared/urlPolicy.ts';
import { localeTreePath } from './sourceFiles.ts';

export function editUrlOf(config: SiteConfig, page: Route, problems: ProblemList): string | undefined {
  const own = (page.frontMatter as { custom_edit_url?: string | null } | undefined)?.custom_edit_url;
  if (own !== undefined) return own ?? undefined;
  if (!page.sourceFile) return undefined;
  const file = path.relative(config.root, page.sourceFile).split(path.sep).join('/');
  // What a function is given: the file, its path under its locale's docs/ (or a version's) or blog/
  // folder, the locale and the page's URL path.
  const inTree = () => localeTreePath(config, page.sourceFile!)?.rel.replace(/^(docs(@[^/]+)?|blog)\//, '') ?? file;
  const at = { file, locale: page.locale, permalink: page.path };
  if (page.kind === 'blog-post') {
    const setting = config.blog.editUrl;
    return typeof setting === 'function' ? allowed(setting({ ...at, blogPath: inTree() }), 'blog.editUrl', config, problems) : underBase(setting, file);
  }
  const setting = config.docs.editUrl;
  return typeof setting === 'function' ? allowed(setting({ ...at, docPath: inTree() }), 'docs.editUrl', config, problems) : underBase(setting, file);
}

function underBase(base: string | undefined, file: string): string | undefined {
  return base ? base.replace(/\/?$/, '/') + encodeURI(file) : undefined;
}

/** A function's URL, unless the URL policy refuses it (reported, naming the setting). */
function allowed(url: unknown, setting: string, config: SiteConfig, problems: ProblemList): string | undefined {
  if (url == null) return undefined;
  if (typeof url === 'string' && isAllowedUrl(url)) return url;
  problems.add({
    code: 'url-refused',
    message: refusedUrlMessage(String(url), setting),
    file: config.configFile,
    severity: 'warning',
    hint: REFUSED_URL_HINT,
  });
  return undefined;
}
