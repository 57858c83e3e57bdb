// The spec as the reference presents it: operations (with their merged parameters, body and
// responses still as located spec values), tags in sidebar order, security schemes, servers, and
// the names of shared components by location (so a schema reached through any file's $ref is
// recognised as components.schemas.X). Built once per locale view (the Korean one after its overlay).
import type { SiteProblem } from '../../errors.ts';
import { isAllowedUrl, refusedUrlMessage, REFUSED_URL_HINT } from '../../shared/urlPolicy.ts';
import { mayHoldRefusedHtmlUrl, mayHoldRefusedLink, refusedHtmlUrls, refusedLinks } from '../../markdown/refusedLinks.ts';
import { isObject, toPointer } from '../load/pointer.ts';
import { child, deref, type Located, type SpecSource } from '../load/source.ts';
import { leftOutProblems } from './leftOut.ts';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ApiOperation {
  /** "get /items/{id}": the same in every locale. */
  key: string;
  method: string;
  path: string;
  node: Located<Record<string, unknown>>;
  operationId?: string;
  summary?: string;
  description?: string;
  /** The keyword the description was written under: 'summary' for a summary of several lines. */
  descriptionKey?: 'description' | 'summary';
  tags: string[];
  deprecated: boolean;
  parameters: Located<Record<string, unknown>>[];
  requestBody?: Located<Record<string, unknown>>;
  /** By status code; `name` when the response is a shared components.responses entry. */
  responses: { status: string; node: Located<Record<string, unknown>>; name?: string }[];
  security: Record<string, string[]>[];
  servers: string[];
  codeSamples: { lang: string; label: string; source: string }[];
}

export interface ApiTag {
  name: string;
  label: string;
  description?: string;
  node?: Located;
  externalDocs?: { url: string; description?: string };
  operations: ApiOperation[];
  /** A tag of more than MAX_GROUP_OPERATIONS operations, split by resource: each a page of its own. */
  groups?: ApiTag[];
}

/** x-tagGroups: headings over the tags in the sidebar and on the landing page. */
export interface ApiTagGroup {
  name: string;
  tags: string[];
}

/** Past this many operations a tag is split by resource, so that no page or sidebar group holds hundreds. */
export const MAX_GROUP_OPERATIONS = 60;

export type ComponentKind = 'schemas' | 'responses' | 'parameters' | 'headers' | 'requestBodies' | 'examples' | 'securitySchemes';

export interface ApiModel {
  source: SpecSource;
  info: Located<Record<string, unknown>>;
  title: string;
  version: string;
  servers: { url: string; description?: string }[];
  operations: ApiOperation[];
  tags: ApiTag[];
  tagGroups: ApiTagGroup[];
  securitySchemes: Map<string, Located<Record<string, unknown>>>;
  /** Component names by `${file}#${pointer}` of every location that holds them. */
  names: Map<string, { kind: ComponentKind; name: string }>;
  components: Map<ComponentKind, Map<string, Located>>;
  /** schema.ts's views by the schema object they start from, and merged properties by view: worked out once per model, gone with it. */
  schemaViews: WeakMap<object, unknown>;
  mergedSchemas: WeakMap<object, unknown>;
}

export function locKey(loc: Located): string {
  return `${loc.file}#${loc.pointer}`;
}

