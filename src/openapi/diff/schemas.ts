// Compares two schemas field by field: properties added, removed, made required or optional,
// types changed, enum values added or removed, down through objects and array items. Whether a
// change breaks a client depends on the direction: what a client sends (request) or reads
// (response). A schema pair compared once is remembered, so a shared schema used by hundreds of
// operations costs one walk.
import { isObject } from '../load/pointer.ts';
import { child, deref, type Located, type SpecSource } from '../load/source.ts';
import type { ChangeKind } from './types.ts';

export type Direction = 'request' | 'response';

/** A change inside a schema, at a path of property names ('[]' for array items). */
export interface FieldChange {
  kind: ChangeKind;
  path: string[];
  from?: string;
  to?: string;
  value?: string;
  breaking: boolean;
}

/** A schema with its $refs, allOf parts and oneOf/anyOf variants merged into one view. */
interface Flat {
  types: Set<string>;
  format?: string;
  enum?: unknown[];
  properties: Map<string, Located>;
  required: Set<string>;
  items?: Located;
  readOnly: boolean;
  writeOnly: boolean;
}

/** The changes of a schema pair itself, and the pairs of properties and items below it. */
interface PairStep {
  own: FieldChange[];
  below: { segment: string; a: Located; b: Located }[];
}

export class SchemaComparer {
  private steps = new Map<string, PairStep>();
  private clean = new Map<string, boolean>();
  private open = new Set<string>();

  constructor(
    private oldSource: SpecSource,
    private newSource: SpecSource,
  ) {}

  /**
   * The changes between two schemas, paths from their root. A schema pair met again below (a
   * shared schema, a cycle of $refs) is reported once, at its shallowest path: a spec whose
   * objects nest each other (Stripe's expandable fields) would otherwise repeat one change at
   * thousands of paths.
   */
  compare(oldSchema: Located | undefined, newSchema: Located | undefined, direction: Direction): FieldChange[] {
    if (!oldSchema || !newSchema) return [];
    const changes: FieldChange[] = [];
    const seen = new Set<string>();
    let level: { a: Located; b: Located; path: string[] }[] = [{ a: oldSchema, b: newSchema, path: [] }];
    while (level.length) {
      const next: typeof level = [];
      for (const { a, b, path } of level) {
        const key = this.keyOf(a, b, direction);
        if (seen.has(key)) continue;
        seen.add(key);
        if (this.isClean(a, b, direction)) continue;
        const step = this.step(a, b, direction);
        for (const c of step.own) changes.push(path.length ? { ...c, path: [...path, ...c.path] } : c);
        for (const d of step.below) next.push({ a: d.a, b: d.b, path: [...path, d.segment] });
      }
      level = next;
    }
    return changes;
  }

  private keyOf(a: Located, b: Located, direction: Direction): string {
    const x = deref(this.oldSource, a);
    const y = deref(this.newSource, b);
    return `${direction}\0${x.file}#${x.pointer}\0${y.file}#${y.pointer}`;
  }

  /** Whether nothing changed in a pair or anywhere below it (a pair met again inside itself counts as unchanged there). */
  private isClean(a: Located, b: Located, direction: Direction): boolean {
    const key = this.keyOf(a, b, direction);
    const known = this.clean.get(key);
    if (known !== undefined) return known;
    if (this.open.has(key)) return true;
    this.open.add(key);
    const step = this.step(a, b, direction);
    const clean = !step.own.length && step.below.every((d) => this.isClean(d.a, d.b, direction));
    this.open.delete(key);
    this.clean.set(key, clean);
    return clean;
  }

  private step(oldSchema: Located, newSchema: Located, direction: Direction): PairStep {
    const key = this.keyOf(oldSchema, newSchema, direction);
    let step = this.steps.get(key);
    if (!step) {
      step = compareFlat(flatten(this.oldSource, deref(this.oldSource, oldSchema)), flatten(this.newSource, deref(this.newSource, newSchema)), direction);
      this.steps.set(key, step);
    }
    return step;
  }
}

