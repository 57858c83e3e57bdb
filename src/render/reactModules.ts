// React's production builds are CommonJS, which esbuild bundles as opaque closures: every export
// and every function in them stays, used or not. The browser bundle loads them as ES modules
// instead, rewritten mechanically (`var X = require("x")` -> `import * as X from "x"`,
// `exports.name` -> an exported variable), so esbuild drops what nothing imports from every
// first visit. React's files are flat scripts with exactly that shape; a file
// that is not (another React version) is bundled as CommonJS, unchanged.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const PRODUCTION_FILES: Record<string, [pkg: string, file: string]> = {
  react: ['react', 'cjs/react.production.js'],
  'react/jsx-runtime': ['react', 'cjs/react-jsx-runtime.production.js'],
  'react-dom': ['react-dom', 'cjs/react-dom.production.js'],
  'react-dom/client': ['react-dom', 'cjs/react-dom-client.production.js'],
  scheduler: ['scheduler', 'cjs/scheduler.production.js'],
};

/** The ES module form of one of React's production files, or undefined if it has another shape. */
export function reactFileToEsm(source: string, id: string): string | undefined {
  let code = source.replace(/^"use strict";$/m, '');
  code = code.replace(/^var ((?:\s*[\w$]+ = require\("[^"]+"\),?)+);$/m, (_, list: string) =>
    [...list.matchAll(/([\w$]+) = require\("([^"]+)"\)/g)].map(([, name, dep]) => `import * as ${name} from ${JSON.stringify(dep)};`).join('\n'),
  );
  if (/\brequire\(|\bmodule\.|\bexports\[|\$e_/.test(code)) return undefined;
  const names = new Set<string>();
  // Top-level `exports.name = value;` declares it (so an unused one can be dropped) ...
  code = code.replace(/^exports\.([\w$]+) =/gm, (_, name: string) => (names.has(name) ? `$e_${name} =` : (names.add(name), `var $e_${name} =`)));
  // ... any other use (the scheduler assigns some inside an if) refers to a variable declared first.
  const late = new Set<string>();
  code = code.replace(/\bexports\.([\w$]+)/g, (_, name: string) => {
    if (!names.has(name)) late.add(name);
    names.add(name);
    return `$e_${name}`;
  });
  if (/\bexports\b/.test(code) || names.size === 0) return undefined;
  const head = late.size ? `var ${[...late].map((n) => `$e_${n}`).join(', ')};\n` : '';
  // A default export too, as CommonJS interop gave (`import React from 'react'`); unused, it is dropped.
  const tail = `\nexport { ${[...names].map((n) => `$e_${n} as ${n}`).join(', ')} };\nimport * as $e_self from ${JSON.stringify(id)};\nexport default $e_self;\n`;
  return head + code + tail;
}

/**
 * Resolves react, react-dom(/client), react/jsx-runtime and scheduler to their ES module form.
 */
export function reactEsmPlugin(packageDir: (pkg: string) => string): Plugin {
  const converted = new Map<string, { contents: string; resolveDir: string } | undefined>();
  const load = (id: string) => {
    if (!converted.has(id)) {
      const [pkg, rel] = PRODUCTION_FILES[id];
      let result;
      try {
        const file = path.join(packageDir(pkg), rel);
        const contents = reactFileToEsm(fs.readFileSync(file, 'utf8'), id);
        if (contents !== undefined) result = { contents, resolveDir: path.dirname(file) };
      } catch {
        // Not installed where expected: esbuild resolves it as usual.
      }
      converted.set(id, result);
    }
    return converted.get(id);
  };
  return {
    name: 'docsgen-react-esm',
    setup(b) {
      b.onResolve({ filter: /^(react|react-dom|scheduler)(\/client|\/jsx-runtime)?$/ }, (args) =>
        PRODUCTION_FILES[args.path] && load(args.path) ? { path: args.path, namespace: 'react-esm' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'react-esm' }, (args) => ({ ...load(args.path)!, loader: 'js' }));
    },
  };
}
