// Entry of the server bundle (built per site by bundle.ts): renders one page's React tree to HTML
// and reports what it can about the site's React page modules.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ClientSiteData, PageData } from '../types.ts';
import { pageHead, sharedParts, type SharedParts } from '../client/api.ts';
import { Root } from '../client/Root.tsx';
import { RouterContext, type RouterValue } from '../client/context.ts';
import { loadPageModules } from '../client/pageModules.ts';
import { pages } from 'docsgen:pages';

/** Which layout chunk renders a route kind (the theme decides). */
export { layoutKey } from 'docsgen:theme';

/** A page's HTML, and the title and description its React page gave its Layout or <Head>, if any. */
export async function renderPage(
  page: PageData,
  site: ClientSiteData,
): Promise<{ html: string; title?: string; description?: string; documentTitle?: string }> {
  const modules = await loadPageModules(page);
  const head: { title?: string; description?: string; documentTitle?: string } = {};
  pageHead.current = {
    give(given) {
      for (const key of ['title', 'description', 'documentTitle'] as const) if (given[key]) head[key] = given[key];
    },
  };
  let html: string;
  try {
    html = renderToString(<Root site={site} initial={{ page, ...modules }} />);
  } finally {
    pageHead.current = undefined;
  }
  parts.renderRequested();
  return { html, ...head };
}

/**
 * Parts requested while a page rendered are rendered after it, each on its own: React's server
 * renderer keeps the state of the component it is rendering in module variables, so a render
 * must not start inside another.
 */
class PartCache implements SharedParts {
  private parts = new WeakMap<object, Map<string, string>>();
  private requested: { owner: object; name: string; element: ReactElement }[] = [];

  get(owner: object, name: string): string | undefined {
    return this.parts.get(owner)?.get(name);
  }

  request(owner: object, name: string, element: ReactElement): void {
    this.requested.push({ owner, name, element });
  }

  renderRequested(): void {
    for (const { owner, name, element } of this.requested.splice(0)) {
      let byName = this.parts.get(owner);
      if (!byName) this.parts.set(owner, (byName = new Map()));
      if (!byName.has(name)) byName.set(name, renderToString(element));
    }
  }
}

// One per server bundle (built per site): parts are keyed by data of one build and go with it.
const parts = new PartCache();
sharedParts.current = parts;

/** An MDX page's body alone, as the page shows it (a feed entry holds a post's). */
export async function renderBody(page: PageData, site: ClientSiteData): Promise<string> {
  const { PageComponent } = await loadPageModules(page);
  if (!PageComponent) return '';
  const router: RouterValue = { navigate() {}, retry() {}, status: 'idle', site, page };
  return renderToString(
    <RouterContext.Provider value={router}>
      <PageComponent />
    </RouterContext.Provider>,
  );
}

export interface PageModuleInfo {
  hasDefault: boolean;
  meta?: { title?: Record<string, string> | string; description?: Record<string, string> | string };
}

export async function inspectPageModule(id: string): Promise<PageModuleInfo | undefined> {
  const load = pages[id];
  if (!load) return undefined;
  const mod = (await load()) as { default?: unknown; meta?: PageModuleInfo['meta'] };
  return { hasDefault: typeof mod.default === 'function', meta: mod.meta };
}

export type ServerEntry = {
  renderPage: typeof renderPage;
  renderBody: typeof renderBody;
  inspectPageModule: typeof inspectPageModule;
  layoutKey(kind: string): string;
};
