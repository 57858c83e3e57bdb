// Bundles the theme with esbuild twice: for Node (server rendering, one file) and for the
// browser (content-hashed ESM: one chunk with everything every page runs, one per layout kind).
// Virtual modules connect the theme, the client runtime and the site's React and MDX pages.
import { build, type Metafile, type Plugin } from 'esbuild';
import fg from 'fast-glob';
import fs from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SiteConfig } from '../types.ts';
import { BuildFailed, type SiteProblem } from '../errors.ts';
import type { ContentFiles } from '../content/sourceFiles.ts';
import type { ServerEntry } from './serverEntry.tsx';
import { clientStringsPlugin } from './clientStrings.ts';
import { reactEsmPlugin } from './reactModules.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import { isMdxFile, MdxCompileError, mdxModuleId } from '../mdx/index.ts';
import type { FrameMapper } from './errorLocation.ts';
import { themeFiles, themeFilesPlugin } from './themeFiles.ts';
import { mdxPageEntries, mdxPageFiles, mdxPlugin } from './mdxModules.ts';
import { pageLeftOut, pagesMissingImports, siteJsxPlugin, siteTsconfig, SITE_LOADERS, packageFolders } from './siteModules.ts';
import { docusaurusModulesPlugin } from './docusaurusModules.ts';

function virtualModules(config: SiteConfig, files: ThemeInputs, target: 'server' | 'client'): Plugin {
  const theme = themeFiles(config.root);
  const themeIndex = theme.resolve('index.ts')!;
  const pages = files.reactPages.map((p) => `  ${JSON.stringify(p.rel.replace(/\.(tsx|jsx|js)$/, ''))}: () => import(${JSON.stringify(p.file)}),`).join('\n');
  return {
    name: 'docsgen-virtual',
    setup(b) {
      b.onResolve({ filter: /^docsgen:(pages|theme)$/ }, (args) => ({ path: args.path, namespace: 'docsgen' }));
      // React, wherever the site lives, comes from docsgen's own dependencies.
      b.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args) => {
        if (target === 'client') return { path: require_(args.path) };
        // The server bundle is written inside the site folder: React by absolute URL, or by path
        // for a CommonJS package's require() (the bundle's own require, SERVER_REQUIRE).
        return { path: args.kind === 'require-call' ? require_(args.path) : requireFromPackage(args.path), external: true };
      });
      b.onLoad({ filter: /.*/, namespace: 'docsgen' }, async (args) => {
        if (args.path === 'docsgen:pages') {
          const all = [pages, ...(await mdxPageEntries(config, files, target))].filter(Boolean).join('\n');
          return { contents: `export const pages = {\n${all}\n};\n`, loader: 'ts', resolveDir: config.root };
        }
        return { contents: `export * from ${JSON.stringify(themeIndex)};\n`, loader: 'ts', resolveDir: path.dirname(themeIndex) };
      });
    },
  };
}

/**
 * The modules the theme imports from docsgen, as esbuild aliases (a plugin's resolver would be a
 * call into this thread for every import). The browser gets one locale's strings at a time
 * (src/client/strings.ts); Node gets all.
 */
function themeAliases(target: 'server' | 'client'): Record<string, string> {
  return {
    'docsgen/client': path.join(PACKAGE_ROOT, 'src/client/api.ts'),
    'docsgen/strings': path.join(PACKAGE_ROOT, target === 'client' ? 'src/client/strings.ts' : 'src/shared/i18n/index.ts'),
    'docsgen/shared': path.join(PACKAGE_ROOT, 'src/shared'),
  };
}

/**
 * Constants the theme reads at bundle time. __SITE_HAS_VERSIONS__: whether the docs have versions,
 * so a site without them ships none of the version menu's code (its branch and import are dropped).
 */
function themeDefines(config: SiteConfig, nodeEnv: 'production' | 'development'): Record<string, string> {
  return { 'process.env.NODE_ENV': JSON.stringify(nodeEnv), __SITE_HAS_VERSIONS__: String(Boolean(config.versions?.length)) };
}

const requireFromPackage = (id: string) => import.meta.resolve(id, pathToFileURL(path.join(PACKAGE_ROOT, 'package.json')).href);
function require_(id: string): string {
  return fileURLToPath(requireFromPackage(id));
}

