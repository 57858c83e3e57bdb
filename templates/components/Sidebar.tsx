// The docs or API sidebar. Categories on the way to the current page arrive expanded; the others
// arrive empty and their children load from the shared sidebar JSON when opened.
import { useEffect, useState } from 'react';
import type { ClientSiteData, PageData, SidebarItem } from 'docsgen/shared/types';
import { loadSidebar } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';
import { withBase } from 'docsgen/shared/paths';

export function Sidebar({ page, site, idSuffix = 'main' }: { page: PageData; site: ClientSiteData; idSuffix?: string }) {
  const sidebar = page.sidebar!;
  const strings = getStrings(page.locale);
  const [full, setFull] = useState<{ url: string; items: SidebarItem[] } | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => openKeys(sidebar.items));

  // Navigating keeps what the reader opened and also opens the path to the new page.
  useEffect(() => {
    setExpanded((prev) => new Set([...prev, ...openKeys(sidebar.items)]));
  }, [page.path]); // eslint-disable-line react-hooks/exhaustive-deps

  const items = full && full.url === sidebar.url ? full.items : sidebar.items;

  const toggle = (key: string, lazy: boolean) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
    if (lazy && !(full && full.url === sidebar.url)) {
      loadSidebar(sidebar.url).then((loaded) => setFull({ url: sidebar.url, items: loaded }), () => {});
    }
  };

  const render = (list: SidebarItem[], parent: string, depth: number) => (
    <ul className={depth === 0 ? 'sidebar-list' : 'sidebar-sublist'}>
      {list.map((item, i) => {
        if (item.type === 'link') {
          const active = item.href === page.path;
          return (
            <li key={item.href} className="sidebar-item">
              <a className={`sidebar-link${active ? ' active' : ''}`} href={withBase(site.basePath, item.href)} aria-current={active ? 'page' : undefined}>
                {item.method && <span className={`method-badge method-${item.method.toLowerCase()}`}>{methodLabel(item.method)}</span>}
                <span className={item.deprecated ? 'deprecated' : undefined}>{item.label}</span>
              </a>
            </li>
          );
        }
        const key = `${parent}/${item.label}`;
        const open = expanded.has(key);
        const id = `sidebar-${idSuffix}-${depth}-${i}`;
        const active = item.href === page.path;
        return (
          <li key={key} className="sidebar-item sidebar-category">
            <div className="sidebar-category-row">
              {item.href ? (
                <a className={`sidebar-link sidebar-category-link${active ? ' active' : ''}`} href={withBase(site.basePath, item.href)} aria-current={active ? 'page' : undefined}>
                  {item.label}
                </a>
              ) : (
                <span className="sidebar-category-label">{item.label}</span>
              )}
              <button
                type="button"
                className="sidebar-toggle"
                aria-expanded={open}
                aria-controls={id}
                aria-label={`${open ? strings.collapseCategory : strings.expandCategory}: ${item.label}`}
                onClick={() => toggle(key, Boolean(item.lazy))}
              >
                <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
              </button>
            </div>
            <div id={id} hidden={!open}>
              {open && item.items.length > 0 && render(item.items, key, depth + 1)}
            </div>
          </li>
        );
      })}
    </ul>
  );

  return (
    <nav className="sidebar" aria-label={strings.docsSidebar}>
      {render(items, '', 0)}
    </nav>
  );
}

function openKeys(items: SidebarItem[], parent = '', out = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.type !== 'category') continue;
    const key = `${parent}/${item.label}`;
    if (!item.collapsed) out.add(key);
    openKeys(item.items, key, out);
  }
  return out;
}

function methodLabel(method: string): string {
  const m = method.toUpperCase();
  return m === 'DELETE' ? 'DEL' : m;
}
