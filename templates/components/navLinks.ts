import type { NavLinkConfig, PageData, SidebarItem } from 'docsgen/shared/types';

/**
 * A section link is current on its own page, on every page that shares its sidebar (the Docs
 * link on all tutorials, the API link on all operations) and on pages below its path (/blog/...).
 */
export function isActive(item: NavLinkConfig, page: PageData): boolean {
  if (item.external) return false;
  const target = item.href;
  if (page.path === target) return true;
  if (/^(\/[a-z]{2})?\/?$/.test(target)) return false;
  if (page.sidebar && sidebarHas(page.sidebar.items, target)) return true;
  return page.path.startsWith(target + '/');
}

function sidebarHas(items: SidebarItem[], href: string): boolean {
  return items.some((i) => i.href === href || (i.type === 'category' && sidebarHas(i.items, href)));
}
