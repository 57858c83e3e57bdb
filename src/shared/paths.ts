// URL helpers shared by the Node side and the browser. Routes are kept without the base path
// and with the locale prefix ('/ko/docs/x'); hrefs in HTML carry the base path too.

export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** '/docs/x' in locale prefix '/ko' -> '/ko/docs/x'; '/' -> '/ko'. */
export function localizePath(path: string, prefix: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : prefix + path;
}

/** Adds the base path ('/' or '/sub/') to a route path. */
export function withBase(base: string, path: string): string {
  if (base === '/') return path;
  return base.replace(/\/$/, '') + (path === '/' ? '/' : path);
}

/** A route path's output file: '/' -> 'index.html', '/docs/x' -> 'docs/x/index.html'. */
export function routeToFile(path: string, file = 'index.html'): string {
  return path === '/' ? file : `${path.slice(1)}/${file}`;
}

/** Normalises a pathname from the browser into a route path: strips base, trailing slash, index.html. */
export function toRoutePath(base: string, pathname: string): string {
  let p = pathname;
  if (base !== '/' && p.startsWith(base.replace(/\/$/, ''))) p = p.slice(base.length - 1) || '/';
  p = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}
