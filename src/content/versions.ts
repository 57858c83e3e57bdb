// The docs of every version of one locale, as Docusaurus publishes them: the last version at the
// docs' base (/docs/intro), the current docs at /docs/next/intro, older versions at
// /docs/<name>/intro, each with its own sidebars and tag pages. A versioned page knows its version
// and the same page (same doc id) in every other version, for the version menu, the banner and
// the canonical URL.
import type { DocsVersion, SidebarItem, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { CURRENT_VERSION } from '../config/versions.ts';
import { collectDocs, type DocsResult } from './docs.ts';
import type { SourceReader } from './frontMatter.ts';
import { versionSection, type LocaleFile } from './sourceFiles.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { localizePath } from '../shared/paths.ts';
import { docsUrl } from '../shared/docUrls.ts';

/** A version and the path of its first page in each locale (the version menu's target when a page is not in it). */
export interface VersionEntry {
  version: DocsVersion;
  main: Record<string, string>;
}

export function collectVersionedDocs(
  config: SiteConfig,
  locale: string,
  files: Map<string, LocaleFile>,
  problems: ProblemList,
  readSource?: SourceReader,
  defaultFiles = files,
): DocsResult & { mains: Record<string, string> } {
  if (!config.versions) return { ...collectDocs(config, locale, files, problems, 'docs', readSource, defaultFiles), mains: {} };
  const result: DocsResult & { mains: Record<string, string> } = { routes: [], sidebars: new Map(), sidebarLinks: [], mains: {} };
  const byKey = new Map<string, Record<string, string>>();
  for (const version of config.versions) {
    const current = version.name === CURRENT_VERSION;
    const routeBasePath = [config.docs.routeBasePath, version.path].filter(Boolean).join('/');
    const own: SiteConfig = { ...config, docs: { ...config.docs, routeBasePath }, sidebars: current ? config.sidebars : version.sidebars };
    const docs = collectDocs(own, locale, files, problems, current ? 'docs' : versionSection(version.name), readSource, defaultFiles);
    // The last version keeps the plain keys and sidebar ids; the others' are told apart by name.
    const suffix = version.isLast ? '' : `@${version.name}`;
    for (const route of docs.routes) {
      let same = byKey.get(route.key);
      if (!same) byKey.set(route.key, (same = {}));
      same[version.name] ??= route.path;
      route.version = { name: version.name, same };
      route.key += suffix;
      if (route.sidebarId) route.sidebarId += suffix;
    }
    for (const [id, items] of docs.sidebars) result.sidebars.set(id + suffix, items);
    result.routes.push(...docs.routes);
    result.sidebarLinks.push(...docs.sidebarLinks);
    const main = mainDoc(docs, localizePath(docsUrl(own, ''), localPrefix(config, locale)));
    if (main) result.mains[version.name] = main;
  }
  return result;
}

/**
 * A version's first page, as Docusaurus's mainDocId: the doc at the version's base path, else
 * the first doc of its first sidebar, else its first doc.
 */
function mainDoc(docs: DocsResult, base: string): string | undefined {
  const list = docs.routes.filter((r) => r.kind === 'doc' && !r.noindex);
  if (list.some((r) => r.path === base)) return base;
  const first = (items: SidebarItem[]): string | undefined => {
    for (const item of items) {
      if (item.type === 'link' && list.some((r) => r.path === item.href)) return item.href;
      if (item.type === 'category') {
        if (item.href && list.some((r) => r.path === item.href)) return item.href;
        const inner = first(item.items);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  const [firstSidebar] = docs.sidebars.values();
  return (firstSidebar && first(firstSidebar)) ?? list[0]?.path;
}
