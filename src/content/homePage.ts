// The home page of a locale that has none of its own (no pages/index.md, no content/pages/index.tsx,
// no redirect from "/"): the site's title and tagline and links to where its content starts, so a
// new site's "/" (the logo, the breadcrumbs and the 404 page link there) is a page.
import type { Route, SidebarItem, SiteConfig } from '../types.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { localizePath } from '../shared/paths.ts';
import { docsLabel } from './docs.ts';

export function defaultHomePage(config: SiteConfig, locale: string, routes: Route[], sidebars: Map<string, SidebarItem[]>): Route | undefined {
  const prefix = localPrefix(config, locale);
  const home = localizePath('/', prefix);
  if (routes.some((r) => r.path === home)) return undefined;
  const links: string[] = [];
  const docs = routes.filter((r) => r.kind === 'doc');
  const byPath = new Map(docs.map((d) => [d.path, d]));
  const firstDoc =
    docs.find((d) => config.docs.mainDoc !== undefined && d.data?.id === config.docs.mainDoc) ??
    [...sidebars.values()].map((items) => firstLink(items, byPath)).find(Boolean) ??
    docs[0];
  if (firstDoc) links.push(`- [${escapeText(docsLabel(config, locale))}](${firstDoc.path})`);
  const blog = routes.some((r) => r.kind === 'blog-post') ? routes.find((r) => r.kind === 'blog-list') : undefined;
  if (blog) links.push(`- [${escapeText(textFor(config.blog.title, locale, config.defaultLocale))}](${blog.path})`);
  const tagline = textFor(config.tagline, locale, config.defaultLocale);
  return {
    path: home,
    locale,
    kind: 'page',
    key: 'page:/',
    title: config.title,
    description: tagline || undefined,
    body: links.join('\n') + '\n',
    bodyLine: 1,
    data: { generated: true },
  };
}

function firstLink(items: SidebarItem[], docs: Map<string, Route>): Route | undefined {
  for (const item of items) {
    const found = item.type === 'link' ? docs.get(item.href) : firstLink(item.items, docs);
    if (found) return found;
  }
  return undefined;
}

/** Text from the config as Markdown link text, taken literally. */
function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>&!]/g, (c) => `\\${c}`);
}
