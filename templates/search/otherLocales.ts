// A query written in another language's script finds nothing in this locale's index (Korean on
// the English site): the search of the locales written in that script is offered instead, with
// the same query, so the reader is one click from the results in their language.
import type { ClientSiteData } from 'docsgen/shared/types';
import { localizePath } from 'docsgen/shared/paths';

/** The letters of a language, by the locale's language code; Latin for any other. */
const SCRIPTS: Record<string, RegExp> = {
  ko: /\p{Script=Hangul}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  zh: /\p{Script=Han}/u,
  ru: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
  el: /\p{Script=Greek}/u,
  ar: /\p{Script=Arabic}/u,
  he: /\p{Script=Hebrew}/u,
  th: /\p{Script=Thai}/u,
};
const LATIN = /\p{Script=Latin}/u;
const scriptOf = (code: string) => SCRIPTS[code.split('-')[0].toLowerCase()] ?? LATIN;

export interface OtherLocaleSearch {
  label: string;
  lang: string;
  /** The locale's search page with the query (a site path, without the base path). */
  path: string;
}

/** The other locales whose script the query uses where this locale's does not. */
export function otherLocaleSearches(site: ClientSiteData, locale: string, query: string): OtherLocaleSearch[] {
  const letters = query.match(/\p{L}/gu) ?? [];
  const own = scriptOf(locale);
  const foreign = letters.filter((l) => !own.test(l));
  if (!foreign.length) return [];
  return site.locales
    .filter((l) => l.code !== locale && foreign.some((letter) => scriptOf(l.code).test(letter)))
    .map((l) => ({ label: l.label, lang: l.htmlLang, path: `${localizePath('/search', l.prefix)}?q=${encodeURIComponent(query)}` }));
}
