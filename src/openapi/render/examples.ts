// Example payloads: the spec's own example for a media type when it has one (example, then the
// first of examples), else one built from the schema (property examples, defaults, enums, or a
// placeholder by type and format). Built examples hold every property of the top levels, optional
// ones included, and the required ones below; they stop at cycles and at a bounded depth, and an
// example too long to read is built again with fewer full levels.
import type { ApiModel } from '../model/model.ts';
import { isObject } from '../load/pointer.ts';
import type { SchemaGraph } from '../model/graph.ts';
import { keywordLoc, mergedProperties, nullableVariant, typeInfo, viewSchema, type SchemaView } from '../model/schema.ts';
import { child, deref, type Located } from '../load/source.ts';
import type { Mode } from './schemaTree.ts';

const MAX_DEPTH = 5;
/** Levels whose objects show every property; deeper ones show their required properties (else the first few). */
const FULL_DEPTH = 3;
/** Characters of JSON past which an example is built again with one full level fewer. */
const MAX_CHARS = 24_000;

/** An example as an operation's examples column shows it: every list of objects cut to its first item. */
export function firstItems(value: unknown): unknown {
  if (Array.isArray(value)) {
    const list = value.length > 1 && value.every((v) => v !== null && typeof v === 'object') ? value.slice(0, 1) : value;
    return list.map(firstItems);
  }
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, firstItems(v)]));
}

/** The example of a media type object ({schema, example, examples}), or undefined. */
export function mediaExample(model: ApiModel, graph: SchemaGraph, media: Located, mode: Mode, memo: Map<string, unknown>): unknown {
  const m = media.value;
  if (!isObject(m)) return undefined;
  if (m.example !== undefined) return m.example;
  const examples = child(media, 'examples');
  if (examples && isObject(examples.value)) {
    for (const name of Object.keys(examples.value)) {
      try {
        const ex = deref(model.source, child(examples, name)!).value;
        if (isObject(ex) && ex.value !== undefined) return ex.value;
      } catch {
        /* reported by the $ref check */
      }
    }
  }
  const schema = child(media, 'schema');
  return schema ? schemaExample(model, graph, schema, mode, memo) : undefined;
}

/**
 * The body a code sample sends: the spec's example when it has one, else one built from the
 * schema with the fields a request needs (required, or given an example in the spec) rather
 * than a placeholder for every optional one; an object with neither shows its first few scalars.
 */
export function sampleBodyExample(model: ApiModel, graph: SchemaGraph, media: Located, memo: Map<string, unknown>): unknown {
  const m = media.value;
  if (!isObject(m)) return undefined;
  const schema = child(media, 'schema');
  if (m.example !== undefined || isObject(m.examples) || !schema) return mediaExample(model, graph, media, 'request', memo);
  return build(model, graph, viewSchema(model, schema), { mode: 'request', memo, full: 0, needed: true }, 0, []);
}

export function schemaExample(model: ApiModel, graph: SchemaGraph, loc: Located, mode: Mode, memo: Map<string, unknown>): unknown {
  const view = viewSchema(model, loc);
  for (let full = FULL_DEPTH; ; full--) {
    const value = build(model, graph, view, { mode, memo, full }, 0, []);
    if (full === 0 || value === undefined || JSON.stringify(value).length <= MAX_CHARS) return value;
  }
}

interface Build {
  mode: Mode;
  memo: Map<string, unknown>;
  /** Levels shown in full (FULL_DEPTH unless the example came out too long). */
  full: number;
  /** Objects show only the fields a request needs (sampleBodyExample). */
  needed?: boolean;
}

function build(model: ApiModel, graph: SchemaGraph, view0: SchemaView, b: Build, depth: number, ancestors: string[]): unknown {
  const view = nullableVariant(model, view0) ?? view0;
  const s = view.s;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (depth > MAX_DEPTH) return undefined;
  const key = view.key;
  if (key && ancestors.includes(key)) return undefined;
  if (key) graph.register(view);
  const reach = key ? graph.reachWithin(key, MAX_DEPTH - depth + 1) : undefined;
  const memoKey = key ? `${key}|${b.mode}|${b.needed ? 'needed' : b.full}|${depth}|${ancestors.filter((a) => reach!.has(a)).join(',')}` : undefined;
  if (memoKey && b.memo.has(memoKey)) return structuredClone(b.memo.get(memoKey));
  const inner = key ? [...ancestors, key] : ancestors;
  const value = compute(model, graph, view, b, depth, inner);
  if (memoKey) b.memo.set(memoKey, value);
  return value;
}

