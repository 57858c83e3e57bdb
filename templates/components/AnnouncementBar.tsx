// The optional announcement above the navbar. Dismissal is stored per announcement id; the head
// script sets <html data-announcement-dismissed> before first paint when the stored id matches, and
// CSS hides the bar from that attribute, so a dismissed bar never shows or shifts the layout.
import type { ClientSiteData } from 'docsgen/shared/types';
import { STORAGE_ANNOUNCEMENT } from 'docsgen/shared/page';
import { getStrings } from 'docsgen/strings';
import { isExternal, localizePath } from 'docsgen/shared/paths';
import { useHref } from '../hooks.ts';
import { CloseIcon } from './icons.tsx';

type Announcement = NonNullable<ClientSiteData['announcement']>;

export function AnnouncementBar({ announcement, locale, prefix }: { announcement: Announcement; locale: string; prefix: string }) {
  const strings = getStrings(locale);
  const href = useHref();
  const text = announcement.text[locale];
  const linkText = announcement.linkText?.[locale];
  const target = announcement.href && (isExternal(announcement.href) ? announcement.href : href(localizePath(announcement.href, prefix)));

  const dismiss = () => {
    try {
      localStorage.setItem(STORAGE_ANNOUNCEMENT, announcement.id);
    } catch {}
    document.documentElement.setAttribute('data-announcement-dismissed', '');
    // The button disappears: keep keyboard users at the same place in the page.
    document.querySelector<HTMLElement>('.navbar-brand')?.focus();
  };

  return (
    <section className="announcement" aria-label={strings.announcement}>
      <p className="announcement-text">
        {text}
        {target && linkText && (
          <>
            {' '}
            <a href={target}>{linkText}</a>
          </>
        )}
      </p>
      {announcement.dismissible && (
        <button type="button" className="announcement-close icon-button" aria-label={strings.closeAnnouncement} onClick={dismiss}>
          <CloseIcon size={16} />
        </button>
      )}
    </section>
  );
}
