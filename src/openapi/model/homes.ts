// Where each shared schema is shown in full, once: schemas reached from shared responses and
// headers live on the common schemas page, every other one on the overview of the first tag (in sidebar
// order) whose operations reach it. Operation pages expand schemas to a bounded depth and link
// here for the rest. Computed on the default locale's model: every locale has the same homes.
import { slugify } from '../../markdown/slugify.ts';
import { headerSchemaLocs, operationSchemaLocs, type SchemaGraph } from './graph.ts';
import { isObject } from '../load/pointer.ts';
import { tagAndGroups, type ApiModel } from './model.ts';
import { child, deref, type Located } from '../load/source.ts';

export interface Home {
  path: string;
  anchor: string;
}

export interface Homes {
  schemas: Map<string, Home>;
  /** Shared schemas shown on each page, in order. */
  byPage: Map<string, string[]>;
  responses: Map<string, Home>;
}

/** `responses`: the page that lists the shared responses; `schemas`: the page of the schemas they and the shared headers use. */
export function computeHomes(model: ApiModel, graph: SchemaGraph, shared: { responses: string; schemas: string }, tagPath: (name: string) => string): Homes {
  const schemas = new Map<string, Home>();
  const byPage = new Map<string, string[]>();
  const used = new Map<string, Set<string>>();
  const anchorFor = (page: string, base: string) => {
    const ids = used.get(page) ?? new Set<string>();
    used.set(page, ids);
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    return id;
  };
  const order: string[] = [];
  const home = (key: string, page: string) => {
    if (schemas.has(key)) return;
    const label = graph.views.get(key)?.label ?? key;
    schemas.set(key, { path: page, anchor: anchorFor(page, `schema-${slugify(label)}`) });
    byPage.set(page, [...(byPage.get(page) ?? []), key]);
    order.push(key);
  };

  const responses = new Map<string, Home>();
  for (const [name, loc] of model.components.get('responses') ?? []) {
    responses.set(name, { path: shared.responses, anchor: anchorFor(shared.responses, `response-${slugify(name)}`) });
    const r = safe(model, loc);
    if (!r) continue;
    for (const s of [...contentSchemaLocs(r), ...headerSchemaLocs(model, r)]) for (const key of graph.roots(s)) home(key, shared.schemas);
  }
  for (const [, loc] of model.components.get('headers') ?? []) {
    const h = safe(model, loc);
    const s = h && child(h, 'schema');
    if (s) for (const key of graph.roots(s)) home(key, shared.schemas);
  }
  // A schema an operation uses directly belongs to the first tag with such an operation...
  // (A large tag's groups have the pages: its own page only lists them.)
  for (const tag of model.tags.flatMap(tagAndGroups).filter((t) => !t.groups)) {
    const page = tagPath(tag.name);
    for (const op of tag.operations) {
      // Shared responses were placed with their schemas already.
      const own = { ...op, responses: op.responses.filter((r) => !r.name) };
      for (const loc of operationSchemaLocs(model, own)) for (const key of graph.roots(loc)) home(key, page);
    }
  }
  // ...and a schema reached only through others belongs with the first of them that has a home.
  for (let i = 0; i < order.length; i++) {
    const page = schemas.get(order[i])!.path;
    for (const key of graph.edges(order[i])) home(key, page);
  }
  return { schemas, byPage, responses };
}

function safe(model: ApiModel, loc: Located): Located | undefined {
  try {
    return deref(model.source, loc);
  } catch {
    return undefined;
  }
}

function contentSchemaLocs(node: Located): Located[] {
  const content = child(node, 'content');
  if (!content || !isObject(content.value)) return [];
  return Object.keys(content.value).flatMap((mt) => {
    const s = child(child(content, mt)!, 'schema');
    return s ? [s] : [];
  });
}
