// The docs and blog plugins' editUrl as docsgen's docs.editUrl and blog.editUrl: a base URL stays
// one, and a function is given what Docusaurus gives it, made from what docsgen gives (see
// content/editUrl.ts: the file's path in the site, its path in its folder, locale, permalink).
type Obj = Record<string, unknown>;
type Call = (params: Obj) => unknown;

/** `relDocs`: the docs folder, relative to the site, for a current doc's versionDocsDirPath. */
export function docsEditUrl(editUrl: unknown, relDocs: string): Obj {
  if (typeof editUrl !== 'function') return baseUrl(editUrl);
  return {
    editUrl: (p: { file: string; docPath: string; locale: string; permalink: string }) =>
      (editUrl as Call)({
        version: /^versioned_docs\/version-([^/]+)\//.exec(p.file)?.[1] ?? 'current',
        versionDocsDirPath: /^versioned_docs\/version-[^/]+/.exec(p.file)?.[0] ?? relDocs,
        docPath: p.docPath,
        permalink: p.permalink,
        locale: p.locale,
      }),
  };
}

/** `relBlog`: the blog folder, relative to the site. A translation's blogDirPath is its i18n folder, as Docusaurus gives it. */
export function blogEditUrl(editUrl: unknown, relBlog: string): Obj {
  if (typeof editUrl !== 'function') return baseUrl(editUrl);
  return {
    editUrl: (p: { file: string; blogPath: string; locale: string; permalink: string }) =>
      (editUrl as Call)({
        blogDirPath: p.file.endsWith(`/${p.blogPath}`) ? p.file.slice(0, -p.blogPath.length - 1) : relBlog,
        blogPath: p.blogPath,
        permalink: p.permalink,
        locale: p.locale,
      }),
  };
}

function baseUrl(editUrl: unknown): Obj {
  return typeof editUrl === 'string' ? { editUrl: editUrl.replace(/\/?$/, '/') } : {};
}
