// A navbar link with a dropdown of more pages of its section (navbar.items[].items): the link
// itself, and a button beside it that opens the list (aria-expanded). A pointer opens it by
// hovering too (CSS); Escape closes it and gives focus back to the button, as do a click
// outside and Tab out of it.
import { useEffect, useRef, useState } from 'react';
import type { NavLinkConfig, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { ConfigLink } from './ConfigLink.tsx';
import { ChevronIcon } from './icons.tsx';

export function NavDropdown({ item, page, href, current }: { item: NavLinkConfig; page: PageData; href: (path: string) => string; current?: boolean }) {
  const [open, setOpen] = useState(false);
  // After a page is chosen the list closes even though the pointer is still over it.
  const [hoverOff, setHoverOff] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // Not useId: the navbar's links are rendered once for many pages (sharedHtml.tsx).
  const listId = `navbar-dropdown-${item.href.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;

  useEffect(() => setOpen(false), [page.path]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  return (
    <div
      className="navbar-dropdown"
      ref={ref}
      data-open={open || undefined}
      data-hover-off={hoverOff || undefined}
      onPointerLeave={() => setHoverOff(false)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.preventDefault();
        setOpen(false);
        ref.current?.querySelector('button')?.focus();
      }}
      onBlur={(e) => {
        if (open && e.relatedTarget && !ref.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <ConfigLink item={item} href={href} current={current} />
      <button
        type="button"
        className="navbar-dropdown-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={getStrings(page.locale).submenu(item.label)}
        onClick={() => setOpen(!open)}
      >
        <ChevronIcon className="navbar-dropdown-chevron" />
      </button>
      <ul
        className="navbar-dropdown-list"
        id={listId}
        onClick={(e) => {
          if ((e.target as Element).closest('a')) {
            setOpen(false);
            setHoverOff(true);
          }
        }}
      >
        {item.items!.map((sub) => (
          <li key={sub.href}>
            <ConfigLink item={sub} href={href} current={!sub.external && sub.href === page.path} />
          </li>
        ))}
      </ul>
    </div>
  );
}
