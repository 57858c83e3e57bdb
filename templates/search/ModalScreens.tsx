// The screens of the search modal (DocSearch's): the start screen with recent and favourite
// searches, the grouped results, no results, and the error screen. The modal owns the state and
// the keyboard; these render a view of it. Hit titles come from the index's snippets: escaped
// text whose only markup is <mark> (see hits.ts), the one place HTML from the index is used.
// Loaded on the first sign of intent to search, not with the page (see preload.ts).
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import type { Strings } from 'docsgen/strings';
import type { SearchHit } from './provider.ts';
import { addFavorite, loadStored, removeFavorite, removeRecent, type StoredHit, type StoredSearches } from './storedSearches.ts';
import { hitHref, hitText } from './hits.ts';
import { MethodBadge } from './MethodBadge.tsx';
import { CloseIcon, ContentIcon, EnterIcon, ErrorIcon, PageIcon, RecentIcon, SectionIcon, StarIcon, TreeIcon } from './icons.tsx';

export type ItemKind = 'result' | 'recent' | 'favorite';

export interface ViewItem {
  index: number;
  kind: ItemKind;
  hit: SearchHit | StoredHit;
  child?: boolean;
  lastChild?: boolean;
}

export interface ViewSection {
  title: string;
  items: ViewItem[];
}

export interface ScreenProps {
  strings: Strings;
  idBase: string;
  basePath: string;
  active: number;
  onActive(index: number): void;
  onSelect(item: ViewItem, event: MouseEvent<HTMLAnchorElement>): void;
}

export const optionId = (idBase: string, index: number) => `${idBase}-option-${index}`;

/** The start screen's sections: the recent searches, then the favourites. */
export function storedSections(stored: StoredSearches, strings: Strings): ViewSection[] {
  const sections: ViewSection[] = [];
  let index = 0;
  if (stored.recent.length) sections.push({ title: strings.recent, items: stored.recent.map((hit) => ({ index: index++, kind: 'recent', hit })) });
  if (stored.favorites.length) sections.push({ title: strings.favorites, items: stored.favorites.map((hit) => ({ index: index++, kind: 'favorite', hit })) });
  return sections;
}

function HitRow({ item, props, actions }: { item: ViewItem; props: ScreenProps; actions?: ReactNode }) {
  const { hit } = item;
  const text = hitText(hit);
  const { href, external } = hitHref(hit.url, props.basePath);
  const icon =
    item.kind === 'recent' ? (
      <RecentIcon />
    ) : item.kind === 'favorite' ? (
      <StarIcon />
    ) : text.icon === 'page' ? (
      <PageIcon />
    ) : text.icon === 'section' ? (
      <SectionIcon />
    ) : (
      <ContentIcon />
    );
  const selected = item.index === props.active;
  const id = optionId(props.idBase, item.index);
  const link = (
    <a
      id={actions ? undefined : id}
      role={actions ? undefined : 'option'}
      aria-selected={actions ? undefined : selected}
      tabIndex={-1}
      href={href}
      rel={external ? 'noopener noreferrer' : undefined}
      className="search-hit-link"
      onMouseMove={() => !selected && props.onActive(item.index)}
      onClick={(e) => props.onSelect(item, e)}
    >
      <span className="search-hit-icon">{icon}</span>
      <MethodBadge hit={hit} />
      <span className="search-hit-text">
        <span className="search-hit-title" dangerouslySetInnerHTML={{ __html: text.title }} />
        {text.subtitle && <span className="search-hit-path" dangerouslySetInnerHTML={{ __html: text.subtitle }} />}
      </span>
      {!actions && (
        <span className="search-hit-action">
          <EnterIcon />
        </span>
      )}
    </a>
  );
  // A stored search is a grid row: the search in one cell, its buttons in the next (the APG grid
  // combobox; a listbox option may not hold buttons).
  if (actions) {
    return (
      <div className="search-hit" data-selected={selected || undefined} role="row">
        <div role="gridcell" id={id} aria-selected={selected} className="search-hit-cell">
          {link}
        </div>
        <div role="gridcell" className="search-hit-actions">
          {actions}
        </div>
      </div>
    );
  }
  return (
    <div className={'search-hit' + (item.child ? ' search-hit-child' : '')} data-selected={selected || undefined} role="presentation">
      {item.child && <TreeIcon last={Boolean(item.lastChild)} />}
      {link}
    </div>
  );
}