function compareFlat(a: Flat, b: Flat, direction: Direction): PairStep {
  const request = direction === 'request';
  const own: FieldChange[] = [];
  const below: PairStep['below'] = [];
  const from = typeText(a);
  const to = typeText(b);
  if (a.types.size && b.types.size && from !== to) {
    // A request breaks when the new type refuses what the old accepted; a response when it sends what the old never did.
    const breaking = request ? !covers(b, a) : !covers(a, b);
    own.push({ kind: 'type-changed', path: [], from, to, breaking });
  }
  if (a.enum && b.enum) {
    const before = new Set(a.enum.map((v) => JSON.stringify(v)));
    const after = new Set(b.enum.map((v) => JSON.stringify(v)));
    for (const v of before) if (!after.has(v)) own.push({ kind: 'enum-value-removed', path: [], value: v, breaking: true });
    for (const v of after) if (!before.has(v)) own.push({ kind: 'enum-value-added', path: [], value: v, breaking: false });
  } else if (a.enum || b.enum) {
    // A closed list of values where there was none narrows what a client may send; the reverse widens what it may read.
    const breaking = request ? !!b.enum : !!a.enum;
    own.push({ kind: 'type-changed', path: [], from: enumText(a, from), to: enumText(b, to), breaking });
  }
  const visible = (f: Flat, name: string): boolean => {
    const s = f.properties.get(name);
    if (!s) return false;
    const v = isObject(s.value) ? s.value : {};
    return request ? v.readOnly !== true : v.writeOnly !== true;
  };
  for (const name of new Set([...a.properties.keys(), ...b.properties.keys()])) {
    const inOld = visible(a, name);
    const inNew = visible(b, name);
    if (!inOld && !inNew) continue;
    if (!inOld) {
      const required = b.required.has(name);
      own.push({ kind: 'field-added', path: [name], to: required ? 'required' : 'optional', breaking: request && required });
      continue;
    }
    if (!inNew) {
      own.push({ kind: 'field-removed', path: [name], breaking: true });
      continue;
    }
    const wasRequired = a.required.has(name);
    const isRequired = b.required.has(name);
    if (!wasRequired && isRequired) own.push({ kind: 'field-required', path: [name], breaking: request });
    if (wasRequired && !isRequired) own.push({ kind: 'field-optional', path: [name], breaking: !request });
    below.push({ segment: name, a: a.properties.get(name)!, b: b.properties.get(name)! });
  }
  if (a.items && b.items) below.push({ segment: '[]', a: a.items, b: b.items });
  return { own, below };
}

function flatten(source: SpecSource, node: Located, seen = new Set<string>()): Flat {
  const flat: Flat = { types: new Set(), properties: new Map(), required: new Set(), readOnly: false, writeOnly: false };
  merge(source, node, flat, seen, true);
  return flat;
}

function merge(source: SpecSource, raw: Located, flat: Flat, seen: Set<string>, all: boolean): void {
  const node = deref(source, raw);
  const id = `${node.file}#${node.pointer}`;
  if (seen.has(id) || !isObject(node.value)) return;
  seen.add(id);
  const v = node.value;
  const types = Array.isArray(v.type) ? v.type : typeof v.type === 'string' ? [v.type] : [];
  for (const t of types) if (typeof t === 'string') flat.types.add(t);
  if (v.nullable === true || v['x-nullable'] === true) flat.types.add('null');
  if (!types.length && isObject(v.properties)) flat.types.add('object');
  if (!types.length && v.items !== undefined) flat.types.add('array');
  if (typeof v.format === 'string') flat.format ??= v.format;
  if (Array.isArray(v.enum)) flat.enum = [...(flat.enum ?? []), ...v.enum];
  else if (v.const !== undefined) flat.enum = [...(flat.enum ?? []), v.const];
  const props = child(node, 'properties');
  if (props && isObject(props.value))
    for (const name of Object.keys(props.value)) if (!flat.properties.has(name)) flat.properties.set(name, child(props, name)!);
  // Only the fields every value has are required: a variant's (oneOf, anyOf) are not.
  if (all && Array.isArray(v.required)) for (const r of v.required) if (typeof r === 'string') flat.required.add(r);
  if (v.items !== undefined && !flat.items) flat.items = child(node, 'items');
  const parts = (key: string, every: boolean) => {
    const list = child(node, key);
    if (list && Array.isArray(list.value)) list.value.forEach((_, i) => merge(source, child(list, i)!, flat, seen, all && every));
  };
  parts('allOf', true);
  parts('oneOf', false);
  parts('anyOf', false);
}

function typeText(f: Flat): string {
  const types = [...f.types].sort((x, y) => (x === 'null' ? 1 : y === 'null' ? -1 : x.localeCompare(y)));
  const text = types.join(' | ');
  return f.format ? `${text} (${f.format})` : text;
}

function enumText(f: Flat, type: string): string {
  return f.enum ? `${type || 'value'}, one of ${f.enum.length} values` : type || 'any value';
}

/**
 * Whether every value of `inner` is also a value of `outer`: an integer is a number, and of the
 * formats only the sizes narrow (int32 holds less than int64 or no format); other formats, such as
 * date-time, describe the same strings.
 */
function covers(outer: Flat, inner: Flat): boolean {
  for (const t of inner.types) if (!outer.types.has(t) && !(t === 'integer' && outer.types.has('number'))) return false;
  const narrow = (f?: string) => (f === 'int32' ? 1 : f === 'float' ? 1 : 2);
  return narrow(outer.format) >= narrow(inner.format);
}
