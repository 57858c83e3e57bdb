// The site's own React code (a Docusaurus site's src/pages and src/components) as Docusaurus
// bundles it: JSX in .js files, CSS modules. A React page that imports what is not there (a
// package the site's node_modules would hold, a file its own scripts generate) is left out with
// a warning naming it and what is missing, and the rest of the site builds.
import { build, type Loader, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import type { SiteProblem } from '../errors.ts';
import type { ContentFiles } from '../content/sourceFiles.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import { fileInside } from '../shared/safePath.ts';

/**
 * The site's own scripts as Docusaurus's bundler reads them: JSX in .js files, an .svg they
 * import as a React component (Docusaurus's SVGR), drawn here as an image of the file, and
 * `!!raw-loader!` imports as the file's text.
 */
export function siteJsxPlugin(config: SiteConfig): Plugin {
  const own = (file: string) => file.startsWith(config.root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
  return {
    name: 'docsgen-site-jsx',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, async (args) => {
        if (args.namespace !== 'file' || !own(args.path)) return undefined;
        return { contents: await fs.promises.readFile(args.path, 'utf8'), loader: 'jsx' };
      });
      b.onResolve({ filter: /\.svg$/ }, async (args) => {
        if (args.pluginData === SVG_FILE || !/\.[jt]sx?$/.test(args.importer) || !own(args.importer)) return undefined;
        const file = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: SVG_FILE });
        return file.errors.length ? undefined : { path: file.path, namespace: SVG_COMPONENT };
      });
      // webpack's `!!raw-loader!./file.js`, which Docusaurus sites use to show a file as code: its text.
      b.onResolve({ filter: /^!*raw-loader!/ }, async (args) => {
        const file = await b.resolve(args.path.replace(/^!*raw-loader!/, ''), {
          importer: args.importer,
          resolveDir: args.resolveDir,
          kind: args.kind,
          pluginData: SVG_FILE,
        });
        return file.errors.length ? { errors: file.errors } : { path: file.path, namespace: RAW_TEXT };
      });
      // A path from the root ('/img/hero.png' in a stylesheet's url(), or an import) is looked up
      // in static/, then in the site folder, as Docusaurus's bundler does (webpack's resolve.roots).
      b.onResolve({ filter: /^\/[^/]/ }, (args) => {
        if (args.kind === 'entry-point' || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        for (const dir of [path.join(config.root, 'static'), config.root]) {
          const found = fileInside(dir, args.path, config.root);
          if (found) return { path: found.file };
        }
        return undefined;
      });
      b.onLoad({ filter: /.*/, namespace: RAW_TEXT }, async (args) => ({ contents: await fs.promises.readFile(args.path, 'utf8'), loader: 'text' }));
      b.onLoad({ filter: /.*/, namespace: SVG_COMPONENT }, (args) => ({
        contents: [
          `import url from ${JSON.stringify(args.path)};`,
          "import { createElement } from 'react';",
          // Without a title the image is decorative (alt=""), which HTML allows no role on: Docusaurus's template gives role="img".
          "export default function Svg({ title, role, ...props }) { return createElement('img', { src: url, alt: title ?? '', ...props, ...(title ? { role } : {}) }); }",
          '',
        ].join('\n'),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

const SVG_FILE = Symbol('docsgen-svg-file');
const SVG_COMPONENT = 'docsgen-svg-component';
const RAW_TEXT = 'docsgen-raw-text';

/**
 * The tsconfig.json the theme's bundles read for every file: the site's, or none. Left to itself,
 * esbuild reads the nearest tsconfig.json for a file it resolves and none for a file a plugin
 * resolves (`@site/`, `@theme/`, `docsgen/...`), so a file reached both ways would be compiled
 * with whichever came first, and a module's "use strict" (with every asset's hash) could change
 * from one build of the same site to the next.
 */
export function siteTsconfig(root: string): { tsconfig: string } | { tsconfigRaw: string } {
  const file = path.join(root, 'tsconfig.json');
  return fs.existsSync(file) ? { tsconfig: file } : { tsconfigRaw: '{}' };
}

/**
 * Where a package is found when no node_modules beside the importing file has it: the site
 * folder's (content outside it, such as a Docusaurus site's ../docs, imports the site's packages,
 * as webpack's resolve.modules lets it), then docsgen's own (a theme outside docsgen's folder).
 */
export function packageFolders(root: string): string[] {
  return [path.join(root, 'node_modules'), path.join(PACKAGE_ROOT, 'node_modules')];
}

/**
 * Loaders for the site's files: a CSS module's class names are its exports, and an image, font,
 * video, sound or document a script or stylesheet imports is published under a hashed name and
 * stands for its URL (the kinds Docusaurus's bundler takes).
 */
export const SITE_LOADERS: Record<string, Loader> = {
  '.module.css': 'local-css',
  ...Object.fromEntries(
    'ico jpg jpeg png gif webp avif svg woff woff2 eot ttf otf mp4 avi mov mkv mpg mpeg vob wmv m4v webm ogv wav mp3 m4a aac oga flac pdf doc docx xls xlsx zip rar'
      .split(' ')
      .map((ext) => [`.${ext}`, 'file' as const]),
  ),
};

const CHECKING = Symbol('docsgen-check-pages');

/**
 * The React pages whose modules do not all resolve, each with what is missing, found by bundling
 * the pages alone with the theme's resolvers (`plugins` and `alias`); the others are left as they are.
 */
export async function pagesMissingImports(
  config: SiteConfig,
  pages: ContentFiles['reactPages'],
  { plugins, alias }: { plugins: Plugin[]; alias: Record<string, string> },
): Promise<Map<string, string[]>> {
  const failed = new Map<string, Set<string>>();
  if (!pages.length) return new Map();
  const recorder: Plugin = {
    name: 'docsgen-record-missing',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        // A resolve another plugin asks for (pluginData set) is its probe, not an import of the page.
        if (args.pluginData !== undefined || args.kind === 'entry-point') return undefined;
        const result = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: CHECKING });
        if (!result.errors.length) return result;
        const list = failed.get(args.importer) ?? new Set<string>();
        list.add(path.isAbsolute(args.path) ? path.relative(config.root, args.path).split(path.sep).join('/') : args.path);
        failed.set(args.importer, list);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: pages.map((p) => p.file),
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    outdir: '/',
    jsx: 'automatic',
    alias,
    loader: { '.css': 'empty', ...SITE_LOADERS },
    absWorkingDir: config.root,
    nodePaths: packageFolders(config.root),
    logLevel: 'silent',
    plugins: [recorder, ...plugins],
  }).catch(() => undefined);
  if (!failed.size) return new Map();
  const missingOf = new Map<string, string[]>();
  const abs = (rel: string) => path.resolve(config.root, rel.replace(/^[a-z-]+:/, ''));
  for (const page of pages) {
    // Every module the page reaches: a failed import anywhere leaves the page out.
    const seen = new Set<string>();
    const queue = [page.file];
    const missing = new Set<string>();
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const m of failed.get(file) ?? []) missing.add(m);
      const input = result?.metafile.inputs[path.relative(config.root, file).split(path.sep).join('/')];
      for (const imp of input?.imports ?? []) if (!imp.external) queue.push(abs(imp.path));
    }
    if (missing.size || !result) missingOf.set(page.file, [...missing]);
  }
  return missingOf;
}

/** The warning for a React page left out. */
export function pageLeftOut(file: string, missing: string[], root: string): SiteProblem {
  return {
    code: 'page-imports-missing',
    severity: 'warning',
    message: `This React page is left out: it imports ${missing.map((m) => `"${m}"`).join(', ') || 'modules'} that ${missing.length === 1 ? 'is' : 'are'} not there`,
    file,
    hint: `Install the site's dependencies (npm install in ${path.relative(process.cwd(), root) || '.'}) or create the files, then build again.`,
  };
}
