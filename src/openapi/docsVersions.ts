// The API reference of each docs version. A released docs version with a snapshot of the spec
// (versioned_openapi/version-<name>/, written by `docsgen version`) has the reference of that
// snapshot, and the current docs that of the current spec, each placed as its version's docs are:
// the API's route below the version's docs base (/docs/1.0/api/... beside /docs/1.0/intro), the
// last version's at the API's own route. The versions are the API's releases in version order,
// as openapi.releases are on a site without versions: each version's changelog compares every
// release up to it with the one before, and its operation pages say what that version did to them.
import fs from 'node:fs';
import path from 'node:path';
import type { DocsVersion, PageContent, Route, SidebarItem, SiteConfig } from '../types.ts';
import type { ApiReference } from '../types.ts';
import type { ProblemList, SiteProblem } from '../errors.ts';
import { CURRENT_VERSION } from '../config/versions.ts';
import { versionedOpenapiDir } from '../config/snapshotVersion.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { getStrings, type Strings } from '../shared/i18n/index.ts';
import { localizePath } from '../shared/paths.ts';
import type { LoadOptions } from './types.ts';
import { buildApiReference } from './loadReference.ts';
import { releaseSteps, sinceOf, type Release, type ReleaseStep } from './changelog/history.ts';
import { renderChangelog } from './changelog/page.ts';
import { changelogAtom } from './changelog/feed.ts';
import { markSince, withLead } from './releases.ts';

/** The docs versions being built that have an API: the current docs (the current spec) and each released one with a snapshot. */
export function versionsWithApi(config: SiteConfig): DocsVersion[] {
  if (!config.openapi || !config.versions) return [];
  return config.versions.filter((v) => v.name === CURRENT_VERSION || fs.existsSync(versionedOpenapiDir(config.root, v.name)));
}

/**
 * Whether the site's API follows its docs versions: it has docs versions, and one of them a
 * snapshot of the spec, or no list of releases of its own (the current spec is the current docs').
 */
export function hasApiVersions(config: SiteConfig): boolean {
  const withApi = versionsWithApi(config);
  return withApi.some((v) => v.name !== CURRENT_VERSION) || (withApi.length > 0 && !config.openapi!.releases.length);
}

/**
 * Where a version's API is: the API's route with the version's path after the docs' base when
 * the API is below the docs (/docs/api → /docs/1.0/api), else after the API's route (/api/1.0).
 */
export function versionApiBase(config: SiteConfig, version: DocsVersion): string {
  const base = config.openapi!.routeBase.replace(/\/$/, '');
  if (!version.path) return base;
  const docs = `/${config.docs.routeBasePath}`.replace(/\/$/, '');
  return base.startsWith(`${docs}/`) ? `${docs}/${version.path}${base.slice(docs.length)}` : `${base}/${version.path}`;
}

/** A released version's spec and overlays, where `docsgen version` copied them (the spec's folder, or the files themselves). */
function snapshotFiles(config: SiteConfig, name: string): { spec: string; overlays: Record<string, string> } {
  const settings = config.openapi!;
  const dir = versionedOpenapiDir(config.root, name);
  const specDir = path.dirname(path.resolve(config.root, settings.spec));
  const inSnapshot = (file: string) => {
    const abs = path.resolve(config.root, file);
    if (specDir === config.root) return path.join(dir, path.basename(abs));
    const rel = path.relative(specDir, abs);
    return rel.startsWith('..') ? abs : path.join(dir, rel);
  };
  const overlays = Object.fromEntries(Object.entries(settings.overlays).map(([locale, file]) => [locale, inSnapshot(file)]));
  return { spec: inSnapshot(settings.spec), overlays };
}

interface VersionRelease extends Release {
  docs: DocsVersion;
  /** The version's API route (unprefixed). */
  base: string;
}

export async function buildVersionedReference(config: SiteConfig, problems: ProblemList, options: LoadOptions = {}): Promise<ApiReference | undefined> {
  const settings = config.openapi!;
  if (settings.releases.length) {
    problems.add({
      code: 'openapi-release',
      message: "openapi.releases is for a site without docs versions: this site's API releases are its docs versions' snapshots of the spec",
      file: config.configFile,
      hint: 'Remove openapi.releases; `docsgen version <name>` snapshots the spec with the docs.',
    });
    return undefined;
  }
  const releases: VersionRelease[] = [];
  // Oldest first, as releases are compared.
  for (const docs of versionsWithApi(config).reverse()) {
    const base = versionApiBase(config, docs);
    const files = docs.name === CURRENT_VERSION ? { spec: settings.spec, overlays: settings.overlays } : snapshotFiles(config, docs.name);
    const own = { ...config, openapi: { ...settings, ...files, routeBase: base } };
    // The last version's reference is where the API is on a site without versions (its landing a docs category page).
    const reference = await buildApiReference(own, problems, options, docs.isLast ? undefined : docs.name);
    if (!reference) return undefined;
    // Named by the spec's info.version, unless an earlier version's spec has the same one.
    const taken = !reference.version || releases.some((r) => r.version === reference.version);
    releases.push({ version: taken ? docs.label : reference.version, reference, docs, base });
  }
  return new VersionedReference(config, releases);
}

