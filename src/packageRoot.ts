// docsgen's own folder (the package root), where lib/ (the threads' entry points), src/client and
// the default theme live. A module of its own: the threads find their entries without loading
// what bundles the theme.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'src/client/main.tsx'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`docsgen: cannot find its package folder from ${from}`);
  }
}
