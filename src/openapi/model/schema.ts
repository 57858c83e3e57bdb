// Schemas as the renderers read them: a $ref resolved with its sibling keywords applied on top
// (3.1 allows description/example next to $ref), the identity of referenced schemas (their
// location, named after the component when there is one), types with 3.0 `nullable` and 3.1
// type arrays read the same way, and allOf parts merged into one property list.
import { isObject } from '../load/pointer.ts';
import { locKey, type ApiModel } from './model.ts';
import { child, type Located } from '../load/source.ts';

export type Schema = Record<string, unknown>;

export interface SchemaView {
  /** The schema with the keywords written next to its $ref applied. */
  s: Schema;
  loc: Located;
  /** Location of the $ref object whose sibling keywords were applied. */
  refLoc?: Located;
  siblings?: Set<string>;
  /** Set for schemas reached through a $ref or declared in components: a shared schema. */
  key?: string;
  label?: string;
}

export interface Property {
  name: string;
  loc: Located;
}

export function viewSchema(model: ApiModel, loc: Located): SchemaView {
  const value = loc.value;
  if (typeof value !== 'object' || value === null) return computeView(model, loc);
  // One view per schema object (one object has one place in the parsed files).
  let view = model.schemaViews.get(value) as SchemaView | undefined;
  if (!view) model.schemaViews.set(value, (view = computeView(model, loc)));
  return view;
}

function computeView(model: ApiModel, loc: Located): SchemaView {
  let current = loc;
  let refLoc: Located | undefined;
  let extra: Schema = {};
  let label: string | undefined;
  let followed = false;
  const nameOf = (l: Located) => {
    const n = model.names.get(locKey(l));
    if (!label && n?.kind === 'schemas') label = n.name;
  };
  nameOf(current);
  for (let hops = 0; hops < 16; hops++) {
    const v = current.value;
    if (!isObject(v) || typeof v.$ref !== 'string') break;
    const { $ref, ...siblings } = v;
    if (!refLoc) refLoc = current;
    extra = { ...siblings, ...extra };
    try {
      current = model.source.resolve($ref as string, current.file);
    } catch {
      break;
    }
    followed = true;
    nameOf(current);
  }
  // A shared schema is known by where it finally lives, however it was reached.
  const key = followed || label ? locKey(current) : undefined;
  if (key && !label) label = labelFromPointer(current);
  const base = isObject(current.value) ? current.value : {};
  const siblings = Object.keys(extra);
  const s = siblings.length ? { ...base, ...extra } : base;
  return { s, loc: current, refLoc: siblings.length ? refLoc : undefined, siblings: siblings.length ? new Set(siblings) : undefined, key, label };
}

function labelFromPointer(loc: Located): string {
  const last = loc.pointer.split('/').pop() ?? '';
  const clean = last.replace(/~1/g, '/').replace(/~0/g, '~');
  if (clean && !/^\d+$/.test(clean)) return clean;
  return loc.file
    .split(/[\\/]/)
    .pop()!
    .replace(/\.(ya?ml|json)$/i, '');
}

/** A keyword's value located where it was written (next to the $ref, or in the target). */
export function keywordLoc(view: SchemaView, keyword: string): Located | undefined {
  if (view.siblings?.has(keyword) && view.refLoc) return child(view.refLoc, keyword);
  if (view.s[keyword] === undefined) return undefined;
  return child(view.loc, keyword) ?? { value: view.s[keyword], file: view.loc.file, pointer: `${view.loc.pointer}/${keyword}` };
}

export interface TypeInfo {
  types: string[];
  nullable: boolean;
}

export function typeInfo(s: Schema): TypeInfo {
  let types: string[] = [];
  if (typeof s.type === 'string') types = [s.type];
  else if (Array.isArray(s.type)) types = s.type.filter((t): t is string => typeof t === 'string');
  let nullable = s.nullable === true || types.includes('null');
  types = types.filter((t) => t !== 'null');
  if (Array.isArray(s.enum) && s.enum.includes(null)) nullable = true;
  if (!types.length) {
    if (isObject(s.properties) || isObject(s.additionalProperties)) types = ['object'];
    else if (s.items !== undefined) types = ['array'];
  }
  return { types, nullable };
}

/** oneOf/anyOf of one schema and {type: null}: that schema, nullable. */
export function nullableVariant(model: ApiModel, view: SchemaView): SchemaView | undefined {
  for (const k of ['oneOf', 'anyOf'] as const) {
    const list = view.s[k];
    if (!Array.isArray(list) || list.length !== 2) continue;
    const parts = list.map((_, i) => viewSchema(model, child(keywordLoc(view, k)!, i)!));
    const nulls = parts.filter(
      (p) => typeInfo(p.s).types.length === 0 && (p.s.type === 'null' || (Array.isArray(p.s.type) && p.s.type.length === 1 && p.s.type[0] === 'null')),
    );
    if (nulls.length === 1) return parts.find((p) => !nulls.includes(p));
  }
  return undefined;
}

