// The search page (/search?q=…&page=N, /ko/search?q=…): every result for the query, grouped by
// lvl0, 20 per page. The URL is the state, so a search can be shared or bookmarked; typing
// updates it with history.replaceState (no reload, no history entry per keystroke). The server
// renders the page as loading (the query is only known in the browser: "type a query" would be
// wrong for /search?q=…); the query is read after hydration and on every navigation to this page,
// and the page says it is loading until the first results for it are there.
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { canPrefetch, useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';
import type { SearchHit } from './provider.ts';
import { groupHits, headingPath, hitHref, hitText } from './hits.ts';
import { HITS_PER_PAGE, MAX_QUERY_LENGTH, useMediaQuery, useSearchResults } from './useSearch.ts';
import { warmSearch } from './preload.ts';
import { MethodBadge } from './MethodBadge.tsx';
import { otherLocaleSearches } from './otherLocales.ts';
import { NoResultsScreen } from './NoResultsScreen.tsx';
import { rememberSections, useSuggestions } from './suggestions.ts';

interface UrlState {
  q: string;
  page: number;
}

function readUrl(): UrlState {
  if (typeof window === 'undefined') return { q: '', page: 0 };
  const params = new URLSearchParams(window.location.search);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1;
  return { q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH), page };
}

function writeUrl(state: UrlState) {
  const url = new URL(window.location.href);
  if (state.q) url.searchParams.set('q', state.q);
  else url.searchParams.delete('q');
  if (state.page > 0) url.searchParams.set('page', String(state.page + 1));
  else url.searchParams.delete('page');
  if (url.href !== window.location.href) history.replaceState(history.state, '', url.href);
}

export default function SearchPage() {
  const { page, site, navigate } = useRouter();
  const strings = getStrings(page.locale);
  const [state, setState] = useState<UrlState>({ q: '', page: 0 });
  const [urlRead, setUrlRead] = useState(false);
  const seen = useRef<string | null>(null);
  const inputId = useId();
  const narrow = useMediaQuery('(max-width: 768px)');
  const { status, outcome } = useSearchResults(state.q, { hitsPerPage: HITS_PER_PAGE, snippetWords: narrow ? 15 : 30, page: state.page });

  // The URL may change under this page (a link to /search?q=… while it is shown, back/forward).
  useEffect(() => {
    const sync = () => {
      if (window.location.search === seen.current) return;
      seen.current = window.location.search;
      setState(readUrl());
      setUrlRead(true);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  });

  const update = (next: UrlState) => {
    setState(next);
    writeUrl(next);
    seen.current = window.location.search;
  };

  const q = state.q.trim();
  const response = outcome && outcome.query === q ? outcome.response : undefined;
  const nbPages = response?.nbPages ?? 0;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => rememberSections(response?.hits ?? []), [response]);
  const suggestions = useSuggestions(site, page.locale, Boolean(q && response && !response.hits.length));
  const followLink = (e: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };

  return (
    <div className="search-page">
      <h1>{q ? strings.searchPageFor(q) : strings.searchPageTitle}</h1>
      <form className="search-page-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId} className="sr-only">
          {strings.searchLabel}
        </label>
        <input
          id={inputId}
          ref={input}
          className="search-page-input"
          type="search"
          placeholder={strings.searchPlaceholder}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={state.q}
          onChange={(e) => update({ q: e.target.value.slice(0, MAX_QUERY_LENGTH), page: 0 })}
          // The engine and the index load when a query is there (useSearchResults) or about to be
          // typed (focus; a hover too, except on 2g or data-saver connections); an empty search page
          // loads no search code, and never the modal's.
          onFocus={() => warmSearch(site, page.locale)}
          onPointerEnter={() => canPrefetch() && warmSearch(site, page.locale)}
        />
      </form>
      <div className="search-page-status" role="status" aria-live="polite">
        {!urlRead || (q && !outcome) || status === 'stalled'
          ? strings.searchLoadingResults
          : !q
            ? strings.searchPageEmpty
            : response
              ? strings.resultsCount(response.nbHits)
              : ''}
      </div>
      {q && outcome?.error && outcome.query === q && (
        <div className="search-page-error" role="alert">
          <p className="search-screen-title">{strings.fetchErrorTitle}</p>
          <p>{strings.fetchErrorHelp}</p>
        </div>
      )}
      {q && response && response.hits.length === 0 && (
        <NoResultsScreen
          strings={strings}
          query={q}
          suggestions={suggestions}
          missingResultsUrl={site.search.missingResultsUrl}
          otherLocales={otherLocaleSearches(site, page.locale, q).map((l) => {
            const href = hitHref(l.path, site.basePath).href;
            return { ...l, href, onClick: (e: MouseEvent<HTMLAnchorElement>) => followLink(e, href) };
          })}
          onSuggestion={(s) => {
            update({ q: s.toLowerCase(), page: 0 });
            input.current?.focus();
          }}
        />
      )}
      {response && response.hits.length > 0 && (
        <>
          {groupHits(response.hits).map((group) => (
            <section className="search-page-group" key={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.items.map(({ hit }) => (
                  <ResultItem key={hit.objectID} hit={hit} basePath={site.basePath} navigate={navigate} />
                ))}
              </ul>
            </section>
          ))}
          {nbPages > 1 && (
            <Pagination strings={strings} q={q} current={state.page} count={nbPages} onPage={(p) => (update({ q: state.q, page: p }), window.scrollTo(0, 0))} />
          )}
        </>
      )}
    </div>
  );
}

