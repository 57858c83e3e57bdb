// The OpenAPI stage's contract with the rest of the pipeline. loadApiReference parses and
// validates the spec once; forLocale gives that locale's routes and sidebar; renderContent turns
// one API route into page content, like the Markdown stage does for a doc.
import type { PageContent, Route, SidebarItem, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import type { Strings } from '../shared/i18n/index.ts';

export interface ApiLocaleReference {
  routes: Route[];
  sidebarId: string;
  sidebar: SidebarItem[];
}

export interface ApiReference {
  forLocale(locale: string, prefix: string): ApiLocaleReference;
  renderContent(route: Route, strings: Strings): PageContent;
  /** Files the reference was read from (watch mode re-parses when one changes). */
  files: string[];
}

export { htmlPartsOf, type HtmlPart } from './parts.ts';

export async function loadApiReference(config: SiteConfig, problems: ProblemList): Promise<ApiReference | undefined> {
  const { buildApiReference } = await import('./reference.ts');
  return buildApiReference(config, problems);
}
