// The top bar: product logo and title, navigation links, search, language, colour mode, and the
// menu button that opens the mobile drawer below 996 px.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { withBase, localizePath } from 'docsgen/shared/paths';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';

const SearchModal = lazy(() => import('../search/SearchModal.tsx'));

export function Navbar({ page, site }: { page: PageData; site: ClientSiteData }) {
  const strings = getStrings(page.locale);
  const nav = site.navbar[page.locale];
  const locale = site.locales.find((l) => l.code === page.locale) ?? site.locales[0];
  const [searchOpen, setSearchOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState('');
  const href = (h: string) => (/^[a-z]+:/i.test(h) ? h : withBase(site.basePath, h));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      const editing = t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
      if ((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        setSearchOpen((open) => !open);
      } else if (e.key === '/' && !editing && !searchOpen) {
        e.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchOpen]);

  useEffect(() => setDrawerOpen(false), [page.path]);

  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={strings.mainNav}>
        <button type="button" className="navbar-menu-button icon-button" aria-label={strings.openMenu} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
        <a className="navbar-brand" href={href(localizePath('/', locale.prefix))}>
          {nav.logo && <img src={href(nav.logo.src)} alt="" width="28" height="28" />}
          <span className="navbar-title">{site.title}</span>
        </a>
        <ul className="navbar-links">
          {nav.items.map((item) => (
            <li key={item.href}>
              <a href={href(item.href)} aria-current={isActive(item.href, page.path) ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="navbar-tools">
          <button
            type="button"
            className="search-button"
            aria-label={strings.searchLabel}
            aria-keyshortcuts="Control+K Meta+K /"
            onClick={() => setSearchOpen(true)}
            onKeyDown={(e) => {
              if (/^[\p{L}\p{N}]$/u.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
                setInitialQuery(e.key);
                setSearchOpen(true);
              }
            }}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
            <span className="search-button-text">{strings.searchButton}</span>
            <kbd className="search-button-keys">Ctrl K</kbd>
          </button>
          <LanguageMenu page={page} site={site} />
          {site.colorMode.switch && <ThemeToggle locale={page.locale} />}
        </div>
      </nav>
      {drawerOpen && <MobileDrawer page={page} site={site} onClose={() => setDrawerOpen(false)} />}
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchModal
            onClose={() => {
              setSearchOpen(false);
              setInitialQuery('');
            }}
            initialQuery={initialQuery}
          />
        </Suspense>
      )}
    </header>
  );
}

function isActive(itemHref: string, path: string): boolean {
  if (/^[a-z]+:/i.test(itemHref) || itemHref === '/' || /^\/[a-z]{2}$/.test(itemHref)) return false;
  return path === itemHref || path.startsWith(itemHref.replace(/\/[^/]*$/, '') + '/') && itemHref.split('/').length > 2 && path.startsWith(itemHref.split('/').slice(0, 3).join('/'));
}
