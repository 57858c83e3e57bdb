// The sidebar tree as a page embeds it: without what every item repeats (each item's "type",
// a category's "collapsed": true, a lazy category's empty "items"), which is most of an API
// page's sidebar data. A category is the item that has "items" or "lazy". The server writes this form; the browser reads it back with
// expandSidebarItems before anything renders. The sidebar JSON files keep the full form.
import type { SidebarItem } from '../types.ts';

type CompactItem = Record<string, unknown>;

export function compactSidebarItems(items: SidebarItem[]): CompactItem[] {
  return items.map((item) => {
    if (item.type === 'link') {
      const { type: _type, ...rest } = item;
      return rest;
    }
    const { type: _type, collapsed, items: children, ...rest } = item;
    return { ...rest, ...(!collapsed && { collapsed }), ...((children.length || !rest.lazy) && { items: compactSidebarItems(children) }) };
  });
}

/** The full tree back from the embedded form (typed as the page data is, which it replaces). */
export function expandSidebarItems(items: readonly object[]): SidebarItem[] {
  return (items as CompactItem[]).map((item) =>
    Array.isArray(item.items) || item.lazy
      ? ({ type: 'category', collapsed: true, ...item, items: expandSidebarItems((item.items as object[] | undefined) ?? []) } as SidebarItem)
      : ({ type: 'link', ...item } as SidebarItem),
  );
}

/**
 * What a <DocCardList /> without items lists on the page at `path`: the items of the category the
 * page is the index of, else of the one that lists it; the top level when none does.
 */
export function docCardItems(items: SidebarItem[], path: string): SidebarItem[] | undefined {
  for (const item of items) if (item.type === 'category' && item.href === path) return item.items;
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.items.some((i) => i.type === 'link' && i.href === path)) return item.items;
    const inner = docCardItems(item.items, path);
    if (inner) return inner;
  }
  return items.some((i) => i.type === 'link' && i.href === path) ? items : undefined;
}
