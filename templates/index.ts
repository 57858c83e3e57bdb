// The default theme. The contract with docsgen: export App (the chrome around every page),
// `layouts` (one lazily loaded chunk per group of route kinds, in layouts/<Key>Layout.tsx) and
// `layoutKey` (which layout renders a route kind).
import './styles/index.css';
import type { RouteKind } from 'docsgen/shared/types';

export { App } from './App.tsx';

export const layouts = {
  doc: () => import('./layouts/DocLayout.tsx'),
  blog: () => import('./layouts/BlogLayout.tsx'),
  page: () => import('./layouts/PageLayout.tsx'),
  search: () => import('./layouts/SearchLayout.tsx'),
};

export function layoutKey(kind: RouteKind): keyof typeof layouts {
  if (kind.startsWith('doc') || kind.startsWith('api')) return 'doc';
  if (kind.startsWith('blog')) return 'blog';
  if (kind === 'search') return 'search';
  return 'page';
}
