// The built site as the checks see it: every file of the output folder, every HTML page with its
// route, kind and locale (read from the data the build embeds), and how absolute site URLs map to
// files. Nothing here knows the site's config: a check works on any docsgen output.
import fs from 'node:fs';
import path from 'node:path';
import { pageDataOf, scan } from './html.mjs';

export class BuiltSite {
  constructor(dir) {
    this.dir = path.resolve(dir);
    if (!fs.existsSync(path.join(this.dir, 'index.html'))) throw new Error(`${this.dir} does not look like a built site (no index.html)`);
    this.files = new Set(
      fs
        .readdirSync(this.dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) =>
          path
            .relative(this.dir, path.join(d.parentPath ?? d.path, d.name))
            .split(path.sep)
            .join('/'),
        ),
    );
    this.htmlCache = new Map();
    const home = pageDataOf(this.read('index.html'));
    // A page names its locale's site data file (an absolute path, under the base path).
    const siteFile = typeof home?.site === 'string' ? [...this.files].find((f) => home.site.endsWith('/' + f)) : undefined;
    const homeSite = siteFile ? JSON.parse(this.read(siteFile)) : home?.site;
    /** '/' or '/sub/': the prefix of every served path. */
    this.base = homeSite?.basePath ?? '/';
    /** The absolute URL of the output root ('https://docs.example.com/'), from robots.txt or the home page's canonical. */
    this.siteUrl = this.#siteUrl();
    this.pages = [...this.files]
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((rel) => this.#page(rel));
    // Pages without data (redirects, foreign HTML) belong to the locale their path starts with.
    const locales = new Set(this.pages.map((p) => p.locale).filter(Boolean));
    const fallback = homeSite?.defaultLocale ?? '';
    for (const p of this.pages) if (!p.locale) p.locale = locales.has(p.path.split('/')[1]) ? p.path.split('/')[1] : fallback;
  }

  #siteUrl() {
    const robots = this.has('robots.txt') ? this.read('robots.txt') : '';
    const sitemap = /^Sitemap:\s*(\S+)/im.exec(robots)?.[1];
    if (sitemap && sitemap.endsWith('/sitemap.xml')) return sitemap.slice(0, -'sitemap.xml'.length);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(this.read('index.html'))?.[1];
    return canonical ? canonical.replace(/\/?$/, '/') : undefined;
  }

  #page(rel) {
    const routePath = rel === 'index.html' ? '/' : '/' + rel.replace(/\/index\.html$/, '').replace(/\.html$/, '');
    const html = this.read(rel);
    const data = pageDataOf(html);
    const kind = data?.page?.kind ?? (/(^|\/)404\.html$/.test(rel) ? 'not-found' : /<meta http-equiv="refresh"/i.test(html) ? 'redirect' : 'page');
    const locale = data?.page?.locale ?? '';
    return { rel, path: routePath, kind, locale, fallback: Boolean(data?.page?.fallback), title: data?.page?.title };
  }

  has(rel) {
    return this.files.has(rel);
  }

  read(rel) {
    if (rel.endsWith('.html')) {
      let html = this.htmlCache.get(rel);
      if (html === undefined) this.htmlCache.set(rel, (html = fs.readFileSync(path.join(this.dir, rel), 'utf8')));
      return html;
    }
    return fs.readFileSync(path.join(this.dir, rel), 'utf8');
  }

  /** scan() of an HTML file, kept for the other checks. */
  scan(rel) {
    this.scans ??= new Map();
    let result = this.scans.get(rel);
    if (!result) this.scans.set(rel, (result = scan(this.read(rel))));
    return result;
  }

  bytes(rel) {
    return fs.readFileSync(path.join(this.dir, rel));
  }

  /** The served path of a route ('/docs/a' -> '/sub/docs/a'). */
  served(routePath) {
    return this.base === '/' ? routePath : this.base.slice(0, -1) + routePath;
  }

  /**
   * The output file a URL path (with base) maps to, as a static host would serve it, or
   * undefined. Absolute URLs on the site's own address are accepted too.
   */
  fileFor(urlPath) {
    let p = urlPath;
    if (/^[a-z]+:/i.test(p)) {
      if (!this.siteUrl || !p.startsWith(this.siteUrl.replace(/\/$/, ''))) return undefined;
      p = '/' + p.slice(this.siteUrl.length);
      if (p === '//') p = '/';
    } else {
      if (this.base !== '/') {
        if (p === this.base.slice(0, -1)) p = this.base;
        if (!p.startsWith(this.base)) return undefined;
      }
      p = '/' + p.slice(this.base.length);
    }
    try {
      p = decodeURIComponent(p);
    } catch {
      /* keep as written */
    }
    const rel = p.replace(/^\/+/, '');
    if (rel === '' || rel.endsWith('/')) return this.has(rel + 'index.html') ? rel + 'index.html' : undefined;
    if (this.has(rel)) return rel;
    if (this.has(rel + '/index.html')) return rel + '/index.html';
    if (this.has(rel + '.html')) return rel + '.html';
    return undefined;
  }

  /** Is this absolute URL on the site (so it must resolve to a file)? */
  isOwnUrl(url) {
    return Boolean(this.siteUrl) && (url === this.siteUrl.replace(/\/$/, '') || url.startsWith(this.siteUrl));
  }
}
