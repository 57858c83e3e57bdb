// The search modal (DocSearch's behaviour): a dialog holding a combobox (the search input) and a
// listbox of results grouped by lvl0, or of recent and favourite searches when the query is empty.
// Arrows move the active option, Enter opens it (Ctrl/Cmd+Enter in a new tab), Escape or a click
// outside closes; Tab stays inside the dialog, and focus goes back where it was on close.
// Results are filtered to the current page's language and docs version (contextual search).
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';
import { localizePath } from 'docsgen/shared/paths';
import type { SearchHit } from './provider.ts';
import { groupHits, hitHref, pageOf } from './hits.ts';
import { addFavorite, addRecent, loadStored, removeFavorite, removeRecent, type StoredHit, type StoredSearches } from './storedSearches.ts';
import { HITS_PER_PAGE, MAX_QUERY_LENGTH, useMediaQuery, useSearchResults } from './useSearch.ts';
import { ErrorScreen, optionId, popupIds, ResultsScreen, StartScreen, storedSections, type ViewItem, type ViewSection } from './ModalScreens.tsx';
import { CloseIcon, SearchIcon, SpinnerIcon } from './icons.tsx';
import { preloadSearch } from './preload.ts';
import { otherLocaleSearches } from './otherLocales.ts';
import { NoResultsScreen } from './NoResultsScreen.tsx';
import { rememberSections, useSuggestions } from './suggestions.ts';
import { handoff } from './ModalShell.tsx';

/** DocSearch's maxResultsPerGroup: the rest is on the search page ("See all N results"). */
const RESULTS_PER_GROUP = 5;
const NO_HITS: SearchHit[] = [];
const FOCUSABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"]), input:not([disabled])';

