// The theme a site is built with: docsgen's default theme with the site's own templates/ laid
// over it file by file. `templates/components/Footer.tsx` in a site replaces that one file; every
// import of it, from the default theme or from another override, gets the site's copy, and the
// site's copy can import the file it replaces as 'docsgen/theme-original/components/Footer'.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import { namesForDefault, overrideModule } from './overrideExports.ts';

/** Where an override imports the default theme's file it replaces (or any other). */
export const ORIGINAL_THEME = 'docsgen/theme-original/';

const SCRIPT = /\.(tsx|ts|jsx|js)$/;
const OVERRIDE = 'docsgen-override';
const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

export interface ThemeFiles {
  /** The default theme's folder. */
  defaults: string;
  /** The site's templates/ folder; the same as `defaults` when the site has none or is docsgen's own folder. */
  site: string;
  /** The file that serves `rel` (a path inside the theme): the site's when it has one. */
  resolve(rel: string): string | undefined;
  /** The default theme's file for `rel`, whatever the site overrides. */
  resolveDefault(rel: string): string | undefined;
}

export function themeFiles(root: string): ThemeFiles {
  const defaults = path.join(PACKAGE_ROOT, 'templates');
  const site = path.join(root, 'templates');
  // Without a templates/ folder, the theme's own imports resolve without a call into this thread.
  const own = path.resolve(site) !== path.resolve(defaults) && fs.existsSync(site);
  return {
    defaults,
    site: own ? site : defaults,
    resolve: (rel) => (own ? findFile(site, rel) : undefined) ?? findFile(defaults, rel),
    resolveDefault: (rel) => findFile(defaults, rel),
  };
}

/**
 * `rel` in `dir`: as written, else with another script extension (an override may be .jsx where
 * the default is .tsx), else without one given, with each extension or as a folder's index.
 */
function findFile(dir: string, rel: string): string | undefined {
  const base = path.join(dir, rel);
  const stem = SCRIPT.test(rel) ? base.replace(SCRIPT, '') : base;
  const candidates = [base, ...SCRIPT_EXTENSIONS.map((e) => stem + e), ...SCRIPT_EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
}

/**
 * esbuild resolution of the layered theme: relative imports between theme files (scripts, CSS
 * @import and url()) go to the site's file where it has one, and 'docsgen/theme-original/<path>'
 * to the default theme's.
 */
export function themeFilesPlugin(theme: ThemeFiles): Plugin {
  const inside = (dir: string, file: string) => {
    const rel = path.relative(dir, file);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : undefined;
  };
  return {
    name: 'docsgen-theme-files',
    setup(b) {
      b.onResolve({ filter: /^docsgen\/theme-original\// }, (args) => {
        const rel = args.path.slice(ORIGINAL_THEME.length);
        const file = findFile(theme.defaults, rel);
        if (file) return { path: file };
        return { errors: [{ text: `The default theme has no file "${rel}" (imported as "${args.path}")` }] };
      });
      if (theme.site === theme.defaults) return;
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (!args.importer) return undefined;
        const target = path.resolve(args.resolveDir, args.path);
        const fromSite = inside(theme.site, args.importer) !== undefined;
        const rel = inside(fromSite ? theme.site : theme.defaults, target);
        if (rel === undefined || (!fromSite && inside(theme.defaults, args.importer) === undefined)) return undefined;
        const file = theme.resolve(rel);
        if (!file) return undefined;
        // An override that exports its component as the default stands in for the named export.
        const original = inside(theme.site, file) !== undefined ? findFile(theme.defaults, rel) : undefined;
        const names = original ? namesForDefault(file, original) : [];
        return names.length ? { path: file, namespace: OVERRIDE, pluginData: names } : { path: file };
      });
      b.onLoad({ filter: /.*/, namespace: OVERRIDE }, (args) => ({
        contents: overrideModule(args.path, args.pluginData as string[]),
        loader: 'ts',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}
