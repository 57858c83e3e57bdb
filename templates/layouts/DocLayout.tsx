// Docs, category index, doc tags and API reference pages: sidebar, content, table of contents.
import type { ComponentType } from 'react';
import type { ClientSiteData, ListPage, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { Sidebar } from '../components/Sidebar.tsx';
import { Toc, useActiveHeading } from '../components/Toc.tsx';
import { Breadcrumbs, DocMeta, FallbackNotice, PageBody, PrevNext, TagCloud, TagList, UnlistedNotice, type TagCount } from '../components/DocParts.tsx';
import { useHref } from '../hooks.ts';
import { PageLinks } from '../components/PageLinks.tsx';

import { VersionBanner } from '../components/VersionMenu.tsx';
import { ApiSince } from '../components/ApiSince.tsx';

interface CardItem {
  title: string;
  href: string;
  description?: string;
  count?: number;
}

export default function DocLayout({ page, site, PageComponent }: { page: PageData; site: ClientSiteData; PageComponent?: ComponentType }) {
  const strings = getStrings(page.locale);
  const showToc = Boolean(page.toc?.length) && !page.hideToc;
  const active = useActiveHeading(showToc ? page.toc : undefined);
  return (
    <div className={`doc-page${page.sidebar ? ' has-sidebar' : ''}${showToc ? ' has-toc' : ''}${page.kind === 'api-operation' ? ' api-operation-page' : ''}`}>
      {page.sidebar && (
        <aside className="doc-sidebar" aria-label={/api/i.test(page.sidebar.id) ? strings.apiSidebar : strings.docsSidebar}>
          <Sidebar page={page} site={site} />
        </aside>
      )}
      <main id="main" className="doc-main" tabIndex={-1}>
        <article className="doc-article">
          <Breadcrumbs page={page} />
          {__SITE_HAS_VERSIONS__ && <VersionBanner page={page} site={site} />}
          <FallbackNotice page={page} />
          <UnlistedNotice page={page} />
          <header className="doc-header">
            {(page.version ? page.version.badge : site.versionBadge) && (page.kind === 'doc' || page.kind === 'doc-category') && (
              <span className="badge version-badge">
                {strings.version}: {page.version?.label ?? site.versionLabel}
              </span>
            )}
            {!page.contentTitle && <h1 className={page.hideTitle ? 'sr-only' : undefined}>{page.title}</h1>}
            <ApiSince page={page} />
            {page.kind === 'doc-category' && page.description && <p className="lead">{page.description}</p>}
          </header>
          {showToc && <Toc items={page.toc!} locale={page.locale} variant="inline" active={active} />}
          {page.html || PageComponent ? <PageBody html={page.html} Content={PageComponent} /> : null}
          <KindContent page={page} />
          <TagList page={page} />
          <DocMeta page={page} />
        </article>
        <PrevNext page={page} prev={page.prev} next={page.next} />
      </main>
      {showToc && (
        <aside className="doc-toc" aria-label={strings.onThisPage}>
          <Toc items={page.toc!} locale={page.locale} variant="side" active={active} />
        </aside>
      )}
    </div>
  );
}

function KindContent({ page }: { page: PageData }) {
  const href = useHref();
  const strings = getStrings(page.locale);
  const props = (page.props ?? {}) as Record<string, unknown>;
  if (page.kind === 'doc-category')
    return (
      <>
        <Cards items={props.items as CardItem[]} locale={page.locale} />
        {props.list ? <PageLinks {...(props.list as ListPage)} locale={page.locale} /> : null}
      </>
    );
  if (page.kind === 'doc-tags') return <TagCloud tags={props.tags as TagCount[]} />;
  if (page.kind === 'doc-tag') {
    const docs = props.docs as CardItem[];
    return (
      <>
        <a href={href(String(props.allTagsHref))}>{strings.viewAllTags}</a>
        <ul className="doc-tag-list">
          {docs.map((d) => (
            <li key={d.href}>
              <a href={href(d.href)}>
                <h2>{d.title}</h2>
              </a>
              {d.description && <p>{d.description}</p>}
            </li>
          ))}
        </ul>
        {props.list ? <PageLinks {...(props.list as ListPage)} locale={page.locale} /> : null}
      </>
    );
  }
  return null;
}

function Cards({ items, locale }: { items: CardItem[]; locale: string }) {
  const href = useHref();
  const strings = getStrings(locale);
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.href} className="card">
          <a href={href(item.href)}>
            <h2 className="card-title">{item.title}</h2>
            <p className="card-text">{item.description ?? (item.count !== undefined ? strings.categoryItems(item.count) : '')}</p>
          </a>
        </li>
      ))}
    </ul>
  );
}
