// What templates may import from the client runtime ('docsgen/client').
import type { SidebarItem } from '../types.ts';

export { useRouter } from './context.ts';
export { canPrefetch } from './links.ts';

const sidebarCache = new Map<string, Promise<SidebarItem[]>>();

/** The full sidebar tree (shared JSON per locale), for expanding categories sent collapsed. */
export function loadSidebar(url: string): Promise<SidebarItem[]> {
  let p = sidebarCache.get(url);
  if (!p) {
    p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    });
    p.catch(() => sidebarCache.delete(url));
    sidebarCache.set(url, p);
  }
  return p;
}