/** What the bundles are made from besides the theme: the site's React pages and its .mdx files. */
export type ThemeInputs = Pick<ContentFiles, 'reactPages' | 'byLocale'>;

/** The plugins that bundle the site's pages and the layered theme. */
function pagePlugins(config: SiteConfig, files: ThemeInputs, target: 'server' | 'client'): Plugin[] {
  const theme = themeFiles(config.root);
  return [
    virtualModules(config, files, target),
    themeFilesPlugin(theme),
    docusaurusModulesPlugin(config, theme),
    ...(mdxPageFiles(config, files).length ? [mdxPlugin(config)] : []),
    siteJsxPlugin(config),
  ];
}

/**
 * The site's React pages that bundle, and a warning for each one left out because an import of
 * it (or of a module it imports) is not there.
 */
export async function bundlableReactPages(config: SiteConfig, files: ThemeInputs): Promise<{ pages: ContentFiles['reactPages']; problems: SiteProblem[] }> {
  const missing = await pagesMissingImports(config, files.reactPages, {
    plugins: pagePlugins(config, { ...files, reactPages: [] }, 'server'),
    alias: themeAliases('server'),
  });
  return {
    pages: files.reactPages.filter((p) => !missing.has(p.file)),
    problems: [...missing].map(([file, names]) => pageLeftOut(file, names, config.root)),
  };
}

/** The bundles a renderer needs; built once and shared with render workers. */
export interface SiteBundles {
  /** Client bundle; `files` may be empty where only the names are needed (workers). */
  client: ClientBundle;
  /** Path of the server bundle module. */
  serverFile: string;
}

/** Bundles the theme for the browser and for Node; needs only the site's React pages, not its routes. */
export async function buildBundles(config: SiteConfig, files: ThemeInputs, options: { minify: boolean }): Promise<SiteBundles> {
  const [client, serverFile] = await Promise.all([bundleClient(config, files, options), bundleServer(config, files)]);
  return { client, serverFile };
}

/**
 * A failed theme bundle as author-facing problems: esbuild's messages, each with its file and
 * line. Anything else (esbuild itself failing) is returned as it is.
 */
export function themeBundleFailed(err: unknown, root: string): unknown {
  const messages = (err as { errors?: { text: string; location?: { file: string; line: number } | null; detail?: unknown }[] })?.errors;
  if (!messages?.length) return err;
  return new BuildFailed(
    messages.map(({ text, location, detail }) =>
      // An MDX page that does not compile, or one of its imports, is the page's problem, not the theme's.
      detail instanceof MdxCompileError
        ? detail.toProblem()
        : {
            code: 'theme-bundle',
            message: `The theme does not compile: ${text}`,
            file: location ? path.resolve(root, location.file) : undefined,
            line: location?.line,
            hint: 'Fix the template or React page at this line; the build bundles them with esbuild.',
          },
    ),
  );
}

/** The MDX pages (and their imports) a failed bundle reports, as author-facing problems. */
export function mdxBundleProblems(err: unknown): SiteProblem[] {
  const messages = (err as { errors?: { detail?: unknown }[] })?.errors ?? [];
  return messages.flatMap(({ detail }) => (detail instanceof MdxCompileError ? [detail.toProblem()] : []));
}

export interface ClientBundle {
  /** Output paths (relative to the site root) of the entry script and the stylesheet. */
  entry: string;
  css: string;
  /** Scripts to modulepreload for a layout key ('doc', 'blog', 'page') or a React page id. */
  preloads: Map<string, string[]>;
  /** Every output file: path relative to the site root -> contents. */
  files: Map<string, Uint8Array>;
}

