// "On this page": headings of the configured levels, the visible section highlighted while
// scrolling; on narrow screens a collapsible panel above the content.
import { useEffect, useState } from 'react';
import type { TocItem } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';

export function Toc({ items, locale, variant }: { items: TocItem[]; locale: string; variant: 'side' | 'inline' }) {
  const strings = getStrings(locale);
  const active = useActiveHeading(items);
  const minLevel = Math.min(...items.map((i) => i.level));
  const list = (
    <ul className="toc-list">
      {items.map((item) => (
        <li key={item.id} className={`toc-item toc-level-${item.level - minLevel}`}>
          <a href={`#${encodeURIComponent(item.id)}`} className={active === item.id ? 'active' : undefined} aria-current={active === item.id ? 'location' : undefined}>
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
  if (variant === 'inline') {
    return (
      <details className="toc-inline">
        <summary>{strings.onThisPage}</summary>
        <nav aria-label={strings.onThisPage}>{list}</nav>
      </details>
    );
  }
  return (
    <nav className="toc" aria-label={strings.onThisPage}>
      <p className="toc-title">{strings.onThisPage}</p>
      {list}
    </nav>
  );
}

function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string | undefined>();
  useEffect(() => {
    const headings = items.map((i) => document.getElementById(i.id)).filter((h): h is HTMLElement => Boolean(h));
    if (!headings.length) return;
    const update = () => {
      const offset = 90;
      let current = headings[0].id;
      for (const h of headings) {
        if (h.getBoundingClientRect().top - offset <= 0) current = h.id;
        else break;
      }
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = headings[headings.length - 1].id;
      setActive(current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [items]);
  return active;
}
