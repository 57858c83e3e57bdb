// The navigation drawer under 996 px: the navbar links, the docs versions (when the site has
// them) and the current sidebar, in a modal dialog
// rendered into <body>. While it is open the page behind is inert; Tab stays inside; Escape, the
// close button and a click on the backdrop close it and give focus back to the menu button.
// Following a link closes it too, and then the router moves focus to the new page's heading.
import { useEffect, useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { ROOT_ELEMENT_ID } from 'docsgen/shared/page';
import { useHref } from '../hooks.ts';
import { Sidebar } from './Sidebar.tsx';
import { isActive } from './navLinks.ts';
import { CloseIcon } from './icons.tsx';
import { ConfigLink } from './ConfigLink.tsx';
import { DrawerVersions } from './VersionMenu.tsx';

const DESKTOP = '(min-width: 996px)';
const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

export function MobileDrawer({ page, site, onClose }: { page: PageData; site: ClientSiteData; onClose: () => void }) {
  const strings = getStrings(page.locale);
  const href = useHref();
  const ref = useRef<HTMLDivElement>(null);
  const restoreFocus = useRef(true);
  const openedOn = useRef(page.path);
  const nav = site.navbar[page.locale] ?? site.navbar[site.defaultLocale];

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const panel = ref.current!;
    const root = document.getElementById(ROOT_ELEMENT_ID);
    root?.setAttribute('inert', '');
    document.documentElement.classList.add('drawer-open');
    panel.querySelector<HTMLElement>('.drawer-close')?.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'Tab') {
        const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    const desktop = window.matchMedia(DESKTOP);
    const onResize = () => desktop.matches && onClose();
    document.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onResize);
      root?.removeAttribute('inert');
      document.documentElement.classList.remove('drawer-open');
      if (restoreFocus.current) opener?.focus?.();
    };
  }, [onClose]);

  // Navigated by other means (back button): close without pulling focus back to the menu.
  useEffect(() => {
    if (page.path !== openedOn.current) {
      restoreFocus.current = false;
      onClose();
    }
  }, [page.path, onClose]);

  const onClick = (e: ReactMouseEvent) => {
    if (e.target === e.currentTarget) return onClose();
    const a = (e.target as Element).closest('a[href]');
    if (a && !e.defaultPrevented && !e.metaKey && !e.ctrlKey && !e.shiftKey) {
      restoreFocus.current = false;
      onClose();
    }
  };

  return createPortal(
    <div className="drawer-backdrop" onClick={onClick}>
      <div
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-label={strings.navigationMenu}
        ref={ref}
        lang={site.locales.find((l) => l.code === page.locale)?.htmlLang}
      >
        <div className="drawer-header">
          <span className="drawer-title">{site.title}</span>
          <button type="button" className="drawer-close icon-button" aria-label={strings.closeMenu} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={strings.navigationMenu}>
          <ul className="drawer-links">
            {nav.items.map((item) => (
              <li key={item.href}>
                <ConfigLink item={item} href={href} current={isActive(item, page) && !item.items?.some((sub) => sub.href === page.path)} />
                {item.items?.length ? (
                  <ul className="drawer-sublinks">
                    {item.items.map((sub) => (
                      <li key={sub.href}>
                        <ConfigLink item={sub} href={href} current={!sub.external && sub.href === page.path} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        {__SITE_HAS_VERSIONS__ && <DrawerVersions page={page} site={site} />}
        {page.sidebar && (
          <div className="drawer-sidebar">
            <Sidebar page={page} site={site} idSuffix="drawer" revealActive={false} />
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
