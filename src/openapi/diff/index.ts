// `api-diff`'s engine: reads two specs (Swagger 2.0, OpenAPI 3.0 or 3.1; YAML or JSON; one file or
// several joined by $refs), matches their operations by method and path, and lists what changed.
import path from 'node:path';
import { BuildFailed, SiteError, type SiteProblem } from '../../errors.ts';
import { isObject } from '../load/pointer.ts';
import { checkRefs } from '../load/refs.ts';
import { SpecSource } from '../load/source.ts';
import { compareOperation } from './compare.ts';
import { readOperations, templateKey, type DiffOperation } from './operations.ts';
import { SchemaComparer } from './schemas.ts';
import type { ApiDiff, ChangedOperation, OperationRef } from './types.ts';

export type { ApiDiff, Change, ChangeKind, ChangedOperation, OperationRef } from './types.ts';
export { describeChange, formatDiff } from './describe.ts';

/** Reads a spec for comparing; throws BuildFailed naming the file and line of what cannot be read. */
export function loadSpecForDiff(file: string): SpecSource {
  const source = new SpecSource(path.resolve(file));
  const problems: SiteProblem[] = [];
  try {
    const doc = source.root.doc;
    const openapi = isObject(doc) ? doc.openapi : undefined;
    const swagger = isObject(doc) ? doc.swagger : undefined;
    if (!(typeof openapi === 'string' && /^3\.[01]\./.test(openapi)) && swagger !== '2.0') {
      problems.push({
        code: 'openapi-version',
        message: `${path.basename(source.rootFile)} is not a Swagger 2.0, OpenAPI 3.0 or 3.1 document (no "swagger: 2.0" or "openapi: 3.x" at its root)`,
        file: source.rootFile,
        line: source.lineOf(source.rootFile, openapi !== undefined ? '/openapi' : '/swagger'),
      });
    } else problems.push(...checkRefs(source).filter((p) => p.severity !== 'warning'));
  } catch (err) {
    if (!(err instanceof SiteError)) throw err;
    problems.push(err);
  }
  if (problems.length) throw new BuildFailed(problems);
  return source;
}

export function diffSpecFiles(oldFile: string, newFile: string): ApiDiff {
  return diffSources(loadSpecForDiff(oldFile), loadSpecForDiff(newFile));
}

export function diffSources(oldSource: SpecSource, newSource: SpecSource): ApiDiff {
  return diffOperations(readOperations(oldSource), readOperations(newSource), new SchemaComparer(oldSource, newSource));
}

/**
 * Pairs each operation of the new release with the old one it continues: the same method and
 * path first, then the same path but for its parameters' names (a rename of {id} to {orderId}).
 * A spec whose paths differ only by those names (which OpenAPI forbids) keeps them apart.
 */
function matchOperations(before: DiffOperation[], after: DiffOperation[]): Map<DiffOperation, DiffOperation> {
  const exact = (op: DiffOperation) => `${op.method} ${op.path}`;
  const loose = (op: DiffOperation) => `${op.method} ${templateKey(op.path)}`;
  const oldByExact = new Map(before.map((op) => [exact(op), op]));
  const matched = new Map<DiffOperation, DiffOperation>();
  const used = new Set<DiffOperation>();
  for (const op of after) {
    const old = oldByExact.get(exact(op));
    if (old && !used.has(old)) {
      matched.set(op, old);
      used.add(old);
    }
  }
  const oldByLoose = new Map<string, DiffOperation[]>();
  for (const op of before) if (!used.has(op)) oldByLoose.set(loose(op), [...(oldByLoose.get(loose(op)) ?? []), op]);
  for (const op of after) {
    if (matched.has(op)) continue;
    const old = oldByLoose.get(loose(op))?.shift();
    if (old) {
      matched.set(op, old);
      used.add(old);
    }
  }
  return matched;
}

function diffOperations(before: DiffOperation[], after: DiffOperation[], schemas: SchemaComparer): ApiDiff {
  const ref = (op: DiffOperation): OperationRef => ({ method: op.method.toUpperCase(), path: op.path });
  const matched = matchOperations(before, after);
  const continued = new Set(matched.values());
  const added: OperationRef[] = [];
  const removed: OperationRef[] = [];
  const changed: ChangedOperation[] = [];
  let breaking = 0;
  for (const op of after) {
    const old = matched.get(op);
    if (!old) {
      added.push(ref(op));
      continue;
    }
    const changes = compareOperation(old, op, schemas);
    if (!changes.length) continue;
    changed.push({ ...ref(op), changes });
    breaking += changes.filter((c) => c.breaking).length;
  }
  for (const op of before) {
    if (continued.has(op)) continue;
    removed.push(ref(op));
    breaking++;
  }
  return { operations: { added, removed, changed }, breaking };
}
