// A navbar link with a dropdown of more pages of its section (navbar.items[].items): the link
// itself, and a button beside it that opens the list (aria-expanded). A pointer opens it by
// hovering too (CSS); Escape closes it and gives focus back to the button, as do a click
// outside and Tab out of it.
import { useState } from 'react';
import type { NavLinkConfig, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { ConfigLink } from './ConfigLink.tsx';
import { ChevronIcon } from './icons.tsx';
import { useMenu } from '../hooks.ts';

export function NavDropdown({ item, page, href, current }: { item: NavLinkConfig; page: PageData; href: (path: string) => string; current?: boolean }) {
  const { open, setOpen, ref, closeOnEscape, closeOnBlur } = useMenu(page.path);
  // After a page is chosen the list closes even though the pointer is still over it.
  const [hoverOff, setHoverOff] = useState(false);
  // Not useId: the navbar's links are rendered once for many pages (sharedHtml.tsx).
  const listId = `navbar-dropdown-${item.href.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;

  return (
    <div
      className="navbar-dropdown"
      ref={ref}
      data-open={open || undefined}
      data-hover-off={hoverOff || undefined}
      onPointerLeave={() => setHoverOff(false)}
      onKeyDown={closeOnEscape}
      onBlur={closeOnBlur}
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
