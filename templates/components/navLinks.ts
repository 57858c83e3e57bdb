import type { NavLinkConfig, PageData, SidebarItem } from 'docsgen/shared/types';

/**
 * A section link is current on its own page, on every page that shares its sidebar (the Docs
 * link on all tutorials, the API link on all operations) and on pages below its path (/blog/...).
 */
export function isActive(item: NavLinkConfig, page: PageData): boolean {
  if (item.items?.some((sub) => !sub.external && sub.href === page.path)) return true;
  if (item.external) return false;
  const target = item.href;
  if (page.path === target) return true;
  if (/^(\/[a-z]{2})?\/?$/.test(target)) return false;
  if (page.sidebar && sidebarHas(page.sidebar.items, target)) return true;
  return page.path.startsWith(target + '/');
}

/** Every link of a sidebar tree, once per tree: the pages of a category share theirs (entries go with the tree). */
const sidebarLinks = new WeakMap<SidebarItem[], Set<string>>();

function sidebarHas(items: SidebarItem[], href: string): boolean {
  let links = sidebarLinks.get(items);
  if (!links) {
    links = new Set();
    const add = (list: SidebarItem[]) => {
      for (const i of list) {
        if (i.href) links!.add(i.href);
        if (i.type === 'category') add(i.items);
      }
    };
    add(items);
    sidebarLinks.set(items, links);
  }
  return links.has(href);
}
