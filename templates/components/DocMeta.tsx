// Below a doc's or a blog post's body: "Edit this page" and the date (and author) of its last update.
import type { PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';

const pencil = (
  <svg aria-hidden focusable="false" width="16" height="16" viewBox="0 0 24 24">
    <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z" />
  </svg>
);

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