class VersionedReference implements ApiReference {
  readonly files: string[];
  validation?: Promise<SiteProblem[]>;
  private steps: ReleaseStep[];

  constructor(
    private config: SiteConfig,
    private releases: VersionRelease[],
  ) {
    this.files = [...new Set(releases.flatMap((r) => r.reference.files))];
    const pending = releases.map((r) => r.reference.validation).filter((v) => v !== undefined);
    if (pending.length) this.validation = Promise.all(pending).then((lists) => lists.flat());
    this.steps = releaseSteps(releases);
  }

  private changelogPath(release: VersionRelease): string {
    return `${release.base}/changelog`;
  }

  /** The changelog of a version: each release up to it, compared with the one before. */
  private stepsUpTo(release: VersionRelease): ReleaseStep[] {
    const at = this.releases.indexOf(release);
    return this.steps.filter((s) => this.releases.indexOf(s.release as VersionRelease) <= at);
  }

  forLocale(locale: string, prefix: string) {
    const strings = getStrings(locale);
    const loc = (p: string) => localizePath(p, prefix);
    // An API page's path in each version, by its path below its version's API route.
    const byPage = new Map<string, Record<string, string>>();
    const routes: Route[] = [];
    const sidebars = this.releases.map((release) => {
      const ref = release.reference.forLocale(locale, prefix);
      const changelog = loc(this.changelogPath(release));
      const step = this.steps.find((s) => s.release === release);
      if (step) markSince(ref.routes, sinceOf(step), release.version, changelog, strings);
      // The oldest version with an API has nothing to compare with: no changelog.
      const hasChangelog = this.stepsUpTo(release).length > 0;
      if (hasChangelog)
        ref.routes.push({
          path: changelog,
          locale,
          kind: 'api-tag',
          key: release.docs.isLast ? 'api:changelog' : `api:${release.docs.name}:changelog`,
          title: strings.api.changelog,
          description: strings.api.changelogIntro,
          sourceFile: release.reference.specSource.rootFile,
          sidebarId: ref.sidebarId,
          data: { api: 'changelog' },
        });
      const root = loc(release.reference.rootPath);
      for (const route of ref.routes) {
        const page = route.path === root ? '' : route.path.slice(loc(release.base).length);
        let same = byPage.get(page);
        if (!same) byPage.set(page, (same = {}));
        same[release.docs.name] = route.path;
        route.version = { name: release.docs.name, same };
        route.data = { ...route.data, docsVersion: release.docs.name };
      }
      routes.push(...ref.routes);
      const sidebar: SidebarItem[] = hasChangelog
        ? [ref.sidebar[0], { type: 'link', label: strings.api.changelog, href: changelog }, ...ref.sidebar.slice(1)]
        : ref.sidebar;
      return { sidebarId: ref.sidebarId, sidebar, last: release.docs.isLast };
    });
    const main = sidebars.find((s) => s.last) ?? sidebars[sidebars.length - 1];
    return { routes, sidebarId: main.sidebarId, sidebar: main.sidebar, otherSidebars: sidebars.filter((s) => s !== main) };
  }

  renderContent(route: Route, strings: Strings): PageContent {
    const data = route.data ?? {};
    const release = this.releases.find((r) => r.docs.name === data.docsVersion) ?? this.releases[this.releases.length - 1];
    if (data.api === 'changelog') return this.changelog(release, route.locale, strings);
    const content = release.reference.renderContent(route, strings);
    if (data.api !== 'root' || !this.stepsUpTo(release).length) return content;
    // The landing page says which release it documents and leads to its version's changelog.
    const prefix = localPrefix(this.config, route.locale);
    return withLead(content, this.config, prefix, strings.api.changelogLead(release.version), strings.api.changelogLink, this.changelogPath(release), release);
  }

  private changelog(release: VersionRelease, locale: string, strings: Strings): PageContent {
    return release.reference.renderWith(locale, strings, (view) => renderChangelog(view, this.stepsUpTo(release)));
  }

  siteFiles(locales: string[]): { file: string; text: string }[] {
    const site = this.config.url.replace(/\/$/, '') + this.config.basePath.replace(/\/$/, '');
    return this.releases.flatMap((release) =>
      (this.stepsUpTo(release).length ? locales : []).map((code) => {
        const strings = getStrings(code);
        const pagePath = localizePath(this.changelogPath(release), localPrefix(this.config, code));
        const text = changelogAtom(this.changelog(release, code, strings), this.stepsUpTo(release), {
          pageUrl: site + pagePath,
          siteUrl: this.config.url.replace(/\/$/, ''),
          title: `${this.config.title}: ${strings.api.changelog} (${release.docs.label})`,
          locale: code,
          releaseTitle: (version) => strings.api.releaseReference(version),
        });
        return { file: `${pagePath.replace(/^\//, '')}/atom.xml`, text };
      }),
    );
  }
}
