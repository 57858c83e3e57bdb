// Whether a folder is a Docusaurus site: the names of its config file. Apart from the reader
// (readSite.ts), whose modules a docsgen site never needs loaded.
import fs from 'node:fs';
import path from 'node:path';

export const DOCUSAURUS_CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

export function findDocusaurusConfig(root: string): string | undefined {
  return DOCUSAURUS_CONFIG_NAMES.map((n) => path.join(root, n)).find((f) => fs.existsSync(f));
}
