// Standalone pages: Markdown pages, React pages and the not-found page.
import { useMemo, type ComponentType } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { localizePath } from 'docsgen/shared/paths';
import { FallbackNotice, PageBody } from '../components/DocParts.tsx';
import { useHref } from '../hooks.ts';
import { docusaurusSiteConfig, type DocusaurusSiteConfig } from '../docusaurus/useDocusaurusContext.ts';

export default function PageLayout({
  page,
  site,
  PageComponent,
}: {
  page: PageData;
  site: ClientSiteData;
  PageComponent?: ComponentType<{ page: PageData; site: ClientSiteData; config: DocusaurusSiteConfig }>;
}) {
  // A React page also gets the site's settings as Docusaurus gives them to a page (its `config` prop).
  const config = useMemo(() => docusaurusSiteConfig(site, page.locale), [site, page.locale]);
  if (page.kind === 'react-page' && PageComponent) return <PageComponent page={page} site={site} config={config} />;
  if (page.kind === 'not-found') return <NotFound page={page} site={site} />;
  return (
    <main id="main" className="page-main markdown-page" tabIndex={-1}>
      <FallbackNotice page={page} />
      {!page.contentTitle && (
        <header className="page-header">
          <h1>{page.title}</h1>
          {page.description && <p className="lead">{page.description}</p>}
        </header>
      )}
      <PageBody html={page.html} Content={PageComponent as ComponentType | undefined} />
    </main>
  );
}

function NotFound({ page, site }: { page: PageData; site: ClientSiteData }) {
  const strings = getStrings(page.locale);
  const href = useHref();
  const prefix = site.locales.find((l) => l.code === page.locale)?.prefix ?? '';
  return (
    <main id="main" className="page-main not-found" tabIndex={-1}>
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{strings.notFoundTitle}</h1>
      <p className="lead">{strings.notFoundText}</p>
      <p>{strings.notFoundAdmin}</p>
      <ul className="not-found-links">
        <li>
          <a className="button" href={href(localizePath('/', prefix))}>
            {strings.notFoundHome}
          </a>
        </li>
        <li>
          <a className="button button-secondary" href={href(localizePath('/search', prefix))}>
            {strings.notFoundSearch}
          </a>
        </li>
      </ul>
    </main>
  );
}
