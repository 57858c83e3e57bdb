// The site config's links (navbar, footer, announcement) checked against the route table like
// the content's: a site path that is no page in a locale being built is an error at its line in
// the config.
import fs from 'node:fs';
import type { Route, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { isExternal, localizePath } from '../shared/paths.ts';

export function checkConfigLinks(config: SiteConfig, locales: string[], byPath: Map<string, Route>, problems: ProblemList): void {
  const hrefs = [
    ...config.navbar.items.flatMap((i) => [i.href, ...(i.items ?? []).map((sub) => sub.href)]),
    ...(config.versions ? config.navbar.versionMenuItems.map((i) => i.href) : []),
    ...config.footer.columns.flatMap((c) => [...(c.href ? [c.href] : []), ...c.items.map((i) => i.href)]),
    ...(config.announcement?.href ? [config.announcement.href] : []),
  ];
  const otherLocale = (p: string) => config.locales.some((l) => l.code !== config.defaultLocale && (p === `/${l.code}` || p.startsWith(`/${l.code}/`)));
  for (const href of new Set(hrefs)) {
    const pathname = href.replace(/[?#].*$/, '');
    // Files (static/, the feeds, the sitemap) are no routes.
    if (isExternal(href) || !pathname.startsWith('/') || /\.\w+$/.test(pathname)) continue;
    const missing = locales
      .map((locale) => (otherLocale(pathname) ? pathname : localizePath(pathname, localPrefix(config, locale))))
      .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
      .filter((p, i, all) => !byPath.has(p) && all.indexOf(p) === i);
    if (!missing.length) continue;
    problems.add({
      code: 'link-broken',
      severity: config.onBrokenLinks === 'throw' ? 'error' : config.onBrokenLinks === 'warn' ? 'warning' : 'ignore',
      message: `Broken link "${href}" in the site config: no page at ${missing.join(', ')}`,
      file: config.configFile,
      line: config.configFile ? lineOfString(config.configFile, href) : undefined,
    });
  }
}

/** The line where `text` first appears in `file` as a quoted string. */
function lineOfString(file: string, text: string): number | undefined {
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const at = [`'${text}'`, `"${text}"`, `\`${text}\``].map((q) => source.indexOf(q)).find((i) => i >= 0);
  return at === undefined ? undefined : source.slice(0, at).split('\n').length;
}
