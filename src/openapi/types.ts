// How the OpenAPI stage is asked to load a spec (see index.ts); what it gives back is ApiReference
// in src/types.ts.
import type { SiteProblem } from '../errors.ts';
import type { ValidationJob } from './load/validate.ts';

export interface LoadOptions {
  /**
   * Runs a validation the cache does not hold (the build: in a thread of its own). `makeJob`
   * makes the job, which costs some time: the callee calls it when it suits.
   */
  validateElsewhere?(makeJob: () => ValidationJob): Promise<SiteProblem[]>;
  /** False: neither read nor write the cache folder (`--no-cache`). */
  cache?: boolean;
}
