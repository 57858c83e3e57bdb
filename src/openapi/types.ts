// The OpenAPI stage's contract with the rest of the pipeline (see index.ts).
import type { PageContent, Route, SidebarItem } from '../types.ts';
import type { SiteProblem } from '../errors.ts';
import type { ValidationJob } from './load/validate.ts';
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
  /**
   * The spec's validation problems, when validation was handed elsewhere (LoadOptions) and may
   * still be running: the reference was built meanwhile, and nothing built from it may be
   * published before this settles without errors.
   */
  validation?: Promise<SiteProblem[]>;
}

export interface LoadOptions {
  /**
   * Runs a validation the cache does not hold (the build: in a thread of its own). `makeJob`
   * makes the job, which costs some time: the callee calls it when it suits.
   */
  validateElsewhere?(makeJob: () => ValidationJob, specSize: number): Promise<SiteProblem[]>;
  /**
   * This thread's reference is the build's own: it reports the spec's problems, validates it and
   * (default: on the main thread only; render workers load copies).
   */
  primary?: boolean;
}
