// Builds the Node side of docsgen (src/ minus the browser runtime) into lib/, so the CLI starts
// without compiling TypeScript. Writes to a fresh folder and swaps it in, so a CLI running
// meanwhile never sees half a lib/. With --pack (npm's prepack) it builds what the tarball ships:
// no source maps, and the declarations of the public API (lib/*.d.ts).
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pack = process.argv.includes('--pack');
const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}lib.tmp-${process.pid}`;
await build({
  entryPoints: {
    cli: 'src/cli.ts',
    index: 'src/index.ts',
    renderWorker: 'src/pipeline/renderWorker.ts',
    validateWorker: 'src/openapi/load/validateWorker.ts',
    // The unit tests' door into internal functions; built for pack too (the tests after a pack
    // use it) and left out of the tarball by package.json's files.
    internals: 'src/internals.ts',
  },
  outdir: tmp,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['esbuild', 'react', 'react-dom', '@readme/openapi-parser', 'chokidar', 'algoliasearch', 'jiti', 'fsevents'],
  banner: { js: "import { createRequire as __docsgenRequire } from 'node:module'; const require = __docsgenRequire(import.meta.url);" },
  sourcemap: pack ? false : 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  absWorkingDir: root,
});
if (pack) {
  // TypeScript and Prettier are development dependencies: loaded only here, where npm pack runs in a checkout.
  const { writeDeclarations } = await import('./build-types.mjs');
  await writeDeclarations(root, 'src/index.ts', `${tmp}/index.d.ts`);
  await writeDeclarations(root, 'src/theme.ts', `${tmp}/theme.d.ts`);
}
const old = `${root}lib.old-${process.pid}`;
try {
  renameSync(`${root}lib`, old);
} catch {}
renameSync(tmp, `${root}lib`);
rmSync(old, { recursive: true, force: true });