function ResultItem({ hit, basePath, navigate }: { hit: SearchHit; basePath: string; navigate(href: string): void }) {
  const text = hitText(hit);
  const path = headingPath(hit);
  const { href, external } = hitHref(hit.url, basePath);
  const snippetHtml = hit.type === 'content' ? text.title : text.icon === 'page' ? text.subtitle : '';
  const titleHtml = hit.type === 'content' ? path || text.subtitle : text.title;
  return (
    <li className="search-page-hit">
      <MethodBadge hit={hit} />
      <a
        className="search-page-hit-title"
        href={href}
        rel={external ? 'noopener noreferrer' : undefined}
        onClick={(e) => {
          if (external || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          navigate(href);
        }}
        dangerouslySetInnerHTML={{ __html: titleHtml }}
      />
      {hit.type !== 'content' && hit.type !== 'lvl1' && path && <p className="search-page-hit-path" dangerouslySetInnerHTML={{ __html: path }} />}
      {snippetHtml && <p className="search-page-hit-snippet" dangerouslySetInnerHTML={{ __html: snippetHtml }} />}
    </li>
  );
}

/** Page links carry the whole state (?q=…&page=N): they can be opened in a new tab or shared. */
function Pagination({
  strings,
  q,
  current,
  count,
  onPage,
}: {
  strings: ReturnType<typeof getStrings>;
  q: string;
  current: number;
  count: number;
  onPage(p: number): void;
}) {
  const pages = Array.from({ length: count }, (_, i) => i).filter((i) => i === 0 || i === count - 1 || Math.abs(i - current) <= 2);
  const link = (p: number, label: string, extra: { rel?: string; current?: boolean; ariaLabel?: string } = {}) => {
    const params = new URLSearchParams({ q });
    if (p > 0) params.set('page', String(p + 1));
    return (
      <a
        href={`?${params}`}
        rel={extra.rel}
        aria-current={extra.current ? 'page' : undefined}
        aria-label={extra.ariaLabel}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          onPage(p);
        }}
      >
        {label}
      </a>
    );
  };
  return (
    <nav className="page-numbers" aria-label={strings.searchResultsPages}>
      <ul>
        {current > 0 && <li>{link(current - 1, strings.previous, { rel: 'prev' })}</li>}
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && pages[i - 1] !== p - 1 && <span aria-hidden="true">… </span>}
            {link(p, String(p + 1), { current: p === current, ariaLabel: strings.pageNumber(p + 1) })}
          </li>
        ))}
        {current < count - 1 && <li>{link(current + 1, strings.next, { rel: 'next' })}</li>}
      </ul>
    </nav>
  );
}
