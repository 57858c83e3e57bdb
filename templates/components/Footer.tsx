// The footer: columns of links from the config (docs, developers, blog, legal), a column's title
// itself a link where the config gives it one, and the copyright.
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { useHref } from '../hooks.ts';
import { ConfigLink } from './ConfigLink.tsx';
import { sharedContent } from './sharedHtml.tsx';

export function Footer({ page, site }: { page: PageData; site: ClientSiteData }) {
  const footer = site.footer[page.locale] ?? site.footer[site.defaultLocale];
  const strings = getStrings(page.locale);
  const href = useHref();
  if (!footer) return null;
  // The same on every page of a locale: rendered once.
  return (
    <footer
      className="footer"
      aria-label={strings.footer}
      {...sharedContent(
        footer,
        `footer:${page.locale}`,
        <div className="footer-inner">
          <div className="footer-columns">
            {footer.columns.map((column) => (
              <nav className="footer-column" key={column.title} aria-label={column.title}>
                <h2 className="footer-title">{column.link ? <ConfigLink item={column.link} href={href} /> : column.title}</h2>
                <ul>
                  {column.items.map((item) => (
                    <li key={item.href}>
                      <ConfigLink item={item} href={href} />
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          {footer.copyright && <p className="footer-copyright">{footer.copyright}</p>}
        </div>,
      )}
    />
  );
}
