// Redirect routes from the config, from front matter `redirect_from` and from the config's
// redirectExtensions (Docusaurus's fromExtensions), in every locale.
import type { Route, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { isExternal, localizePath } from '../shared/paths.ts';

export function collectRedirects(config: SiteConfig, locale: string, routes: Route[], problems: ProblemList): Route[] {
  const prefix = localPrefix(config, locale);
  const out: Route[] = [];
  const add = (from: string, to: string, file?: string) => {
    out.push({
      path: localizePath(from.replace(/\/$/, '') || '/', prefix),
      locale,
      kind: 'redirect',
      key: `redirect:${from}`,
      title: to,
      sourceFile: file,
      noindex: true,
      data: { to },
    });
  };
  for (const r of config.redirects) add(r.from, isExternal(r.to) ? r.to : localizePath(r.to, prefix), config.configFile);
  for (const route of routes) {
    const from = (route.frontMatter as { redirect_from?: string[] } | undefined)?.redirect_from;
    for (const f of from ?? []) {
      if (!f.startsWith('/')) {
        problems.add({ code: 'redirect-invalid', message: `redirect_from "${f}" must be a site path starting with "/"`, file: route.sourceFile, line: 1 });
        continue;
      }
      add(f, route.path, route.sourceFile);
    }
  }
  // /docs/install.html for /docs/install: written as that file (data.file), unless a route has its path.
  const taken = new Set([...routes, ...out].map((r) => r.path));
  for (const ext of config.redirectExtensions) {
    for (const route of routes) {
      const from = `${route.path}.${ext}`;
      // The not-found page is written as 404.html already.
      if (
        route.kind === 'redirect' ||
        route.kind === 'not-found' ||
        route.path === localizePath('/', prefix) ||
        route.path.endsWith(`.${ext}`) ||
        taken.has(from)
      )
        continue;
      out.push({ path: from, locale, kind: 'redirect', key: `redirect:${from}`, title: route.path, noindex: true, data: { to: route.path, file: true } });
    }
  }
  return out;
}
