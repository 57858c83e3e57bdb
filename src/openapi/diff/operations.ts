// Reads a spec's operations into one shape for Swagger 2.0 and OpenAPI 3.x alike: parameters by
// location and name (path parameters by position, so renaming {id} to {orderId} is no change),
// the request body's schema (2.0's body parameter, or its formData parameters as one object),
// each response's schema, and the security requirements in force.
import { isObject, toPointer } from '../load/pointer.ts';
import { child, deref, type Located, type SpecSource } from '../load/source.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface DiffParameter {
  in: string;
  name: string;
  required: boolean;
  /** The parameter's schema (2.0: the parameter itself, which holds type, enum and items). */
  schema?: Located;
}

export interface DiffOperation {
  method: string;
  path: string;
  deprecated: boolean;
  /** By `${in}:${name}`, path parameters by `path:#${position}`. */
  parameters: Map<string, DiffParameter>;
  body?: { required: boolean; schema?: Located };
  responses: Map<string, Located | undefined>;
  /** Each alternative requirement as text ('api_key', 'oauth2 (orders:read)'); none when empty. */
  security: string[];
}

/** The operations of a spec, in its order. */
export function readOperations(source: SpecSource): DiffOperation[] {
  const rootLoc: Located = { value: source.root.doc, file: source.rootFile, pointer: '' };
  const root = isObject(rootLoc.value) ? rootLoc.value : {};
  const swagger = typeof root.swagger === 'string';
  const paths = child(rootLoc, 'paths');
  const operations: DiffOperation[] = [];
  if (!paths || !isObject(paths.value)) return operations;
  for (const p of Object.keys(paths.value)) {
    const item = deref(source, child(paths, p)!);
    if (!isObject(item.value)) continue;
    const shared = parameterList(source, child(item, 'parameters'));
    for (const method of METHODS) {
      const raw = child(item, method);
      if (!raw) continue;
      const op = deref(source, raw);
      if (!isObject(op.value)) continue;
      operations.push(readOperation(source, op as Located<Record<string, unknown>>, method, p, shared, root, swagger));
    }
  }
  return operations;
}

/** A path with every template parameter as `{}`: /orders/{id} and /orders/{orderId} are one path. */
export function templateKey(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

function readOperation(
  source: SpecSource,
  op: Located<Record<string, unknown>>,
  method: string,
  path: string,
  shared: Located<Record<string, unknown>>[],
  root: Record<string, unknown>,
  swagger: boolean,
): DiffOperation {
  const own = parameterList(source, child(op, 'parameters'));
  const id = (p: Located<Record<string, unknown>>) => `${p.value.in}:${p.value.name}`;
  const ownIds = new Set(own.map(id));
  const all = [...shared.filter((p) => !ownIds.has(id(p))), ...own];
  const positions = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const parameters = new Map<string, DiffParameter>();
  const formData: Located<Record<string, unknown>>[] = [];
  let body: DiffOperation['body'];
  for (const p of all) {
    const where = String(p.value.in);
    const name = String(p.value.name);
    if (swagger && where === 'body') {
      body = { required: p.value.required === true, schema: child(p, 'schema') };
      continue;
    }
    if (swagger && where === 'formData') {
      formData.push(p);
      continue;
    }
    const position = where === 'path' ? positions.indexOf(name) : -1;
    const key = where === 'path' && position >= 0 ? `path:#${position}` : `${where}:${name}`;
    parameters.set(key, { in: where, name, required: p.value.required === true || where === 'path', schema: parameterSchema(p, swagger) });
  }
  if (formData.length) body = { required: formData.some((p) => p.value.required === true), schema: formSchema(op, formData) };
  if (!swagger) {
    const rb = child(op, 'requestBody');
    if (rb) {
      const r = deref(source, rb);
      if (isObject(r.value)) body = { required: r.value.required === true, schema: contentSchema(source, r) };
    }
  }
  const responses = new Map<string, Located | undefined>();
  const resp = child(op, 'responses');
  if (resp && isObject(resp.value)) {
    for (const status of Object.keys(resp.value)) {
      if (status.startsWith('x-')) continue;
      const r = deref(source, child(resp, status)!);
      responses.set(status, !isObject(r.value) ? undefined : swagger ? child(r, 'schema') : contentSchema(source, r));
    }
  }
  const security = Array.isArray(op.value.security) ? op.value.security : Array.isArray(root.security) ? root.security : [];
  return {
    method,
    path,
    deprecated: op.value.deprecated === true,
    parameters,
    body,
    responses,
    security: security.filter(isObject).map(requirementText),
  };
}

function parameterList(source: SpecSource, list: Located | undefined): Located<Record<string, unknown>>[] {
  if (!list || !Array.isArray(list.value)) return [];
  return list.value.flatMap((_, i) => {
    const p = deref(source, child(list, i)!);
    return isObject(p.value) && typeof p.value.in === 'string' && typeof p.value.name === 'string' ? [p as Located<Record<string, unknown>>] : [];
  });
}

function parameterSchema(p: Located<Record<string, unknown>>, swagger: boolean): Located | undefined {
  if (swagger) return p;
  if (p.value.schema !== undefined) return child(p, 'schema');
  const content = child(p, 'content');
  const type = content && isObject(content.value) ? Object.keys(content.value)[0] : undefined;
  return type ? child(child(content!, type)!, 'schema') : undefined;
}

/** The schema of the media type a client most likely uses: JSON, then a form, then the first listed. */
function contentSchema(source: SpecSource, holder: Located): Located | undefined {
  const content = child(holder, 'content');
  if (!content || !isObject(content.value)) return undefined;
  const types = Object.keys(content.value);
  const pick =
    types.find((t) => /^application\/json\b/i.test(t)) ??
    types.find((t) => /\+json\b/i.test(t)) ??
    types.find((t) => /x-www-form-urlencoded|multipart\/form-data/i.test(t)) ??
    types[0];
  if (pick === undefined) return undefined;
  const media = deref(source, child(content, pick)!);
  return child(media, 'schema');
}

/** 2.0's formData parameters as the one object schema a 3.x form body would have. */
function formSchema(op: Located, params: Located<Record<string, unknown>>[]): Located {
  const properties: Record<string, unknown> = {};
  for (const p of params) properties[String(p.value.name)] = p.value;
  const required = params.filter((p) => p.value.required === true).map((p) => String(p.value.name));
  return { value: { type: 'object', properties, required }, file: op.file, pointer: `${op.pointer}${toPointer(['x-formData'])}` };
}

function requirementText(req: Record<string, unknown>): string {
  const names = Object.keys(req).sort();
  if (!names.length) return '(none)';
  return names
    .map((n) => {
      const scopes = Array.isArray(req[n]) ? (req[n] as unknown[]).map(String).sort() : [];
      return scopes.length ? `${n} (${scopes.join(', ')})` : n;
    })
    .join(' + ');
}
