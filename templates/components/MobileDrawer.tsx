// The navigation drawer under 996 px: navbar links and the current sidebar. Traps focus, closes
// with Escape, the close button or a click on the backdrop, and gives focus back to the opener.
import { useEffect, useRef } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { withBase } from 'docsgen/shared/paths';
import { Sidebar } from './Sidebar.tsx';

export function MobileDrawer({ page, site, onClose }: { page: PageData; site: ClientSiteData; onClose: () => void }) {
  const strings = getStrings(page.locale);
  const ref = useRef<HTMLDivElement>(null);
  const nav = site.navbar[page.locale];

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const panel = ref.current!;
    panel.querySelector<HTMLElement>('button, a')?.focus();
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'Tab') {
        const items = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null);
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      opener?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="drawer-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="drawer" role="dialog" aria-modal="true" aria-label={strings.mainNav} ref={ref}>
        <div className="drawer-header">
          <span className="navbar-title">{site.title}</span>
          <button type="button" className="icon-button" aria-label={strings.closeMenu} onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" /></svg>
          </button>
        </div>
        <nav aria-label={strings.mainNav}>
          <ul className="drawer-links">
            {nav.items.map((item) => (
              <li key={item.href}>
                <a href={/^[a-z]+:/i.test(item.href) ? item.href : withBase(site.basePath, item.href)}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {page.sidebar && <Sidebar page={page} site={site} idSuffix="drawer" />}
      </div>
    </div>
  );
}
