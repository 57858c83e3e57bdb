// The site in memory for `docsgen serve`: config, route graph, bundles and renderer, rebuilt
// piecewise from file events. A rebuild does only what the events require (re-read one file and
// patch the graph, or collect again, re-parse the spec, re-bundle the theme, reload the config),
// and a failing step keeps the last good result while its problems are shown.
import fs from 'node:fs';
import path from 'node:path';
import type { ApiLocaleReference, ApiReference, SiteConfig } from '../types.ts';
import { BuildFailed, ProblemList, type SiteProblem } from '../errors.ts';
import { loadConfig } from '../config/loadConfig.ts';
import { collectRoutes, type SiteGraph } from '../content/collectRoutes.ts';
import { contentFolders, scanContent, type ContentFiles } from '../content/sourceFiles.ts';
import { loadApiReference } from '../openapi/index.ts';
import {
  bundlableReactPages,
  bundleClient,
  bundleServer,
  disposeServerBundle,
  importServerBundle,
  mdxBundleProblems,
  serverBundleFile,
  type ClientBundle,
} from '../render/bundle.ts';
import { BundleStore } from './bundleStore.ts';
import { isMdxFile } from '../mdx/index.ts';
import { createSiteRenderer, type SiteBundles } from '../render/siteRenderer.ts';
import { listStaticFiles } from '../output/staticFiles.ts';
import { classify, patchGraph, SourceCache, sourceSignature, untouchedLocales, type ChangeSet, type FileEvent } from './incremental.ts';
import { PageStore, type SiteState } from './pages.ts';
import { BundleSourceMap, problemFromError } from '../render/errorLocation.ts';

interface Plan {
  config: boolean;
  api: boolean;
  scan: boolean;
  collect: boolean;
  bundle: boolean;
  /** static/ changed: its symlinks are checked again. */
  static: boolean;
  /** Markdown files whose new bodies may be patched into the graph. */
  patch?: Set<string>;
  contentStale: boolean;
  /** Collect the default locale only, without the API reference (the first build: see start()). */
  firstLocale?: boolean;
}

const MAX_PATCHED = 20;

const FULL: Plan = { config: true, api: true, scan: true, collect: true, bundle: true, static: true, contentStale: true };
/** After the first build: the other locales' files and the API reference, with the bundles in hand. */
const REST: Plan = { config: false, api: true, scan: true, collect: true, bundle: false, static: false, contentStale: false };

export interface RebuildResult {
  /** Site-relative paths of the files that changed. */
  files: string[];
  ms: number;
  /** What was redone, for the log line ('patched', 'collected', 'bundled', ...). */
  steps: string[];
  /** Milliseconds per phase, printed with DOCSGEN_DEBUG. */
  timings: string[];
}

export class DevSite {
  state?: SiteState;
  /** The state in use has the default locale only, without the API reference: the rest is still to collect. */
  get partial(): boolean {
    return this.state?.partial ?? true;
  }
  readonly pages: PageStore;
  private config?: SiteConfig;
  private api?: ApiReference;
  /** The API reference's routes by locale, kept for the next collection while the reference and the config stay. */
  private apiRoutes?: { api: ApiReference; config: SiteConfig; byLocale: Map<string, ApiLocaleReference> };
  private bundles?: SiteBundles & { id: number; pages: string; sourceMap: BundleSourceMap };
  private sourceSig = '';
  /** The last collection failed: the graph in use may miss changes, so the next rebuild collects. */
  private mustCollect = false;
  private bundleCount = 0;
  private readonly bundleStore?: BundleStore;
  /** The site's Markdown files parsed, kept between collections. */
  private readonly sources: SourceCache;
  /** Keeps the first bundles made (with the source map in the file given) in the bundle store. */
  private saveBundles?: (mapFile: string) => void;
  private issues = {
    config: [] as SiteProblem[],
    /** React pages left out because an import of theirs is not there. */
    pages: [] as SiteProblem[],
    api: [] as SiteProblem[],
    collect: [] as SiteProblem[],
    bundle: [] as SiteProblem[],
    renderer: [] as SiteProblem[],
    static: [] as SiteProblem[],
  };

