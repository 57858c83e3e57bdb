// The content stage's entry point: config in, SiteGraph out. The graph is the route table of
// every locale plus what pages share (sidebars, previous/next, breadcrumbs, the API reference).
// It holds no rendered HTML.
import path from 'node:path';
import type { ApiLocaleReference, ApiReference, PageLink, Route, SidebarItem, SiteConfig } from '../types.ts';
import { ProblemList, type SiteProblem } from '../errors.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { localizePath } from '../shared/paths.ts';
import { collectBlog } from './blog.ts';
import { collectVersionedDocs, type VersionEntry } from './versions.ts';
import { defaultHomePage } from './homePage.ts';
import { checkConfigLinks } from './configLinks.ts';
import { collectPages } from './pages.ts';
import type { SidebarLinkCheck } from './sidebars.ts';
import type { SourceReader } from './frontMatter.ts';
import { applyPaginationFrontMatter } from './docMeta.ts';
import { applyLastUpdates, readLastUpdates } from './lastUpdate.ts';
import { misplacedMarkdown } from './misplacedContent.ts';
import { collectRedirects } from './redirects.ts';
import { scanContent, type ContentFiles } from './sourceFiles.ts';
import { RoutesBySource } from './routesBySource.ts';

export interface RouteNav {
  breadcrumbs: PageLink[];
  prev?: PageLink;
  next?: PageLink;
}

export interface SiteGraph {
  config: SiteConfig;
  /** Locales being built (all, or the one given with --locale). */
  locales: string[];
  routes: Route[];
  byPath: Map<string, Route>;
  /** Routes that are the same page in different locales. */
  byKey: Map<string, Route[]>;
  /** Full sidebar trees by `${locale}:${sidebarId}`. */
  sidebars: Map<string, SidebarItem[]>;
  nav: Map<string, RouteNav>;
  api?: ApiReference;
  files: ContentFiles;
  problems: ProblemList;
  /** The docs versions built, newest first, each with its first page per locale; absent when the docs have none. */
  versions?: VersionEntry[];
  /** Routes by the file they come from, for resolving .md links. */
  bySource: RoutesBySource;
  /** Each locale's content as its files gave it (see CollectOptions.kept). */
  localeContent: Map<string, LocaleContent>;
}

/** What one locale's files give (docs, blog, pages), before the steps that join the locales. */
export interface LocaleContent {
  routes: Route[];
  sidebars: Map<string, SidebarItem[]>;
  sidebarLinks: SidebarLinkCheck[];
  /** Each docs version's first page. */
  mains: Record<string, string>;
  problems: SiteProblem[];
}

/** What transforming a page's content reads from the graph (see src/transform). */
export type ContentGraph = Pick<SiteGraph, 'config' | 'routes' | 'api' | 'bySource'>;

export interface CollectOptions {
  locales?: string[];
  /** Reuse an already parsed API reference (watch mode, when the spec did not change). */
  api?: ApiReference;
  /** Reuse the file list of a previous scan (watch mode, when no file was added or removed). */
  files?: ContentFiles;
  /**
   * Loads the API reference (src/openapi's loadApiReference) when the config has a spec; started
   * before the docs are collected and awaited after them.
   */
  loadApi?: (problems: ProblemList) => Promise<ApiReference | undefined>;
  /** False: a route whose body is the rest of its file keeps only where it starts (see Route.bodyStart). */
  keepBodies?: boolean;
  /** Reads the Markdown files (watch mode: its parsed sources); by default each is read and parsed. */
  readSource?: SourceReader;
  /**
   * The API reference's routes and sidebars by locale, from an earlier collection with the same
   * reference and config (watch mode: making them summarises every operation); those missing are
   * made and added.
   */
  apiLocales?: Map<string, ApiLocaleReference>;
  /**
   * Locales whose content an earlier collection with the same config and files made, and whose
   * files have not changed since (watch mode, after an edit of another locale's files): taken as
   * they are.
   */
  kept?: Map<string, LocaleContent>;
}