/** `inputs`: gets the files the bundle was made from, as esbuild's metafile names them (relative to the site). */
export async function bundleClient(config: SiteConfig, files: ThemeInputs, options: { minify: boolean; inputs?: Set<string> }): Promise<ClientBundle> {
  const main = path.join(PACKAGE_ROOT, 'src/client/main.tsx');
  const result = await build({
    entryPoints: { main },
    // esbuild puts each module in a chunk by the set of entry points (main and every import()
    // target) that reach it, which split what every page runs (React, the runtime, the chrome)
    // over several chunks, each a request and a gzip stream of its own. Every module imports
    // main.tsx (esbuild's inject), so main's whole graph is reached by every entry point and
    // forms one chunk; main-*.js only imports it.
    inject: [main],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
    outdir: '/',
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    // An image a page's script imports is at the same URL in the server's HTML and the browser's.
    publicPath: config.basePath,
    minifyWhitespace: options.minify,
    minifySyntax: options.minify,
    // Minified identifiers would shorten the class names of CSS modules to other names than the
    // server bundle's, which the pages' HTML carries: a site with CSS modules keeps them.
    minifyIdentifiers: options.minify && !hasCssModules(config.root),
    sourcemap: false,
    // React's licence comments go to a .LEGAL.txt beside each script (linked from it) instead of
    // into every page's first-visit bytes.
    legalComments: 'linked',
    write: false,
    metafile: true,
    jsx: 'automatic',
    define: themeDefines(config, options.minify ? 'production' : 'development'),
    alias: themeAliases('client'),
    loader: SITE_LOADERS,
    absWorkingDir: config.root,
    ...siteTsconfig(config.root),
    nodePaths: packageFolders(config.root),
    logLevel: 'silent',
    plugins: [
      ...(options.minify ? [reactEsmPlugin((pkg) => path.dirname(require_(pkg)))] : []),
      ...pagePlugins(config, files, 'client'),
      clientStringsPlugin(path.join(PACKAGE_ROOT, 'src/shared/i18n')),
    ],
  });
  const out = new Map<string, Uint8Array>();
  for (const f of result.outputFiles) out.set(path.relative('/', f.path), f.contents);
  const meta = result.metafile;
  for (const input of Object.keys(meta.inputs)) options.inputs?.add(input);
  const outputs = Object.entries(meta.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('src/client/main.tsx') && !o.entryPoint?.includes('docsgen:'));
  if (!entry) throw new Error('client bundle has no entry output');
  const entryPath = path.relative('/', path.resolve('/', entry[0]));
  const css = entry[1].cssBundle ? path.relative('/', path.resolve('/', entry[1].cssBundle)) : '';
  // esbuild writes a copy of the stylesheet for every import() target too; pages link only main's.
  for (const [, o] of outputs)
    if (o.entryPoint && o.cssBundle && o.cssBundle !== entry[1].cssBundle) out.delete(path.relative('/', path.resolve('/', o.cssBundle)));
  return { entry: entryPath, css, preloads: preloadMap(meta, config), files: out };
}

/** Whether the site has CSS modules (*.module.css) where its code lives: src/ (a Docusaurus site's), templates/ and content/. */
function hasCssModules(root: string): boolean {
  return fg.sync('{src,templates,content}/**/*.module.css', { cwd: root, ignore: ['**/node_modules/**'], onlyFiles: true, deep: 8 }).length > 0;
}

/** For each dynamically imported module (layouts, React pages): its chunk and static imports. */
function preloadMap(meta: Metafile, config: SiteConfig): Map<string, string[]> {
  const norm = (p: string) => path.relative('/', path.resolve('/', p));
  const closure = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const o = meta.outputs[file];
    const deps = (o?.imports ?? []).filter((i) => i.kind === 'import-statement').flatMap((i) => closure(i.path, seen));
    return [norm(file), ...deps];
  };
  const map = new Map<string, string[]>();
  for (const [file, o] of Object.entries(meta.outputs)) {
    if (!o.entryPoint || !file.endsWith('.js')) continue;
    const ep = path.resolve(config.root, o.entryPoint);
    const layout = /templates\/layouts\/(\w+)Layout\.tsx$/.exec(ep);
    const strings = /src\/shared\/i18n\/([\w-]+)\.ts$/.exec(ep);
    if (strings) map.set(`strings:${strings[1]}`, closure(file));
    const pagesDir = config.sources.reactPages;
    const page = pagesDir !== undefined && ep.startsWith(pagesDir + path.sep);
    if (layout) map.set(layout[1].toLowerCase(), closure(file));
    else if (isMdxFile(ep, config)) map.set(`page:${mdxModuleId(config, ep)}`, closure(file));
    else if (page)
      map.set(
        `page:${path
          .relative(pagesDir!, ep)
          .split(path.sep)
          .join('/')
          .replace(/\.(tsx|jsx|js)$/, '')}`,
        closure(file),
      );
    else if (o.entryPoint.endsWith('main.tsx')) map.set('main', closure(file));
  }
  return map;
}

