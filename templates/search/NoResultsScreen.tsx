// What a search that found nothing offers, in the modal and on the search page alike: the same
// search in the locales written in the query's script, sections to try (see suggestions.ts), and a
// link to report the missing results.
import type { MouseEvent } from 'react';
import type { Strings } from 'docsgen/strings';
import { NoResultsIcon } from './icons.tsx';

export function NoResultsScreen({
  strings,
  query,
  suggestions,
  missingResultsUrl,
  onSuggestion,
  otherLocales = [],
}: {
  strings: Strings;
  query: string;
  suggestions: string[];
  missingResultsUrl?: string;
  onSuggestion(s: string): void;
  /** The same search in the locales written in the query's script (see otherLocales.ts). */
  otherLocales?: { label: string; lang: string; href: string; onClick(e: MouseEvent<HTMLAnchorElement>): void }[];
}) {
  const reportUrl = missingResultsUrl && `${missingResultsUrl}${missingResultsUrl.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}`;
  return (
    <div className="search-screen search-no-results">
      <NoResultsIcon />
      <p className="search-screen-title">
        {strings.noResultsFor} "<strong>{query}</strong>"
      </p>
      {otherLocales.map((l) => (
        <p className="search-screen-help" key={l.href}>
          <a href={l.href} hrefLang={l.lang} onClick={l.onClick}>
            {strings.searchInLocale(l.label)}
          </a>
        </p>
      ))}
      {suggestions.length > 0 && (
        <div className="search-suggestions">
          <p className="search-screen-help">{strings.trySearching}</p>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" className="search-suggestion" onClick={() => onSuggestion(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {reportUrl && (
        <p className="search-screen-help">
          {strings.missingResults}{' '}
          <a href={reportUrl} target="_blank" rel="noopener noreferrer">
            {strings.letUsKnow}
          </a>
        </p>
      )}
    </div>
  );
}
