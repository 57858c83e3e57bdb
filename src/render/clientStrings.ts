// The UI string tables as the browser gets them: src/shared/i18n/<locale>.ts without the keys
// only the build reads (BUILD_ONLY_STRINGS: the API reference's and Markdown's words, generated
// pages' titles, llms.txt, the dev overlay), which are about half of each table. The table is
// evaluated here and written back out as a JavaScript literal; its functions (plural forms and
// the like) are self-contained arrow functions and are copied by their source text.
import { transform, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_ONLY_STRINGS } from '../shared/i18n/index.ts';

/** esbuild plugin for the client bundle: loads each locale table in `i18nDir` without its build-only keys. */
export function clientStringsPlugin(i18nDir: string): Plugin {
  // esbuild hands over real paths (docsgen may be reached through a symlink).
  const dir = fs.realpathSync(i18nDir);
  return {
    name: 'docsgen-client-strings',
    setup(b) {
      b.onLoad({ filter: /[\\/]i18n[\\/][\w-]+\.ts$/ }, async (args) => {
        if (path.dirname(args.path) !== dir || path.basename(args.path) === 'index.ts') return undefined;
        return { contents: await clientStringsModule(fs.readFileSync(args.path, 'utf8')), loader: 'js' };
      });
    },
  };
}

/** A locale table's module source (TypeScript) -> the same exports as JavaScript, pruned. */
export async function clientStringsModule(source: string): Promise<string> {
  const js = (await transform(source, { loader: 'ts', format: 'esm' })).code;
  let table: Record<string, unknown>;
  try {
    table = await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
  } catch {
    // Not a self-contained table (it imports something at run time): ship it whole.
    return js;
  }
  const skip = new Set<string>(BUILD_ONLY_STRINGS);
  return Object.entries(table)
    .map(([name, value]) => {
      const kept = Object.entries(value as Record<string, unknown>).filter(([key]) => !skip.has(key));
      return `export const ${name} = ${literal(Object.fromEntries(kept), name)};\n`;
    })
    .join('');
}

function literal(value: unknown, where: string): string {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  if (typeof value === 'function') {
    const src = value.toString();
    // Arrow functions and function expressions only: a method's text is not an expression.
    if (!/^(async\s*)?(\(|[\w$]+\s*=>|function\b)/.test(src)) throw new Error(`UI string ${where} must be an arrow function`);
    return `(${src})`;
  }
  if (Array.isArray(value)) return `[${value.map((v, i) => literal(v, `${where}[${i}]`)).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as object)
      .map(([k, v]) => `${JSON.stringify(k)}:${literal(v, `${where}.${k}`)}`)
      .join(',')}}`;
  throw new Error(`UI string ${where} has an unsupported value (${typeof value})`);
}