/** The id of the element the combobox controls: the results listbox, or the stored-search grids. */
export const popupIds = (idBase: string, grids: number) =>
  grids ? Array.from({ length: grids }, (_, s) => `${idBase}-grid-${s}`).join(' ') : `${idBase}-listbox`;

function Listbox({ sections, props, label }: { sections: ViewSection[]; props: ScreenProps; label: string }) {
  return (
    <div role="listbox" id={`${props.idBase}-listbox`} aria-label={label} className="search-listbox">
      {sections.map((section, s) => (
        <div role="group" aria-labelledby={`${props.idBase}-group-${s}`} className="search-group" key={section.title + s}>
          <div className="search-group-title" id={`${props.idBase}-group-${s}`} role="presentation">
            {section.title}
          </div>
          {section.items.map((item) => (
            <HitRow key={item.kind + item.hit.objectID} item={item} props={props} />
          ))}
        </div>
      ))}
    </div>
  );
}

function StoredGrids({ sections, props, actions }: { sections: ViewSection[]; props: ScreenProps; actions: (item: ViewItem) => ReactNode }) {
  return (
    <>
      {sections.map((section, s) => (
        <div className="search-group" key={section.title}>
          <div className="search-group-title" id={`${props.idBase}-group-${s}`}>
            {section.title}
          </div>
          <div role="grid" id={`${props.idBase}-grid-${s}`} aria-labelledby={`${props.idBase}-group-${s}`}>
            {section.items.map((item) => (
              <HitRow key={item.kind + item.hit.objectID} item={item} props={props} actions={actions(item)} />
            ))}
          </div>
        </div>
      ))}
    </>
  );
}

export function StartScreen(props: ScreenProps & { sections: ViewSection[]; onFavorite(hit: StoredHit): void; onRemove(item: ViewItem): void }) {
  const { strings } = props;
  if (!props.sections.length) {
    return (
      <div className="search-screen search-start">
        <p className="search-screen-title">{strings.noRecentSearches}</p>
      </div>
    );
  }
  return (
    <div className="search-screen search-start">
      <StoredGrids
        sections={props.sections}
        props={props}
        actions={(item) => (
          <>
            {item.kind === 'recent' && (
              <button
                type="button"
                className="search-hit-button"
                title={strings.saveSearch}
                aria-label={strings.saveSearch}
                onClick={() => props.onFavorite(item.hit)}
              >
                <StarIcon />
              </button>
            )}
            <button
              type="button"
              className="search-hit-button"
              title={item.kind === 'recent' ? strings.removeRecent : strings.removeFavorite}
              aria-label={item.kind === 'recent' ? strings.removeRecent : strings.removeFavorite}
              onClick={() => props.onRemove(item)}
            >
              <CloseIcon />
            </button>
          </>
        )}
      />
    </div>
  );
}

/** The start screen of the loading shell (ModalShell.tsx): the stored searches, which it keeps itself. */
export function ShellStartScreen({ strings, idBase, basePath, indexName }: { strings: Strings; idBase: string; basePath: string; indexName: string }) {
  const [stored, setStored] = useState(() => loadStored(indexName));
  const sections = useMemo(() => storedSections(stored, strings), [stored, strings]);
  return (
    <StartScreen
      strings={strings}
      idBase={idBase}
      basePath={basePath}
      active={0}
      onActive={() => {}}
      onSelect={() => {}}
      sections={sections}
      onFavorite={(hit) => setStored(addFavorite(indexName, hit))}
      onRemove={(item) => setStored(item.kind === 'recent' ? removeRecent(indexName, item.hit.objectID) : removeFavorite(indexName, item.hit.objectID))}
    />
  );
}

export function ResultsScreen(props: ScreenProps & { sections: ViewSection[]; footer?: ReactNode }) {
  return (
    <div className="search-screen search-results">
      <Listbox sections={props.sections} props={props} label={props.strings.searchResults} />
      {props.footer}
    </div>
  );
}

export function ErrorScreen({ strings }: { strings: Strings }) {
  return (
    <div className="search-screen search-error" role="alert">
      <ErrorIcon />
      <p className="search-screen-title">{strings.fetchErrorTitle}</p>
      <p className="search-screen-help">{strings.fetchErrorHelp}</p>
    </div>
  );
}
