// Reads a Docusaurus 3 site into docsgen's config: docusaurus.config.* evaluated as Docusaurus
// does, its presets and plugins mapped to docsgen's options and content folders (docs, blog,
// pages, i18n/), its sidebars file read. Everything docsgen does not do is named once, as a
// warning, and the rest builds. The rest of the pipeline never knows where a site came from.
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { SiteProblem } from '../../errors.ts';
import type { ContentSources } from '../schema.ts';
import { evaluateConfig, isMissing } from './evaluateConfig.ts';
import { isObj, mapAnnouncement, mapColorMode, mapFooter, mapNavbar, str, type ThemeContext } from './themeConfig.ts';
import { versionDropdown, versionOptions } from './versionOptions.ts';
import { blogEditUrl, docsEditUrl } from './editUrls.ts';
import { docUrlsById, firstDocIn, firstDocOf, readSidebarsValue } from './docLinks.ts';
import { CURRENT_VERSION, readVersionNames, versionedDocsDir } from '../versions.ts';

export { DOCUSAURUS_CONFIG_NAMES, findDocusaurusConfig } from './configFile.ts';

type Obj = Record<string, unknown>;

export interface DocusaurusSite {
  /** The config as docsgen's site.config.ts would hold it, to validate. */
  config: Obj;
  sources: ContentSources;
  notices: SiteProblem[];
  /** The sidebars file and its evaluated export, when the docs have one. */
  sidebars?: { file: string; value: unknown };
  /** Packages the config imports that are not installed (those docsgen replaces left out). */
  missingPackages: string[];
  /** A locale's i18n folder (i18n/<locale>), where its translations of each docs version are. */
  localeDir: (code: string) => string;
}

/** Packages whose work docsgen does itself: not having them installed loses nothing. */
const BUILT_IN = new Set(['@docusaurus/remark-plugin-npm2yarn', '@docusaurus/preset-classic', '@docusaurus/theme-mermaid', 'prism-react-renderer']);
/** Remark plugins docsgen runs its own version of: the site's copy, even installed, is left out (it would run twice). */
const REPLACED_PLUGINS = new Set(['@docusaurus/remark-plugin-npm2yarn']);
/** Plugins of the classic preset that docsgen replaces by its own. */
const REPLACED = new Set(['@docusaurus/plugin-sitemap', '@docusaurus/theme-classic', '@docusaurus/theme-mermaid', '@docusaurus/plugin-svgr']);
/** Top-level keys docsgen reads, or that change nothing in the pages it writes. */
const TOP_KEYS = new Set([
  'title',
  'tagline',
  'titleDelimiter',
  'url',
  'baseUrl',
  'favicon',
  'i18n',
  'presets',
  'plugins',
  'themes',
  'themeConfig',
  'markdown',
  'customFields',
  'onBrokenLinks',
  'onBrokenAnchors',
  'onBrokenMarkdownLinks',
  'onDuplicateRoutes',
  'stylesheets',
  'scripts',
  'headTags',
  'clientModules',
  'organizationName',
  'projectName',
  'deploymentBranch',
  'githubHost',
  'githubPort',
  'future',
  'staticDirectories',
  'baseUrlIssueBanner',
]);
/** Option keys of the docs and blog plugins that docsgen reads; any other is named in a notice. */
const DOCS_KEYS = new Set([
  'path',
  'routeBasePath',
  'sidebarPath',
  'editUrl',
  'showLastUpdateTime',
  'showLastUpdateAuthor',
  'remarkPlugins',
  'rehypePlugins',
  'beforeDefaultRemarkPlugins',
  'beforeDefaultRehypePlugins',
  'versions',
  'lastVersion',
  'onlyIncludeVersions',
  'includeCurrentVersion',
  'disableVersioning',
  'id',
]);
const BLOG_KEYS = new Set([
  'path',
  'routeBasePath',
  'blogTitle',
  'blogDescription',
  'postsPerPage',
  'feedOptions',
  'remarkPlugins',
  'rehypePlugins',
  'showReadingTime',
  'authorsMapPath',
  'editUrl',
  'id',
]);

