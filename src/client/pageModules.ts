// Loads the code a page needs: its layout chunk and, for React pages, the page module.
import type { ComponentType } from 'react';
import type { PageData } from '../types.ts';
import { layoutKey, layouts } from 'docsgen:theme';
import { pages } from 'docsgen:pages';

export interface PageModules {
  Layout: ComponentType<any>;
  PageComponent?: ComponentType<any>;
}

export class MissingDefaultExport extends Error {}

export async function loadPageModules(page: PageData): Promise<PageModules> {
  const layoutLoad = layouts[layoutKey(page.kind)]();
  const pageLoad = page.pageModule ? pages[page.pageModule as keyof typeof pages]?.() : undefined;
  const [layout, mod] = await Promise.all([layoutLoad, pageLoad]);
  if (page.pageModule && typeof (mod as { default?: unknown } | undefined)?.default !== 'function') {
    throw new MissingDefaultExport(page.pageModule);
  }
  return { Layout: layout.default, PageComponent: (mod as { default?: ComponentType<any> } | undefined)?.default };
}
