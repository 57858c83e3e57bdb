import { useState } from 'react';
import type { ClientSiteData } from 'docsgen/shared/types';
import { STORAGE_ANNOUNCEMENT } from 'docsgen/shared/page';
import { getStrings } from 'docsgen/strings';

type Announcement = NonNullable<ClientSiteData['announcement']>;

/** Hidden before first paint by the head script when dismissed (see data-announcement-dismissed). */
export function AnnouncementBar({ announcement, locale }: { announcement: Announcement; locale: string }) {
  const [closed, setClosed] = useState(false);
  const strings = getStrings(locale);
  if (closed) return null;
  const text = announcement.text[locale];
  const linkText = announcement.linkText?.[locale];
  return (
    <div className="announcement" role="region" aria-label={text}>
      <p className="announcement-text">
        {text}
        {announcement.href && linkText && (
          <>
            {' '}
            <a href={announcement.href}>{linkText}</a>
          </>
        )}
      </p>
      {announcement.dismissible && (
        <button
          type="button"
          className="announcement-close icon-button"
          aria-label={strings.closeAnnouncement}
          onClick={() => {
            try {
              localStorage.setItem(STORAGE_ANNOUNCEMENT, announcement.id);
            } catch {}
            document.documentElement.setAttribute('data-announcement-dismissed', '');
            setClosed(true);
          }}
        >
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" /></svg>
        </button>
      )}
    </div>
  );
}
