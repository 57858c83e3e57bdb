// UI strings in the browser: only the current locale's table is downloaded (each table is its
// own chunk, without the keys only the build reads: see BUILD_ONLY_STRINGS), loaded before the
// first render and before rendering a page of another locale. Same API as src/shared/i18n for
// templates ('docsgen/strings').
import type { ClientStrings as Strings } from '../shared/i18n/index.ts';

const loaders: Record<string, () => Promise<Strings>> = {
  en: () => import('../shared/i18n/en.ts').then((m) => m.en),
  ko: () => import('../shared/i18n/ko.ts').then((m) => m.ko),
};
const loaded = new Map<string, Strings>();

function tableFor(locale: string): string {
  return loaders[locale] ? locale : loaders[locale.split('-')[0]] ? locale.split('-')[0] : 'en';
}

export async function loadStrings(locale: string): Promise<void> {
  const key = tableFor(locale);
  if (!loaded.has(key)) loaded.set(key, await loaders[key]());
}

export function getStrings(locale: string): Strings {
  const table = loaded.get(tableFor(locale)) ?? loaded.values().next().value;
  if (!table) throw new Error(`UI strings for "${locale}" are not loaded`);
  return table;
}

export type { Strings };