/**
 * The server bundle is an ES module, which has no require(): a CommonJS package a site's page
 * imports (bundled as it is) gets one, for React and Node's own modules, which stay outside.
 */
const SERVER_REQUIRE = "import { createRequire as __docsgenRequire } from 'node:module'; const require = __docsgenRequire(import.meta.url);";

/** Bundles the theme for Node into a file under .docsgen/; remove it with disposeServerBundle. */
export async function bundleServer(config: SiteConfig, files: ThemeInputs, options: { sourcemap?: boolean; inputs?: Set<string> } = {}): Promise<string> {
  const outDir = path.join(config.root, '.docsgen');
  fs.mkdirSync(outDir, { recursive: true });
  const outfile = serverBundleFile(config.root);
  const result = await build({
    entryPoints: [path.join(PACKAGE_ROOT, 'src/render/serverEntry.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    assetNames: 'assets/[name]-[hash]',
    publicPath: config.basePath,
    // A page that throws is reported at its source file and line: watch mode reads <outfile>.map
    // for the overlay; a build reads the map inlined at the end of the module, only when a page
    // fails. Node does not read it: source maps stay off.
    sourcemap: options.sourcemap ? 'external' : 'inline',
    // Only the mappings are needed: the sources are the site's and docsgen's own files.
    sourcesContent: false,
    banner: { js: SERVER_REQUIRE },
    jsx: 'automatic',
    define: themeDefines(config, 'production'),
    alias: themeAliases('server'),
    loader: { '.css': 'empty', ...SITE_LOADERS },
    absWorkingDir: config.root,
    ...siteTsconfig(config.root),
    nodePaths: packageFolders(config.root),
    logLevel: 'silent',
    plugins: pagePlugins(config, files, 'server'),
    metafile: !!options.inputs,
  });
  for (const input of Object.keys(result.metafile?.inputs ?? {})) options.inputs?.add(input);
  return outfile;
}

/** A fresh path for a server bundle of the site at `root`, under .docsgen/. */
export function serverBundleFile(root: string): string {
  return path.join(root, '.docsgen', `server-${process.pid}-${Date.now()}.mjs`);
}

export async function importServerBundle(file: string): Promise<ServerEntry> {
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

/**
 * Maps a position in the server bundle `file` back to its source, from the source map beside it
 * (watch mode) or inlined at its end (a build); the map is parsed on the first call, when a page
 * failed, while the files are still there.
 */
export function serverBundleFrames(file: string): FrameMapper {
  let map: SourceMap | null | undefined;
  return (generated, line, column) => {
    if (generated !== file) return undefined;
    if (map === undefined) map = readSourceMap(file);
    const entry = map?.findEntry(line - 1, column - 1) as Partial<SourceMapping> | undefined;
    if (!entry?.originalSource) return undefined;
    const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
    return { file: source, line: (entry.originalLine ?? 0) + 1, column: (entry.originalColumn ?? 0) + 1 };
  };
}

const INLINE_MAP = '//# sourceMappingURL=data:application/json;base64,';

function readSourceMap(file: string): SourceMap | null {
  try {
    if (fs.existsSync(file + '.map')) return new SourceMap(JSON.parse(fs.readFileSync(file + '.map', 'utf8')));
    const text = fs.readFileSync(file, 'utf8');
    const at = text.lastIndexOf(INLINE_MAP);
    if (at < 0) return null;
    return new SourceMap(JSON.parse(Buffer.from(text.slice(at + INLINE_MAP.length).trim(), 'base64').toString('utf8')));
  } catch {
    return null;
  }
}

export function disposeServerBundle(file: string): void {
  fs.rmSync(file, { force: true });
  fs.rmSync(file.replace(/\.mjs$/, '.css'), { force: true });
}