  constructor(
    readonly root: string,
    inject: (html: string, signature: string) => string,
  ) {
    this.pages = new PageStore(root, inject);
    this.bundleStore = BundleStore.open(root);
    this.sources = new SourceCache(root);
  }

  /**
   * The first build, of the default locale without the API reference: its pages can be served
   * before the other locales' files and the spec are read (complete() adds them). Problems do not
   * throw: they are served, and fixed by editing.
   */
  async start(): Promise<RebuildResult> {
    return this.rebuild({ ...FULL, firstLocale: true }, []);
  }

  /**
   * After start(): the site with every locale and the API reference. Then what the next start
   * reads is kept: the first bundles, and the front matter store without what no file uses.
   */
  async complete(): Promise<RebuildResult> {
    const result = this.partial && this.config ? await this.rebuild(REST, []) : { files: [], ms: 0, steps: [], timings: [] };
    this.sources.compact();
    // Unless the rest of the site needed other bundles (an MDX page of another locale).
    if (this.bundles?.id === 1) this.saveBundles?.(this.bundles.sourceMap.bundleFile + '.map');
    this.saveBundles = undefined;
    return result;
  }

  async apply(events: FileEvent[]): Promise<RebuildResult> {
    for (const e of events) {
      if (e.type === 'unlinkDir' || e.type === 'addDir') this.sources.invalidateDir(e.file);
      else this.sources.invalidate(e.file, e.type === 'unlink');
    }
    const cs = classify(
      this.root,
      events,
      this.api?.files,
      this.config?.markdown.format === 'mdx',
      this.config && this.contentDirs(),
      this.config?.sources.reactPages,
    );
    let plan = this.config ? planFor(cs) : FULL;
    if (this.mustCollect) plan = { ...plan, scan: true, collect: true, patch: undefined, contentStale: true };
    return this.rebuild(plan, cs.files);
  }

  /**
   * The folders the site's content is read from (watch mode watches them), and a Docusaurus
   * site's src/ when its React pages are there: the components and styles they import.
   */
  contentDirs(): string[] {
    if (!this.config) return [];
    const dirs = contentFolders(this.config);
    const src = path.join(this.config.root, 'src');
    const pages = this.config.sources.reactPages;
    if (pages && pages.startsWith(src + path.sep)) dirs.push(src);
    return dirs;
  }

  /** Every content file the site in use was built from. */
  sourceFiles(): string[] {
    const files = this.state?.graph.files;
    if (!files) return [];
    const all = new Set(files.reactPages.map((p) => p.file));
    for (const locale of files.byLocale.values()) for (const f of locale.values()) all.add(f.file);
    return [...all];
  }

  /** Problems of the whole site (not of one page): config, spec, collection, bundles. */
  globalProblems(): SiteProblem[] {
    // The first build's graph misses the other locales and the API: links to them look broken.
    const graph = this.state && !this.state.partial ? this.state.graph.problems.items : [];
    return [
      ...this.issues.config,
      ...this.issues.pages,
      ...this.issues.api,
      ...this.issues.collect,
      ...graph,
      ...this.issues.bundle,
      ...this.issues.renderer,
      ...this.issues.static,
    ];
  }

  close(): void {
    this.bundles?.sourceMap.dispose();
  }

