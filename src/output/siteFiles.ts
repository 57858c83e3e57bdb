// Site-wide files: sitemap.xml (with hreflang alternates), robots.txt, redirect pages, and the
// RSS and Atom feeds of each locale's blog.
import type { Route, SiteConfig } from '../types.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import type { BlogPostData } from '../content/blog.ts';
import { translations, versionCanonical } from '../content/routeQueries.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { escapeHtml, jsonForScript } from '../shared/html.ts';
import { DATA_ELEMENT_ID } from '../shared/page.ts';
import { isExternal, withBase } from '../shared/paths.ts';

const absolute = (config: SiteConfig, p: string) => config.url.replace(/\/$/, '') + withBase(config.basePath, p);

/** Routes a search engine should see: real pages, not redirects, fallbacks or utility pages. */
export function indexable(route: Route): boolean {
  return route.kind !== 'redirect' && !route.noindex && !route.fallback;
}

export function sitemapXml(graph: SiteGraph): string {
  const { config } = graph;
  const htmlLang = (code: string) => config.locales.find((l) => l.code === code)?.htmlLang ?? code;
  // An older or unreleased version's page that the last version has too is that page (its canonical URL).
  const urls = graph.routes
    .filter((route) => indexable(route) && !versionCanonical(route, config))
    .map((route) => {
      const alts = translations(route, graph);
      const links =
        alts.length > 1
          ? [
              ...alts.map((a) => `<xhtml:link rel="alternate" hreflang="${htmlLang(a.locale)}" href="${escapeHtml(absolute(config, a.path))}"/>`),
              ...alts
                .filter((a) => a.locale === config.defaultLocale)
                .map((a) => `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute(config, a.path))}"/>`),
            ].join('')
          : '';
      return `<url><loc>${escapeHtml(absolute(config, route.path))}</loc>${links}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absolute(config, '/sitemap.xml')}\n`;
}

/**
 * A redirect route's page: a meta refresh and canonical link for visitors without scripts and for
 * crawlers, and the target as embedded data ({"redirect": "/docs/x"}, the route path without the
 * base path, or an external URL) for the client router and the static server, which read it.
 */
export function redirectHtml(config: SiteConfig, to: string): string {
  const href = isExternal(to) ? to : withBase(config.basePath, to);
  const safe = escapeHtml(href);
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>Redirecting…</title><link rel="canonical" href="${escapeHtml(isExternal(to) ? to : absolute(config, to))}"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${safe}"><script>location.replace(${JSON.stringify(href).replace(/</g, '\\u003c')}+location.hash)</script></head><body><p>Redirecting to <a href="${safe}">${safe}</a>.</p><script type="application/json" id="${DATA_ELEMENT_ID}">${jsonForScript({ redirect: to })}</script></body></html>\n`;
}

/** The target of a redirect page written by redirectHtml, or undefined for any other document. */
export function redirectTargetOf(html: string): string | undefined {
  const m = new RegExp(`<script type="application/json" id="${DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  if (!m) return undefined;
  try {
    const data = JSON.parse(m[1]) as { redirect?: unknown };
    return typeof data.redirect === 'string' ? data.redirect : undefined;
  } catch {
    return undefined;
  }
}

export interface FeedItem {
  route: Route;
  html: string;
}

export function feeds(config: SiteConfig, locale: string, items: FeedItem[]): { rss: string; atom: string } {
  const prefix = localPrefix(config, locale);
  const title = `${config.title} ${textFor(config.blog.title, locale, config.defaultLocale)}`;
  const description = textFor(config.blog.description, locale, config.defaultLocale) || title;
  const blogUrl = absolute(config, `${prefix}/blog`);
  const date = (r: Route) => new Date((r.data as unknown as BlogPostData).date + 'T00:00:00Z');
  const updated = items.length ? date(items[0].route) : new Date(0);
  const rssItems = items.map(({ route, html }) => {
    const url = absolute(config, route.path);
    return `<item><title>${escapeHtml(route.title)}</title><link>${escapeHtml(url)}</link><guid>${escapeHtml(url)}</guid><pubDate>${date(route).toUTCString()}</pubDate>${
      route.description ? `<description>${escapeHtml(route.description)}</description>` : ''
    }<content:encoded><![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]></content:encoded></item>`;
  });
  const rss = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeHtml(title)}</title><link>${escapeHtml(blogUrl)}</link><description>${escapeHtml(description)}</description><language>${escapeHtml(locale)}</language><atom:link href="${escapeHtml(blogUrl)}/rss.xml" rel="self" type="application/rss+xml"/>${rssItems.join('')}</channel></rss>\n`;
  const entries = items.map(({ route, html }) => {
    const url = absolute(config, route.path);
    const authors = (route.data as unknown as BlogPostData).authors.map((a) => `<author><name>${escapeHtml(a.name)}</name></author>`).join('');
    return `<entry><title>${escapeHtml(route.title)}</title><id>${escapeHtml(url)}</id><link href="${escapeHtml(url)}"/><updated>${date(route).toISOString()}</updated>${authors}${
      route.description ? `<summary>${escapeHtml(route.description)}</summary>` : ''
    }<content type="html">${escapeHtml(html)}</content></entry>`;
  });
  const atom = `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeHtml(locale)}"><title>${escapeHtml(title)}</title><id>${escapeHtml(blogUrl)}</id><link href="${escapeHtml(blogUrl)}"/><link rel="self" href="${escapeHtml(blogUrl)}/atom.xml"/><updated>${updated.toISOString()}</updated>${entries.join('')}</feed>\n`;
  return { rss, atom };
}
