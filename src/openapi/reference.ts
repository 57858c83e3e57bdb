// One release's API reference, built from a spec loadReference.ts accepted: it answers the
// pipeline's two questions, routes and sidebar per locale and content per route. With a cache
// folder, pages rendered once are kept (pageCache.ts).
import type { PageContent, Route, SidebarItem, SiteConfig } from '../types.ts';
import type { SiteProblem } from '../errors.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { getStrings, type Strings } from '../shared/i18n/index.ts';
import { localizePath } from '../shared/paths.ts';
import type { ApiReference } from '../types.ts';
import { summaryText, type LocaleContext } from './render/context.ts';
import { SchemaGraph } from './model/graph.ts';
import { computeHomes, type Homes } from './model/homes.ts';
import { tagAndGroups, type ApiModel, type ApiOperation } from './model/model.ts';
import { ApiPageCache } from './render/pageCache.ts';
import { renderOperation } from './render/renderOperation.ts';
import { renderRoot, renderTag } from './render/renderOverview.ts';
import { renderGuide } from './render/renderGuide.ts';
import { splitGuide, type GuideEntry, type GuidePage } from './model/guide.ts';
import { fallbackTitle, type Slugs } from './model/slug.ts';
import { child, SpecSource, type Located } from './load/source.ts';
import { createView, type ApiView } from './render/view.ts';
import { tagRoutes } from './tagRoutes.ts';
import { crossRefs, type CrossRefTargets } from './render/crossLinks.ts';
import { linkPolicy, type LinkPolicy } from './model/vendorLinks.ts';
import { keyVariable } from './render/codeSamples.ts';

export const API_SIDEBAR = 'api';
/** Operations up to which the landing's sidebar shows every one (about 160 KB of sidebar, HTML and data, at 500). */
const LANDING_SIDEBAR_MAX = 500;

interface Paths {
  root: string;
  /** The guide's pages by id. */
  guide: Map<string, string>;
  /** Where the security schemes, the shared responses and their schemas are shown. */
  auth: string;
  responses: string;
  schemas: string;
  tag: Map<string, string>;
  operation: Map<string, string>;
}

export class Reference implements ApiReference {
  readonly files: string[];
  validation?: Promise<SiteProblem[]>;
  /** Pages rendered by earlier builds from the same inputs (see pageCache.ts). */
  pageCache?: ApiPageCache;
  private views = new Map<string, ApiView>();
  private opsByKey = new WeakMap<ApiModel, Map<string, ApiOperation>>();
  private shared: LocaleContext['shared'] = { markdown: new Map(), code: new Map(), samples: new Map() };
  private paths: Paths;
  private homes?: Homes;
  private defaultGraph: SchemaGraph;
  /** Where the spec's site links lead (vendorLinks.ts). */
  readonly linkPolicy: LinkPolicy;
  private pages: Set<string>;
  readonly sidebarId: string;
  private keyPrefix: string;

  constructor(
    private config: SiteConfig,
    private source: SpecSource,
    private model: ApiModel,
    private models: Map<string, ApiModel>,
    slugs: Slugs,
    private guide: GuidePage[],
    overlayFiles: string[],
    /** An earlier release's version: its landing page is routeBase itself, its sidebar its own. */
    readonly release?: string,
  ) {
    this.files = [...source.files.keys(), ...overlayFiles];
    const base = config.openapi!.routeBase.replace(/\/$/, '');
    const root = release ? base : `/docs/category/${config.openapi!.categorySlug}`;
    this.sidebarId = release ? `${API_SIDEBAR}-${release}` : API_SIDEBAR;
    this.keyPrefix = release ? `api:${release}:` : 'api:';
    const guidePaths = new Map([...slugs.guides].map(([id, slug]) => [id, `${base}/${slug}`]));
    const byRole = (role: GuidePage['role']) => guidePaths.get(guide.find((g) => g.role === role)?.id ?? '') ?? root;
    this.paths = {
      root,
      guide: guidePaths,
      auth: byRole('auth'),
      responses: byRole('errors'),
      schemas: byRole('schemas'),
      tag: new Map([...slugs.tags].map(([name, slug]) => [name, `${base}/${slug}`])),
      operation: new Map([...slugs.operations].map(([key, slug]) => [key, `${base}/${slug}`])),
    };
    this.defaultGraph = new SchemaGraph(model);
    this.pages = new Set([root, ...guidePaths.values(), ...this.paths.tag.values(), ...this.paths.operation.values()]);
    this.linkPolicy = linkPolicy(source, this.pages, base, config.openapi!.linkBase);
  }

  /** The spec's info.version. */
  get version(): string {
    return this.model.version;
  }

