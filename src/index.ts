// The package's public API for site authors and programmatic use.
export { defineConfig } from './config/defineConfig.ts';
export type { UserConfig } from './config/schema.ts';
export type { PageData, ClientSiteData, SearchRecord, Route } from './types.ts';
