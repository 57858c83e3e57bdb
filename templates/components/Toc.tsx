// "On this page": the headings of the configured levels (toc.minLevel..maxLevel, h2-h3 by
// default), the section being read highlighted while scrolling. Wide screens show it beside the
// content; narrow screens show it as a collapsed dropdown above the content.
import { useEffect, useRef, useState } from 'react';
import type { TocItem } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { ChevronIcon } from './icons.tsx';

export function Toc({ items, locale, variant, active }: { items: TocItem[]; locale: string; variant: 'side' | 'inline'; active?: string }) {
  const strings = getStrings(locale);
  const details = useRef<HTMLDetailsElement>(null);
  const minLevel = Math.min(...items.map((i) => i.level));
  const list = (
    <ul className="toc-list">
      {items.map((item) => (
        <li key={item.id} className={`toc-item toc-level-${item.level - minLevel}`}>
          <a
            href={`#${encodeURIComponent(item.id)}`}
            className={active === item.id ? 'active' : undefined}
            aria-current={active === item.id ? 'location' : undefined}
          >
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
  if (variant === 'inline') {
    return (
      <details
        className="toc-inline"
        ref={details}
        onClick={(e) => {
          // Choosing a section folds the dropdown away.
          if ((e.target as Element).closest('a') && details.current) details.current.open = false;
        }}
      >
        <summary>
          {strings.onThisPage}
          <ChevronIcon className="toc-inline-chevron" />
        </summary>
        <nav aria-label={strings.onThisPage}>{list}</nav>
      </details>
    );
  }
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <p className="toc-title" id="toc-title">
        {strings.onThisPage}
      </p>
      {list}
    </nav>
  );
}

/**
 * The index in `headings` of the section being read: the last heading that has scrolled past the
 * top of the viewport (below the navbar), the last one at the very bottom of the page (the last
 * sections can never reach the top); -1 above the first heading.
 */
function sectionIndex(headings: HTMLElement[]): number {
  const offset = (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 80) + 8;
  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2 && window.scrollY > 0) return headings.length - 1;
  let current = -1;
  for (const [i, h] of headings.entries()) {
    if (h.getBoundingClientRect().top - offset <= 0) current = i;
    else break;
  }
  return current;
}

/** The TOC entry of the section being read, and its place in the TOC (the language menu keeps it). */
export function currentSection(items: TocItem[] | undefined): { id: string; index: number } | undefined {
  const entries = (items ?? []).map((item, index) => ({ id: item.id, index, el: document.getElementById(item.id) })).filter((e) => e.el);
  const i = sectionIndex(entries.map((e) => e.el!));
  return i < 0 ? undefined : { id: entries[i].id, index: entries[i].index };
}

/** The id of the section being read, highlighted in the TOC (the first one above it). */
export function useActiveHeading(items: TocItem[] | undefined): string | undefined {
  const [active, setActive] = useState<string | undefined>();
  useEffect(() => {
    const headings = (items ?? []).map((i) => document.getElementById(i.id)).filter((h): h is HTMLElement => Boolean(h));
    if (!headings.length) return setActive(undefined);
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(headings[Math.max(0, sectionIndex(headings))].id);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [items]);
  return active;
}