export async function readDocusaurusSite(file: string, root: string): Promise<DocusaurusSite> {
  const { value: dc, missingPackages } = await evaluateConfig(file, REPLACED_PLUGINS);
  const source = fs.readFileSync(file, 'utf8');
  const notices: SiteProblem[] = [];
  const notice = (message: string, near?: string, hint?: string) => {
    const at = near ? source.indexOf(near) : -1;
    notices.push({
      code: 'docusaurus-unsupported',
      severity: 'warning',
      message,
      file,
      line: at >= 0 ? source.slice(0, at).split('\n').length : undefined,
      hint,
    });
  };
  for (const name of missingPackages) {
    if (BUILT_IN.has(name)) continue;
    notice(`"${name}" is not installed here; what the config takes from it is left out`, name, "Install the site's dependencies (npm install) to use it.");
  }

  const i18n = isObj(dc.i18n) ? dc.i18n : {};
  const defaultLocale = str(i18n.defaultLocale) ?? 'en';
  const localeConfigs = isObj(i18n.localeConfigs) ? i18n.localeConfigs : {};
  const codes = (Array.isArray(i18n.locales) ? i18n.locales.filter((l): l is string => typeof l === 'string') : [defaultLocale]).filter((code) => {
    if (/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(code)) return true;
    notice(`i18n: the locale "${code}" is not supported (docsgen takes codes such as "en" or "pt-BR"); it is left out`, code);
    return false;
  });
  if (!codes.includes(defaultLocale)) codes.unshift(defaultLocale);
  const locales = codes.map((code) => {
    const own = isObj(localeConfigs[code]) ? (localeConfigs[code] as Obj) : {};
    return { code, label: str(own.label) ?? nativeName(code), ...(str(own.htmlLang) ? { htmlLang: str(own.htmlLang) } : {}) };
  });
  const i18nDir = (code: string) => path.resolve(root, str(i18n.path) ?? 'i18n', str((localeConfigs[code] as Obj | undefined)?.path) ?? code);

  // The classic preset's options, then plugins of the same kinds given on their own.
  const presetOptions: Obj = {};
  for (const [name, options] of entries(dc.presets, notice, 'presets')) {
    if (name === '@docusaurus/preset-classic' || name === 'classic' || name === 'docusaurus-preset-classic')
      Object.assign(presetOptions, isObj(options) ? options : {});
    else notice(`presets: "${name}" is not supported; it is left out`, name);
  }
  const docsOptions: Obj | false = presetOptions.docs === false ? false : isObj(presetOptions.docs) ? { ...presetOptions.docs } : {};
  let blogOptions: Obj | false = presetOptions.blog === false ? false : isObj(presetOptions.blog) ? { ...presetOptions.blog } : {};
  let pagesOptions: Obj | false = presetOptions.pages === false ? false : isObj(presetOptions.pages) ? { ...presetOptions.pages } : {};
  const redirects: { from: string; to: string }[] = [];
  const redirectExtensions: string[] = [];
  for (const [name, options] of entries([...asArray(dc.plugins), ...asArray(dc.themes)], notice, 'plugins')) {
    const opts = isObj(options) ? options : {};
    if (name === '@docusaurus/plugin-content-docs' && docsOptions) {
      if (opts.id && opts.id !== 'default') notice(`plugins: a second docs instance ("${String(opts.id)}") is not supported; it is left out`, String(opts.id));
      else Object.assign(docsOptions, opts);
    } else if (name === '@docusaurus/plugin-content-blog') {
      if (opts.id && opts.id !== 'default') notice(`plugins: a second blog ("${String(opts.id)}") is not supported; it is left out`, String(opts.id));
      else blogOptions = { ...(blogOptions || {}), ...opts };
    } else if (name === '@docusaurus/plugin-content-pages') pagesOptions = { ...(pagesOptions || {}), ...opts };
    else if (name === '@docusaurus/plugin-client-redirects') {
      for (const r of asArray(opts.redirects).filter(isObj))
        for (const from of asArray(r.from)) if (typeof from === 'string' && typeof r.to === 'string') redirects.push({ from, to: r.to });
      redirectExtensions.push(...asArray(opts.fromExtensions).filter((e): e is string => typeof e === 'string'));
      const rest = Object.keys(opts).filter((k) => k !== 'redirects' && k !== 'fromExtensions');
      if (rest.length)
        notice(`plugins: @docusaurus/plugin-client-redirects: ${rest.join(', ')} not supported (only "redirects" and "fromExtensions"); left out`, rest[0]);
    } else if (!REPLACED.has(name)) notice(`plugins: "${name}" is not supported; it is left out`, name.startsWith('function ') ? undefined : name);
  }
  for (const key of ['theme', 'gtag', 'googleAnalytics', 'googleTagManager']) {
    if (presetOptions[key] === undefined) continue;
    notice(
      `presets: classic: "${key}" is not applied (${key === 'theme' ? "custom CSS is written for Docusaurus's theme" : 'analytics are not added'})`,
      `${key}:`,
    );
  }
  for (const key of ['stylesheets', 'scripts', 'headTags', 'clientModules']) if (asArray(dc[key]).length) notice(`${key}: not added to the pages`, `${key}:`);

  const sources: ContentSources = {};
  const docsDir = docsOptions ? path.resolve(root, str(docsOptions.path) ?? 'docs') : undefined;
  if (docsOptions && docsDir) {
    sources.docs = perLocale(codes, defaultLocale, docsDir, (c) => path.join(i18nDir(c), pluginDir('docs', docsOptions), 'current'));
    const unused = Object.keys(docsOptions).filter((k) => !DOCS_KEYS.has(k));
    if (unused.length) notice(`docs: ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used by docsgen`, `${unused[0]}:`);
  }
  if (blogOptions) {
    sources.blog = perLocale(codes, defaultLocale, path.resolve(root, str(blogOptions.path) ?? 'blog'), (c) =>
      path.join(i18nDir(c), pluginDir('blog', blogOptions)),
    );
    const unused = Object.keys(blogOptions).filter((k) => !BLOG_KEYS.has(k));
    if (unused.length) notice(`blog: ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used by docsgen`, `${unused[0]}:`);
  }
  if (pagesOptions) {
    const pagesDir = path.resolve(root, str(pagesOptions.path) ?? 'src/pages');
    sources.pages = perLocale(codes, defaultLocale, pagesDir, (c) => path.join(i18nDir(c), pluginDir('pages', pagesOptions)));
    sources.reactPages = pagesDir;
  }

  const staticDirs = asArray(dc.staticDirectories);
  if (staticDirs.some((d) => d !== 'static'))
    notice(`staticDirectories: only static/ is published; ${staticDirs.filter((d) => d !== 'static').join(', ')} left out`, 'staticDirectories');
  const unusedTop = Object.keys(dc).filter((k) => !TOP_KEYS.has(k));
  if (unusedTop.length) notice(`${unusedTop.join(', ')} ${unusedTop.length > 1 ? 'are' : 'is'} not used by docsgen`, `${unusedTop[0]}:`);
  const labelFiles = codes
    .filter((c) => c !== defaultLocale)
    .flatMap((c) => (fs.existsSync(i18nDir(c)) ? fg.sync('**/*.json', { cwd: i18nDir(c) }).map((f) => `${path.relative(root, i18nDir(c))}/${f}`) : []));
  if (labelFiles.length)
    notice(
      `i18n: translated labels (${labelFiles.slice(0, 3).join(', ')}${labelFiles.length > 3 ? ', ...' : ''}) are not supported yet; the default locale's labels are shown`,
    );
  for (const name of swizzledComponents(root)) {
    if (!THEME_COMPONENTS.has(name))
      notice(
        `src/theme/${name}: a swizzled component docsgen's theme does not use; it is left out`,
        undefined,
        `docsgen's theme takes ${[...THEME_COMPONENTS].join(', ')} from src/theme/.`,
      );
  }
  const sidebars = docsOptions ? await readSidebarsValue(root, docsOptions.sidebarPath, notice) : undefined;
  const docsBase = { docs: { routeBasePath: trimSlashes(str(docsOptions ? docsOptions.routeBasePath : undefined) ?? 'docs') } };
  // Navbar and footer links to a doc lead to the last version's, published at the docs' base.
  const released = docsOptions && !docsOptions.disableVersioning ? readVersionNames(root) : undefined;
  const lastName = docsOptions ? (str(docsOptions.lastVersion) ?? released?.[0]) : undefined;
  const lastDir = released && lastName && lastName !== CURRENT_VERSION ? versionedDocsDir(root, lastName) : docsDir;
  const docUrls = lastDir && fs.existsSync(lastDir) ? await docUrlsById(lastDir, docsBase) : new Map<string, string>();
  const themeConfig = isObj(dc.themeConfig) ? dc.themeConfig : {};
  const baseUrl = str(dc.baseUrl) ?? '/';
  const siteUrl = (str(dc.url) ?? 'http://localhost').replace(/\/$/, '') + baseUrl;
  const ctx: ThemeContext = {
    baseUrl,
    siteUrl,
    docUrl: (id) => docUrls.get(id),
    sidebarUrl: (id) => {
      const first = firstDocOf(isObj(sidebars?.value) ? sidebars.value[id] : undefined, (dir) => (docsDir ? firstDocIn(docsDir, dir) : undefined));
      return first ? docUrls.get(first) : undefined;
    },
    notice: (message, near) => notice(message, near),
  };
  if (themeConfig.algolia !== undefined)
    notice(
      'themeConfig.algolia: DocSearch is not used; docsgen builds its own search index into the site',
      'algolia:',
      'To search a hosted index, set search.algolia in a site.config.ts and push records with `docsgen index`.',
    );

  const markdown = isObj(dc.markdown) ? dc.markdown : {};
  const hooks = isObj(markdown.hooks) ? markdown.hooks : {};
  const mode = (v: unknown, fallback: 'throw' | 'warn' | 'ignore') => (v === 'throw' || v === 'ignore' ? v : v === 'warn' || v === 'log' ? 'warn' : fallback);
  // docsgen runs one list for every page: a plugin the docs, blog and pages each name runs once.
  const head = (p: unknown) => (Array.isArray(p) ? p[0] : p);
  const plugins = (key: 'remarkPlugins' | 'rehypePlugins') =>
    [docsOptions, blogOptions, pagesOptions]
      .flatMap((o) => (o ? [...asArray(o[key === 'remarkPlugins' ? 'beforeDefaultRemarkPlugins' : 'beforeDefaultRehypePlugins']), ...asArray(o[key])] : []))
      .filter((p) => typeof head(p) === 'function' && !isMissing(head(p)))
      .filter((p, i, all) => all.findIndex((q) => head(q) === head(p)) === i);
  const relDocs = docsDir ? path.relative(root, docsDir).split(path.sep).join('/') : 'docs';
  const blog = blogOptions || {};
  const relBlog = path
    .relative(root, path.resolve(root, str(blog.path) ?? 'blog'))
    .split(path.sep)
    .join('/');
  const announcement = mapAnnouncement(themeConfig.announcementBar);
  const colorMode = mapColorMode(themeConfig.colorMode);
  const config: Obj = {
    title: str(dc.title) ?? 'Docs',
    tagline: str(dc.tagline) ?? '',
    ...(str(dc.titleDelimiter) ? { titleDelimiter: str(dc.titleDelimiter) } : {}),
    url: str(dc.url) ?? 'http://localhost',
    basePath: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    ...(str(dc.favicon) ? { favicon: `/${str(dc.favicon)!.replace(/^\//, '')}` } : {}),
    ...(str(themeConfig.image) ? { image: `/${str(themeConfig.image)!.replace(/^\//, '')}` } : {}),
    locales,
    defaultLocale,
    navbar: { items: [], ...mapNavbar(themeConfig.navbar, ctx), ...versionDropdown(themeConfig.navbar, ctx) },
    footer: mapFooter(themeConfig.footer, ctx) ?? { columns: [], copyright: '' },
    ...(announcement ? { announcement } : {}),
    ...(colorMode ? { colorMode } : {}),
    docs: {
      routeBasePath: docsBase.docs.routeBasePath,
      ...(docsOptions && isObj(docsOptions.versions) && isObj(docsOptions.versions.current) && str(docsOptions.versions.current.label)
        ? { versionLabel: str(docsOptions.versions.current.label) }
        : released
          ? { versionLabel: 'Next' } // the docs plugin's label of the current docs beside released versions
          : {}),
      ...(docsOptions ? versionOptions(docsOptions, notice) : {}),
      sidebarLabel: 'Docs',
      showLastUpdateTime: docsOptions ? docsOptions.showLastUpdateTime === true : false,
      showLastUpdateAuthor: docsOptions ? docsOptions.showLastUpdateAuthor === true : false,
      ...docsEditUrl(docsOptions ? docsOptions.editUrl : undefined, relDocs),
    },
    blog: {
      routeBasePath: trimSlashes(str(blog.routeBasePath) ?? 'blog'),
      dateInPath: true,
      ...(str(blog.blogTitle) ? { title: str(blog.blogTitle) } : {}),
      ...(str(blog.blogDescription) ? { description: str(blog.blogDescription) } : {}),
      ...(typeof blog.postsPerPage === 'number' ? { postsPerPage: blog.postsPerPage } : blog.postsPerPage === 'ALL' ? { postsPerPage: 100000 } : {}),
      ...(isObj(blog.feedOptions) && blog.feedOptions.type === null ? { feeds: false } : {}),
      ...blogEditUrl(blog.editUrl, relBlog),
    },
    markdown: {
      // Docusaurus renders the HTML of Markdown (MDX parses it as JSX): a site written for it relies on that.
      allowHtml: true,
      format: markdown.format === 'md' || markdown.format === 'detect' ? markdown.format : 'mdx',
      remarkPlugins: plugins('remarkPlugins'),
      rehypePlugins: plugins('rehypePlugins'),
    },
    onBrokenLinks: mode(dc.onBrokenLinks, 'throw'),
    onBrokenAnchors: mode(dc.onBrokenAnchors, 'warn'),
    onBrokenMarkdownLinks: mode(hooks.onBrokenMarkdownLinks ?? dc.onBrokenMarkdownLinks, 'warn'),
    customFields: isObj(dc.customFields) ? plainData(dc.customFields) : {},
    redirects,
    ...(redirectExtensions.length ? { redirectExtensions } : {}),
  };
  return { config, sources, notices, sidebars, missingPackages: missingPackages.filter((name) => !BUILT_IN.has(name)), localeDir: i18nDir };
}

