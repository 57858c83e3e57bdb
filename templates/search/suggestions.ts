// What a search that found nothing suggests trying (DocSearch's "Try searching for"): the sections
// of the visit's last results, shared by the modal and the search page; before any results, the
// index's own sections, so that the first search of a visit that finds nothing offers them too.
import { useEffect, useState } from 'react';
import type { ClientSiteData } from 'docsgen/shared/types';
import { getProvider, type SearchHit } from './provider.ts';

const SHOWN = 3;
let lastSections: string[] = [];

/** Keeps the sections of results being shown, for the next search that finds nothing. */
export function rememberSections(hits: SearchHit[]): void {
  const sections = [...new Set(hits.map((h) => h.hierarchy.lvl0.replace(/<\/?mark>/g, '')))].filter(Boolean);
  if (sections.length) lastSections = sections.slice(0, SHOWN);
}

/** The suggestions for a search that found nothing (`wanted`), else none. */
export function useSuggestions(site: ClientSiteData, locale: string, wanted: boolean): string[] {
  const [sections, setSections] = useState<{ locale: string; list: string[] } | null>(null);
  const needSections = wanted && !lastSections.length && sections?.locale !== locale;
  useEffect(() => {
    if (!needSections) return;
    let live = true;
    getProvider(site)
      .then((provider) => provider.sections?.(locale))
      .then(
        (list) => live && setSections({ locale, list: (list ?? []).filter((s) => s !== site.title).slice(0, SHOWN) }),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [needSections, site, locale]);
  if (!wanted) return [];
  return lastSections.length ? lastSections : sections?.locale === locale ? sections.list : [];
}
