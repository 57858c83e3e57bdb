// The hosted index's settings, derived from the config: the DocSearch template's settings
// (hierarchy first, then content; one hit per page; words/typo/attribute ranking with the
// records' weights as custom ranking), facets for contextual search, and language processing
// that puts Korean first so the engine segments Hangul with its dictionary.
import type { SiteConfig } from '../types.ts';
import type { AlgoliaClient } from './algoliaClient.ts';

export type IndexSettings = Parameters<AlgoliaClient['setSettings']>[0]['indexSettings'];

/** Locales whose text is not split on spaces: the engine needs them first to segment it. */
const CJK = new Set(['ko', 'ja', 'zh']);

/** Algolia language codes for the config's locales, CJK first ('ko-KR' -> 'ko'). */
export function indexLanguages(config: SiteConfig): string[] {
  const codes = [...new Set(config.locales.map((l) => l.code.split('-')[0].toLowerCase()))];
  return [...codes.filter((c) => CJK.has(c)), ...codes.filter((c) => !CJK.has(c))];
}

export function algoliaIndexSettings(config: SiteConfig): IndexSettings {
  const languages = indexLanguages(config) as NonNullable<IndexSettings['queryLanguages']>;
  return {
    // Hierarchy in order (a title match beats a paragraph match), position inside an attribute ignored.
    searchableAttributes: [
      'unordered(hierarchy.lvl0)',
      'unordered(hierarchy.lvl1)',
      'unordered(hierarchy.lvl2)',
      'unordered(hierarchy.lvl3)',
      'unordered(hierarchy.lvl4)',
      'unordered(hierarchy.lvl5)',
      'unordered(hierarchy.lvl6)',
      'content',
    ],
    // Contextual search filters on language and version; type lets a client ask for page titles only.
    attributesForFaceting: ['language', 'version', 'type'],
    attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
    attributesToHighlight: ['hierarchy', 'content'],
    attributesToSnippet: ['content:10'],
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    snippetEllipsisText: '…',
    // One hit per page: the best-matching record of each page.
    distinct: true,
    attributeForDistinct: 'url_without_anchor',
    ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
    customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
    hitsPerPage: 20,
    minWordSizefor1Typo: 3,
    minWordSizefor2Typos: 7,
    allowTyposOnNumericTokens: false,
    ignorePlurals: languages,
    removeStopWords: false,
    advancedSyntax: true,
    removeWordsIfNoResults: 'allOptional',
    separatorsToIndex: '_',
    camelCaseAttributes: ['hierarchy', 'content'],
    queryLanguages: languages,
    indexLanguages: languages,
  };
}

/** Keys of `wanted` whose value differs from `current` (what a reindex would change). */
export function changedSettings(current: Record<string, unknown> | undefined, wanted: IndexSettings): string[] {
  // The engine may report `distinct: true` back as 1.
  const norm = (k: string, v: unknown) => JSON.stringify(k === 'distinct' && typeof v === 'boolean' ? Number(v) : v);
  return Object.entries(wanted)
    .filter(([k, v]) => norm(k, current?.[k]) !== norm(k, v))
    .map(([k]) => k);
}
