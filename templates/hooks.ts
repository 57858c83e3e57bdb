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

// Making a formatter costs far more than formatting (a blog list shows dozens of dates).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string, locale: string): string {
  const tag = locale === 'ko' ? 'ko-KR' : 'en-US';
  let format = dateFormats.get(tag);
  if (!format) dateFormats.set(tag, (format = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })));
  return format.format(new Date(iso + 'T00:00:00Z'));
}