function compute(model: ApiModel, graph: SchemaGraph, view: SchemaView, b: Build, depth: number, ancestors: string[]): unknown {
  const s = view.s;
  const { mode } = b;
  // A variant or an array's item stands at the level of the value that holds it.
  const same = (loc: Located | undefined) => (loc ? build(model, graph, viewSchema(model, loc), b, depth, ancestors) : undefined);
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = keywordLoc(view, kind);
    if (list && Array.isArray(list.value) && list.value.length) {
      const first = viewSchema(model, child(list, 0)!);
      const value = build(model, graph, first, b, depth, ancestors);
      const d = s.discriminator;
      if (isObject(value) && isObject(d) && typeof d.propertyName === 'string') {
        // The discriminator holds the value that selects this variant.
        return { ...value, [d.propertyName]: discriminatorValue(model, view, first) ?? value[d.propertyName] };
      }
      if (!isObject(s.properties) && !Array.isArray(s.allOf)) return value;
    }
  }
  const { types } = typeInfo(s);
  if (types.includes('array') || (s.items !== undefined && !types.length)) {
    const item = same(keywordLoc(view, 'items'));
    return item === undefined ? [] : [item];
  }
  const merged = mergedProperties(model, view);
  if (merged.properties.length || types.includes('object') || merged.additional) {
    const out: Record<string, unknown> = {};
    const shown = merged.properties.filter((p) => {
      const ps = viewSchema(model, p.loc).s;
      return !((mode === 'request' && ps.readOnly === true) || (mode === 'response' && ps.writeOnly === true));
    });
    let props = shown;
    if (b.needed) {
      props = shown.filter((p) => merged.required.has(p.name) || hasExample(viewSchema(model, p.loc).s));
      if (!props.length) props = shown.filter((p) => isScalar(viewSchema(model, p.loc).s)).slice(0, 3);
    } else if (depth >= b.full) {
      const required = shown.filter((p) => merged.required.has(p.name));
      props = required.length ? required : shown.slice(0, 4);
    }
    for (const p of props) {
      const v = build(model, graph, viewSchema(model, p.loc), b, depth + 1, ancestors);
      if (v !== undefined) out[p.name] = v === 'string' ? (placeholderFor(p.name) ?? v) : v;
    }
    if (!merged.properties.length && merged.additional) {
      const v = build(model, graph, viewSchema(model, merged.additional), b, depth + 1, ancestors);
      if (v !== undefined) out.key = v;
    }
    return out;
  }
  return scalar(types[0], typeof s.format === 'string' ? s.format : undefined);
}

/** A plain string's placeholder that reads as what the field holds, by its name ("email"). */
function placeholderFor(name: string): string | undefined {
  if (/(?:^|_)e?mail(?:_address)?$|Email$/i.test(name)) return 'user@example.com';
  if (/(?:^|_)(?:url|uri|website|homepage)$|Url$/i.test(name)) return 'https://example.com';
  if (/(?:^|_)phone(?:_number)?$|Phone$/i.test(name)) return '+15555550123';
  if (/(?:^|_)country(?:_code)?$/i.test(name)) return 'US';
  return undefined;
}

function hasExample(s: Record<string, unknown>): boolean {
  return s.example !== undefined || (Array.isArray(s.examples) && s.examples.length > 0);
}

function isScalar(s: Record<string, unknown>): boolean {
  const { types } = typeInfo(s);
  return types.length > 0 && types.every((t) => t !== 'object' && t !== 'array');
}

function discriminatorValue(model: ApiModel, view: SchemaView, variant: SchemaView): string | undefined {
  const d = view.s.discriminator as Record<string, unknown>;
  if (isObject(d.mapping)) {
    const file = keywordLoc(view, 'discriminator')?.file ?? view.loc.file;
    for (const [value, ref] of Object.entries(d.mapping)) {
      if (typeof ref !== 'string') continue;
      try {
        const target = model.source.resolve(
          ref.includes('#') || ref.includes('/') ? ref : `#/components/schemas/${ref}`,
          ref.includes('#') || ref.includes('/') ? file : model.source.rootFile,
        );
        if (variant.key === `${target.file}#${target.pointer}`) return value;
      } catch {
        /* reported by validation */
      }
    }
  }
  return variant.label;
}

function scalar(type: string | undefined, format: string | undefined): unknown {
  switch (type) {
    case 'integer':
      return 0;
    case 'number':
      return 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      switch (format) {
        case 'date-time':
          return '2026-01-15T09:30:00Z';
        case 'date':
          return '2026-01-15';
        case 'time':
          return '09:30:00';
        case 'email':
          return 'user@example.com';
        case 'uri':
        case 'url':
          return 'https://example.com';
        case 'uuid':
          return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
        case 'binary':
          return '(binary)';
        case 'decimal':
          return '0.00';
        default:
          return 'string';
      }
    default:
      return undefined;
  }
}
