// The tags' pages and the API sidebar's part for them: under x-tagGroups' headings when the spec
// has them (in the groups' order, then the tags no group names), a large tag's resource groups
// (see splitByResource) as categories of their own under the tag. Groups are sent collapsed but
// on the way to the page shown (every page carries its sidebar); the landing opens them all.
import type { Route, SidebarItem } from '../types.ts';
import { summaryText } from './render/context.ts';
import type { ApiModel, ApiTag } from './model/model.ts';
import { fallbackTitle } from './model/slug.ts';

export interface TagPaths {
  sidebarId: string;
  sourceFile: string;
  tagPath: (name: string) => string | undefined;
  operationPath: (key: string) => string | undefined;
  /** A path as the locale shows it. */
  loc: (path: string) => string;
  /** The heading of the tags no group names, when there are many. */
  resourcesLabel: string;
}

/**
 * Tags outside any group past which they go under one heading: a long list inside a category
 * is sent in part with each page (see OpenPaths in src/render/pageData.ts), a top-level one whole.
 */
const FLAT_TAGS_MAX = 40;

export function tagRoutes(model: ApiModel, locale: string, p: TagPaths): { routes: Route[]; sidebar: SidebarItem[] } {
  const routes: Route[] = [];
  const category = (tag: ApiTag): SidebarItem[] => {
    const path = p.tagPath(tag.name);
    if (!path) return [];
    routes.push({
      path: p.loc(path),
      locale,
      kind: 'api-tag',
      key: `api:tag:${path}`,
      title: tag.label,
      description: tag.description ? summaryText(tag.description, 160) : undefined,
      sourceFile: tag.node?.file ?? p.sourceFile,
      sidebarId: p.sidebarId,
      data: { api: 'tag', name: tag.name },
    });
    const items = tag.groups
      ? tag.groups.flatMap(category)
      : tag.operations.flatMap((op) => {
          const o = p.operationPath(op.key);
          return o
            ? [{ type: 'link' as const, label: op.summary ?? fallbackTitle(op), href: p.loc(o), method: op.method, deprecated: op.deprecated || undefined }]
            : [];
        });
    return [{ type: 'category', label: tag.label, href: p.loc(path), collapsed: true, items }];
  };
  const byName = new Map(model.tags.map((t) => [t.name, t]));
  const listed = new Set<string>();
  const sidebar: SidebarItem[] = [];
  for (const g of model.tagGroups) {
    // A tag in two groups is shown under the first.
    const tags = g.tags.flatMap((n) => (byName.has(n) && !listed.has(n) ? [byName.get(n)!] : []));
    tags.forEach((t) => listed.add(t.name));
    const items = tags.flatMap(category);
    if (items.length) sidebar.push({ type: 'category', label: g.name, collapsed: true, items });
  }
  const rest = model.tags.filter((t) => !listed.has(t.name)).flatMap(category);
  if (rest.length > FLAT_TAGS_MAX) sidebar.push({ type: 'category', label: p.resourcesLabel, collapsed: true, items: rest });
  else sidebar.push(...rest);
  return { routes, sidebar };
}
