// Placeholder until the API reference generator lands: no API routes.
import type { SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import type { ApiReference } from './index.ts';

export async function buildApiReference(_config: SiteConfig, _problems: ProblemList): Promise<ApiReference | undefined> {
  return undefined;
}
