// The module names Docusaurus sites import, in MDX pages, partials and React pages alike:
// `@theme/<Name>` is the theme's templates/mdx/<Name> (Tabs, TOCInline, ...), `@docusaurus/<Name>`
// its templates/docusaurus/<Name> (Link, useBaseUrl, router, ...), a site's own file first in both;
// `@theme-original/<Name>` the default theme's component (what a swizzle wraps); `@site/<path>` is a file of the site's folder (the one holding its config). An unknown name is an
// error at the line that imports it, with the names there are.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';
import type { SiteConfig } from '../types.ts';
import { MdxCompileError } from '../mdx/index.ts';
import { closest } from '../shared/closest.ts';
import type { ThemeFiles } from './themeFiles.ts';
import { lackedThemeModule } from '../shared/themeModules.ts';
import { STAND_IN } from './standIn.ts';

export const NAMED_MODULE = /^(@theme|@theme-original|@theme-init|@docusaurus|@site)\//;

const SWIZZLE_PROBE = Symbol('docsgen-swizzle-probe');
const LACKED = 'docsgen-lacked-theme-module';

/** Each prefix, with the theme folder its modules are in and the names there are not modules of. */
const FOLDERS = { '@theme/': 'mdx', '@docusaurus/': 'docusaurus' } as const;

export function docusaurusModulesPlugin(config: SiteConfig, theme: ThemeFiles): Plugin {
  return {
    name: 'docsgen-docusaurus-modules',
    setup(b) {
      for (const [prefix, folder] of Object.entries(FOLDERS)) {
        b.onResolve({ filter: new RegExp(`^${prefix}`) }, async (args) => {
          const name = args.path.slice(prefix.length);
          // A Docusaurus swizzle: the site's src/theme/<Name> takes the theme's place.
          if (prefix === '@theme/' && name && !name.startsWith('.')) {
            const swizzled = await b.resolve(`./src/theme/${name}`, {
              resolveDir: config.root,
              kind: args.kind,
              importer: args.importer,
              pluginData: SWIZZLE_PROBE,
            });
            if (!swizzled.errors.length && swizzled.path !== args.importer) return swizzled;
          }
          const file = name && !name.startsWith('.') ? theme.resolve(`${folder}/${name}`) : undefined;
          if (file) return { path: file };
          // A module of Docusaurus's theme that docsgen lacks: an MDX page's compile warned, the page gets a stand-in.
          if (/\.mdx?$/.test(args.importer.replace(/\?.*$/, '')) && lackedThemeModule(args.path, config.root)) return { path: args.path, namespace: LACKED };
          const known = moduleNames(theme, folder);
          const near = closest(name, known);
          return unresolved(
            args.importer,
            args.path,
            prefix === '@theme/' ? `The theme has no component "${args.path}"` : `docsgen has no module "${args.path}"`,
            near ? `Did you mean "${prefix}${near}"?` : `docsgen provides ${known.map((k) => prefix + k).join(', ')}.`,
          );
        });
      }
      // CommonJS, so that any name imported from it exists (see standIn.ts).
      b.onLoad({ filter: /.*/, namespace: LACKED }, () => ({ contents: STAND_IN, loader: 'js' }));
      // A Docusaurus swizzle wraps the component it replaces as '@theme-original/<Name>': the default theme's.
      b.onResolve({ filter: /^@theme-(original|init)\// }, (args) => {
        const name = args.path.slice(args.path.indexOf('/') + 1);
        const file = name && !name.startsWith('.') ? theme.resolveDefault(`mdx/${name}`) : undefined;
        if (file) return { path: file };
        return unresolved(
          args.importer,
          args.path,
          `The default theme has no component "@theme/${name}"`,
          `docsgen provides ${moduleNames(theme, 'mdx')
            .map((k) => '@theme/' + k)
            .join(', ')}.`,
        );
      });
      b.onResolve({ filter: /^@site\// }, async (args) => {
        const file = path.join(config.root, args.path.slice('@site/'.length));
        const result = await b.resolve(file, { importer: args.importer, resolveDir: config.root, kind: args.kind });
        if (!result.errors.length) return result;
        return unresolved(
          args.importer,
          args.path,
          `Cannot find "${args.path}" (@site/ is the site's folder, ${config.root})`,
          'Check the path from the site folder.',
        );
      });
    },
  };
}

/** An error for an import, at the line that imports it, as an author's problem. */
export function unresolved(importer: string, specifier: string, message: string, hint: string): ReturnType<Parameters<PluginBuild['onResolve']>[1]> {
  let line = 1;
  try {
    const at = fs
      .readFileSync(importer.replace(/\?.*$/, ''), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(`'${specifier}'`) || l.includes(`"${specifier}"`));
    if (at >= 0) line = at + 1;
  } catch {
    // The importer is not a readable file: no line.
  }
  const error = new MdxCompileError(importer, message, line, undefined, hint);
  return { errors: [{ text: message, location: { file: importer, line, column: 0 }, detail: error }] };
}

export function importHint(specifier: string): string {
  if (/^\.\.?\//.test(specifier)) return 'The path is relative to the importing file; write the file name with its extension (./Hello.tsx).';
  return `Install the package in the site folder (npm install ${specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')}), or import a local file.`;
}

/** The module names in one folder of the default theme and the site's (components, hooks). */
function moduleNames(theme: ThemeFiles, folder: string): string[] {
  const names = new Set<string>();
  for (const dir of new Set([theme.defaults, theme.site])) {
    try {
      for (const f of fs.readdirSync(path.join(dir, folder))) if (/\.(tsx|jsx|ts|js)$/.test(f)) names.add(f.replace(/\.\w+$/, ''));
    } catch {
      // No such folder in this layer.
    }
  }
  // Helpers start with a lower-case letter in templates/mdx/ (tabChoices); Docusaurus's hooks do too.
  return [...names].filter((n) => n !== 'MDXComponents' && (folder === 'docusaurus' || /^[A-Z]/.test(n))).sort();
}
