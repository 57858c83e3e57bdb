// Builds the Node side of docsgen (src/ minus the browser runtime) into lib/, so the CLI starts
// without compiling TypeScript. Runs as the `prepare` step of `npm install`. Writes to a fresh
// folder and swaps it in, so a CLI running meanwhile never sees half a lib/.
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}lib.tmp-${process.pid}`;
await build({
  entryPoints: {
    cli: 'src/cli.ts',
    index: 'src/index.ts',
    renderWorker: 'src/pipeline/renderWorker.ts',
    validateWorker: 'src/openapi/load/validateWorker.ts',
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
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  absWorkingDir: root,
});
const old = `${root}lib.old-${process.pid}`;
try {
  renameSync(`${root}lib`, old);
} catch {}
renameSync(tmp, `${root}lib`);
rmSync(old, { recursive: true, force: true });
