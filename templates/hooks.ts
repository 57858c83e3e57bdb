// Small helpers every template uses.
import { useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';
import { withBase } from 'docsgen/shared/paths';

export function useStrings() {
  return getStrings(useRouter().page.locale);
}

/** Adds the site's base path to a route path. */
export function useHref() {
  const { site } = useRouter();
  return (path: string) => (/^[a-z]+:|^\/\//i.test(path) ? path : withBase(site.basePath, path));
}

export function formatDate(iso: string, locale: string): string {
  const d = new Date(iso + 'T00:00:00Z');
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(d);
}
