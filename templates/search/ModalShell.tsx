// What the search modal shows while its code is still loading (the first time it opens): the
// same dialog and search box, which already takes the keystrokes, and the same start screen
// (the recent and favourite searches, or "No recent searches"), so the first frame is complete.
// The lists of stored searches come from ModalScreens.tsx, loaded on intent or, when there are
// stored searches, with the page (preload.ts); "No recent searches" needs no code of its own.
// Someone who presses '/' or Ctrl+K and types at once loses nothing; the modal starts with what
// was typed. Kept small: it ships with every page, the modal itself does not.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { getStrings } from 'docsgen/strings';
import type { ClientSiteData } from 'docsgen/shared/types';
import { modalScreens, preloadSearch } from './preload.ts';
import { hasStored } from './storedKeys.ts';

/** Handed over to the modal when it replaces the shell: what was typed, and where focus was before. */
export const handoff: { query: string; opener: HTMLElement | null } = { query: '', opener: null };

export function SearchModalShell({
  site,
  locale,
  initialQuery,
  onClose,
}: {
  site: ClientSiteData;
  locale: string;
  initialQuery?: string;
  onClose: () => void;
}) {
  const strings = getStrings(locale);
  const input = useRef<HTMLInputElement>(null);
  const idBase = useId().replace(/:/g, '');
  const indexName = site.search.indexName;
  const [screens, setScreens] = useState(() => modalScreens.current);
  const [anyStored] = useState(() => hasStored(indexName));
  const [typed, setTyped] = useState(Boolean(initialQuery));
  // In the commit that shows the shell, not a frame later: an Escape or a keystroke pressed as
  // soon as it is on screen reaches its listener and its input.
  useLayoutEffect(() => {
    handoff.query = initialQuery ?? '';
    handoff.opener = document.activeElement as HTMLElement | null;
    input.current?.focus();
    preloadSearch(site, locale);
    if (!modalScreens.current) modalScreens.load().then(setScreens, () => {});
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // The modal, when it replaced the shell, has read both already; a closed shell leaves nothing.
      handoff.query = '';
      handoff.opener = null;
    };
  }, [initialQuery, onClose, site, locale]);
  return createPortal(
    <div className="search-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="search-modal" role="dialog" aria-modal="true" aria-label={strings.searchLabel} aria-busy="true">
        <form className="search-form" role="search" onSubmit={(e) => e.preventDefault()}>
          <input
            ref={input}
            className="search-input"
            type="search"
            aria-label={strings.searchLabel}
            placeholder={strings.searchPlaceholder}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            defaultValue={initialQuery}
            onChange={(e) => {
              handoff.query = e.target.value;
              setTyped(Boolean(e.target.value.trim()));
            }}
          />
        </form>
        <div className="search-body">
          {!typed &&
            (screens ? (
              <screens.ShellStartScreen strings={strings} idBase={idBase} basePath={site.basePath} indexName={indexName} />
            ) : (
              <div className="search-screen search-start">{!anyStored && <p className="search-screen-title">{strings.noRecentSearches}</p>}</div>
            ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}
