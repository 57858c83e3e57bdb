// What an operation's sections and its code samples both read: its media types, a parameter's
// example, and whether a request body holds anything to send.
import type { ApiOperation } from '../model/model.ts';
import { isObject } from '../load/pointer.ts';
import { keywordLoc, mergedProperties, typeInfo, viewSchema } from '../model/schema.ts';
import { child, deref, type Located } from '../load/source.ts';
import type { ApiView } from './view.ts';

/**
 * An example of a parameter given in the spec (never an invented one: URLs keep {name}
 * otherwise); with `orDefault`, its default or first allowed value will do (for code samples).
 */
export function paramExample(view: ApiView, p: Located<Record<string, unknown>>, orDefault = false): unknown {
  const v = p.value;
  if (v.example !== undefined) return v.example;
  const examples = child(p, 'examples');
  if (examples && isObject(examples.value)) {
    for (const k of Object.keys(examples.value)) {
      try {
        const ex = deref(view.model.source, child(examples, k)!).value;
        if (isObject(ex) && ex.value !== undefined) return ex.value;
      } catch {
        /* reported by the $ref check */
      }
    }
  }
  const schema = child(p, 'schema');
  if (!schema) return undefined;
  const s = viewSchema(view.model, schema).s;
  const own = s.example ?? (Array.isArray(s.examples) ? s.examples[0] : undefined);
  return orDefault ? (own ?? s.default ?? (Array.isArray(s.enum) ? s.enum[0] : undefined)) : own;
}

export function mediaTypes(node: Located | undefined): [string, Located][] {
  const content = node && child(node, 'content');
  if (!content || !isObject(content.value)) return [];
  return Object.keys(content.value).map((mt) => [mt, child(content, mt)!]);
}

const NO_BODY = new Set(['get', 'head', 'delete', 'options']);

/**
 * The request body's media types, none when none has anything to send: an object schema with no
 * field and no example (vendors give GET operations a form body with no fields).
 */
export function bodyMediaTypes(view: ApiView, op: ApiOperation): [string, Located][] {
  const types = mediaTypes(op.requestBody);
  const empty = types.every(([, media]) => {
    const m = media.value;
    if (!isObject(m) || m.example !== undefined || (isObject(m.examples) && Object.keys(m.examples).length)) return false;
    const schema = child(media, 'schema');
    if (!schema) return true;
    const v = viewSchema(view.model, schema);
    const { types: kinds } = typeInfo(v.s);
    if (kinds.some((k) => k !== 'object') || keywordLoc(v, 'oneOf') || keywordLoc(v, 'anyOf')) return false;
    const merged = mergedProperties(view.model, v);
    if (merged.properties.length || merged.additional) return false;
    // An object that allows no field holds nothing; one that allows any is nothing a GET sends.
    return v.s.additionalProperties === false || (kinds.length > 0 && v.s.additionalProperties !== true && NO_BODY.has(op.method));
  });
  return empty ? [] : types;
}
