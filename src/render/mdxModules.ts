// MDX pages in the bundles: each .mdx file is a page module, compiled by the site's MDX compiler
// (src/mdx) when esbuild loads it. The server bundle holds every MDX page; the browser gets a chunk
// only for the pages that are hydrated (those whose components run in the browser), so a page
// without interactive components ships no JavaScript of its own. `@theme/Tabs` and the other
// Docusaurus names resolve to the theme's templates/mdx/ (a site's own file first).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';
import type { SiteConfig } from '../types.ts';
import type { ContentFiles } from '../content/sourceFiles.ts';
import { isMdxFile, loadMdxCompiler, MdxCompileError, mdxModuleId } from '../mdx/index.ts';
import { mdxSource } from '../mdx/source.ts';
import { closest } from '../shared/closest.ts';
import type { ThemeFiles } from './themeFiles.ts';

/** The .mdx files that are pages (each once: a locale that falls back shares the default's file). */
export function mdxPageFiles(config: SiteConfig, files: Pick<ContentFiles, 'byLocale'>): string[] {
  const found = new Set<string>();
  for (const locale of files.byLocale.values()) for (const f of locale.values()) if (isMdxFile(f.file)) found.add(f.file);
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
        if (!compiler.compile(file).hydrate) continue;
      } catch (err) {
        if (!(err instanceof MdxCompileError)) throw err;
      }
    }
    entries.push(`  ${JSON.stringify(mdxModuleId(config, file))}: () => import(${JSON.stringify(file)}),`);
  }
  return entries;
}

/** Which module serves `@theme/<Name>`: the theme's mdx/<Name>. */
const THEME_PREFIX = '@theme/';

export function mdxPlugin(config: SiteConfig, theme: ThemeFiles): Plugin {
  return {
    name: 'docsgen-mdx',
    setup(b) {
      b.onResolve({ filter: /^@theme\// }, (args) => {
        const name = args.path.slice(THEME_PREFIX.length);
        const file = theme.resolve(`mdx/${name}`);
        if (file) return { path: file };
        const known = themeComponents(theme);
        const near = closest(name, known);
        return unresolved(
          args.importer,
          args.path,
          `The theme has no component "${args.path}"`,
          near ? `Did you mean "@theme/${near}"?` : `The theme's components are ${known.map((k) => THEME_PREFIX + k).join(', ')}.`,
        );
      });
      // An import of an MDX page that does not resolve is reported at its line in the .mdx file
      // (esbuild would name a line of the compiled module).
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (!isMdxFile(args.importer) || args.pluginData === RESOLVING || args.path.startsWith(THEME_PREFIX)) return undefined;
        const result = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: RESOLVING });
        if (!result.errors.length) return result;
        return unresolved(args.importer, args.path, `Cannot find "${args.path}" imported by this page`, importHint(args.path));
      });
      b.onLoad({ filter: /\.mdx$/ }, async (args) => {
        const compiler = await loadMdxCompiler(config);
        try {
          return { contents: compiler.compile(args.path).code, loader: 'js', resolveDir: path.dirname(args.path) };
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

/** An error for an import of an .mdx file, at the line that imports it, as an author's problem. */
function unresolved(importer: string, specifier: string, message: string, hint: string): ReturnType<Parameters<PluginBuild['onResolve']>[1]> {
  let line = 1;
  try {
    const at = fs
      .readFileSync(importer, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(`'${specifier}'`) || l.includes(`"${specifier}"`));
    if (at >= 0) line = at + 1;
  } catch {
    // The importer is not a readable file: no line.
  }
  const error = new MdxCompileError(importer, message, line, undefined, hint);
  return { errors: [{ text: message, location: { file: importer, line, column: 0 }, detail: error }] };
}

function importHint(specifier: string): string {
  if (specifier.startsWith('@docusaurus/'))
    return `docsgen does not provide Docusaurus's "${specifier}": use a plain <a href> or an import from the theme (@theme/Tabs, @theme/TabItem, @theme/Admonition, @theme/Details, @theme/CodeBlock, @theme/DocCardList).`;
  if (/^\.\.?\//.test(specifier)) return 'The path is relative to the .mdx file; write the file name with its extension (./Hello.tsx).';
  return `Install the package in the site folder (npm install ${specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')}), or import a local file.`;
}

/** The names under templates/mdx/ of the default theme and the site's (the @theme/ components). */
function themeComponents(theme: ThemeFiles): string[] {
  const names = new Set<string>();
  for (const dir of new Set([theme.defaults, theme.site])) {
    try {
      for (const f of fs.readdirSync(path.join(dir, 'mdx'))) if (/\.(tsx|jsx|ts|js)$/.test(f)) names.add(f.replace(/\.\w+$/, ''));
    } catch {
      // No mdx/ folder in this layer.
    }
  }
  return [...names].filter((n) => n !== 'MDXComponents').sort();
}