  private async rebuild(plan: Plan, changed: string[]): Promise<RebuildResult> {
    const started = performance.now();
    const steps: string[] = [];
    const timings: string[] = [];
    let last = started;
    const lap = (name: string) => {
      const now = performance.now();
      timings.push(`${name} ${(now - last).toFixed(1)}`);
      last = now;
    };
    const done = () => ({ files: changed, ms: performance.now() - started, steps, timings });
    if (plan.config) {
      try {
        this.config = await loadConfig(this.root);
        this.issues.config = [];
        steps.push('config');
      } catch (err) {
        this.issues.config = err instanceof BuildFailed ? err.problems : [problemFromError(err, 'config-failed', this.root)];
        // Keep serving the site of the last good config.
        steps.push('config failed');
        return done();
      }
    }
    const config = this.config!;
    const previous = this.state;
    const allLocales = config.locales.map((l) => l.code);
    const locales = plan.firstLocale ? [config.defaultLocale] : allLocales;
    lap('config');

    // The build's own check: a symlink in static/ that leaves the site is an error (and not served).
    if (plan.static) this.issues.static = listStaticFiles(this.root).problems;
    let content: ContentFiles;
    try {
      if (plan.scan || !previous) {
        content = await scanContent(config, locales);
        const pages = await bundlableReactPages(config, content);
        content.reactPages = pages.pages;
        this.issues.pages = pages.problems;
      } else content = previous.graph.files;
    } catch (err) {
      // A content symlink that leaves the site: reported, and the last good site kept.
      if (!(err instanceof BuildFailed)) throw err;
      this.issues.collect = err.problems;
      this.mustCollect = true;
      return done();
    }
    const needBundle = plan.bundle || !this.bundles || this.bundles.pages !== reactPagesKey(config, content);
    // esbuild bundles in its own process while this one parses the spec and collects.
    const bundling = needBundle ? this.bundle(config, content) : undefined;
    if (needBundle) steps.push('bundled');
    lap('scan');
    if (plan.api && !plan.firstLocale) {
      steps.push('api');
      await this.loadApi(config);
      lap('api');
    }
    let patched: SiteGraph | undefined;
    if (plan.patch && previous && !plan.collect) {
      patched = patchGraph(previous.graph, config, plan.patch, this.sources.readSource);
      if (patched) steps.push('patched');
    }
    const collect = async (): Promise<SiteGraph> => {
      if (patched) return patched;
      if (!plan.collect && !plan.patch && previous) return previous.graph;
      steps.push('collected');
      // A spec that failed to parse gives no API routes; don't let collectRoutes parse it again.
      const collectConfig = config.openapi && !this.api ? { ...config, openapi: undefined } : config;
      return collectRoutes(collectConfig, {
        api: this.api,
        files: content,
        locales,
        readSource: this.sources.readSource,
        apiLocales: this.apiRoutesOf(collectConfig),
        // Markdown edits the patch could not take (a title changed): the other locales stay as they are.
        kept: plan.patch && !plan.collect && previous ? untouchedLocales(previous.graph, plan.patch) : undefined,
      });
    };
    let graph: SiteGraph;
    try {
      if (!patched && (plan.collect || !previous)) {
        await this.sources.warm(markdownFiles(content, locales));
        lap('read');
      }
      graph = await collect();
      this.issues.collect = [];
      this.mustCollect = false;
    } catch (err) {
      this.mustCollect = true;
      // A collector that throws (rather than reporting a problem) must not stop the server.
      this.issues.collect = [problemFromError(err, 'collect-failed', this.root)];
      await bundling;
      return done();
    }
    lap('graph');
    await bundling;
    lap('bundles');

    const bundles = this.bundles;
    if (!bundles) return done();
    if (graph === previous?.graph && bundles.id === previous.bundleId && !plan.contentStale) return done();
    const rendererProblems = new ProblemList();
    let renderer;
    try {
      renderer = await createSiteRenderer(graph, bundles, rendererProblems, { content: this.pages.content });
      this.issues.renderer = rendererProblems.items;
      lap('renderer');
    } catch (err) {
      this.issues.renderer = [problemFromError(err, 'theme-failed', this.root, bundles.sourceMap.mapFrame)];
      return done();
    }

    // A patch keeps every route's path and file; only a collection can move a link target.
    const sig = patched || graph === previous?.graph ? this.sourceSig : sourceSignature(graph);
    if (plan.contentStale || plan.config || sig !== this.sourceSig) this.pages.invalidateContent();
    this.sourceSig = sig;
    lap('signature');
    const partial = !!plan.firstLocale && (locales.length < allLocales.length || !!config.openapi);
    this.state = { config, graph, renderer, bundleId: bundles.id, mapFrame: bundles.sourceMap.mapFrame, partial };
    return done();
  }

