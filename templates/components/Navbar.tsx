// The top bar: product logo and title, the site's own sections (docs, API, blog), the marketing
// site's pages, search, language and colour mode, and the menu button that opens the drawer
// below 996 px.
import { useCallback, useEffect, useState } from 'react';
import type { ClientSiteData, NavLinkConfig, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { localizePath } from 'docsgen/shared/paths';
import { canPrefetch } from 'docsgen/client';
import { useHref } from '../hooks.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { VersionMenu } from './VersionMenu.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { preloadSearch, preloadStartScreen } from '../search/preload.ts';
import { SearchModalShell } from '../search/ModalShell.tsx';
import { isActive } from './navLinks.ts';
import { MenuIcon, SearchIcon } from './icons.tsx';
import { ConfigLink } from './ConfigLink.tsx';
import { NavDropdown } from './NavDropdown.tsx';
import { part } from './lazyPart.tsx';
import { sharedContent } from './sharedHtml.tsx';

// Neither dialog renders anything until it is opened, so their code is not part of the first
// visit: it loads on the first sign of intent (hover, focus, touch of the button) or on opening.
// The drawer opens once its code is there; the search modal shows its loading shell meanwhile.
// Not React.lazy and <Suspense>: React holds suspended content back for 300 ms after showing a
// fallback, and a first search would wait that long for the modal that shows its results.
const searchModal = part(() => import('../search/SearchModal.tsx').then((m) => m.default));
const drawer = part(() => import('./MobileDrawer.tsx').then((m) => m.MobileDrawer));
// Intent alone loads nothing on 2g or data-saver connections: the click does.
const preloadDrawer = () => canPrefetch() && void drawer.load().catch(() => {});

export function Navbar({ page, site }: { page: PageData; site: ClientSiteData }) {
  const strings = getStrings(page.locale);
  const nav = site.navbar[page.locale] ?? site.navbar[site.defaultLocale];
  const locale = site.locales.find((l) => l.code === page.locale) ?? site.locales[0];
  const href = useHref();
  const [searchOpen, setSearchOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState('');
  const [, setModalLoaded] = useState(false);
  const [mac, setMac] = useState(false);

  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)), []);
  useEffect(() => preloadStartScreen(site), [site]);

  // The downloads start in the event itself, not in an effect of the shell it renders: the
  // index is what a first search waits for, and an effect runs a frame or more later.
  const openSearch = () => {
    preloadSearch(site, page.locale);
    setSearchOpen(true);
  };
  const onSearchIntent = () => canPrefetch() && preloadSearch(site, page.locale);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      const editing = t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
      if ((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey) && !e.altKey) {
        e.preventDefault();
        if (searchOpen) setSearchOpen(false);
        else openSearch();
      } else if (e.key === '/' && !editing && !searchOpen && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        openSearch();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // openSearch reads only site and the page's locale: a navigation to the other language re-binds it.
  }, [searchOpen, site, page.locale]); // eslint-disable-line react-hooks/exhaustive-deps

  const closeSearch = useCallback(() => {
    setSearchOpen(false);
    setInitialQuery('');
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(() => {
    // A modal whose code cannot load (offline, or gone after a new deployment) closes; the next opening tries again.
    if (searchOpen && !searchModal.current) searchModal.load().then(() => setModalLoaded(true), closeSearch);
  }, [searchOpen, closeSearch]);
  const SearchModal = searchModal.current;

  const Drawer = drawer.current;
  const internal = nav.items.filter((i) => !i.external);
  const external = nav.items.filter((i) => i.external);
  const current = internal.map((item) => isActive(item, page));
  // The dropdown entry of the page itself, if any: part of what the shared HTML depends on.
  const currentSub = nav.items.map((item) => item.items?.findIndex((sub) => sub.href === page.path) ?? -1);
  const link = (item: NavLinkConfig, isCurrent?: boolean) =>
    item.items?.length ? <NavDropdown item={item} page={page} href={href} current={isCurrent} /> : <ConfigLink item={item} href={href} current={isCurrent} />;

  return (
    <header className="navbar">
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-menu-button icon-button"
          aria-label={strings.openMenu}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() =>
            drawer.load().then(
              () => setDrawerOpen(true),
              () => {},
            )
          }
          onPointerEnter={preloadDrawer}
          onFocus={preloadDrawer}
          onTouchStart={preloadDrawer}
        >
          <MenuIcon />
        </button>
        <a className="navbar-brand" href={href(localizePath('/', locale.prefix))}>
          {nav.logo && <img src={href(nav.logo.src)} alt="" width="28" height="28" />}
          <span className="navbar-title">{site.title}</span>
        </a>
        {/* The same on the pages of a section (the one link marked current): rendered once per section. */}
        <nav
          className="navbar-nav"
          aria-label={strings.mainNav}
          {...sharedContent(
            nav,
            `navbar:${page.locale}:${current.map(Number).join('')}:${currentSub.join(',')}`,
            <>
              <ul className="navbar-links">
                {internal.map((item, i) => (
                  <li key={item.href}>{link(item, current[i])}</li>
                ))}
              </ul>
              {external.length > 0 && (
                <ul className="navbar-links navbar-links-external">
                  {external.map((item) => (
                    <li key={item.href}>{link(item)}</li>
                  ))}
                </ul>
              )}
            </>,
          )}
        />
        <div className="navbar-tools">
          <button
            type="button"
            className="search-button"
            aria-haspopup="dialog"
            aria-keyshortcuts="Control+K Meta+K /"
            onClick={openSearch}
            onPointerEnter={onSearchIntent}
            onFocus={onSearchIntent}
            onTouchStart={onSearchIntent}
            onKeyDown={(e) => {
              // Typing on the focused button starts a search with that character.
              if (/^[\p{L}\p{N}]$/u.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
                // The character becomes the initial query; not typed again into the box that takes focus.
                e.preventDefault();
                setInitialQuery(e.key);
                openSearch();
              }
            }}
          >
            <SearchIcon />
            <span className="search-button-text">{strings.searchButton}</span>
            <kbd className="search-button-keys" aria-hidden="true">
              {mac ? '⌘ K' : 'Ctrl K'}
            </kbd>
          </button>
          {__SITE_HAS_VERSIONS__ && <VersionMenu page={page} site={site} />}
          <LanguageMenu page={page} site={site} />
          {site.colorMode.switch && (
            <ThemeToggle locale={page.locale} defaultMode={site.colorMode.default} followSystem={site.colorMode.respectPrefersColorScheme} />
          )}
        </div>
      </div>
      {drawerOpen && Drawer && <Drawer page={page} site={site} onClose={closeDrawer} />}
      {searchOpen &&
        (SearchModal ? (
          <SearchModal onClose={closeSearch} initialQuery={initialQuery} />
        ) : (
          <SearchModalShell site={site} locale={page.locale} initialQuery={initialQuery} onClose={closeSearch} />
        ))}
    </header>
  );
}
