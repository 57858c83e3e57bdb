// MDX pages in the bundles: each .mdx file is a page module, compiled by the site's MDX compiler
// (src/mdx) when esbuild loads it. The server bundle holds every MDX page; the browser gets a chunk
// only for the pages that are hydrated (those whose components run in the browser), so a page
// without interactive components ships no JavaScript of its own. A .md or .mdx file an MDX module
// imports is a partial, bundled as a module of its own. The Docusaurus names (`@theme/Tabs`,
// `@docusaurus/Link`, `@site/...`) are resolved by docusaurusModules.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { SiteConfig } from '../types.ts';
import type { ContentFiles } from '../content/sourceFiles.ts';
import { isMdxFile, loadMdxCompiler, MdxCompileError, mdxModuleId } from '../mdx/index.ts';
import { mdxSource } from '../mdx/source.ts';
import { importHint, NAMED_MODULE, unresolved } from './docusaurusModules.ts';
import { isInstalled, packageName } from '../mdx/plugins/missingPackages.ts';
import { STAND_IN } from './standIn.ts';

/** The .mdx files that are pages (each once: a locale that falls back shares the default's file). */
export function mdxPageFiles(config: SiteConfig, files: Pick<ContentFiles, 'byLocale'>): string[] {
  const found = new Set<string>();
  for (const locale of files.byLocale.values()) for (const f of locale.values()) if (isMdxFile(f.file, config)) found.add(f.file);
  return [...found].sort().filter((file) => config.includeDrafts || !mdxSource(fs.readFileSync(file, 'utf8')).draft);
}

/**
 * Entries of the page registry ('docsgen:pages') for the MDX pages: all of them for the server,
 * the hydrated ones for the browser. A page that does not compile is listed for both, so that
 * esbuild reports its error where it loads it.
 */
export async function mdxPageEntries(config: SiteConfig, files: Pick<ContentFiles, 'byLocale'>, target: 'server' | 'client'): Promise<string[]> {
  const pages = mdxPageFiles(config, files);
  if (!pages.length) return [];
  const compiler = await loadMdxCompiler(config);
  const entries: string[] = [];
  for (const file of pages) {
    if (target === 'client') {
      try {
        if (!(await compiler.compileAsync(file)).hydrate) continue;
      } catch (err) {
        if (!(err instanceof MdxCompileError)) throw err;
      }
    }
    entries.push(`  ${JSON.stringify(mdxModuleId(config, file))}: () => import(${JSON.stringify(file)}),`);
  }
  return entries;
}

export function mdxPlugin(config: SiteConfig): Plugin {
  return {
    name: 'docsgen-mdx',
    setup(b) {
      // A .md or .mdx file that an MDX module or a React page imports is a partial: a module of its
      // own, compiled as MDX whatever markdown.format says, its leading "# " heading kept. (The page
      // registry, a module of the 'docsgen' namespace, imports the pages themselves.)
      b.onResolve({ filter: PARTIAL }, async (args) => {
        if (args.namespace !== 'file' || args.pluginData === RESOLVING) return undefined;
        const result = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: RESOLVING });
        if (result.errors.length) return unresolved(args.importer, args.path, `Cannot find "${args.path}" imported by this page`, importHint(args.path));
        return { ...result, suffix: PARTIAL_SUFFIX };
      });
      // An import of an MDX page that does not resolve is reported at its line in the .mdx file
      // (esbuild would name a line of the compiled module).
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (!isMdxModule(args.importer) || args.pluginData === RESOLVING || NAMED_MODULE.test(args.path)) return undefined;
        const result = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: RESOLVING });
        if (!result.errors.length) return result;
        // Reported by the page's compile (missingPackages.ts): the page gets a stand-in.
        const name = packageName(args.path);
        if (name && !isInstalled(name, args.resolveDir) && !isInstalled(name, config.root)) return { path: args.path, namespace: MISSING };
        return unresolved(args.importer, args.path, `Cannot find "${args.path}" imported by this page`, importHint(args.path));
      });
      b.onLoad({ filter: /.*/, namespace: MISSING }, () => ({ contents: STAND_IN, loader: 'js' }));
      b.onLoad({ filter: PARTIAL }, async (args) => {
        const compiler = await loadMdxCompiler(config);
        try {
          return {
            contents: (await compiler.compileAsync(args.path, args.suffix === PARTIAL_SUFFIX ? 'partial' : 'page')).code,
            loader: 'js',
            resolveDir: path.dirname(args.path),
          };
        } catch (err) {
          if (!(err instanceof MdxCompileError)) throw err;
          return {
            errors: [{ text: err.reason, location: { file: args.path, line: err.line ?? 1, column: Math.max(0, (err.column ?? 1) - 1) }, detail: err }],
          };
        }
      });
    },
  };
}

const RESOLVING = Symbol('docsgen-mdx-resolving');
const MISSING = 'docsgen-missing-package';
/** A module compiled with MDX: a page or a partial. */
const PARTIAL = /\.mdx?$/;
const PARTIAL_SUFFIX = '?partial';

function isMdxModule(file: string): boolean {
  return PARTIAL.test(file.replace(PARTIAL_SUFFIX, ''));
}
