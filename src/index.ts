// The package's public API for site authors and programmatic use.
export { defineConfig } from './config/defineConfig.ts';
export type { UserConfig } from './config/schema.ts';
export type { SidebarsConfig, SidebarItemConfig } from './config/sidebarsFile.ts';
export type { PageData, ClientSiteData, SearchRecord, Route } from './types.ts';

/** Starts `docsgen serve` (dev server, or the static server with watch: false); resolves to { url, close }. */
export async function startServer(options: import('./serve/index.ts').ServerOptions): Promise<import('./serve/index.ts').RunningServer> {
  const { startServer: start } = await import('./serve/index.ts');
  return start(options);
}
export type { ServerOptions, RunningServer } from './serve/index.ts';
