// What the reference leaves out of a spec, said rather than dropped: callbacks and webhooks (it
// has pages for the spec's paths only).
import type { SiteProblem } from '../../errors.ts';
import { isObject } from '../load/pointer.ts';
import { child, type Located, type SpecSource } from '../load/source.ts';

export function leftOutProblems(
  source: SpecSource,
  rootLoc: Located,
  operations: { method: string; path: string; node: Located<Record<string, unknown>> }[],
  problems: SiteProblem[],
): void {
  // Callbacks: the first operation that has them is named, and how many do.
  const calling = operations.filter((op) => isObject(op.node.value.callbacks) && Object.keys(op.node.value.callbacks).length);
  if (calling.length) {
    const first = child(calling[0].node, 'callbacks')!;
    problems.push({
      code: 'openapi-callbacks',
      severity: 'warning',
      message: `The callbacks of ${calling.length === 1 ? '' : `${calling.length} operations (the first `}${calling[0].method.toUpperCase()} ${calling[0].path}${calling.length === 1 ? '' : ')'} are not shown: the API reference has pages for the spec's paths only`,
      file: first.file,
      line: source.lineOf(first.file, first.pointer),
    });
  }
  // The reference has pages for the spec's paths: its webhooks (OpenAPI 3.1) are said to be left out.
  const webhooks = child(rootLoc, 'webhooks');
  const hooks = isObject(webhooks?.value) ? Object.keys(webhooks.value) : [];
  if (webhooks && hooks.length) {
    problems.push({
      code: 'openapi-webhooks',
      severity: 'warning',
      message: `The spec's ${hooks.length === 1 ? 'webhook' : `${hooks.length} webhooks`} (${hooks.slice(0, 3).join(', ')}${hooks.length > 3 ? ', ...' : ''}) ${hooks.length === 1 ? 'is' : 'are'} not shown: the API reference has pages for the spec's paths only`,
      file: webhooks.file,
      line: source.lineOf(webhooks.file, webhooks.pointer),
    });
  }
}
