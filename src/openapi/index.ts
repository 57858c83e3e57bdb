// The OpenAPI stage's contract with the rest of the pipeline. loadApiReference parses and
// validates the spec once; forLocale gives that locale's routes and sidebar; renderContent turns
// one API route into page content, like the Markdown stage does for a doc.
import type { SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import type { ApiReference } from '../types.ts';
import type { LoadOptions } from './types.ts';

export type { LoadOptions } from './types.ts';
export { apiPageMarkdown } from './render/parts.ts';
export type { ValidationJob } from './load/validate.ts';

export async function loadApiReference(config: SiteConfig, problems: ProblemList, options: LoadOptions = {}): Promise<ApiReference | undefined> {
  const { buildVersionedReference, hasApiVersions } = await import('./docsVersions.ts');
  if (hasApiVersions(config)) return buildVersionedReference(config, problems, options);
  const { buildReleasedReference } = await import('./releases.ts');
  return buildReleasedReference(config, problems, options);
}