/** The @theme/ components a site's src/theme/<Name> replaces (templates/mdx/); the rest of docsgen's theme has other names. */
const THEME_COMPONENTS = new Set(['Admonition', 'CodeBlock', 'Details', 'DocCardList', 'Heading', 'Layout', 'MDXComponents', 'TOCInline', 'TabItem', 'Tabs']);

/** The component names swizzled into src/theme/ (a file or a folder each). */
function swizzledComponents(root: string): string[] {
  const dir = path.join(root, 'src', 'theme');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() || /\.(js|jsx|ts|tsx)$/.test(e.name))
    .map((e) => e.name.replace(/\.(js|jsx|ts|tsx)$/, ''))
    .filter((n) => !n.startsWith('.') && !n.startsWith('_'));
}

/** A docs, blog or pages plugin's folder under i18n/<locale>/. */
function pluginDir(kind: 'docs' | 'blog' | 'pages', options: Obj): string {
  const id = str(options.id);
  return `docusaurus-plugin-content-${kind}${id && id !== 'default' ? `-${id}` : ''}`;
}

/** The default locale's folder, and each other locale's translation folder where it exists. */
function perLocale(codes: string[], defaultLocale: string, dir: string, translated: (code: string) => string): Record<string, string> {
  const dirs: Record<string, string> = { [defaultLocale]: dir };
  for (const code of codes) if (code !== defaultLocale && fs.existsSync(translated(code))) dirs[code] = translated(code);
  return dirs;
}

