// The API reference with its earlier releases (config openapi.releases): the current spec's
// reference where it always is, each earlier release's under routeBase/<version> with a sidebar of
// its own, and the changelog at routeBase/changelog comparing each release with the one before,
// with its Atom feed. Operation pages carry what their release did to them ("Added in 2.0.0").
import type { PageContent, Route, SidebarItem, SiteConfig } from '../types.ts';
import type { ApiReference } from '../types.ts';
import type { ProblemList, SiteProblem } from '../errors.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { getStrings, type Strings } from '../shared/i18n/index.ts';
import { localizePath, withBase } from '../shared/paths.ts';
import type { LoadOptions } from './types.ts';
import { buildApiReference } from './loadReference.ts';
import { releaseSteps, sinceOf, type Release, type ReleaseStep } from './changelog/history.ts';
import { releaseAnchor, renderChangelog } from './changelog/page.ts';
import { changelogAtom } from './changelog/feed.ts';
import { escapeHtml } from './render/context.ts';
import { mdLink, mdText } from './render/markdownText.ts';
import { pagePartsOf, setPageParts } from './render/parts.ts';

export async function buildReleasedReference(config: SiteConfig, problems: ProblemList, options: LoadOptions = {}): Promise<ApiReference | undefined> {
  const current = await buildApiReference(config, problems, options);
  const settings = config.openapi;
  if (!current || !settings?.releases.length) return current;
  const base = settings.routeBase.replace(/\/$/, '');
  const releases: Release[] = [];
  for (const r of settings.releases) {
    const own = { ...config, openapi: { ...settings, spec: r.spec, routeBase: `${base}/${r.version}`, overlays: r.overlays, releases: [] } };
    const reference = await buildApiReference(own, problems, options, r.version);
    if (!reference) return undefined;
    releases.push({ version: r.version, date: r.date, reference });
  }
  releases.push({ version: current.version, date: settings.releaseDate, reference: current });
  // Each release's pages are at routeBase/<version>: two releases of one version would share them.
  const seen = new Set<string>();
  for (const r of releases) {
    if (seen.has(r.version)) {
      const last = r === releases[releases.length - 1];
      problems.add({
        code: 'openapi-release',
        message: last
          ? `openapi.releases lists ${r.version}, the version of the current spec (${settings.spec})`
          : `openapi.releases lists version ${r.version} twice`,
        file: config.configFile,
        hint: last ? "Give the current spec's info.version the new release's number." : 'List each earlier release once, oldest first.',
      });
      return undefined;
    }
    seen.add(r.version);
  }
  return new ReleasedReference(config, releases);
}

class ReleasedReference implements ApiReference {
  readonly files: string[];
  validation?: Promise<SiteProblem[]>;
  private steps: ReleaseStep[];
  private current: Release;
  private older: Release[];
  private changelogPath: string;
  /** What each release did to its operations, by the release's version. */
  private since = new Map<string, Map<string, 'added' | 'changed'>>();

  constructor(
    private config: SiteConfig,
    releases: Release[],
  ) {
    this.current = releases[releases.length - 1];
    this.older = releases.slice(0, -1);
    this.files = [...new Set(releases.flatMap((r) => r.reference.files))];
    const pending = releases.map((r) => r.reference.validation).filter((v) => v !== undefined);
    if (pending.length) this.validation = Promise.all(pending).then((lists) => lists.flat());
    this.steps = releaseSteps(releases);
    for (const step of this.steps) this.since.set(step.release.version, sinceOf(step));
    this.changelogPath = `${config.openapi!.routeBase.replace(/\/$/, '')}/changelog`;
  }

  forLocale(locale: string, prefix: string) {
    const strings = getStrings(locale);
    const a = strings.api;
    const loc = (p: string) => localizePath(p, prefix);
    const main = this.current.reference.forLocale(locale, prefix);
    this.markSince(main.routes, this.current, prefix, strings);
    const label = textFor(this.config.openapi!.label, locale, this.config.defaultLocale) || a.changelog;
    const routes: Route[] = [
      ...main.routes,
      {
        path: loc(this.changelogPath),
        locale,
        kind: 'api-tag',
        key: 'api:changelog',
        title: a.changelog,
        description: a.changelogIntro,
        sourceFile: this.current.reference.specSource.rootFile,
        sidebarId: main.sidebarId,
        data: { api: 'changelog' },
      },
    ];
    const releaseLinks: SidebarItem[] = this.older
      .map((r) => ({ type: 'link' as const, label: a.releaseReference(r.version), href: loc(r.reference.rootPath) }))
      .reverse();
    const sidebar: SidebarItem[] = [
      main.sidebar[0],
      { type: 'link', label: a.changelog, href: loc(this.changelogPath) },
      ...main.sidebar.slice(1),
      { type: 'category', label: a.releases, collapsed: true, items: releaseLinks },
    ];
    const otherSidebars = this.older.map((release) => {
      const ref = release.reference.forLocale(locale, prefix);
      this.markSince(ref.routes, release, prefix, strings);
      for (const route of ref.routes) {
        route.data = { ...route.data, release: release.version };
        // The current reference is the one to find: an earlier release's pages stay out of search and the sitemap.
        route.noindex = true;
        if (route.path === loc(release.reference.rootPath)) route.title = `${label} ${release.version}`;
      }
      routes.push(...ref.routes);
      const own: SidebarItem[] = [{ type: 'link', label: `${label} ${release.version}`, href: loc(release.reference.rootPath) }, ...ref.sidebar.slice(1)];
      own.push(
        { type: 'link', label: a.changelog, href: loc(this.changelogPath) },
        { type: 'link', label: a.releaseReference(this.current.version), href: loc(this.current.reference.rootPath) },
      );
      return { sidebarId: ref.sidebarId, sidebar: own };
    });
    return { routes, sidebarId: main.sidebarId, sidebar, otherSidebars };
  }

