// Client-side navigation: internal link clicks fetch the next page's HTML (the same file a full
// load gets, so the build writes nothing extra per page), read its embedded data and content
// (pageDocument.ts) and render it without a full reload. Prefetches on intent (hover, focus,
// touch) except on 2g or data-saver connections; a chunk that fails to load reloads the page once.
// Loaded on the first link intent or click (lazyRouter.ts owns the listeners).
import type { Dispatch, SetStateAction } from 'react';
import type { ClientSiteData, PageData } from '../types.ts';
import { isExternal, withBase } from '../shared/paths.ts';
import { loadPageModules, MissingDefaultExport, type PageModules } from './pageModules.ts';
import { readPageDocument } from './pageDocument.ts';
import { loadJson } from './jsonFiles.ts';
import { loadStrings } from './strings.ts';
import { canPrefetch, internalLink, routeOf as routeIn } from './links.ts';
import { loadContentStyles } from './contentAssets.ts';
import { focusTarget } from './quietFocus.ts';
import { addLocaleParts } from '../shared/page.ts';

export type ScrollTarget = { x: number; y: number } | 'top' | { hash: string };

/**
 * What navigate() may be told besides the URL. `section`: the section the reader is in on the page
 * being left (the language menu): the new page opens at the heading with the same id, else at the
 * one in the same place of its table of contents.
 */
export interface NavigateOptions {
  section?: { id: string; index: number };
}

export interface NavigationState extends PageModules {
  page: PageData;
  status: 'idle' | 'loading' | 'error';
  error?: string;
  scroll?: ScrollTarget;
}

/**
 * What fetching a route gave: a page (at `url` when the server redirected there), a redirect to
 * follow (a static redirect page), or a document that is no docsgen page (load it in full).
 * `keep`: the response may be reused for the session. A no-store answer (every page of
 * `docsgen serve`) serves one navigation (a prefetch and the click after it): going back fetches
 * again. The dev client also announces edits (DEV_CHANGED_EVENT), which empties the cache.
 */
type Loaded = ({ page: PageData; url?: string } | { redirect: string } | { fullLoad: true }) & { keep: boolean };

const RELOAD_KEY = 'docsgen.chunk-reload';
const MAX_REDIRECTS = 5;

export type Router = ReturnType<typeof createRouter>;

