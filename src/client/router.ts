// Client-side navigation: internal link clicks fetch the next page's data as JSON and render it
// without a full reload. Prefetches on intent (hover, focus, touch) except on 2g or data-saver
// connections; a chunk that fails to load reloads the page once.
import type { Dispatch, SetStateAction } from 'react';
import type { ClientSiteData, PageData } from '../types.ts';
import { pageDataPath, toRoutePath, withBase } from '../shared/paths.ts';
import { loadPageModules, MissingDefaultExport, type PageModules } from './pageModules.ts';
import { loadStrings } from './strings.ts';

export type ScrollTarget = { x: number; y: number } | 'top' | { hash: string };

export interface NavigationState extends PageModules {
  page: PageData;
  status: 'idle' | 'loading' | 'error';
  error?: string;
  scroll?: ScrollTarget;
}

const RELOAD_KEY = 'docsgen.chunk-reload';

export function createRouter(site: ClientSiteData, setState: Dispatch<SetStateAction<NavigationState>>) {
  const dataCache = new Map<string, Promise<PageData | null>>();
  let current = 0;
  let failedUrl: string | undefined;

  const routeOf = (url: URL) => toRoutePath(site.basePath, url.pathname);
  const dataUrl = (route: string) => withBase(site.basePath, pageDataPath(route));

  function isInternal(url: URL): boolean {
    if (url.origin !== location.origin) return false;
    const route = routeOf(url);
    if (/\.[a-z0-9]+$/i.test(route) || route.startsWith('/_docsgen/') || route.startsWith('/assets/')) return false;
    return site.basePath === '/' || url.pathname.startsWith(site.basePath.replace(/\/$/, ''));
  }

  function fetchData(route: string): Promise<PageData | null> {
    let p = dataCache.get(route);
    if (!p) {
      p = fetch(dataUrl(route)).then((res) => {
        if (res.status === 404) return null;
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json() as Promise<PageData>;
      });
      p.catch(() => dataCache.delete(route));
      dataCache.set(route, p);
    }
    return p;
  }

  async function navigate(href: string, options: { replace?: boolean; pop?: boolean; scroll?: ScrollTarget } = {}) {
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
      let page = await fetchData(route);
      const redirect = (page as { redirect?: string } | null)?.redirect;
      if (redirect) return navigate(withBase(site.basePath, redirect) + url.hash, { ...options, replace: true });
      if (!page) {
        const prefix = site.locales.find((l) => l.prefix && (route === l.prefix || route.startsWith(l.prefix + '/')))?.prefix ?? '';
        page = await fetchData(`${prefix}/404`);
        if (!page) throw new Error('HTTP 404');
      }
      const modules = await loadModules(page);
      if (id !== current) return;
      if (!options.pop) history[options.replace ? 'replaceState' : 'pushState']({}, '', url.href);
      const scroll: ScrollTarget = options.scroll ?? (url.hash ? { hash: url.hash } : 'top');
      setState({ page, ...modules, status: 'idle', scroll });
    } catch (err) {
      if (id !== current) return;
      if (err instanceof MissingDefaultExport) throw err;
      if (!options.pop) history.pushState({}, '', url.href);
      failedUrl = url.href;
      setState((s) => ({ ...s, status: 'error', error: (err as Error).message }));
    }
  }

  async function loadModules(page: PageData): Promise<PageModules> {
    try {
      const [modules] = await Promise.all([loadPageModules(page), loadStrings(page.locale)]);
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

  function onClick(event: MouseEvent) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = (event.target as Element | null)?.closest?.('a');
    if (!a || !a.href || a.target || a.hasAttribute('download') || a.getAttribute('rel')?.includes('external')) return;
    const url = new URL(a.href);
    if (!isInternal(url)) return;
    event.preventDefault();
    void navigate(url.href);
  }

  function onIntent(event: Event) {
    const a = (event.target as Element | null)?.closest?.('a');
    if (!a || !a.href || !canPrefetch()) return;
    const url = new URL(a.href);
    if (!isInternal(url)) return;
    const route = routeOf(url);
    if (route === routeOf(new URL(location.href))) return;
    fetchData(route)
      .then((page) => page && Promise.all([loadPageModules(page), loadStrings(page.locale)]))
      .catch(() => {});
  }

  function onPopState() {
    const scroll = (history.state as { scroll?: { x: number; y: number } } | null)?.scroll;
    void navigate(location.href, { pop: true, scroll: scroll ?? 'top' });
  }

  return {
    navigate: (href: string) => navigate(href),
    retry: () => {
      if (failedUrl) void navigate(failedUrl, { replace: true, pop: true });
    },
    afterRender(scroll: ScrollTarget | undefined) {
      if (scroll && typeof scroll === 'object' && 'hash' in scroll) scrollToHash(scroll.hash);
      else if (scroll && typeof scroll === 'object') window.scrollTo(scroll.x, scroll.y);
      else window.scrollTo(0, 0);
      if (!(scroll && typeof scroll === 'object' && 'hash' in scroll)) {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus({ preventScroll: true });
        }
      }
    },
    start() {
      history.scrollRestoration = 'manual';
      document.addEventListener('click', onClick);
      document.addEventListener('mouseover', onIntent, { passive: true });
      document.addEventListener('focusin', onIntent);
      document.addEventListener('touchstart', onIntent, { passive: true });
      window.addEventListener('popstate', onPopState);
      return () => {
        document.removeEventListener('click', onClick);
        document.removeEventListener('mouseover', onIntent);
        document.removeEventListener('focusin', onIntent);
        document.removeEventListener('touchstart', onIntent);
        window.removeEventListener('popstate', onPopState);
      };
    },
  };
}

/** No prefetching on slow connections or when the user asked to save data. */
export function canPrefetch(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !(c?.saveData || /2g/.test(c?.effectiveType ?? ''));
}

function scrollToHash(hash: string) {
  const id = decodeURIComponent(hash.slice(1));
  const el = document.getElementById(id);
  if (el) {
    el.scrollIntoView();
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  }
}