export interface Merged {
  properties: Property[];
  required: Set<string>;
  additional?: Located;
  /** The allOf parts that are shared schemas (shown as "All of: A, B"). */
  parts: SchemaView[];
  /** Set when an allOf part is not an object (then the parts are shown as variants instead). */
  unmergeable?: boolean;
}

/** Properties of an object schema, allOf parts merged in order (later parts override). */
export function mergedProperties(model: ApiModel, view: SchemaView): Merged {
  let merged = model.mergedSchemas.get(view) as Merged | undefined;
  if (!merged) model.mergedSchemas.set(view, (merged = mergeProperties(model, view, new Set())));
  return merged;
}

function mergeProperties(model: ApiModel, view: SchemaView, seen: Set<string>): Merged {
  const out: Merged = { properties: [], required: new Set(), parts: [] };
  const byName = new Map<string, number>();
  const add = (v: SchemaView, depth: number) => {
    if (v.key) {
      if (seen.has(v.key)) return;
      seen.add(v.key);
    }
    const all = v.s.allOf;
    if (Array.isArray(all) && depth < 8) {
      const loc = keywordLoc(v, 'allOf')!;
      all.forEach((_, i) => {
        const part = viewSchema(model, child(loc, i)!);
        if (part.key && depth === 0) out.parts.push(part);
        if (part.s.oneOf || part.s.anyOf || (typeInfo(part.s).types.length && !typeInfo(part.s).types.includes('object'))) out.unmergeable = true;
        add(part, depth + 1);
      });
    }
    const props = keywordLoc(v, 'properties');
    if (props && isObject(props.value)) {
      for (const name of Object.keys(props.value)) {
        const p = { name, loc: child(props, name)! };
        const at = byName.get(name);
        if (at === undefined) {
          byName.set(name, out.properties.length);
          out.properties.push(p);
        } else out.properties[at] = p;
      }
    }
    if (Array.isArray(v.s.required)) for (const r of v.s.required) if (typeof r === 'string') out.required.add(r);
    const ap = keywordLoc(v, 'additionalProperties');
    if (ap && isObject(ap.value)) out.additional = ap;
  };
  add(view, 0);
  return out;
}

/** A scalar for display: strings quoted like JSON, objects as compact JSON. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 120 ? text.slice(0, 117) + '...' : text;
}

/** One allowed value: its name in code (a variant's title, x-enum-varnames), its type and meaning. */
export interface EnumValue {
  value: unknown;
  name?: string;
  /** The variant's declared type ("integer"), when it declares one. */
  type?: string;
  description?: string;
  descLoc?: Located;
}

/**
 * The values of a oneOf/anyOf whose every variant is one constant ({const: "card"} or a
 * one-value enum), with their titles and descriptions: an enum written long-hand. Undefined
 * otherwise.
 */
export function constVariants(model: ApiModel, view: SchemaView): EnumValue[] | undefined {
  const kind = Array.isArray(view.s.oneOf) ? 'oneOf' : Array.isArray(view.s.anyOf) ? 'anyOf' : undefined;
  if (!kind) return undefined;
  const listLoc = keywordLoc(view, kind);
  const list = listLoc && Array.isArray(listLoc.value) ? listLoc.value : (view.s[kind] as unknown[]);
  if (!list.length) return undefined;
  const out: EnumValue[] = [];
  for (let i = 0; i < list.length; i++) {
    const loc = listLoc ? child(listLoc, i)! : { value: list[i], file: view.loc.file, pointer: '' };
    const variant = viewSchema(model, loc);
    const v = variant.s;
    const value = v.const !== undefined ? v.const : Array.isArray(v.enum) && v.enum.length === 1 ? v.enum[0] : undefined;
    if (value === undefined || isObject(v.properties)) return undefined;
    out.push({
      value,
      name: typeof v.title === 'string' ? v.title : undefined,
      type: typeInfo(v).types[0],
      description: typeof v.description === 'string' ? v.description : undefined,
      descLoc: keywordLoc(variant, 'description'),
    });
  }
  return out;
}

/**
 * An enum's values with the names generators give them in code (x-enum-varnames, x-enumNames)
 * and their descriptions (x-enum-descriptions), when the spec gives any; undefined otherwise.
 */
export function namedEnum(s: Schema): EnumValue[] | undefined {
  if (!Array.isArray(s.enum)) return undefined;
  const list = (key: string) => {
    const v = s[key];
    return Array.isArray(v) && v.length === (s.enum as unknown[]).length && v.every((x) => typeof x === 'string' || x === null)
      ? (v as (string | null)[])
      : undefined;
  };
  const names = list('x-enum-varnames') ?? list('x-enumNames');
  const descriptions = list('x-enum-descriptions') ?? list('x-enumDescriptions');
  if (!names && !descriptions) return undefined;
  return s.enum.map((value, i) => ({ value, name: names?.[i] ?? undefined, description: descriptions?.[i] || undefined }));
}