/** Presets and plugins as [name, options]: a function (a local plugin) is named by its function's name. */
function entries(list: unknown, notice: (m: string, near?: string) => void, where: string): [string, unknown][] {
  return asArray(list).flatMap((item): [string, unknown][] => {
    const [head, options] = Array.isArray(item) ? item : [item, undefined];
    if (isMissing(head)) return [];
    if (typeof head === 'string') return [[longName(head, where), options]];
    if (typeof head === 'function') return [[`function ${head.name || '(anonymous)'}`, options]];
    if (head === false || head === null || head === undefined) return [];
    notice(`${where}: an entry docsgen cannot read is left out`);
    return [];
  });
}

/** Docusaurus's short names: 'classic' is @docusaurus/preset-classic, 'content-docs' @docusaurus/plugin-content-docs. */
function longName(name: string, where: string): string {
  if (name.startsWith('.') || name.startsWith('/') || name.startsWith('@') || name.startsWith('docusaurus-')) return name;
  return `@docusaurus/${where === 'presets' ? 'preset' : 'plugin'}-${name}`;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

function nativeName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name[0].toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** Plain data only (what a page may be sent): functions and values of missing packages are dropped. */
function plainData(value: Obj): Obj {
  return JSON.parse(JSON.stringify(value, (_k, v) => (isMissing(v) || typeof v === 'function' ? undefined : v)));
}
