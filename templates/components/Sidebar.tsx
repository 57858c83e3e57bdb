// The docs or API sidebar. Categories on the way to the current page arrive expanded (a long one
// in part); the others arrive empty. A top-level category's items load from its own JSON file
// when the reader opens it or asks for the part left out. The layout stays
// mounted across client-side navigation, so the sidebar keeps its own scroll position; the active
// item is scrolled into view only when it is outside the visible part of the sidebar.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ClientSiteData, PageData, SidebarItem } from 'docsgen/shared/types';
import { loadSidebar, sharedParts } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';
import { useHref } from '../hooks.ts';

/**
 * `revealActive`: scroll the active item into view. Not in the mobile drawer, which scrolls as a
 * whole: it opens at its top, on the site's sections, with the path to the page already open.
 */
export function Sidebar({ page, idSuffix = 'main', revealActive = true }: { page: PageData; site: ClientSiteData; idSuffix?: string; revealActive?: boolean }) {
  const sidebar = page.sidebar!;
  const strings = getStrings(page.locale);
  const href = useHref();
  const navRef = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState<Record<string, SidebarItem[]>>({});
  const [expanded, setExpanded] = useState<Set<string>>(() => initialKeys(sidebar.items));

  // Navigating keeps what the reader opened and also opens the path to the new page.
  useEffect(() => {
    setExpanded((prev) => new Set([...prev, ...openKeys(sidebar.items)]));
  }, [page.path]); // eslint-disable-line react-hooks/exhaustive-deps

  // After each navigation (and on first load), once the active item is rendered: show it.
  const revealFor = useRef<string | null>(revealActive ? page.path : null);
  useEffect(() => {
    if (revealActive) revealFor.current = page.path;
  }, [page.path, revealActive]);
  useEffect(() => {
    if (revealFor.current !== page.path) return;
    const active = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!active) return;
    revealFor.current = null;
    revealInScroller(active);
  });

  const items = withLoaded(sidebar.items, loaded);

  const load = (src: string | undefined) => {
    if (!src || loaded[src]) return;
    loadSidebar(src).then(
      (list) => setLoaded((prev) => ({ ...prev, [src]: list })),
      () => {},
    );
  };

  const toggle = (key: string, src: string | undefined) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
    load(src);
  };

  const label = /api/i.test(sidebar.id) ? strings.apiSidebar : strings.docsSidebar;
  const list = (activePath: string | undefined, onToggle: typeof toggle, onLoad: typeof load) =>
    renderList(items, '', '', { activePath, expanded, idSuffix, href, strings, toggle: onToggle, load: onLoad });
  // On the server, the pages of a category share one tree: its list is rendered once and each
  // page only marks its own link.
  const parts = sharedParts.current;
  if (parts && items === sidebar.items) {
    const name = `${idSuffix}:${page.locale}`;
    const html = parts.get(sidebar.items, name);
    if (html !== undefined)
      return <nav className="sidebar" aria-label={label} ref={navRef} dangerouslySetInnerHTML={{ __html: markActive(html, href(page.path)) }} />;
    parts.request(
      sidebar.items,
      name,
      <>
        {list(
          undefined,
          () => {},
          () => {},
        )}
      </>,
    );
  }
  return (
    <nav className="sidebar" aria-label={label} ref={navRef}>
      {list(page.path, toggle, load)}
    </nav>
  );
}

interface ListOptions {
  activePath: string | undefined;
  expanded: Set<string>;
  idSuffix: string;
  href: (path: string) => string;
  strings: ReturnType<typeof getStrings>;
  toggle: (key: string, src: string | undefined) => void;
  /** Loads a top-level category's items in place of the part sent with the page. */
  load: (src: string | undefined) => void;
  /** The JSON of the top-level category the list is in. */
  src?: string;
}

/** The page's tree with each top-level category loaded so far in full (the same array when none is). */
function withLoaded(items: SidebarItem[], loaded: Record<string, SidebarItem[]>): SidebarItem[] {
  if (!items.some((i) => i.type === 'category' && i.src && loaded[i.src])) return items;
  return items.map((i) => (i.type === 'category' && i.src && loaded[i.src] ? { ...i, items: loaded[i.src], gaps: undefined, lazy: undefined } : i));
}