  private markSince(routes: Route[], release: Release, prefix: string, strings: Strings): void {
    const since = this.since.get(release.version);
    if (since) markSince(routes, since, release.version, localizePath(this.changelogPath, prefix), strings);
  }

  renderContent(route: Route, strings: Strings): PageContent {
    const data = route.data ?? {};
    if (data.api === 'changelog') return this.changelog(route.locale, strings);
    const a = strings.api;
    const prefix = localPrefix(this.config, route.locale);
    const release = data.release === undefined ? undefined : this.older.find((r) => r.version === data.release);
    if (!release) {
      const content = this.current.reference.renderContent(route, strings);
      if (data.api !== 'root') return content;
      // The landing page says which release it documents and leads to the changelog.
      return withLead(content, this.config, prefix, a.changelogLead(this.current.version), a.changelogLink, this.changelogPath, this.current);
    }
    // An earlier release's pages say so, and lead to the current release's landing page.
    const content = release.reference.renderContent(route, strings);
    return withLead(
      content,
      this.config,
      prefix,
      a.releaseNotice(release.version),
      a.currentRelease(this.current.version),
      this.current.reference.rootPath,
      this.current,
    );
  }

  private changelog(locale: string, strings: Strings): PageContent {
    return this.current.reference.renderWith(locale, strings, (view) => renderChangelog(view, this.steps));
  }

  siteFiles(locales: string[]): { file: string; text: string }[] {
    const site = this.config.url.replace(/\/$/, '') + this.config.basePath.replace(/\/$/, '');
    return locales.map((code) => {
      const strings = getStrings(code);
      const prefix = localPrefix(this.config, code);
      const pagePath = localizePath(this.changelogPath, prefix);
      const text = changelogAtom(this.changelog(code, strings), this.steps, {
        pageUrl: site + pagePath,
        siteUrl: this.config.url.replace(/\/$/, ''),
        title: `${this.config.title}: ${strings.api.changelog}`,
        locale: code,
        releaseTitle: (version) => strings.api.releaseReference(version),
      });
      return { file: `${pagePath.replace(/^\//, '')}/atom.xml`, text };
    });
  }
}

/** Puts "Added in 2.0.0" or "Changed in 2.0.0" on the operation pages of a release, linking its entry in the changelog at `changelog`. */
export function markSince(routes: Route[], since: Map<string, 'added' | 'changed'>, version: string, changelog: string, strings: Strings): void {
  for (const route of routes) {
    if (route.kind !== 'api-operation') continue;
    const kind = since.get(String(route.data?.key));
    if (!kind) continue;
    const props = (route.data?.props ?? {}) as Record<string, unknown>;
    const label = kind === 'added' ? strings.api.addedIn(version) : strings.api.changedIn(version);
    route.data = { ...route.data, props: { ...props, since: { kind, label, href: `${changelog}#${releaseAnchor(version)}` } } };
  }
}

/** The page with a short note first: a sentence and a link (checked like the page's own). */
export function withLead(content: PageContent, config: SiteConfig, prefix: string, text: string, linkText: string, to: string, current: Release): PageContent {
  const target = localizePath(to, prefix);
  const url = withBase(config.basePath, target);
  const html = `<p class="api-release-note">${escapeHtml(text)} <a href="${escapeHtml(url)}">${escapeHtml(linkText)}</a></p>\n`;
  const md = `${mdText(text)} ${mdLink(mdText(linkText), config.url.replace(/\/$/, '') + url)}`;
  const parts = pagePartsOf(content);
  const result: PageContent = {
    ...content,
    html: html + content.html,
    links: [...content.links, { target, file: current.reference.specSource.rootFile, line: 1, raw: to }],
    blocks: [{ level: 0, text: `${text} ${linkText}` }, ...content.blocks],
  };
  if (parts) setPageParts(result, { html: [html, ...parts.html], md: [md, ...parts.md] });
  return result;
}