export async function collectRoutes(config: SiteConfig, options: CollectOptions = {}): Promise<SiteGraph> {
  const problems = new ProblemList();
  const locales = options.locales ?? config.locales.map((l) => l.code);
  // The API's problems come first, as when the reference was loaded before the docs.
  const apiProblems = new ProblemList();
  const loading = options.api ? Promise.resolve(options.api) : config.openapi ? options.loadApi?.(apiProblems) : undefined;
  // Settled below; a failure is not left unhandled while the docs are collected.
  loading?.catch(() => {});
  // Git and the folders outside content/ are read while the docs are collected.
  const misplaced = misplacedMarkdown(config);
  const updates = config.docs.showLastUpdateTime || config.docs.showLastUpdateAuthor ? readLastUpdates(config.root) : undefined;
  const files = options.files ?? (await scanContent(config, locales));
  const docsProblems = new ProblemList();
  const localeContent = new Map<string, LocaleContent>();
  const byLocale = locales.map((locale) => {
    let content = options.kept?.get(locale);
    if (!content) {
      const localeFiles = files.byLocale.get(locale)!;
      const { readSource } = options;
      const problems = new ProblemList();
      const docs = collectVersionedDocs(config, locale, localeFiles, problems, readSource, files.byLocale.get(config.defaultLocale));
      const routes = [
        ...docs.routes,
        ...collectBlog(config, locale, localeFiles, problems, readSource),
        ...collectPages(config, locale, localeFiles, files.reactPages, problems, readSource),
      ];
      content = { routes, sidebars: docs.sidebars, sidebarLinks: docs.sidebarLinks, mains: docs.mains, problems: problems.items };
    }
    localeContent.set(locale, content);
    for (const p of content.problems) docsProblems.add(p);
    // The API reference, the redirects and the home page join a copy.
    return { locale, ...content, routes: [...content.routes] };
  });
  const versions = config.versions?.map((version) => ({
    version,
    main: Object.fromEntries(byLocale.flatMap((l) => (l.mains[version.name] ? [[l.locale, l.mains[version.name]]] : []))),
  }));
  const api = await loading;
  for (const p of [...(config.notices ?? []), ...apiProblems.items, ...docsProblems.items, ...(await misplaced)]) problems.add(p);
  const lastUpdates = await updates;
  if (lastUpdates?.problem) problems.add(lastUpdates.problem);
  applyLastUpdates(
    byLocale.flatMap((l) => l.routes.filter((r) => r.kind === 'doc')),
    lastUpdates,
    config,
  );
  const routes: Route[] = [];
  const sidebars = new Map<string, SidebarItem[]>();
  for (const { locale, routes: localeRoutes, sidebars: docsSidebars } of byLocale) {
    for (const [id, items] of docsSidebars) sidebars.set(`${locale}:${id}`, items);
    if (api) {
      const ref = options.apiLocales?.get(locale) ?? api.forLocale(locale, localPrefix(config, locale));
      options.apiLocales?.set(locale, ref);
      localeRoutes.push(...ref.routes);
      if (docsSidebars.has(ref.sidebarId)) problems.add(sidebarNameTaken(config, ref.sidebarId));
      sidebars.set(`${locale}:${ref.sidebarId}`, ref.sidebar);
      for (const other of ref.otherSidebars ?? []) sidebars.set(`${locale}:${other.sidebarId}`, other.sidebar);
    }
    localeRoutes.push(...collectRedirects(config, locale, localeRoutes, problems));
    const home = defaultHomePage(config, locale, localeRoutes, docsSidebars);
    if (home) localeRoutes.push(home);
    routes.push(...localeRoutes);
  }

  const byPath = new Map<string, Route>();
  // Output files on macOS and Windows are found whatever their case: two URLs that differ only
  // in case would be written to the same file.
  const byFolded = new Map<string, Route>();
  const source = (route: Route) => (route.sourceFile ? path.relative(config.root, route.sourceFile).split(path.sep).join('/') : route.kind);
  for (const route of routes) {
    const existing = byPath.get(route.path);
    if (existing) {
      problems.add({
        code: 'route-duplicate',
        message: `Two pages have the same URL ${route.path}: ${source(existing)} and ${source(route)}`,
        file: route.sourceFile,
        line: 1,
        hint: 'Change the file name or the "slug" in the front matter of one of them.',
      });
      continue;
    }
    // A URL is written to a file named like it: the same name in another Unicode normal form is the
    // same file on macOS, and '?', '#' or '%' in a name would end or escape the URL that serves it.
    if (route.sourceFile && route.frontMatter?.slug === undefined && /[?#%]/.test(path.basename(route.sourceFile))) {
      problems.add({
        code: 'content-file-name',
        message: `The file name ${source(route)} holds "?", "#" or "%", which a URL cannot carry as they are`,
        file: route.sourceFile,
        hint: 'Rename the file, or give it a "slug" in its front matter.',
      });
      continue;
    }
    const folded = route.path.normalize('NFC').toLowerCase();
    const other = byFolded.get(folded);
    if (other) {
      // Without the URLs, a fallback locale's copy of the same two files is the same problem.
      problems.add({
        code: 'route-case-collision',
        message: `${source(other)} and ${source(route)} have URLs that differ only in case or Unicode normalisation, which are the same file on macOS and Windows`,
        file: route.sourceFile,
        line: 1,
        hint: `${other.path} and ${route.path}: rename one of the files, or give one a "slug" in its front matter.`,
      });
      continue;
    }
    byPath.set(route.path, route);
    byFolded.set(folded, route);
  }
  // A link to a file (static/, the sitemap) is not a route.
  for (const { file, line, href, raw } of byLocale.flatMap((l) => l.sidebarLinks))
    if (!byPath.has(href.length > 1 ? href.replace(/\/$/, '') : href) && !/\.\w+$/.test(href))
      problems.add({
        code: 'sidebars-broken-link',
        severity: config.onBrokenLinks === 'throw' ? 'error' : config.onBrokenLinks === 'warn' ? 'warning' : 'ignore',
        message: `Broken sidebar link "${raw}": no page at ${raw}`,
        file,
        line,
      });
  checkConfigLinks(config, locales, byPath, problems);
  const byKey = new Map<string, Route[]>();
  for (const route of byPath.values()) {
    const list = byKey.get(route.key) ?? [];
    list.push(route);
    byKey.set(route.key, list);
  }
  const nav = buildNavigation(config, sidebars, byPath);
  applyPaginationFrontMatter([...byPath.values()], nav, problems);
  if (options.keepBodies === false) for (const route of byPath.values()) if (route.bodyStart !== undefined) route.body = undefined;
  const all = [...byPath.values()];
  return {
    config,
    locales,
    routes: all,
    byPath,
    byKey,
    sidebars,
    nav,
    api,
    files,
    problems,
    versions,
    bySource: new RoutesBySource(config, all),
    localeContent,
  };
}

/**
 * The route table of a build of some locales: every locale's routes stay known (translations,
 * links), and only these locales' pages and sidebars are built.
 */
export function forLocales(graph: SiteGraph, locales: string[]): SiteGraph {
  const built = new Set(locales);
  return {
    ...graph,
    locales,
    routes: graph.routes.filter((r) => built.has(r.locale)),
    sidebars: new Map([...graph.sidebars].filter(([key]) => built.has(key.slice(0, key.indexOf(':'))))),
  };
}

function sidebarNameTaken(config: SiteConfig, id: string) {
  return {
    code: 'sidebars-name-taken',
    message: `Sidebar "${id}" has the name of the API reference's sidebar`,
    file: config.sidebars?.file,
    line: config.sidebars?.sidebars.find((s) => s.id === id)?.line,
    hint: 'Give the sidebar another name in the sidebars file.',
  };
}

/** Breadcrumbs and previous/next links from each sidebar's order. */
function buildNavigation(config: SiteConfig, sidebars: Map<string, SidebarItem[]>, byPath: Map<string, Route>): Map<string, RouteNav> {
  const nav = new Map<string, RouteNav>();
  for (const [key, items] of sidebars) {
    const locale = key.slice(0, key.indexOf(':'));
    const home: PageLink = { title: getStrings(locale).home, href: localizePath('/', localPrefix(config, locale)) };
    const order: { link: PageLink; trail: PageLink[] }[] = [];
    // Links of a sidebars file to other pages (the blog, search, another site) are no step of it.
    const isStep = (href: string) => /^(doc|api)/.test(byPath.get(href)?.kind ?? '');
    const visit = (list: SidebarItem[], trail: PageLink[]) => {
      for (const item of list) {
        if (item.type === 'link') {
          if (isStep(item.href)) order.push({ link: { title: byPath.get(item.href)?.title ?? item.label, href: item.href }, trail });
        } else {
          const crumb = { title: item.label, href: item.href ?? '' };
          if (item.href) order.push({ link: { title: byPath.get(item.href)?.title ?? item.label, href: item.href }, trail });
          visit(item.items, [...trail, crumb]);
        }
      }
    };
    visit(items, []);
    order.forEach((entry, i) => {
      if (nav.has(entry.link.href)) return;
      nav.set(entry.link.href, {
        breadcrumbs: [home, ...entry.trail],
        prev: order[i - 1]?.link,
        next: order[i + 1]?.link,
      });
    });
  }
  return nav;
}