export function buildModel(source: SpecSource, problems: SiteProblem[]): ApiModel {
  const rootLoc: Located = { value: source.root.doc, file: source.rootFile, pointer: '' };
  const root = (isObject(rootLoc.value) ? rootLoc.value : {}) as Record<string, unknown>;
  const info = obj(child(rootLoc, 'info')) ?? { value: {}, file: source.rootFile, pointer: '/info' };
  const { names, components } = componentNames(source, rootLoc);
  const rootServers = serverList(root.servers);
  const operations: ApiOperation[] = [];
  const paths = obj(child(rootLoc, 'paths'));
  for (const [p, raw] of Object.entries(paths?.value ?? {})) {
    const item = safeDeref(source, { value: raw, file: paths!.file, pointer: `${paths!.pointer}${toPointer([p])}` }, problems);
    if (!item || !isObject(item.value)) continue;
    const pathParams = list(source, child(item, 'parameters'), problems);
    for (const method of METHODS) {
      const opRaw = child(item, method);
      if (!opRaw) continue;
      const op = safeDeref(source, opRaw, problems);
      if (!op || !isObject(op.value)) continue;
      operations.push(operation(source, p, method, op as Located<Record<string, unknown>>, item, pathParams, { root, rootServers, names }, problems));
    }
  }
  urlProblems(source, info, child(rootLoc, 'tags'), problems);
  leftOutProblems(source, rootLoc, operations, problems);
  const securitySchemes = new Map<string, Located<Record<string, unknown>>>();
  for (const [name, loc] of components.get('securitySchemes') ?? []) {
    const r = safeDeref(source, loc, problems);
    if (r && isObject(r.value)) securitySchemes.set(name, r as Located<Record<string, unknown>>);
  }
  return {
    source,
    info,
    title: str(info.value.title) ?? 'API',
    version: str(info.value.version) ?? '',
    servers: rootServers,
    operations,
    tags: groupByTag(rootLoc, operations),
    tagGroups: tagGroups(root),
    securitySchemes,
    names,
    components,
    schemaViews: new WeakMap(),
    mergedSchemas: new WeakMap(),
  };
}

function operation(
  source: SpecSource,
  path: string,
  method: string,
  op: Located<Record<string, unknown>>,
  item: Located,
  pathParams: Located<Record<string, unknown>>[],
  doc: { root: Record<string, unknown>; rootServers: { url: string }[]; names: ApiModel['names'] },
  problems: SiteProblem[],
): ApiOperation {
  const { root, rootServers, names } = doc;
  const o = op.value;
  const own = list(source, child(op, 'parameters'), problems);
  // Operation parameters override path-level ones with the same name and location.
  const idOf = (p: Located<Record<string, unknown>>) => `${p.value.in}:${p.value.name}`;
  const ownIds = new Set(own.map(idOf));
  const parameters = [...pathParams.filter((p) => !ownIds.has(idOf(p))), ...own];
  const body = child(op, 'requestBody');
  const requestBody = body ? (safeDeref(source, body, problems) as Located<Record<string, unknown>> | undefined) : undefined;
  const responses: ApiOperation['responses'] = [];
  const resp = obj(child(op, 'responses'));
  for (const status of Object.keys(resp?.value ?? {})) {
    const raw = child(resp!, status)!;
    const r = safeDeref(source, raw, problems);
    if (!r || !isObject(r.value)) continue;
    // A $ref'd response keeps its sibling description (3.1 reference objects may override it).
    const rawValue = raw.value as Record<string, unknown>;
    const node =
      typeof rawValue.$ref === 'string' && typeof rawValue.description === 'string' ? { ...r, value: { ...r.value, description: rawValue.description } } : r;
    const shared = typeof rawValue.$ref === 'string' ? names.get(locKey(r)) : undefined;
    responses.push({ status, node: node as Located<Record<string, unknown>>, name: shared?.kind === 'responses' ? shared.name : undefined });
  }
  const tags = Array.isArray(o.tags) ? o.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
  const security = Array.isArray(o.security) ? o.security : Array.isArray(root.security) ? root.security : [];
  const itemValue = item.value as Record<string, unknown>;
  const servers = serverList(o.servers).length ? serverList(o.servers) : serverList(itemValue.servers).length ? serverList(itemValue.servers) : rootServers;
  // A summary is the operation's title. One of several lines (a description written in the summary
  // field) gives the title its first line, links as their text, and is the description if none.
  const summary = str(o.summary)?.trim() || undefined;
  const multiline = summary !== undefined && summary.includes('\n');
  const ownDescription = str(o.description) ?? str(itemValue.description);
  const samples = (Array.isArray(o['x-codeSamples']) ? o['x-codeSamples'] : Array.isArray(o['x-code-samples']) ? o['x-code-samples'] : []) as unknown[];
  return {
    key: `${method} ${path}`,
    method,
    path,
    node: op,
    operationId: str(o.operationId),
    summary: multiline ? titleLine(summary) : summary,
    description: ownDescription ?? (multiline ? summary : undefined),
    descriptionKey: ownDescription === undefined && multiline ? 'summary' : 'description',
    tags: tags.length ? tags : [firstSegment(path)],
    deprecated: o.deprecated === true,
    parameters,
    requestBody,
    responses,
    security: security.filter(isObject) as Record<string, string[]>[],
    servers: servers.map((s) => s.url),
    codeSamples: samples
      .filter(isObject)
      .flatMap((s) => (typeof s.source === 'string' ? [{ lang: str(s.lang) ?? '', label: str(s.label) ?? str(s.lang) ?? 'Code', source: s.source }] : [])),
  };
}

