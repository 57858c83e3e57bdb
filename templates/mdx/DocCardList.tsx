// @theme/DocCardList: cards for the pages of the current sidebar category (the one the page is the
// index of, else the one it is in), or for the `items` given, in the style of the generated
// category pages.
import type { SidebarItem } from 'docsgen/shared/types';
import { docCardItems } from 'docsgen/shared/sidebarData';
import { useRouter } from 'docsgen/client';
import { useHref, useStrings } from '../hooks.ts';

export interface DocCardListProps {
  items?: SidebarItem[];
  className?: string;
}

export default function DocCardList({ items, className }: DocCardListProps) {
  const { page } = useRouter();
  const href = useHref();
  const strings = useStrings();
  const list = (items ?? docCardItems(page.sidebar?.items ?? [], page.path) ?? []).filter((item) => !(item.type === 'link' && item.href === page.path));
  return (
    <ul className={`card-grid${className ? ` ${className}` : ''}`}>
      {list.map((item) => {
        const to = item.type === 'link' ? item.href : (item.href ?? firstLink(item.items));
        if (!to) return null;
        return (
          <li key={to} className="card">
            <a href={href(to)}>
              <h2 className="card-title">{item.label}</h2>
              {item.type === 'link' && page.cardDescriptions?.[item.href] && <p className="card-text">{page.cardDescriptions[item.href]}</p>}
              {item.type === 'category' && !item.lazy && <p className="card-text">{strings.categoryItems(item.items.length)}</p>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function firstLink(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'link') return item.href;
    const inner = item.href ?? firstLink(item.items);
    if (inner) return inner;
  }
  return undefined;
}
