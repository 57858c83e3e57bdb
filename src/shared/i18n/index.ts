import { en, type Strings } from './en.ts';
import { ko } from './ko.ts';

const TABLES: Record<string, Strings> = { en, ko };

/** The UI strings for a locale; locales without a table use English. */
export function getStrings(locale: string): Strings {
  return TABLES[locale] ?? TABLES[locale.split('-')[0]] ?? en;
}

/**
 * Top-level keys only the build reads: the words of Markdown and API reference HTML, generated
 * pages' titles and descriptions, llms.txt, the dev server's overlay (bundled on its own). The
 * browser's tables leave them out (src/render/clientStrings.ts), so templates must not read them
 * in the browser (src/client/strings.ts types them away). A key not listed here is shipped.
 */
export const BUILD_ONLY_STRINGS = [
  'api',
  'devServer',
  'llmsIntro',
  'llmsOtherLanguages',
  'admonitions',
  'details',
  'footnotes',
  'footnoteBackref',
  'code',
  'copyCode',
  'directLink',
  'table',
  'taskDone',
  'taskOpen',
  'docsTitle',
  'tagPageTitle',
  'blogArchive',
  'blogArchiveDescription',
  'blogAuthors',
  'blogTags',
  'blogPostsTagged',
  'blogPostsBy',
] as const satisfies readonly (keyof Strings)[];

/** The strings the browser has (see BUILD_ONLY_STRINGS). */
export type ClientStrings = Omit<Strings, (typeof BUILD_ONLY_STRINGS)[number]>;

export type { Strings };