/** The first line of a text as a title: Markdown links as their text. */
function titleLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').trim();
}

/**
 * Untagged operations are grouped by the resource their path names: its first segment that is
 * not a version or an "api" prefix (/v1/payment_intents/{id} is in payment_intents).
 */
function firstSegment(path: string): string {
  const segs = path.split('/').filter((s) => s !== '');
  const seg = segs.find((s) => !/^(?:v\d+(?:\.\d+)*|api|rest)$/i.test(s) && !/^\{.*\}$/.test(s)) ?? segs[0];
  return seg ? seg.replace(/[{}]/g, '') : 'default';
}

/** A group named after a path segment, as a heading reads it: "payment_intents" -> "Payment intents". */
export function readableLabel(name: string): string {
  const words = name
    .replace(/[_\-.]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** Tags in the order of x-tagGroups, then the tags list, then first use; only tags with operations. */
function groupByTag(rootLoc: Located, operations: ApiOperation[]): ApiTag[] {
  const declared = new Map<string, Located<Record<string, unknown>>>();
  const tagsLoc = child(rootLoc, 'tags');
  if (Array.isArray(tagsLoc?.value)) {
    tagsLoc.value.forEach((_, i) => {
      const t = child(tagsLoc, i)!;
      if (isObject(t.value) && typeof t.value.name === 'string' && !declared.has(t.value.name))
        declared.set(t.value.name, t as Located<Record<string, unknown>>);
    });
  }
  const order: string[] = [];
  for (const g of tagGroups(rootLoc.value as Record<string, unknown>)) order.push(...g.tags);
  order.push(...declared.keys());
  for (const op of operations) order.push(...op.tags);
  const tags = new Map<string, ApiTag>();
  for (const name of order) {
    if (tags.has(name)) continue;
    const node = declared.get(name);
    const v = node?.value ?? {};
    const ext =
      isObject(v.externalDocs) && typeof v.externalDocs.url === 'string'
        ? { url: v.externalDocs.url, description: str(v.externalDocs.description) }
        : undefined;
    // A tag the spec never declares is a path segment (untagged operations) or a bare name: made readable.
    tags.set(name, {
      name,
      label: str(v['x-displayName']) ?? (node || /\s|[A-Z]/.test(name) ? name : readableLabel(name)),
      description: str(v.description),
      node,
      externalDocs: ext,
      operations: [],
    });
  }
  for (const op of operations) for (const t of new Set(op.tags)) tags.get(t)!.operations.push(op);
  const used = [...tags.values()].filter((t) => t.operations.length > 0);
  for (const t of used) if (t.operations.length > MAX_GROUP_OPERATIONS) t.groups = splitByResource(t);
  return used;
}

function tagGroups(root: Record<string, unknown>): ApiTagGroup[] {
  const groups = root['x-tagGroups'];
  if (!Array.isArray(groups)) return [];
  return groups
    .filter(isObject)
    .flatMap((g) =>
      typeof g.name === 'string' && Array.isArray(g.tags) ? [{ name: g.name, tags: g.tags.filter((t): t is string => typeof t === 'string') }] : [],
    );
}

/**
 * A large tag's operations by the resource their paths name past the tag's common prefix
 * (/v1/catalog/products/{id} and /v1/catalog/prices in a tag of /v1/catalog/... are products and
 * prices); operations on the prefix itself are a group named after it. Undefined when all
 * operations name one resource.
 */
function splitByResource(tag: ApiTag): ApiTag[] | undefined {
  const segments = tag.operations.map((op) => op.path.split('/').filter((s) => s !== '' && !/^\{.*\}$/.test(s)));
  let common = 0;
  while (segments.every((s) => s.length > common && s[common] === segments[0][common])) common++;
  const own = common > 0 ? segments[0][common - 1] : tag.name;
  const byResource = new Map<string, ApiOperation[]>();
  tag.operations.forEach((op, i) => {
    const resource = segments[i][common] ?? own;
    byResource.set(resource, [...(byResource.get(resource) ?? []), op]);
  });
  if (byResource.size < 2) return undefined;
  return [...byResource].map(([resource, operations]) => {
    const group: ApiTag = { name: `${tag.name}/${resource}`, label: resource === own ? tag.label : readableLabel(resource), operations };
    // A resource with more operations still is split by its own sub-resources.
    if (operations.length > MAX_GROUP_OPERATIONS) group.groups = splitByResource(group);
    return group;
  });
}

/** A tag and its groups at every depth, the tag first. */
export function tagAndGroups(tag: ApiTag): ApiTag[] {
  return [tag, ...(tag.groups ?? []).flatMap(tagAndGroups)];
}

/**
 * Warnings for the spec's URLs that the URL policy refuses, which the pages leave out: the links
 * of info and of the tags, and the links and images in every description (Markdown or HTML). Found here, where the
 * spec is read once per build, rather than on the pages, which are rendered on other threads and
 * kept between builds.
 */
function urlProblems(source: SpecSource, info: Located<Record<string, unknown>>, tags: Located | undefined, problems: SiteProblem[]): void {
  const warn = (url: string, file: string, line: number | undefined, field: string) =>
    problems.push({ code: 'url-refused', message: refusedUrlMessage(url, field), file, line, severity: 'warning', hint: REFUSED_URL_HINT });
  const check = (loc: Located | undefined) => {
    if (loc && typeof loc.value === 'string' && !isAllowedUrl(loc.value))
      warn(loc.value, loc.file, source.lineOf(loc.file, loc.pointer), loc.pointer.slice(1).replace(/\//g, '.'));
  };
  check(child(info, 'termsOfService'));
  const contact = child(info, 'contact');
  if (contact && isObject(contact.value)) check(child(contact, 'url'));
  if (tags && Array.isArray(tags.value)) {
    tags.value.forEach((t, i) => {
      const docs = isObject(t) && isObject(t.externalDocs) ? child(child(child(tags, i)!, 'externalDocs')!, 'url') : undefined;
      check(docs);
    });
  }
  for (const f of source.files.values()) {
    // Most files hold no candidate in their text, even spelt with a YAML or JSON escape: not walked.
    if (!/\\[xuU]/.test(f.text) && !mayHoldRefusedLink(f.text, true) && !mayHoldRefusedHtmlUrl(f.text)) continue;
    let lines: string[] | undefined;
    walkDescriptions(f.doc, [], (text, segments) => {
      // HTML in a description is kept through an allowlist that drops the same URLs (render/sanitize.ts).
      const found = [...refusedLinks(text), ...refusedHtmlUrls(text)];
      if (!found.length) return;
      const keyLine = source.lineOf(f.file, toPointer(segments)) ?? 1;
      // A JSON string is one line of its file, whatever line of the text the link is on; a YAML
      // block scalar (description: |) starts on the line after its key.
      const json = /\.json$/i.test(f.file);
      const first = !json && BLOCK_SCALAR.test((lines ??= f.text.split('\n'))[keyLine - 1] ?? '') ? keyLine + 1 : keyLine;
      for (const r of found) warn(r.url, f.file, json ? keyLine : first + r.line - 1, `the description at ${segments.join('.')}`);
    });
  }
}

/** A YAML key line whose value is a block scalar (| or >, with its chomping and indentation indicators). */
const BLOCK_SCALAR = /:\s+[|>][+-]?\d*[+-]?\s*(?:#.*)?$/;

/** Keys whose values are data (examples, defaults), not Markdown, unless they name a property. */
const DATA_KEYS = new Set(['example', 'examples', 'value', 'default', 'enum', 'const', 'x-codeSamples', 'x-code-samples']);

/** Calls `fn` with every Markdown description in a spec file and its path. */
function walkDescriptions(value: unknown, segments: (string | number)[], fn: (text: string, segments: (string | number)[]) => void): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (typeof v === 'object' && v !== null) {
        segments.push(i);
        walkDescriptions(v, segments, fn);
        segments.pop();
      }
    });
    return;
  }
  if (!isObject(value)) return;
  const inProperties = segments[segments.length - 1] === 'properties' || segments[segments.length - 1] === 'patternProperties';
  for (const key in value) {
    const v = value[key];
    if (key === 'description' && typeof v === 'string' && !inProperties) {
      segments.push(key);
      fn(v, segments);
      segments.pop();
    } else if (typeof v === 'object' && v !== null && (inProperties || !DATA_KEYS.has(key))) {
      segments.push(key);
      walkDescriptions(v, segments, fn);
      segments.pop();
    }
  }
}

function componentNames(source: SpecSource, rootLoc: Located) {
  const names = new Map<string, { kind: ComponentKind; name: string }>();
  const components = new Map<ComponentKind, Map<string, Located>>();
  const comps = obj(child(rootLoc, 'components'));
  const kinds: ComponentKind[] = ['schemas', 'responses', 'parameters', 'headers', 'requestBodies', 'examples', 'securitySchemes'];
  for (const kind of kinds) {
    const group = obj(comps && child(comps, kind));
    const map = new Map<string, Located>();
    components.set(kind, map);
    for (const name of Object.keys(group?.value ?? {})) {
      let loc: Located = child(group!, name)!;
      map.set(name, loc);
      // Every hop of a $ref chain names the same component.
      for (let hops = 0; hops < 16; hops++) {
        if (!names.has(locKey(loc))) names.set(locKey(loc), { kind, name });
        const v = loc.value;
        if (!isObject(v) || typeof v.$ref !== 'string') break;
        try {
          loc = source.resolve(v.$ref, loc.file);
        } catch {
          break;
        }
      }
    }
  }
  return { names, components };
}

function serverList(value: unknown): { url: string; description?: string }[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((s) => {
    if (typeof s.url !== 'string') return [];
    const vars = isObject(s.variables) ? s.variables : {};
    const url = s.url.replace(/\{([^}]+)\}/g, (m, name: string) => {
      const v = vars[name];
      return isObject(v) && v.default !== undefined ? String(v.default) : m;
    });
    return [{ url, description: str(s.description) }];
  });
}

function list(source: SpecSource, loc: Located | undefined, problems: SiteProblem[]): Located<Record<string, unknown>>[] {
  if (!loc || !Array.isArray(loc.value)) return [];
  const out: Located<Record<string, unknown>>[] = [];
  loc.value.forEach((_, i) => {
    const r = safeDeref(source, child(loc, i)!, problems);
    if (r && isObject(r.value) && typeof r.value.name === 'string') out.push(r as Located<Record<string, unknown>>);
  });
  return out;
}

export function safeDeref(source: SpecSource, loc: Located, problems: SiteProblem[]): Located | undefined {
  try {
    return deref(source, loc);
  } catch (err) {
    problems.push({ code: 'openapi-ref', message: `Unresolved $ref at ${loc.pointer}: ${(err as Error).message}`, file: loc.file, severity: 'warning' });
    return undefined;
  }
}

function obj(loc: Located | undefined): Located<Record<string, unknown>> | undefined {
  return loc && isObject(loc.value) ? (loc as Located<Record<string, unknown>>) : undefined;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
