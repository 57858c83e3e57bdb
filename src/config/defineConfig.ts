import type { UserConfig } from './schema.ts';

/** Gives site.config.ts its types; returns the config unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
