// Which clicks and link intents the client-side router takes. Part of the first visit (the router
// itself loads later, see lazyRouter.ts), so it stays small.
import type { ClientSiteData } from '../types.ts';
import { toRoutePath } from '../shared/paths.ts';

export const routeOf = (site: ClientSiteData, url: URL) => toRoutePath(site.basePath, url.pathname);

/** A page of this site (not a file, an asset or another origin). */
export function isInternal(site: ClientSiteData, url: URL): boolean {
  if (url.origin !== location.origin) return false;
  const route = routeOf(site, url);
  if (/\.[a-z0-9]+$/i.test(route) || route.startsWith('/_docsgen/') || route.startsWith('/assets/')) return false;
  return site.basePath === '/' || url.pathname.startsWith(site.basePath.replace(/\/$/, ''));
}

/** The internal link an event happened on (hover, focus, touch, click), if any. */
export function internalLink(site: ClientSiteData, event: Event): { a: HTMLAnchorElement; url: URL } | undefined {
  const a = (event.target as Element | null)?.closest?.('a');
  if (!a || !a.href) return;
  const url = new URL(a.href);
  return isInternal(site, url) ? { a, url } : undefined;
}

/** The URL a click should navigate to client-side: a plain left click on an internal link. */
export function clickedLink(site: ClientSiteData, event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = internalLink(site, event);
  if (!link || link.a.target || link.a.hasAttribute('download') || link.a.getAttribute('rel')?.includes('external')) return;
  return link.url;
}

/** No prefetching on slow connections or when the user asked to save data. */
export function canPrefetch(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !(c?.saveData || /2g/.test(c?.effectiveType ?? ''));
}
