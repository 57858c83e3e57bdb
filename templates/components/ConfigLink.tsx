import type { NavLinkConfig } from 'docsgen/shared/types';
import { ExternalIcon } from './icons.tsx';

/**
 * A link from the config (navbar, footer, drawer): a site path through `href` (the base path), an
 * external URL as it is, with its icon. `href` comes from the caller: the footer and the navbar's
 * links are also rendered on their own, outside the router (see sharedHtml.tsx).
 */
export function ConfigLink({ item, href, current }: { item: NavLinkConfig; href: (path: string) => string; current?: boolean }) {
  return (
    <a href={item.external ? item.href : href(item.href)} aria-current={current ? 'page' : undefined}>
      {item.label}
      {item.external && <ExternalIcon />}
    </a>
  );
}
