// Pieces of a doc page (a blog post and a page take some): the rendered body, breadcrumbs, the
// untranslated and unlisted notices, tags, "Edit this page" and the last update, previous/next.
import { memo, type ComponentType } from 'react';
import type { PageData, PageLink } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { useHref } from '../hooks.ts';

/**
 * The page's rendered Markdown. React 19 sets innerHTML again whenever the layout renders (a new
 * {__html} object), which would replace the content under the reader: the focused heading, a
 * selected tab, a copy button's 'Copied'. Memoized on the HTML, it is set only when that changes.
 * An MDX page's body is its module's component (`Content`): rendered on the server, and in the
 * browser only when the page is hydrated (otherwise the server's HTML is `html`).
 */
export const PageBody = memo(function PageBody({ html, Content }: { html?: string; Content?: ComponentType }) {
  if (Content)
    return (
      <div className="markdown" data-docsgen-content>
        <Content />
      </div>
    );
  return <div className="markdown" data-docsgen-content dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
});

export function Breadcrumbs({ page }: { page: PageData }) {
  const href = useHref();
  const strings = getStrings(page.locale);
  const crumbs = page.breadcrumbs ?? [];
  if (!crumbs.length) return null;
  return (
    <nav className="breadcrumbs" aria-label={strings.breadcrumbs}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={i}>{c.href ? <a href={href(c.href)}>{c.title}</a> : <span>{c.title}</span>}</li>
        ))}
        <li>
          <span aria-current="page">{page.title}</span>
        </li>
      </ol>
    </nav>
  );
}

export function FallbackNotice({ page }: { page: PageData }) {
  if (!page.fallback) return null;
  return (
    <div className="admonition admonition-info fallback-notice" role="note">
      <p>{getStrings(page.locale).notTranslated}</p>
    </div>
  );
}

export function UnlistedNotice({ page }: { page: PageData }) {
  if (!page.unlisted) return null;
  const strings = getStrings(page.locale);
  return (
    <div className="admonition admonition-caution unlisted-notice" role="note">
      <p className="admonition-title">{strings.unlistedTitle}</p>
      <div className="admonition-body">
        <p>{strings.unlistedText}</p>
      </div>
    </div>
  );
}

export function TagList({ page }: { page: PageData }) {
  const href = useHref();
  if (!page.tags?.length) return null;
  return (
    <div className="tag-list">
      <span className="tag-list-label">{getStrings(page.locale).taggedWith}:</span>
      <ul>
        {page.tags.map((t) => (
          <li key={t.href}>
            <a className="tag" href={href(t.href)} rel="tag">
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PrevNext({ page, prev, next, label }: { page: PageData; prev?: PageLink; next?: PageLink; label?: string }) {
  const href = useHref();
  const strings = getStrings(page.locale);
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={label ?? strings.pagination}>
      {prev ? (
        <a className="pagination-link prev" href={href(prev.href)} rel="prev">
          <span className="pagination-label">{strings.previous}</span>
          <span className="pagination-title">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-link next" href={href(next.href)} rel="next">
          <span className="pagination-label">{strings.next}</span>
          <span className="pagination-title">{next.title}</span>
        </a>
      )}
    </nav>
  );
}

export interface TagCount {
  label: string;
  href: string;
  count: number;
}

/** Every tag with its number of pages: the docs and the blog tag index pages. */
export function TagCloud({ tags }: { tags: TagCount[] }) {
  const href = useHref();
  return (
    <ul className="tag-cloud">
      {tags.map((t) => (
        <li key={t.href}>
          <a className="tag" href={href(t.href)}>
            {t.label} <span className="tag-count">{t.count}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const pencil = (
  <svg aria-hidden focusable="false" width="16" height="16" viewBox="0 0 24 24">
    <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z" />
  </svg>
);

/** Below a doc's or a blog post's body: "Edit this page" and the date (and author) of its last update. */
export function DocMeta({ page }: { page: PageData }) {
  const { editUrl, lastUpdate } = page;
  if (!editUrl && !lastUpdate) return null;
  const strings = getStrings(page.locale);
  return (
    <div className="doc-meta">
      {editUrl && (
        <a className="doc-edit-link" href={editUrl} target="_blank" rel="noopener noreferrer">
          {pencil}
          {strings.editPage}
        </a>
      )}
      {lastUpdate && (
        <p className="doc-last-update">
          {strings.lastUpdated}
          {lastUpdate.date && (
            <>
              {strings.lastUpdatedOn}
              {/* UTC, as on the server; the browser's ICU may spell the date otherwise, which is no mismatch to report. */}
              <time dateTime={lastUpdate.date} suppressHydrationWarning>
                {new Intl.DateTimeFormat(page.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(lastUpdate.date))}
              </time>
            </>
          )}
          {lastUpdate.author && strings.lastUpdatedBy(lastUpdate.author)}
        </p>
      )}
    </div>
  );
}
