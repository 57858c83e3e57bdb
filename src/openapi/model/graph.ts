// How shared schemas refer to each other. Used to decide where each shared schema is shown in
// full (homes.ts), and to know which ancestors a depth-limited subtree can meet again, so that
// subtrees of recursive schemas can be cached without mixing up their circular references.
import { isObject } from '../load/pointer.ts';
import type { ApiModel, ApiOperation } from './model.ts';
import { isData } from '../load/refs.ts';
import { viewSchema, type SchemaView } from './schema.ts';
import { child, type Located } from '../load/source.ts';

export class SchemaGraph {
  readonly views = new Map<string, SchemaView>();
  private edgeCache = new Map<string, string[]>();
  constructor(readonly model: ApiModel) {}

  /** Shared schemas referenced directly inside the shared schema `key`. */
  edges(key: string): string[] {
    let e = this.edgeCache.get(key);
    if (!e) {
      e = [];
      const view = this.views.get(key);
      if (view) this.collect(view.loc, e, new Set([key]));
      this.edgeCache.set(key, e);
    }
    return e;
  }

  /** Registers and returns the shared schemas a schema position refers to (itself if shared). */
  roots(loc: Located): string[] {
    const view = viewSchema(this.model, loc);
    if (view.key) {
      this.register(view);
      return [view.key];
    }
    const out: string[] = [];
    this.collect(view.loc, out, new Set());
    return out;
  }

  /** Makes a shared schema known to the graph (its references are read when first asked for). */
  register(view: SchemaView): void {
    if (view.key && !this.views.has(view.key))
      this.views.set(view.key, { ...view, s: isObject(view.loc.value) ? view.loc.value : view.s, siblings: undefined, refLoc: undefined });
  }

  private collect(loc: Located, out: string[], seen: Set<string>): void {
    const stack: Located[] = [loc];
    while (stack.length) {
      const cur = stack.pop()!;
      const v = cur.value;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push(child(cur, i)!);
        continue;
      }
      if (!isObject(v)) continue;
      if (typeof v.$ref === 'string' && cur !== loc) {
        const view = viewSchema(this.model, cur);
        if (view.key) {
          this.register(view);
          if (!seen.has(view.key)) {
            seen.add(view.key);
            out.push(view.key);
          }
        }
        continue;
      }
      for (const k of Object.keys(v)) if (k !== '$ref' && !isData(k, cur.pointer, v[k])) stack.push(child(cur, k)!);
    }
  }

  private reachCache = new Map<string, Set<string>>();

  /** Shared schemas reachable from `key` in at most `steps` references (what a depth-limited tree can meet). */
  reachWithin(key: string, steps: number): Set<string> {
    const cacheKey = `${steps}|${key}`;
    let out = this.reachCache.get(cacheKey);
    if (out) return out;
    out = new Set();
    if (steps > 0) {
      for (const e of this.edges(key)) {
        out.add(e);
        for (const x of this.reachWithin(e, steps - 1)) out.add(x);
      }
    }
    this.reachCache.set(cacheKey, out);
    return out;
  }

  /** Every shared schema reachable from `starts` (the starts included). */
  closure(starts: string[], stopAt?: Set<string>): string[] {
    // Breadth first, so a page lists the schemas its operations use before the ones those use.
    const out: string[] = [];
    const seen = new Set<string>();
    const queue = [...starts];
    for (let i = 0; i < queue.length; i++) {
      const k = queue[i];
      if (seen.has(k) || stopAt?.has(k)) continue;
      seen.add(k);
      out.push(k);
      for (const e of this.edges(k)) if (!seen.has(e)) queue.push(e);
    }
    return out;
  }
}

/** Schema positions of an operation: parameter, body and response (and response header) schemas. */
export function operationSchemaLocs(model: ApiModel, op: ApiOperation): Located[] {
  const out: Located[] = [];
  const contentSchemas = (node: Located | undefined) => {
    const content = node && child(node, 'content');
    if (!content || !isObject(content.value)) return;
    for (const mt of Object.keys(content.value)) {
      const s = child(child(content, mt)!, 'schema');
      if (s) out.push(s);
    }
  };
  for (const p of op.parameters) {
    const s = child(p, 'schema');
    if (s) out.push(s);
    contentSchemas(p);
  }
  if (op.requestBody) contentSchemas(op.requestBody);
  for (const r of op.responses) {
    contentSchemas(r.node);
    out.push(...headerSchemaLocs(model, r.node));
  }
  return out;
}

export function headerSchemaLocs(model: ApiModel, response: Located): Located[] {
  const headers = child(response, 'headers');
  if (!headers || !isObject(headers.value)) return [];
  const out: Located[] = [];
  for (const name of Object.keys(headers.value)) {
    const h = child(headers, name)!;
    let resolved: Located = h;
    try {
      resolved = isObject(h.value) && typeof h.value.$ref === 'string' ? model.source.resolve(h.value.$ref, h.file) : h;
    } catch {
      continue;
    }
    const s = child(resolved, 'schema');
    if (s) out.push(s);
  }
  return out;
}
