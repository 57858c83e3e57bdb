// Docusaurus's rules for the URL of a doc, shared by the docs, their sidebars and tag pages, and
// by the Docusaurus adapter for the navbar's doc links; and the blog's base.

/** Strips Docusaurus-style number prefixes used for ordering: '01-intro' -> 'intro'. */
export function stripNumberPrefix(segment: string): string {
  return segment.replace(/^\d+[-_.]\s*/, '') || segment;
}

/** What the rules read of the config: the docs' base path ('docs'). */
interface DocsBase {
  docs: { routeBasePath: string };
}

/** A path under the docs' base: docsUrl(config, 'tags') is '/docs/tags'; '' is the base itself. */
export function docsUrl(config: DocsBase, rest: string): string {
  const base = config.docs.routeBasePath ? `/${config.docs.routeBasePath}` : '';
  return rest ? `${base}/${rest.replace(/^\//, '')}` : base || '/';
}

/**
 * The URL of the doc at `id` (its path under docs/ without extension): 'tutorial/01-intro' is
 * /docs/tutorial/intro. Front matter `slug` wins (relative to the folder, or absolute under the
 * docs' base); else `id` names the last segment; a file named index, README or like its folder
 * ('guide/guide.md') is the folder's page.
 */
export function docPath(config: DocsBase, id: string, fm: { slug?: string; id?: string } = {}): string {
  const dirs = id.split('/').map(stripNumberPrefix);
  const file = dirs.pop()!;
  if (fm.slug?.startsWith('/')) return docsUrl(config, fm.slug === '/' ? '' : fm.slug.replace(/\/$/, ''));
  if (fm.slug) return docsUrl(config, [...dirs, fm.slug.replace(/^\.\//, '').replace(/\/$/, '')].join('/'));
  const isIndex = /^(index|readme)$/i.test(file) || (dirs.length > 0 && file.toLowerCase() === dirs[dirs.length - 1].toLowerCase());
  return docsUrl(config, (isIndex ? dirs : [...dirs, fm.id ?? file]).join('/'));
}

/** The blog's URL path: blogUrl(config, 'tags') is '/blog/tags'. */
export function blogUrl(config: { blog: { routeBasePath: string } }, rest = ''): string {
  const base = config.blog.routeBasePath ? `/${config.blog.routeBasePath}` : '';
  return rest ? `${base}/${rest.replace(/^\//, '')}` : base || '/';
}
