// The API's releases in order and what each changed from the one before: the data the changelog
// page, its feed and the operation pages' "Added in" / "Changed in" badges are made from.
import { diffSources, type ApiDiff, type OperationRef } from '../diff/index.ts';
import type { Reference } from '../reference.ts';

export interface Release {
  version: string;
  /** YYYY-MM-DD, when the config gives it. */
  date?: string;
  reference: Reference;
}

export interface ReleaseStep {
  release: Release;
  previous: Release;
  diff: ApiDiff;
}

/** Each release compared with the one before it, the newest first. */
export function releaseSteps(releases: Release[]): ReleaseStep[] {
  const steps: ReleaseStep[] = [];
  for (let i = releases.length - 1; i > 0; i--) {
    const release = releases[i];
    const previous = releases[i - 1];
    steps.push({ release, previous, diff: diffSources(previous.reference.specSource, release.reference.specSource) });
  }
  return steps;
}

/** The key the reference gives an operation ('get /items/{id}'). */
export function operationKey(op: OperationRef): string {
  return `${op.method.toLowerCase()} ${op.path}`;
}

/** What a release did to each of its operations: added it, or changed it. */
export function sinceOf(step: ReleaseStep): Map<string, 'added' | 'changed'> {
  const since = new Map<string, 'added' | 'changed'>();
  for (const op of step.diff.operations.added) since.set(operationKey(op), 'added');
  for (const op of step.diff.operations.changed) since.set(operationKey(op), 'changed');
  return since;
}