  /** Each operation's page (unprefixed), by method and path as the spec writes them ('get /items/{id}'). */
  operationPages(): Map<string, string> {
    return this.paths.operation;
  }

  /** The spec as read (the default locale's, without overlays). */
  get specSource(): SpecSource {
    return this.source;
  }

  /** An operation's title in a locale (its summary, as its page is titled). */
  operationTitle(locale: string, key: string): string | undefined {
    const op = this.operation(this.modelFor(locale), key);
    return op && titleOf(op);
  }

  /** A text of the spec's info in a locale (its overlay's where it has one), and where it is. */
  infoText(locale: string, key: string): Located | undefined {
    const info = this.modelFor(locale).info;
    const at = child(info, key);
    return at && typeof at.value === 'string' ? at : undefined;
  }

  /** Content made by another module (the changelog) with this reference's view of a locale. */
  renderWith(locale: string, strings: Strings, make: (view: ApiView) => PageContent): PageContent {
    return make(this.view(locale, strings));
  }

  /** The landing page (unprefixed). */
  get rootPath(): string {
    return this.paths.root;
  }

  private modelFor(locale: string): ApiModel {
    return this.models.get(locale) ?? this.model;
  }

  forLocale(locale: string, prefix: string): { routes: Route[]; sidebarId: string; sidebar: SidebarItem[] } {
    const model = this.modelFor(locale);
    const cfg = this.config.openapi!;
    const loc = (p: string) => localizePath(p, prefix);
    const routes: Route[] = [];
    const info = model.info.value;
    const rootTitle = textFor(cfg.label, locale, this.config.defaultLocale) || model.title;
    routes.push({
      path: loc(this.paths.root),
      locale,
      kind: 'api-tag',
      key: `${this.keyPrefix}root`,
      title: rootTitle,
      description:
        summaryText(typeof info.summary === 'string' ? info.summary : typeof info.description === 'string' ? info.description : '', 160) || undefined,
      sourceFile: this.source.rootFile,
      sidebarId: this.sidebarId,
      // The landing is the way into the reference: its sidebar lists every operation, unless
      // there are so many that the list would outweigh the page (its content lists them all).
      data: { api: 'root', openSidebar: model.operations.length <= LANDING_SIDEBAR_MAX },
    });
    const sidebar: SidebarItem[] = [{ type: 'link', label: rootTitle, href: loc(this.paths.root) }];
    const strings = getStrings(locale);
    const guide = this.guideOf(model, strings);
    for (const g of guide) {
      routes.push({
        path: loc(g.path),
        locale,
        kind: 'api-tag',
        key: `${this.keyPrefix}guide:${g.id}`,
        title: g.title,
        description: g.description || undefined,
        sourceFile: this.source.rootFile,
        sidebarId: this.sidebarId,
        data: { api: 'guide', id: g.id },
      });
    }
    if (guide.length)
      sidebar.push({
        type: 'category',
        label: strings.api.guide,
        collapsed: true,
        items: guide.map((g) => ({ type: 'link' as const, label: g.title, href: loc(g.path) })),
      });
    const tags = tagRoutes(model, locale, {
      sidebarId: this.sidebarId,
      sourceFile: this.source.rootFile,
      tagPath: (name) => this.paths.tag.get(name),
      operationPath: (key) => this.paths.operation.get(key),
      loc,
      resourcesLabel: strings.api.resources,
    });
    routes.push(...tags.routes);
    sidebar.push(...tags.sidebar);
    for (const op of model.operations) {
      const p = this.paths.operation.get(op.key);
      if (!p) continue;
      routes.push({
        path: loc(p),
        locale,
        kind: 'api-operation',
        key: `api:${p}`,
        title: titleOf(op),
        description: summaryText(op.description ?? op.summary ?? '', 160) || undefined,
        sourceFile: op.node.file,
        sidebarId: this.sidebarId,
        data: { api: 'operation', key: op.key, props: { method: op.method, path: op.path, deprecated: op.deprecated || undefined } },
      });
    }
    return { routes, sidebarId: this.sidebarId, sidebar };
  }

  renderContent(route: Route, strings: Strings): PageContent {
    const cached = this.pageCache?.get(route.path);
    if (cached) return cached;
    const content = this.render(route, strings);
    this.pageCache?.put(route.path, content);
    return content;
  }

