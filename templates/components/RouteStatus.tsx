// Shown instead of the page when its data failed to load: the error text and a Retry button.
// Only ever rendered in the browser, after a failed client-side navigation; the address bar
// already shows the page that failed, so its locale decides the language of the message.
import { useEffect, useRef } from 'react';
import { useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';
import { toRoutePath } from 'docsgen/shared/paths';

export function LoadError() {
  const { page, site, error, retry } = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  const route = typeof location === 'undefined' ? page.path : toRoutePath(site.basePath, location.pathname);
  const locale = site.locales.find((l) => l.prefix && (route === l.prefix || route.startsWith(l.prefix + '/')))?.code ?? site.defaultLocale;
  const strings = getStrings(locale);

  useEffect(() => heading.current?.focus(), []);

  return (
    <main id="main" className="page-error" tabIndex={-1} lang={site.locales.find((l) => l.code === locale)?.htmlLang}>
      <h1 ref={heading} tabIndex={-1}>
        {strings.loadFailed}
      </h1>
      <p className="page-error-message" role="alert">
        {error}
      </p>
      <button type="button" className="button" onClick={retry}>
        {strings.retry}
      </button>
    </main>
  );
}