/** `at`: the list's place in the tree, the indexes down to it ('' for the top), which makes each category's id unique. */
function renderList(list: SidebarItem[], parent: string, at: string, o: ListOptions, gaps?: [number, number][]): ReactNode {
  // Where a long category was cut (see OpenPaths in src/render/pageData.ts): a button that loads the rest.
  const gap = (at: number) => {
    const count = gaps?.find(([index]) => index === at)?.[1];
    if (!count) return null;
    return (
      <li key={`gap-${at}`} className="sidebar-gap">
        <button type="button" className="sidebar-link sidebar-gap-button" onClick={() => o.load(o.src)}>
          {o.strings.sidebarGap(count)}
        </button>
      </li>
    );
  };
  return (
    <ul className={at ? 'sidebar-sublist' : 'sidebar-list'}>
      {list.map((item, i) => [gap(i), renderItem(item, i, parent, at, o)])}
      {gap(list.length)}
    </ul>
  );
}

function renderItem(item: SidebarItem, i: number, parent: string, at: string, o: ListOptions): ReactNode {
  // A page's sidebar has dozens of links: theirs is the plain markup (`.sidebar li > a` in
  // layout.css), without a class that every one would repeat.
  if (item.type === 'link') {
    const active = item.href === o.activePath;
    return (
      <li key={item.href} className={item.className || undefined}>
        <a className={active ? 'active' : undefined} href={o.href(item.href)} aria-current={active ? 'page' : undefined}>
          {item.method && <span className={`method-badge method-${item.method.toLowerCase()}`}>{methodLabel(item.method)}</span>}
          <span className={item.deprecated ? 'deprecated' : undefined}>{item.label}</span>
        </a>
      </li>
    );
  }
  const key = `${parent}/${item.label}`;
  const open = o.expanded.has(key);
  const here = at ? `${at}-${i}` : String(i);
  const id = `sidebar-${o.idSuffix}-${here}`;
  const active = item.href === o.activePath;
  const src = item.src ?? o.src;
  const onToggle = () => o.toggle(key, item.lazy ? src : undefined);
  return (
    <li key={key} className={`sidebar-category${open ? ' open' : ''}`}>
      {/* A category with a page: its link and a toggle side by side. Without: the toggle is the row. */}
      {item.href ? (
        <div className="sidebar-category-row">
          <a className={`sidebar-link sidebar-category-link${active ? ' active' : ''}`} href={o.href(item.href)} aria-current={active ? 'page' : undefined}>
            {item.label}
          </a>
          <button
            type="button"
            className="sidebar-toggle"
            aria-expanded={open}
            aria-controls={open ? id : undefined}
            aria-label={`${open ? o.strings.collapseCategory : o.strings.expandCategory}: ${item.label}`}
            onClick={onToggle}
          />
        </div>
      ) : (
        <button type="button" className="sidebar-link sidebar-category-button" aria-expanded={open} aria-controls={open ? id : undefined} onClick={onToggle}>
          {item.label}
        </button>
      )}
      {/* Nothing for a closed category: an API sidebar has a hundred of them on every page. */}
      {open && <div id={id}>{item.items.length > 0 && renderList(item.items, key, here, { ...o, src }, item.gaps)}</div>}
    </li>
  );
}

/**
 * A list rendered with no active link, with `href`'s links marked as renderList marks the
 * active one (React writes attributes in the order of the JSX above, escaped as below).
 */
function markActive(html: string, href: string): string {
  const at = href.replace(/[&<>"']/g, (c) => ESCAPES[c]);
  return html
    .replaceAll(`<a href="${at}">`, `<a class="active" href="${at}" aria-current="page">`)
    .replaceAll(
      `<a class="sidebar-link sidebar-category-link" href="${at}">`,
      `<a class="sidebar-link sidebar-category-link active" href="${at}" aria-current="page">`,
    );
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Scrolls the nearest scrolling ancestor just enough to show `el`, never the window. */
function revealInScroller(el: HTMLElement) {
  let scroller = el.parentElement;
  while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
  if (!scroller || scroller === document.body || scroller === document.documentElement) return;
  const box = scroller.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top >= box.top && r.bottom <= box.bottom) return;
  scroller.scrollTop += r.top - box.top - (box.height - r.height) / 2;
}

// Pages under the same category share one (never changed) sidebar tree, built by the page data
// stage: the server renders thousands of them, so their open keys are computed once per tree.
// The set is never changed either (toggles make a new one), and goes with its tree.
const keysByTree = new WeakMap<SidebarItem[], Set<string>>();
function initialKeys(items: SidebarItem[]): Set<string> {
  let keys = keysByTree.get(items);
  if (!keys) keysByTree.set(items, (keys = openKeys(items)));
  return keys;
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
