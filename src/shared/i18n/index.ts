import { en, type Strings } from './en.ts';
import { ko } from './ko.ts';

const TABLES: Record<string, Strings> = { en, ko };

/** The UI strings for a locale; locales without a table use English. */
export function getStrings(locale: string): Strings {
  return TABLES[locale] ?? TABLES[locale.split('-')[0]] ?? en;
}

export type { Strings };