export default function SearchModal({ onClose, initialQuery }: { onClose: () => void; initialQuery?: string }) {
  const { page, site, navigate } = useRouter();
  const strings = getStrings(page.locale);
  const indexName = site.search.indexName;
  const idBase = useId().replace(/:/g, '');
  // Typed into the loading shell (ModalShell.tsx) before this code arrived, else given, else selected.
  const [start] = useState(() => {
    const typed = handoff.query || initialQuery || '';
    return { typed, opener: handoff.opener, query: typed || selectedText() };
  });
  const [query, setQuery] = useState(() => start.query.slice(0, MAX_QUERY_LENGTH));
  const narrow = useMediaQuery('(max-width: 768px)');
  const { status, outcome } = useSearchResults(query, { hitsPerPage: HITS_PER_PAGE, snippetWords: narrow ? 5 : 10 });
  const [stored, setStored] = useState<StoredSearches>(() => loadStored(indexName));
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const trimmed = query.trim();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Focus in on open (in the same commit that removed the loading shell, so no keystroke falls
  // between the two), back out on close; the page behind does not scroll meanwhile.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    opener.current = start.opener ?? (document.activeElement as HTMLElement | null);
    const el = input.current;
    if (!el) return;
    // Typed into the shell while this render was under way.
    const latest = handoff.query.slice(0, MAX_QUERY_LENGTH);
    const typedMeanwhile = latest.length > el.value.length && latest.startsWith(el.value);
    if (typedMeanwhile) {
      el.value = latest;
      setQuery(latest);
    }
    el.focus();
    // A query someone is typing keeps the caret at its end (selected, the next keystroke would
    // replace it); the selected text is selected, to replace.
    if (start.typed || typedMeanwhile) el.setSelectionRange(el.value.length, el.value.length);
    else el.select();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // With the focus, in the commit that shows the modal: an Escape pressed at once closes it.
  useLayoutEffect(() => {
    preloadSearch(site, page.locale);
    const scrollY = window.scrollY;
    document.body.classList.add('search-open');
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('search-open');
      if (window.scrollY !== scrollY) window.scrollTo(window.scrollX, scrollY);
      // Back where it was, else (opened with a shortcut from nowhere in particular) on the search button, as DocSearch does.
      const was = opener.current;
      const back = was?.isConnected && was !== document.body && !was.closest('.search-modal') ? was : document.querySelector<HTMLElement>('.search-button');
      back?.focus({ preventScroll: true });
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const hits = useMemo(() => outcome?.response?.hits ?? NO_HITS, [outcome]);
  useEffect(() => rememberSections(hits), [hits]);
  const suggestions = useSuggestions(site, page.locale, Boolean(trimmed && outcome?.response && !hits.length));

  // What is listed, in display order: the keyboard walks `flat`.
  const { sections, flat } = useMemo(() => {
    const sections: ViewSection[] = [];
    let index = 0;
    if (!trimmed) {
      sections.push(...storedSections(stored, strings));
    } else if (!outcome?.error) {
      for (const group of groupHits(hits, RESULTS_PER_GROUP)) {
        sections.push({
          title: group.title,
          items: group.items.map((i) => ({ index: index++, kind: 'result', hit: i.hit, child: i.child, lastChild: i.lastChild })),
        });
      }
    }
    return { sections, flat: sections.flatMap((s) => s.items) };
  }, [trimmed, stored, outcome, hits, strings]);

  useEffect(() => setActive(0), [flat]);
  useEffect(() => {
    if (flat.length) document.getElementById(optionId(idBase, active))?.scrollIntoView({ block: 'nearest' });
  }, [active, flat, idBase]);

  function select(item: ViewItem, how: { newTab?: boolean; newWindow?: boolean } = {}) {
    const { href, external } = hitHref(item.hit.url, site.basePath);
    if (item.kind === 'result') {
      // DocSearch keeps a paragraph hit as its page's hit when that is in the results.
      const hit = item.hit as SearchHit;
      const parent = hit.type === 'content' ? hits.find((h) => h.type === 'lvl1' && pageOf(h) === pageOf(hit)) : undefined;
      setStored(addRecent(indexName, parent ?? hit));
    }
    if (how.newTab || how.newWindow) {
      window.open(href, '_blank', 'noopener');
      return;
    }
    onClose();
    if (external) window.location.assign(href);
    else navigate(href);
  }

  function onSelectClick(item: ViewItem, e: MouseEvent<HTMLAnchorElement>) {
    // Modifier and middle clicks are the browser's (new tab, window); the modal stays open.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
      if (item.kind === 'result') setStored(addRecent(indexName, item.hit));
      return;
    }
    e.preventDefault();
    select(item);
  }

  function onInputKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing) return;
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && flat.length) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + flat.length) % flat.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = flat[active];
      if (item) select(item, { newTab: e.metaKey || e.ctrlKey, newWindow: e.shiftKey });
    }
  }

  function onDialogKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Tab' && dialog.current) {
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (!focusable.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && (document.activeElement === first || !dialog.current.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  }

  const updateStored = (next: StoredSearches) => {
    setStored(next);
    input.current?.focus();
  };

  const screenProps = { strings, idBase, basePath: site.basePath, active, onActive: setActive, onSelect: onSelectClick };
  const prefix = site.locales.find((l) => l.code === page.locale)?.prefix ?? '';
  const searchPageHref = hitHref(`${localizePath('/search', prefix)}?q=${encodeURIComponent(trimmed)}`, site.basePath).href;
  const nbHits = outcome?.response?.nbHits ?? 0;
  const shown = flat.length;

  let screen;
  if (!trimmed) {
    screen = (
      <StartScreen
        {...screenProps}
        sections={sections}
        onFavorite={(hit: StoredHit) => updateStored(addFavorite(indexName, hit))}
        onRemove={(item) => updateStored(item.kind === 'recent' ? removeRecent(indexName, item.hit.objectID) : removeFavorite(indexName, item.hit.objectID))}
      />
    );
  } else if (outcome?.error) {
    screen = <ErrorScreen strings={strings} />;
  } else if (outcome?.response && !hits.length) {
    screen = (
      <NoResultsScreen
        strings={strings}
        query={outcome.query}
        suggestions={suggestions}
        missingResultsUrl={site.search.missingResultsUrl}
        otherLocales={otherLocaleSearches(site, page.locale, outcome.query).map((l) => {
          const href = hitHref(l.path, site.basePath).href;
          return {
            ...l,
            href,
            onClick: (e: MouseEvent<HTMLAnchorElement>) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              onClose();
              navigate(href);
            },
          };
        })}
        onSuggestion={(s) => {
          setQuery(`${s.toLowerCase()} `);
          input.current?.focus();
        }}
      />
    );
  } else if (outcome?.response) {
    const footer =
      nbHits > shown ? (
        <p className="search-see-all">
          <a
            href={searchPageHref}
            onClick={(e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              onClose();
              navigate(searchPageHref);
            }}
          >
            {strings.seeAllResults(nbHits)}
          </a>
        </p>
      ) : undefined;
    screen = <ResultsScreen {...screenProps} sections={sections} footer={footer} />;
  } else {
    screen = <div className="search-screen" />;
  }

  const stalled = status === 'stalled';
  // In a portal: the navbar's backdrop filter would otherwise confine the fixed overlay to the navbar.
  return createPortal(
    <div className="search-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className={'search-modal' + (stalled ? ' search-modal-stalled' : '')}
        role="dialog"
        aria-modal="true"
        aria-label={strings.searchLabel}
        onKeyDown={onDialogKeyDown}
      >
        <form className="search-form" role="search" onSubmit={(e) => e.preventDefault()}>
          <span className="search-form-icon">{stalled ? <SpinnerIcon /> : <SearchIcon />}</span>
          <input
            ref={input}
            className="search-input"
            type="search"
            role="combobox"
            aria-label={strings.searchLabel}
            aria-expanded={flat.length > 0}
            aria-haspopup={trimmed ? 'listbox' : 'grid'}
            aria-controls={flat.length ? popupIds(idBase, trimmed ? 0 : sections.length) : undefined}
            aria-autocomplete="list"
            aria-activedescendant={flat.length ? optionId(idBase, active) : undefined}
            aria-busy={stalled || undefined}
            placeholder={strings.searchPlaceholder}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            value={query}
            onChange={(e) => setQuery(e.target.value.slice(0, MAX_QUERY_LENGTH))}
            onKeyDown={onInputKeyDown}
          />
          {query && (
            <button
              type="button"
              className="search-reset"
              aria-label={strings.clearQuery}
              title={strings.clearQuery}
              onClick={() => (setQuery(''), input.current?.focus())}
            >
              <CloseIcon />
            </button>
          )}
          <button type="button" className="search-cancel" onClick={onClose}>
            {strings.cancel}
          </button>
        </form>
        <div className="search-body">{screen}</div>
        <div className="sr-only" role="status" aria-live="polite">
          {stalled ? strings.searchLoadingResults : trimmed && outcome?.response && outcome.query === trimmed ? strings.resultsCount(nbHits) : ''}
        </div>
        <div className="search-footer">
          {site.search.provider === 'algolia' && (
            <a className="search-by" href="https://www.algolia.com/docsearch" target="_blank" rel="noopener noreferrer">
              {strings.searchBy} Algolia
            </a>
          )}
          <ul className="search-keys">
            <li>
              <Key label={strings.keyEnter}>↵</Key> <span>{strings.toSelect}</span>
            </li>
            <li>
              <Key label={strings.keyArrowDown}>↓</Key> <Key label={strings.keyArrowUp}>↑</Key> <span>{strings.toNavigate}</span>
            </li>
            <li>
              <Key label={strings.keyEscape}>Esc</Key> <span>{strings.toClose}</span>
            </li>
          </ul>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** DocSearch starts with the selected text as the query. */
function selectedText(): string {
  return typeof window === 'undefined' ? '' : (window.getSelection?.()?.toString() ?? '').trim();
}

function Key({ label, children }: { label: string; children: string }) {
  return (
    <kbd>
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </kbd>
  );
}
