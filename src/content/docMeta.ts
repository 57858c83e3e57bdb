// What a doc's front matter changes besides the doc itself: unlisted docs leave the sidebars,
// sidebar_class_name goes on the doc's sidebar item, and pagination_next/_prev and
// pagination_label replace the previous/next links the sidebar order gives ("Edit this page" is
// editUrl.ts's). Ids are Docusaurus's: the path under docs/ without extension, with or without
// number prefixes, or the folder with the front matter "id".
import fs from 'node:fs';
import type { PageLink, Route, SidebarItem } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { stripNumberPrefix } from './sourceFiles.ts';

interface DocFrontMatter {
  id?: string;
  unlisted?: boolean;
  sidebar_class_name?: string;
  pagination_next?: string | null;
  pagination_prev?: string | null;
  pagination_label?: string;
}

const fmOf = (route: Route) => (route.frontMatter ?? {}) as DocFrontMatter;

/** Every id a doc answers to (see the file comment). */
export function docIds(doc: Route): string[] {
  const id = String(doc.data?.id ?? '');
  const stripped = id.split('/').map(stripNumberPrefix).join('/');
  const ids = [id, stripped];
  const own = fmOf(doc).id;
  if (own) ids.push([...stripped.split('/').slice(0, -1), own].join('/'));
  return ids;
}

/** Removes unlisted docs from the sidebars and gives items their doc's sidebar_class_name. */
export function applySidebarFrontMatter(sidebars: Map<string, SidebarItem[]>, docs: Route[]): void {
  const byPath = new Map(docs.map((d) => [d.path, fmOf(d)]));
  if (![...byPath.values()].some((fm) => fm.unlisted || fm.sidebar_class_name)) return;
  const visit = (items: SidebarItem[]): SidebarItem[] =>
    items.flatMap((item): SidebarItem[] => {
      if (item.type === 'category') return [{ ...item, items: visit(item.items) }];
      const fm = byPath.get(item.href);
      if (fm?.unlisted) return [];
      return [fm?.sidebar_class_name ? { ...item, className: fm.sidebar_class_name } : item];
    });
  for (const [id, items] of sidebars) sidebars.set(id, visit(items));
}

/** pagination_next / pagination_prev (a doc id, or null for none) and pagination_label, over the sidebar's order. */
export function applyPaginationFrontMatter(
  routes: Route[],
  nav: Map<string, { breadcrumbs: PageLink[]; prev?: PageLink; next?: PageLink }>,
  problems: ProblemList,
): void {
  const docs = routes.filter((r) => r.kind === 'doc');
  const labelled = new Map(docs.filter((d) => fmOf(d).pagination_label).map((d) => [d.path, fmOf(d).pagination_label!]));
  for (const entry of nav.values()) {
    for (const side of ['prev', 'next'] as const) {
      const label = entry[side] && labelled.get(entry[side].href);
      if (label) entry[side] = { ...entry[side]!, title: label };
    }
  }
  const paginated = docs.filter((d) => fmOf(d).pagination_next !== undefined || fmOf(d).pagination_prev !== undefined);
  if (!paginated.length) return;
  const byId = new Map<string, Route>();
  for (const doc of docs) for (const id of docIds(doc)) if (!byId.has(`${doc.locale}:${id}`)) byId.set(`${doc.locale}:${id}`, doc);
  for (const doc of paginated) {
    const fm = fmOf(doc);
    for (const [key, side] of [
      ['pagination_next', 'next'],
      ['pagination_prev', 'prev'],
    ] as const) {
      const value = fm[key];
      if (value === undefined) continue;
      const entry = nav.get(doc.path) ?? { breadcrumbs: [] };
      nav.set(doc.path, entry);
      if (value === null) {
        entry[side] = undefined;
        continue;
      }
      const target = byId.get(`${doc.locale}:${value.replace(/\.mdx?$/, '')}`);
      if (target) entry[side] = { title: fmOf(target).pagination_label ?? target.title, href: target.path };
      else {
        problems.add({
          code: 'front-matter-invalid',
          message: `${key} "${value}" names no doc`,
          file: doc.sourceFile,
          line: lineOfFrontMatterKey(doc.sourceFile, key),
          hint: 'Give the id of a doc: its path under docs/ without ".md" (number prefixes may be left out), or null for no link.',
        });
      }
    }
  }
}

function lineOfFrontMatterKey(file: string | undefined, key: string): number | undefined {
  if (!file) return undefined;
  const at = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.startsWith(`${key}:`));
  return at >= 0 ? at + 1 : undefined;
}
