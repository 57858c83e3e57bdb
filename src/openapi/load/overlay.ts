// OpenAPI Overlay 1.0 documents applied at build time (the Korean overlay translates summaries and
// descriptions). Targets are a JSONPath subset: $, .name, ['name'], [n], [*], .*, and filters
// [?(@.key=='value')] (== or !=, on a dotted path). Targets address the logical document: a $ref
// met on the way (a path item in another file, a schema in components) is followed, so
// $.paths['/items'].get works however the spec is split. `update` merges (objects recursively,
// other values replaced; on an array target the value is appended); `remove: true` deletes. A
// $ref object that holds every key of an update beside its $ref (a property's own description
// next to the $ref of its schema) is updated itself: its target, which other places share, is not.
import path from 'node:path';
import fs from 'node:fs';
import { loadYaml } from './source.ts';
import type { SiteProblem } from '../../errors.ts';
import { escapeSegment, isObject, lineMap, parsePointer } from './pointer.ts';
import { isAllowedUrl, refusedUrlMessage, REFUSED_URL_HINT } from '../../shared/urlPolicy.ts';
import { refusedHtmlUrls, refusedLinks } from '../../markdown/refusedLinks.ts';
import type { SpecSource } from './source.ts';
import type { ParseCache } from './parseCache.ts';

type Step =
  { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'all' } | { kind: 'filter'; path: string[]; op: '==' | '!='; value: unknown };

interface Node {
  value: unknown;
  holder: Record<string, unknown> | unknown[] | null;
  key: string | number | null;
  file: string;
}

export interface OverlayResult {
  applied: number;
  problems: SiteProblem[];
}

/** Reads an overlay file and applies its actions to `source` (a clone: it is changed in place). */
export function applyOverlayFile(source: SpecSource, file: string, cache?: ParseCache): OverlayResult {
  const problems: SiteProblem[] = [];
  let text: string;
  let doc: unknown;
  try {
    const t = (text = fs.readFileSync(file, 'utf8'));
    const parse = () => loadYaml(t, file);
    doc = cache ? cache.parse(file, t, parse).doc : parse();
  } catch (err) {
    const e = err as { mark?: { line: number }; reason?: string; message: string; code?: string };
    return {
      applied: 0,
      problems: [
        {
          code: 'openapi-overlay',
          message: `Cannot read overlay ${path.basename(file)}: ${e.reason ?? e.code ?? e.message}`,
          file,
          line: e.mark ? e.mark.line + 1 : undefined,
        },
      ],
    };
  }
  // The overlay's text is parsed for lines when its first problem is placed, then kept for the others.
  let lines: ReturnType<typeof lineMap> | undefined;
  const at = (pointer: string) => (lines ??= lineMap(text))(parsePointer(pointer));
  if (!isObject(doc) || typeof doc.overlay !== 'string' || !doc.overlay.startsWith('1.') || !Array.isArray(doc.actions)) {
    return {
      applied: 0,
      problems: [
        {
          code: 'openapi-overlay',
          message: `${path.basename(file)} is not an OpenAPI Overlay 1.x document (needs "overlay: 1.0.0" and an "actions" list)`,
          file,
          line: 1,
        },
      ],
    };
  }
  let applied = 0;
  doc.actions.forEach((action, i) => {
    if (!isObject(action) || typeof action.target !== 'string') {
      problems.push({ code: 'openapi-overlay', message: `Overlay action ${i + 1} has no target`, file, line: at(`/actions/${i}`) });
      return;
    }
    let steps: Step[];
    try {
      steps = parseJsonPath(action.target);
    } catch (err) {
      problems.push({ code: 'openapi-overlay', message: `Overlay action ${i + 1}: ${(err as Error).message}`, file, line: at(`/actions/${i}/target`) });
      return;
    }
    const found = select(source, steps);
    const nodes = found.map((x) => follow(source, x));
    if (!nodes.length) {
      problems.push({
        code: 'openapi-overlay',
        message: `Overlay target ${action.target} matches nothing in the spec`,
        file,
        line: at(`/actions/${i}/target`),
        severity: 'warning',
        hint: 'The spec may have changed: update or remove this action.',
      });
      return;
    }
    // Removing from the end keeps the indices of earlier matches in the same list valid.
    if (action.remove === true) for (const node of [...nodes].reverse()) remove(node);
    else if (action.update !== undefined) {
      found.forEach((node, j) => update(holdsOwn(node, action.update) ? node : nodes[j], action.update));
      const last = steps[steps.length - 1];
      const target = action.target;
      refusedUrls(action.update, last?.kind === 'key' ? last.key : undefined, `/actions/${i}/update`, (url, pointer, offset, field) =>
        problems.push({
          code: 'url-refused',
          message: refusedUrlMessage(url, field(target)),
          file,
          line: (at(pointer) ?? 1) + offset,
          severity: 'warning',
          hint: REFUSED_URL_HINT,
        }),
      );
    }
    applied++;
  });
  return { applied, problems };
}

