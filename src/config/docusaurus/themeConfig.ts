// Docusaurus's themeConfig (navbar, footer, announcement bar, colour mode) as docsgen's config.
// Links are site paths without the base URL; a navbar item of type doc or docSidebar becomes
// the URL of its doc, found by the caller. What has no docsgen counterpart is named in a notice.
import sanitizeHtml from 'sanitize-html';
import { isMissing } from './evaluateConfig.ts';

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !isMissing(v) && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export interface ThemeContext {
  baseUrl: string;
  /** The site's absolute URL, for Docusaurus's `pathname://` links (published files that are no page). */
  siteUrl: string;
  /** The URL of a doc by id, or of a sidebar's first doc; undefined when none. */
  docUrl(id: string): string | undefined;
  sidebarUrl(id: string): string | undefined;
  notice(message: string, near?: string): void;
}

interface NavLink {
  label: string;
  href: string;
}

/** Text of an HTML string, tags dropped and entities decoded. */
export function htmlText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&trade;/g, '™')
    .replace(/&reg;/g, '®')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A Docusaurus `to`/`href` as a docsgen link: site paths lose the base URL, `pathname://` becomes absolute. */
export function linkTarget(item: Obj, ctx: ThemeContext): string | undefined {
  const href = str(item.href) ?? str(item.to);
  if (href === undefined) return undefined;
  if (href.startsWith('pathname://')) return new URL(href.slice('pathname://'.length), ctx.siteUrl).href;
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return href;
  const site = href.startsWith('/') ? href : `/${href}`;
  const base = ctx.baseUrl.replace(/\/$/, '');
  return base && site.startsWith(base + '/') ? site.slice(base.length) : site;
}

function navLink(item: Obj, ctx: ThemeContext, where: string): NavLink | undefined {
  const type = str(item.type) ?? 'default';
  const label = str(item.label) ?? str(item['aria-label']);
  let href: string | undefined;
  if (type === 'doc') href = ctx.docUrl(str(item.docId) ?? '');
  else if (type === 'docSidebar') href = ctx.sidebarUrl(str(item.sidebarId) ?? '');
  else if (type === 'default' || type === 'dropdown') href = linkTarget(item, ctx);
  else if (type === 'localeDropdown' || type === 'search')
    return undefined; // docsgen's navbar has both built in
  else if (type === 'docsVersionDropdown' || type === 'docsVersion')
    return undefined; // versions are reported once, with the docs
  else {
    ctx.notice(`${where}: a navbar item of type "${type}" is not supported; it is left out`, type);
    return undefined;
  }
  if (!href || !label) {
    if (type === 'doc' || type === 'docSidebar')
      ctx.notice(
        `${where}: no doc for ${type === 'doc' ? `docId "${str(item.docId)}"` : `sidebarId "${str(item.sidebarId)}"`}; the item is left out`,
        str(item.docId) ?? str(item.sidebarId),
      );
    else if (!label) ctx.notice(`${where}: an item without a label (${href ?? 'no link'}) is left out`, href);
    return undefined;
  }
  return { label, href };
}

export function mapNavbar(navbar: unknown, ctx: ThemeContext) {
  if (!isObj(navbar)) return undefined;
  const logo =
    isObj(navbar.logo) && str(navbar.logo.src)
      ? { src: `/${str(navbar.logo.src)!.replace(/^\//, '')}`, alt: str(navbar.logo.alt) ?? str(navbar.title) ?? '' }
      : undefined;
  const items = (Array.isArray(navbar.items) ? navbar.items : []).filter(isObj).flatMap((item, i) => {
    const where = `themeConfig.navbar.items[${i}]`;
    if (str(item.type) === 'html') {
      ctx.notice(`${where}: HTML navbar items are not supported; it is left out`, 'html');
      return [];
    }
    const subs = Array.isArray(item.items) ? item.items.filter(isObj).flatMap((sub, j) => navLink(sub, ctx, `${where}.items[${j}]`) ?? []) : undefined;
    const own = navLink(item, ctx, where);
    if (own) return [{ ...own, ...(subs?.length ? { items: subs } : {}) }];
    // A dropdown without a link of its own opens its first item.
    if (subs?.length && str(item.label)) return [{ label: str(item.label)!, href: subs[0].href, items: subs }];
    return [];
  });
  return { ...(logo ? { logo } : {}), items };
}

export function mapFooter(footer: unknown, ctx: ThemeContext) {
  if (!isObj(footer)) return undefined;
  let htmlItems = 0;
  const links = (list: unknown[], where: string) =>
    list.filter(isObj).flatMap((item, i) => {
      if (str(item.html) !== undefined) {
        htmlItems++;
        return [];
      }
      return navLink(item, ctx, `${where}[${i}]`) ?? [];
    });
  const raw = Array.isArray(footer.links) ? footer.links.filter(isObj) : [];
  // A footer is columns ({ title, items }) or, in Docusaurus's simple style, one row of links.
  const columns = raw.some((c) => Array.isArray(c.items))
    ? raw.map((c, i) => ({ title: str(c.title) ?? '', items: links(Array.isArray(c.items) ? c.items : [], `themeConfig.footer.links[${i}].items`) }))
    : raw.length
      ? [{ title: '', items: links(raw, 'themeConfig.footer.links') }]
      : [];
  if (htmlItems)
    ctx.notice(`themeConfig.footer: ${htmlItems} item${htmlItems > 1 ? 's' : ''} written as HTML ("html") left out; docsgen's footer takes links`, 'html');
  if (isObj(footer.logo)) ctx.notice("themeConfig.footer.logo is not shown; docsgen's footer has no logo", 'logo');
  const copyrightHtml = str(footer.copyright) ?? '';
  if (/<[a-z]/i.test(copyrightHtml))
    ctx.notice('themeConfig.footer.copyright: HTML is not supported there; its text is shown, without its links and markup', 'copyright');
  return { columns, copyright: htmlText(copyrightHtml) };
}

/** The announcement bar's HTML content as docsgen's text and link (its first <a>). */
export function mapAnnouncement(bar: unknown) {
  if (!isObj(bar) || !str(bar.content)) return undefined;
  const html = str(bar.content)!;
  const anchor = /<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/i.exec(html);
  const linkText = anchor ? htmlText(anchor[2]) : undefined;
  const text = htmlText(anchor ? html.replace(anchor[0], '') : html);
  return {
    id: str(bar.id) ?? 'announcement',
    text: text || linkText || '',
    ...(anchor && /^(https?:|mailto:|\/)/i.test(anchor[1]) ? { href: anchor[1], linkText: linkText || undefined } : {}),
    dismissible: bar.isCloseable !== false,
  };
}

export function mapColorMode(mode: unknown) {
  if (!isObj(mode)) return undefined;
  return {
    default: mode.defaultMode === 'dark' ? ('dark' as const) : ('light' as const),
    switch: mode.disableSwitch !== true,
    respectPrefersColorScheme: mode.respectPrefersColorScheme === true,
  };
}
