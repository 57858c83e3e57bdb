// One operation against its next release: deprecation, parameters, request body, responses and
// security, each change marked breaking or not by the rules in the README ("Comparing releases").
import type { DiffOperation } from './operations.ts';
import type { SchemaComparer, FieldChange } from './schemas.ts';
import type { Change, ChangeLocation } from './types.ts';

export function compareOperation(oldOp: DiffOperation, newOp: DiffOperation, schemas: SchemaComparer): Change[] {
  const changes: Change[] = [];
  if (!oldOp.deprecated && newOp.deprecated) changes.push({ kind: 'operation-deprecated', in: 'operation', breaking: false });
  if (oldOp.deprecated && !newOp.deprecated) changes.push({ kind: 'operation-undeprecated', in: 'operation', breaking: false });

  for (const [key, p] of newOp.parameters) {
    const before = oldOp.parameters.get(key);
    const where = p.in as ChangeLocation;
    if (!before) {
      changes.push({ kind: 'parameter-added', in: where, name: p.name, to: p.required ? 'required' : 'optional', breaking: p.required });
      continue;
    }
    if (!before.required && p.required) changes.push({ kind: 'parameter-required', in: where, name: p.name, breaking: true });
    if (before.required && !p.required) changes.push({ kind: 'parameter-optional', in: where, name: p.name, breaking: false });
    pushAll(changes, fields(schemas.compare(before.schema, p.schema, 'request'), where, p.name));
  }
  for (const [key, p] of oldOp.parameters) {
    if (!newOp.parameters.has(key)) changes.push({ kind: 'parameter-removed', in: p.in as ChangeLocation, name: p.name, breaking: true });
  }

  const a = oldOp.body;
  const b = newOp.body;
  if (!a && b) changes.push({ kind: 'body-added', in: 'request', name: '', to: b.required ? 'required' : 'optional', breaking: b.required });
  else if (a && !b) changes.push({ kind: 'body-removed', in: 'request', name: '', breaking: true });
  else if (a && b) {
    if (!a.required && b.required) changes.push({ kind: 'body-required', in: 'request', name: '', breaking: true });
    if (a.required && !b.required) changes.push({ kind: 'body-optional', in: 'request', name: '', breaking: false });
    pushAll(changes, fields(schemas.compare(a.schema, b.schema, 'request'), 'request', ''));
  }

  for (const [status, schema] of newOp.responses) {
    if (!oldOp.responses.has(status)) {
      changes.push({ kind: 'response-added', in: 'response', status, breaking: false });
      continue;
    }
    pushAll(changes, fields(schemas.compare(oldOp.responses.get(status), schema, 'response'), 'response', '', status));
  }
  for (const status of oldOp.responses.keys()) {
    // A client handles the success it was promised; an error status that is no longer documented breaks nothing.
    if (!newOp.responses.has(status)) changes.push({ kind: 'response-removed', in: 'response', status, breaking: /^2/.test(status) });
  }

  const before = new Set(oldOp.security);
  const after = new Set(newOp.security);
  const neededNone = (list: Set<string>) => list.size === 0 || list.has('(none)');
  for (const r of after)
    if (!before.has(r)) changes.push({ kind: 'security-added', in: 'security', value: r, breaking: neededNone(before) && !neededNone(after) });
  for (const r of before) if (!after.has(r)) changes.push({ kind: 'security-removed', in: 'security', value: r, breaking: !neededNone(after) });
  return changes;
}

function fields(list: FieldChange[], where: ChangeLocation, prefix: string, status?: string): Change[] {
  return list.map((c) => {
    const name = joinPath(prefix, c.path);
    const change: Change = { kind: c.kind, in: where, name, breaking: c.breaking };
    if (status !== undefined) change.status = status;
    if (c.from !== undefined) change.from = c.from;
    if (c.to !== undefined) change.to = c.to;
    if (c.value !== undefined) change.value = c.value;
    return change;
  });
}

/** 'items', '[]', 'price' -> 'items[].price'. */
export function joinPath(prefix: string, path: string[]): string {
  let out = prefix;
  for (const seg of path) out = seg === '[]' ? `${out}[]` : out ? `${out}.${seg}` : seg;
  return out;
}

/** Appends without spreading: an operation of a large spec may have more changes than a call takes arguments. */
function pushAll<T>(to: T[], items: T[]): void {
  for (const item of items) to.push(item);
}