  private apiRoutesOf(config: SiteConfig): Map<string, ApiLocaleReference> | undefined {
    const api = this.api;
    if (!api || !config.openapi) return undefined;
    if (this.apiRoutes?.api !== api || this.apiRoutes.config !== config) this.apiRoutes = { api, config, byLocale: new Map() };
    return this.apiRoutes.byLocale;
  }

  private async loadApi(config: SiteConfig): Promise<void> {
    if (!config.openapi) {
      this.api = undefined;
      this.issues.api = [];
      return;
    }
    const problems = new ProblemList();
    try {
      const api = await loadApiReference(config, problems);
      // An invalid spec keeps the last good reference (and its pages) on screen.
      if (api || !problems.errors.length) this.api = api;
    } catch (err) {
      problems.add(problemFromError(err, 'openapi-failed', this.root));
    }
    this.issues.api = problems.items;
  }

  /**
   * Bundles the theme, or takes the bundles the last start kept when nothing they were made from
   * changed (only at the start: a rebuild bundles because something did); a failure keeps the
   * previous bundles.
   */
  private async bundle(config: SiteConfig, files: ContentFiles): Promise<void> {
    let serverFile: string | undefined;
    let sourceMap: BundleSourceMap | undefined;
    const pages = reactPagesKey(config, files);
    try {
      const first = !this.bundles;
      const stored = first ? this.bundleStore?.find(config, pages, serverBundleFile(this.root)) : undefined;
      let client: ClientBundle, server: string;
      if (stored) ({ client, serverFile: server } = stored);
      else {
        const inputs = new Set<string>();
        [client, server] = await Promise.all([
          bundleClient(config, files, { minify: false, inputs }),
          bundleServer(config, files, { sourcemap: true, inputs }),
        ]);
        if (first && this.bundleStore) {
          // Kept for the next start once the site is complete (the first page does not wait for it).
          const [store, made, code] = [this.bundleStore, client, fs.readFileSync(server, 'utf8')];
          this.saveBundles = (map) => store.save(config, pages, inputs, made, { code, map });
        }
      }
      serverFile = server;
      sourceMap = new BundleSourceMap(server);
      // Import now so a theme that throws while loading is reported as a bundle problem.
      await importServerBundle(server);
      this.bundles?.sourceMap.dispose();
      this.bundles = { client, serverFile: server, id: ++this.bundleCount, pages, sourceMap };
      this.issues.bundle = [];
    } catch (err) {
      // An MDX page that does not compile is reported as the build reports it (file, line, column, hint).
      const mdx = mdxBundleProblems(err);
      this.issues.bundle = mdx.length ? mdx : [problemFromError(err, 'bundle-failed', this.root, sourceMap?.mapFrame)];
      sourceMap?.dispose();
    } finally {
      // The module stays loaded; the file is not needed any more.
      if (serverFile) disposeServerBundle(serverFile);
    }
  }
}

function* markdownFiles(files: ContentFiles, locales: string[]): Iterable<string> {
  for (const locale of locales) for (const f of files.byLocale.get(locale)?.values() ?? []) yield f.file;
}

/** The page modules the bundles hold: React pages and MDX files (a new one needs a new bundle). */
function reactPagesKey(config: SiteConfig, files: ContentFiles): string {
  const mdx = new Set<string>();
  for (const locale of files.byLocale.values()) for (const f of locale.values()) if (isMdxFile(f.file, config)) mdx.add(f.file);
  return [...files.reactPages.map((p) => p.file), ...[...mdx].sort()].join('\n');
}

/** The least a batch of changes requires. */
function planFor(cs: ChangeSet): Plan {
  if (cs.config) return FULL;
  const collect = cs.api || cs.structural || cs.contentData || cs.markdown.size > MAX_PATCHED;
  return {
    config: false,
    api: cs.api,
    scan: cs.structural,
    collect,
    bundle: cs.templates || cs.reactPages,
    static: cs.static,
    // Many files at once (a branch switch): collecting once is cheaper than patching each.
    patch: !collect && cs.markdown.size && cs.markdown.size <= MAX_PATCHED ? cs.markdown : undefined,
    contentStale: cs.structural || cs.assets || cs.static,
  };
}
