// Entry of the server bundle (built per site by bundle.ts): renders one page's React tree to HTML
// and reports what it can about the site's React page modules.
import { renderToString } from 'react-dom/server';
import type { ClientSiteData, PageData } from '../types.ts';
import { Root } from '../client/Root.tsx';
import { loadPageModules } from '../client/pageModules.ts';
import { pages } from 'docsgen:pages';

/** Which layout chunk renders a route kind (the theme decides). */
export { layoutKey } from 'docsgen:theme';

export async function renderPage(page: PageData, site: ClientSiteData): Promise<string> {
  const modules = await loadPageModules(page);
  return renderToString(<Root site={site} initial={{ page, ...modules }} />);
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
  inspectPageModule: typeof inspectPageModule;
  layoutKey(kind: string): string;
};
