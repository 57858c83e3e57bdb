import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { withBase } from 'docsgen/shared/paths';

export function Footer({ page, site }: { page: PageData; site: ClientSiteData }) {
  const footer = site.footer[page.locale];
  const strings = getStrings(page.locale);
  const href = (h: string) => (/^[a-z]+:/i.test(h) ? h : withBase(site.basePath, h));
  return (
    <footer className="footer" aria-label={strings.footer}>
      <div className="footer-columns">
        {footer.columns.map((column) => (
          <nav className="footer-column" key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.href}>
                  <a href={href(item.href)} {...(item.external ? { rel: 'noopener noreferrer' } : {})}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {footer.copyright && <p className="footer-copyright">{footer.copyright}</p>}
    </footer>
  );
}