  private render(route: Route, strings: Strings): PageContent {
    const view = this.view(route.locale, strings);
    const data = route.data ?? {};
    const unprefixed = route.path.slice(view.ctx.prefix.length) || '/';
    if (data.api === 'root') return renderRoot(view, this.guideOf(view.model, strings));
    if (data.api === 'guide') {
      const page = this.guide.find((g) => g.id === data.id);
      const section = this.guideOf(view.model, strings).find((g) => g.id === data.id)?.section;
      return page ? renderGuide(view, page, section, this.homesOf(), unprefixed) : { html: '', toc: [], anchors: [], links: [], blocks: [] };
    }
    if (data.api === 'tag') {
      const tag = view.model.tags.flatMap(tagAndGroups).find((t) => t.name === data.name);
      return tag ? renderTag(view, tag, this.homesOf(), unprefixed) : { html: '', toc: [], anchors: [], links: [], blocks: [] };
    }
    const op = this.operation(view.model, String(data.key));
    return op ? renderOperation(view, op) : { html: '', toc: [], anchors: [], links: [], blocks: [] };
  }

  /** An operation by key (a spec may have thousands: not a search per page). */
  private operation(model: ApiModel, key: string): ApiOperation | undefined {
    let byKey = this.opsByKey.get(model);
    if (!byKey) {
      this.opsByKey.set(model, (byKey = new Map()));
      for (const o of model.operations) if (!byKey.has(o.key)) byKey.set(o.key, o);
    }
    return byKey.get(key);
  }

  private homesOf(): Homes {
    return (this.homes ??= computeHomes(
      this.model,
      this.defaultGraph,
      { responses: this.paths.responses, schemas: this.paths.schemas },
      (name) => this.paths.tag.get(name) ?? this.paths.root,
    ));
  }

  /**
   * The guide's pages in a locale: titles and text from the locale's own description (the
   * default locale's where a section is missing), made-up pages titled in the locale's words.
   */
  private guideOf(model: ApiModel, strings: Strings): GuideEntry[] {
    const own = splitGuide(descriptionOf(model)).sections;
    const fallback = model === this.model ? own : splitGuide(descriptionOf(this.model)).sections;
    const a = strings.api;
    return this.guide.flatMap((g) => {
      const path = this.paths.guide.get(g.id);
      if (!path) return [];
      const section = g.section ? (own.find((x) => x.id === g.id) ?? fallback.find((x) => x.id === g.id)) : undefined;
      const title = section?.title ?? (g.role === 'auth' ? a.authentication : g.role === 'errors' ? a.errors : a.commonSchemas);
      // "List operations answer a page:" introduces a code block the summary leaves out.
      const description = section
        ? summaryText(section.text, 160).replace(/:$/, '.')
        : g.role === 'auth'
          ? a.authPageText
          : g.role === 'errors'
            ? a.errorsPageText
            : a.schemasPageText;
      return [{ id: g.id, path, title, description, section }];
    });
  }

  /** The names a model's readers may give the reference's pages (see crossLinks.ts). */
  private targets(model: ApiModel): CrossRefTargets {
    return {
      operations: model.operations.map((op) => ({ title: titleOf(op), operationId: op.operationId, path: this.paths.operation.get(op.key) })),
      tags: model.tags.map((t) => ({ name: t.name, label: t.label, path: this.paths.tag.get(t.name) })),
    };
  }

  private view(locale: string, strings: Strings): ApiView {
    let view = this.views.get(locale);
    if (view) return view;
    // One locale's caches at a time (rendered schema trees and Markdown grow with the spec): a
    // build renders every page of a locale before the next locale's.
    this.views.clear();
    const model = this.modelFor(locale);
    const homes = this.homesOf();
    const graph = model === this.model ? this.defaultGraph : new SchemaGraph(model);
    const config = this.config;
    const ctx: LocaleContext = {
      model,
      locale,
      prefix: localPrefix(config, locale),
      basePath: config.basePath,
      siteUrl: config.url.replace(/\/$/, ''),
      strings: strings ?? getStrings(locale),
      allowHtml: config.markdown.allowHtml,
      toc: config.toc,
      envVar: keyVariable(this.model.info.value.title),
      operationPath: (key) => this.paths.operation.get(key),
      tagPath: (name) => this.paths.tag.get(name),
      rootPath: this.paths.root,
      authPath: this.paths.auth,
      referencePaths: [config.openapi!.routeBase.replace(/\/$/, ''), this.paths.root],
      links: { pages: this.pages, routeBase: config.openapi!.routeBase.replace(/\/$/, ''), policy: this.linkPolicy },
      crossRefs: crossRefs(...[model, this.model].filter((m, i, all) => all.indexOf(m) === i).map((m) => this.targets(m))),
      schemaHome: (key) => homes.schemas.get(key),
      responseHome: (name) => homes.responses.get(name),
      markdownCache: new Map(),
      shared: this.shared,
    };
    view = createView(ctx, graph);
    this.views.set(locale, view);
    return view;
  }
}

function descriptionOf(model: ApiModel): string | undefined {
  const d = model.info.value.description;
  return typeof d === 'string' ? d : undefined;
}

function titleOf(op: ApiOperation): string {
  return op.summary ?? fallbackTitle(op);
}
