// Modules generated at build time (see src/render/bundle.ts).
declare module 'docsgen:theme' {
  import type { ComponentType, ReactNode } from 'react';
  import type { ClientSiteData, PageData, RouteKind } from '../types.ts';
  export const App: ComponentType<{ page: PageData; site: ClientSiteData; children: ReactNode }>;
  export const layouts: Record<string, () => Promise<{ default: ComponentType<any> }>>;
  export function layoutKey(kind: RouteKind): string;
}
declare module 'docsgen:pages' {
  export const pages: Record<string, () => Promise<{ default?: unknown; meta?: unknown }>>;
}
declare module '*.css';