/** Keys whose string values the API pages turn into links. */
const URL_KEYS = new Set(['url', 'termsOfService']);

type UrlWarning = (url: string, pointer: string, offset: number, field: (target: string) => string) => void;

/**
 * Calls `warn` for each URL in an overlay's update that the URL policy refuses: a value of a URL
 * key, or a link in a description (`offset` is its line inside the description). `key` is the
 * key the value is set at, `keys` the path to it inside the update.
 */
function refusedUrls(value: unknown, key: string | undefined, pointer: string, warn: UrlWarning, keys: string[] = [], inProperties = false): void {
  if (typeof value === 'string') {
    const where = (target: string) => [target, ...keys].join('.');
    if (key && URL_KEYS.has(key) && !isAllowedUrl(value)) warn(value, pointer, 0, where);
    else if (key === 'description' && !inProperties)
      for (const r of [...refusedLinks(value), ...refusedHtmlUrls(value)]) warn(r.url, pointer, r.line - 1, (t) => `the description at ${where(t)}`);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const nested = key === 'properties' || key === 'patternProperties';
  for (const [k, v] of Object.entries(value)) {
    refusedUrls(v, Array.isArray(value) ? undefined : k, `${pointer}/${escapeSegment(k)}`, warn, [...keys, k], nested);
  }
}

export function parseJsonPath(expr: string): Step[] {
  const s = expr.trim();
  if (!s.startsWith('$')) throw new Error(`JSONPath "${expr}" must start with $`);
  const steps: Step[] = [];
  let i = 1;
  while (i < s.length) {
    if (s.startsWith('..', i)) throw new Error(`JSONPath "${expr}": recursive descent (..) is not supported`);
    if (s[i] === '.') {
      i++;
      if (s[i] === '*') {
        steps.push({ kind: 'all' });
        i++;
        continue;
      }
      const m = /^[^.[\]\s]+/.exec(s.slice(i));
      if (!m) throw new Error(`JSONPath "${expr}": expected a name at position ${i}`);
      steps.push({ kind: 'key', key: m[0] });
      i += m[0].length;
    } else if (s[i] === '[') {
      const close = findClose(s, i);
      const inner = s.slice(i + 1, close).trim();
      i = close + 1;
      if (inner === '*') steps.push({ kind: 'all' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (/^(['"])/.test(inner)) steps.push({ kind: 'key', key: unquote(inner) });
      else if (inner.startsWith('?')) steps.push(parseFilter(inner.slice(1).trim(), expr));
      else throw new Error(`JSONPath "${expr}": unsupported selector [${inner}]`);
    } else throw new Error(`JSONPath "${expr}": unexpected "${s[i]}" at position ${i}`);
  }
  return steps;
}

function findClose(s: string, open: number): number {
  let quote = '';
  for (let i = open + 1; i < s.length; i++) {
    const ch = s[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ']') return i;
  }
  throw new Error(`JSONPath "${s}": unclosed [`);
}

function unquote(q: string): string {
  const body = q.slice(1, -1);
  return body.replace(/\\(.)/g, '$1');
}

function parseFilter(f: string, expr: string): Step {
  const body = f.startsWith('(') && f.endsWith(')') ? f.slice(1, -1).trim() : f;
  const m = /^@((?:\.[\w$-]+|\[(?:'[^']*'|"[^"]*")\])*)\s*(==|!=)\s*(.+)$/.exec(body);
  if (!m) throw new Error(`JSONPath "${expr}": unsupported filter ?${f} (use [?(@.name=='value')])`);
  const pathParts = [...m[1].matchAll(/\.([\w$-]+)|\[(['"])(.*?)\2\]/g)].map((p) => p[1] ?? p[3]);
  const lit = m[3].trim();
  let value: unknown;
  if (/^(['"]).*\1$/.test(lit)) value = unquote(lit);
  else if (lit === 'true' || lit === 'false') value = lit === 'true';
  else if (lit === 'null') value = null;
  else if (!Number.isNaN(Number(lit))) value = Number(lit);
  else throw new Error(`JSONPath "${expr}": cannot read the value ${lit}`);
  return { kind: 'filter', path: pathParts, op: m[2] as '==' | '!=', value };
}

function select(source: SpecSource, steps: Step[]): Node[] {
  let nodes: Node[] = [{ value: source.root.doc, holder: null, key: null, file: source.rootFile }];
  for (const step of steps) {
    const next: Node[] = [];
    for (const n of nodes.map((x) => follow(source, x))) {
      const v = n.value;
      if (step.kind === 'key') {
        if (isObject(v) && Object.hasOwn(v, step.key)) next.push({ value: v[step.key], holder: v, key: step.key, file: n.file });
      } else if (step.kind === 'index') {
        if (Array.isArray(v)) {
          const idx = step.index < 0 ? v.length + step.index : step.index;
          if (idx >= 0 && idx < v.length) next.push({ value: v[idx], holder: v, key: idx, file: n.file });
        }
      } else {
        const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : isObject(v) ? Object.entries(v) : [];
        for (const [k, x] of entries) {
          const candidate: Node = { value: x, holder: v as Node['holder'], key: k, file: n.file };
          if (step.kind === 'all' || matches(follow(source, candidate).value, step)) next.push(candidate);
        }
      }
    }
    nodes = next;
  }
  return nodes;
}

/** A $ref object with every key of `patch` beside its $ref: the patch is about it, not its target. */
function holdsOwn(node: Node, patch: unknown): boolean {
  const v = node.value;
  if (!isObject(v) || typeof v.$ref !== 'string' || !isObject(patch)) return false;
  const keys = Object.keys(patch);
  return keys.length > 0 && keys.every((k) => k !== '$ref' && Object.hasOwn(v, k));
}

function matches(value: unknown, step: Extract<Step, { kind: 'filter' }>): boolean {
  let v: unknown = value;
  for (const p of step.path) v = isObject(v) ? v[p] : undefined;
  return step.op === '==' ? v === step.value : v !== step.value;
}

/** A node that is a $ref object stands for its target (in the target's file). */
function follow(source: SpecSource, node: Node): Node {
  let n = node;
  for (let hops = 0; hops < 16; hops++) {
    const v = n.value;
    if (!isObject(v) || typeof v.$ref !== 'string') return n;
    let target;
    try {
      target = source.resolve(v.$ref, n.file);
    } catch {
      return n;
    }
    const segs = parsePointer(target.pointer);
    let holder: unknown = source.files.get(target.file)!.doc;
    for (const s of segs.slice(0, -1)) holder = (holder as Record<string, unknown>)[s];
    const key = segs.length ? segs[segs.length - 1] : null;
    n = {
      value: target.value,
      holder: key === null ? null : (holder as Node['holder']),
      key: Array.isArray(holder) && key !== null ? Number(key) : key,
      file: target.file,
    };
  }
  return n;
}

function update(node: Node, patch: unknown): void {
  if (Array.isArray(node.value)) {
    node.value.push(structuredClone(patch));
    return;
  }
  if (isObject(node.value) && isObject(patch)) {
    merge(node.value, patch);
    return;
  }
  if (node.holder && node.key !== null) (node.holder as Record<string, unknown>)[node.key as string] = structuredClone(patch);
}

function merge(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(patch)) {
    const t = target[k];
    if (isObject(t) && isObject(v)) merge(t, v);
    else target[k] = structuredClone(v);
  }
}

function remove(node: Node): void {
  if (!node.holder || node.key === null) return;
  if (Array.isArray(node.holder)) node.holder.splice(node.key as number, 1);
  else delete node.holder[node.key as string];
}