export function createRouter(site: ClientSiteData, setState: Dispatch<SetStateAction<NavigationState>>) {
  const cache = new Map<string, Promise<Loaded>>();
  let current = 0;
  let failedUrl: string | undefined;

  const routeOf = (url: URL) => routeIn(site, url);
  const localePrefix = (route: string) => site.locales.find((l) => l.prefix && (route === l.prefix || route.startsWith(l.prefix + '/')))?.prefix ?? '';

  /** Fetches a route's page at its canonical URL (the one links use), once while it may be kept. */
  function load(route: string): Promise<Loaded> {
    let p = cache.get(route);
    if (!p) {
      const entry = (p = fetchPage(route));
      entry.catch(() => cache.get(route) === entry && cache.delete(route));
      cache.set(route, entry);
    }
    return p;
  }

  async function fetchPage(route: string, href = withBase(site.basePath, route)): Promise<Loaded> {
    const res = await fetch(href, { headers: { Accept: 'text/html' } });
    const keep = !/no-store/i.test(res.headers.get('Cache-Control') ?? '');
    if (!res.ok && res.status !== 404) throw new Error(`HTTP ${res.status}`);
    const html = /html/i.test(res.headers.get('Content-Type') ?? '') ? await res.text() : '';
    const data = html ? readPageDocument(new DOMParser().parseFromString(html, 'text/html')) : undefined;
    // A page names its own locale's site data (navbar, footer): one in another locale brings them.
    const shown = async (shownData: { page: PageData; site: string }) => {
      addLocaleParts(site, await loadJson<ClientSiteData>(shownData.site));
      return shownData.page;
    };
    if (res.status === 404) {
      // The host's not-found page. Some hosts serve one 404.html for every locale: when the
      // answer is not the locale's own not-found page, fetch that file.
      const prefix = localePrefix(route);
      const locale = site.locales.find((l) => l.prefix === prefix)?.code;
      if (data && 'page' in data && data.page.locale === locale) return { page: await shown(data), keep };
      const own = `${prefix}/404`;
      if (route !== own) {
        const fallback = await fetchPage(own, withBase(site.basePath, `${own}.html`));
        if ('page' in fallback) return { page: fallback.page, keep };
      }
      throw new Error('HTTP 404');
    }
    if (!data) return { fullLoad: true, keep };
    if ('redirect' in data) return { redirect: data.redirect, keep };
    // The server answered with a redirect (docsgen serve does): the page is where it went.
    const final = res.redirected && res.url ? new URL(res.url) : undefined;
    return { page: await shown(data), url: final && routeOf(final) !== route ? final.href : undefined, keep };
  }

  async function navigate(href: string, options: NavigateOptions & { replace?: boolean; pop?: boolean; scroll?: ScrollTarget; hops?: number } = {}) {
    const url = new URL(href, location.href);
    const route = routeOf(url);
    const id = ++current;
    if (!options.pop) {
      history.replaceState({ ...history.state, scroll: { x: scrollX, y: scrollY } }, '');
      if (routeOf(new URL(location.href)) === route && url.hash) {
        history.pushState({}, '', url.href);
        scrollToHash(url.hash);
        return;
      }
    }
    setState((s) => ({ ...s, status: 'loading', error: undefined }));
    try {
      const loaded = await load(route);
      if (!loaded.keep) cache.delete(route);
      if (id !== current) return;
      if ('fullLoad' in loaded) return location.assign(url.href);
      if ('redirect' in loaded) {
        const to = loaded.redirect;
        if (isExternal(to)) return location.assign(to);
        const hops = (options.hops ?? 0) + 1;
        if (hops > MAX_REDIRECTS) throw new Error('Too many redirects');
        // Back or forward onto a redirect replaces its entry; a click goes straight to the target.
        return navigate(withBase(site.basePath, to) + url.hash, { replace: options.replace || options.pop, hops, section: options.section });
      }
      const { page } = loaded;
      if (options.section && !url.hash) url.hash = sectionHash(page, options.section);
      const target = loaded.url ? loaded.url.replace(/#.*$/, '') + url.hash : url.href;
      const modules = await loadModules(page);
      if (id !== current) return;
      if (!options.pop) history[options.replace ? 'replaceState' : 'pushState']({}, '', target);
      else if (target !== url.href) history.replaceState({}, '', target);
      const scroll: ScrollTarget = options.scroll ?? (url.hash ? { hash: url.hash } : 'top');
      setState({ page, ...modules, status: 'idle', scroll });
    } catch (err) {
      if (id !== current) return;
      if (err instanceof MissingDefaultExport) throw err;
      if (!options.pop) history[options.replace ? 'replaceState' : 'pushState']({}, '', url.href);
      failedUrl = url.href;
      setState((s) => ({ ...s, status: 'error', error: (err as Error).message }));
    }
  }

  async function loadModules(page: PageData): Promise<PageModules> {
    try {
      const [modules] = await Promise.all([loadPageModules(page), loadStrings(page.locale), loadContentStyles(page)]);
      sessionStorage.removeItem(RELOAD_KEY);
      return modules;
    } catch (err) {
      if (err instanceof MissingDefaultExport) throw err;
      // A chunk from an older deployment is gone: load the page from the server, once.
      const target = withBase(site.basePath, page.path);
      if (sessionStorage.getItem(RELOAD_KEY) !== target) {
        sessionStorage.setItem(RELOAD_KEY, target);
        location.assign(target);
        await new Promise(() => {});
      }
      throw err;
    }
  }

  function onIntent(event: Event) {
    const link = internalLink(site, event);
    if (!link || !canPrefetch()) return;
    const route = routeOf(link.url);
    if (route === routeOf(new URL(location.href))) return;
    load(route)
      .then((loaded) => ('page' in loaded ? Promise.all([loadPageModules(loaded.page), loadStrings(loaded.page.locale)]) : undefined))
      .catch(() => {});
  }

  return {
    navigate: (href: string, options?: NavigateOptions) => navigate(href, options),
    onIntent,
    onPopState() {
      const scroll = (history.state as { scroll?: { x: number; y: number } } | null)?.scroll;
      void navigate(location.href, { pop: true, scroll: scroll ?? 'top' });
    },
    /** The dev client announced an edit (DEV_CHANGED_EVENT): fetch pages again. */
    clearCache: () => cache.clear(),
    retry: () => {
      if (failedUrl) void navigate(failedUrl, { replace: true, pop: true });
    },
    afterRender(scroll: ScrollTarget | undefined) {
      if (scroll && typeof scroll === 'object' && 'hash' in scroll) scrollToHash(scroll.hash);
      else if (scroll && typeof scroll === 'object') window.scrollTo(scroll.x, scroll.y);
      else window.scrollTo(0, 0);
      if (!(scroll && typeof scroll === 'object' && 'hash' in scroll)) {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) focusTarget(heading);
      }
    },
  };
}

/** The hash of the heading matching `section` on `page`: the same id, else the same place in the TOC. */
function sectionHash(page: PageData, section: { id: string; index: number }): string {
  const toc = page.toc ?? [];
  const match = toc.find((t) => t.id === section.id) ?? toc[section.index];
  return match ? `#${encodeURIComponent(match.id)}` : '';
}

function scrollToHash(hash: string) {
  const id = decodeURIComponent(hash.slice(1));
  const el = document.getElementById(id);
  if (el) {
    el.scrollIntoView();
    focusTarget(el);
  }
}
