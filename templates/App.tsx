// The chrome around every page: skip link, announcement, navbar and footer.
import type { ReactNode } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { AnnouncementBar } from './components/AnnouncementBar.tsx';
import { Navbar } from './components/Navbar.tsx';
import { Footer } from './components/Footer.tsx';
import { LoadError } from './components/RouteStatus.tsx';
import { useRouter } from 'docsgen/client';

export function App({ page, site, children }: { page: PageData; site: ClientSiteData; children: ReactNode }) {
  const strings = getStrings(page.locale);
  const { status } = useRouter();
  return (
    <>
      <a className="skip-link" href="#main" onClick={focusMain}>
        {strings.skipToContent}
      </a>
      {site.announcement && (
        <AnnouncementBar announcement={site.announcement} locale={page.locale} prefix={site.locales.find((l) => l.code === page.locale)?.prefix ?? ''} />
      )}
      <Navbar page={page} site={site} />
      <div className="page-wrapper">{status === 'error' ? <LoadError /> : children}</div>
      <Footer page={page} site={site} />
    </>
  );
}

/** Moves focus (not just the scroll position) to the main content. */
function focusMain(event: React.MouseEvent) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}
