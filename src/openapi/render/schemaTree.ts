// Schema trees as static HTML, and the same as Markdown for the page's copy: one row per property
// (name, type, format, required, nullable, description, allowed values, default, limits), nested
// objects and arrays in <details> (no client code), oneOf/anyOf as variants with their
// discriminator values, allOf merged. Shared schemas expand inline only to a bounded depth and
// row count; past that, and for circular references, the row links to the schema's home instead.
// A shared schema's subtree is rendered once per (depth, mode, ancestors it could meet again) and
// reused on every page that shows it.
import type { LinkRef } from '../../types.ts';
import { absoluteHref, escapeHtml, href, inlineMarkdown, type LocaleContext } from './context.ts';
import type { SchemaGraph } from '../model/graph.ts';
import { isObject } from '../load/pointer.ts';
import { constVariants, keywordLoc, literal, mergedProperties, namedEnum, nullableVariant, typeInfo, viewSchema, type SchemaView } from '../model/schema.ts';
import { child, type Located } from '../load/source.ts';
import { mdBlocks, mdCode, mdItem, mdLink, mdText } from './markdownText.ts';
import { enumList } from './enumList.ts';

/** Request trees hide readOnly properties, response trees writeOnly ones; schema sections show all. */
export type Mode = 'request' | 'response' | 'schema';

/** The same thing as HTML and as Markdown (the page's Markdown copy). */
export interface Out {
  html: string;
  md: string;
}

interface Fragment extends Out {
  rows: number;
  links: LinkRef[];
}

const NONE: Out = { html: '', md: '' };

interface Walk {
  mode: Mode;
  /** How many more shared schemas may open inside this one. */
  depth: number;
  ancestors: string[];
  budget: { rows: number };
  links: LinkRef[];
  /** A root's own rows: the shared schemas already unfolded there (a repeat folds to the schema's home). */
  shown?: Set<string>;
}

/**
 * Kept HTML is made flat: as built from template literals it is a tree of string pieces taking
 * several times the memory, and the memo holds every tree of the spec.
 * Reading a character makes V8 flatten the string in place.
 */
export function flat(html: string): string {
  html.charCodeAt(0);
  return html;
}

export const MAX_DEPTH = 3;
/** Rows one tree may show; past it, shared schemas become links. */
const MAX_ROWS = 100;
/** A nested shared schema opens inline only when this small (with what it opens itself). */
const INLINE_MAX = 20;
/**
 * A folded subtree of a shared schema longer than this (HTML bytes), or one already unfolded
 * among the same root's rows (Money under each total), is sent as a link to the schema's home,
 * whose tree the browser shows in the fold when it is opened (src/client/apiPanels.ts): a
 * page's weight stays bounded however deep and repetitive its objects are.
 */
const FOLD_INLINE_MAX = 2400;
const MAX_ENUM = 24;
const LIMITS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);

export class SchemaTree {
  private memo = new Map<string, Fragment>();
  constructor(
    private ctx: LocaleContext,
    private graph: SchemaGraph,
  ) {}

  /** A schema at the top of a body, response or schema section: its type, then its contents. */
  render(loc: Located, mode: Mode, options: { self?: boolean } = {}): Fragment {
    const view = viewSchema(this.ctx.model, loc);
    // The same body or response schema appears on many operations' pages: render it once.
    const memoKey = view.key && !view.siblings ? `${view.key}|${mode}|root|${options.self ? 1 : 0}` : undefined;
    const hit = memoKey && this.memo.get(memoKey);
    if (hit) return hit;
    const frag = this.renderRoot(view, mode, options);
    flat(frag.html);
    flat(frag.md);
    if (memoKey) this.memo.set(memoKey, frag);
    return frag;
  }

  private renderRoot(view: SchemaView, mode: Mode, options: { self?: boolean }): Fragment {
    // A schema's own section links the shared schemas inside it: each has a section of its own.
    const walk: Walk = {
      mode,
      depth: options.self ? 0 : MAX_DEPTH,
      ancestors: view.key ? [view.key] : [],
      budget: { rows: MAX_ROWS },
      links: [],
      shown: new Set(),
    };
    // A schema's own section names it in its heading: its type line shows what it is made of.
    const type = this.typeOf(options.self ? { ...view, label: undefined } : view, true);
    const badges = this.badges(view.s);
    const limits = this.constraints(view);
    let desc = NONE;
    if (!options.self && typeof view.s.description === 'string') {
      const d = inlineMarkdown(this.ctx, view.s.description, keywordLoc(view, 'description'));
      walk.links.push(...d.links);
      desc = { html: `<div class="api-prop-desc">${d.html}</div>`, md: d.md };
    }
    const body = this.body(view, walk);
    return {
      html: `<div class="api-schema-root"><p class="api-schema-type">${type.html}${badges.html}</p>${desc.html}${limits.html}${body.html}</div>`,
      md: mdBlocks([type.md + badges.md, desc.md, limits.md, body.md]),
      rows: MAX_ROWS - walk.budget.rows,
      links: walk.links,
    };
  }

  /** What a schema holds: properties, array items, variants. '' for a scalar. */
  private body(view0: SchemaView, w: Walk): Out {
    const view = nullableVariant(this.ctx.model, view0) ?? view0;
    // "anyOf: [X, null]" is X: shown through nested() so that X's cycles and depth are checked.
    if (view !== view0 && view.key && view.key !== view0.key) return this.nested(view, w);
    const s = view.s;
    const out: Out[] = [];
    const { types } = typeInfo(s);
    if (types.includes('array') || (s.items !== undefined && !types.length)) {
      const items = keywordLoc(view, 'items');
      if (items && isObject(items.value)) out.push(this.nested(viewSchema(this.ctx.model, items), w));
    }
    const consts = constVariants(this.ctx.model, view);
    for (const kind of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[kind]) && !consts) out.push(this.variants(view, kind, w));
    const merged = mergedProperties(this.ctx.model, view);
    if (merged.unmergeable && Array.isArray(s.allOf)) out.push(this.variants(view, 'allOf', w));
    else {
      if (merged.parts.length) {
        const links = merged.parts.map((p) => this.nameLink(p));
        const label = this.ctx.strings.api.allOf;
        out.push({
          html: `<p class="api-composition">${escapeHtml(label)}: ${links.map((l) => l.html).join(', ')}</p>`,
          md: `${mdText(label)}: ${links.map((l) => l.md).join(', ')}`,
        });
      }
      const rows = merged.properties.map((p) => this.row(p.name, p.loc, merged.required.has(p.name), w)).filter((r) => r.html);
      if (merged.additional) rows.push(this.row(undefined, merged.additional, false, w));
      if (rows.length) out.push({ html: `<ul class="api-schema">${rows.map((r) => r.html).join('')}</ul>`, md: rows.map((r) => r.md).join('\n') });
    }
    if (isObject(s.discriminator) && !Array.isArray(s.oneOf) && !Array.isArray(s.anyOf)) out.push(this.discriminatorNote(view));
    return join(out);
  }

  private row(name: string | undefined, loc: Located, required: boolean, w: Walk): Out {
    const view0 = viewSchema(this.ctx.model, loc);
    const s0 = view0.s;
    if ((w.mode === 'request' && s0.readOnly === true) || (w.mode === 'response' && s0.writeOnly === true)) return NONE;
    w.budget.rows--;
    const additional = this.ctx.strings.api.additionalProperties;
    const nameOut =
      name === undefined
        ? { html: `<span class="api-additional">${escapeHtml(additional)}</span>`, md: mdText(additional) }
        : { html: `<code>${escapeHtml(name)}</code>`, md: mdCode(name) };
    const type = this.typeOf(view0, true);
    const badges = this.badges(s0, w.mode);
    const descLoc = keywordLoc(view0, 'description');
    const desc = typeof s0.description === 'string' ? inlineMarkdown(this.ctx, s0.description, descLoc) : undefined;
    if (desc) w.links.push(...desc.links);
    const limits = this.constraints(view0);
    return this.item(nameOut, type, required, badges, desc, limits, this.children(view0, w));
  }

  /**
   * A property's or parameter's row: its name, type and flags, then description, limits and
   * contents. A page has dozens: the head and description are told apart by place, not by class
   * (api.css: `.api-schema > li > div`), which keeps each row's markup short.
   */
  private item(name: Out, type: Out, required: boolean, badges: Out, desc: Out | undefined, limits: Out, children: Out): Out {
    const a = this.ctx.strings.api;
    return {
      html:
        `<li><div>${name.html} ${type.html}${required ? ` <span class="api-badge api-required">${escapeHtml(a.required)}</span>` : ''}${badges.html}</div>` +
        `${desc?.html ? `<div>${desc.html}</div>` : ''}${limits.html}${children.html}</li>`,
      md: mdItem(mdBlocks([`${name.md} ${type.md}${required ? ` ${mdText(a.required)}` : ''}${badges.md}`, desc?.md ?? '', limits.md, children.md])),
    };
  }

  /** A parameter or header: a row like a property's, with the parameter's own description and flags. */
  field(
    name: string,
    schema: Located | undefined,
    opts: { required: boolean; description?: string; descLoc?: Located; deprecated?: boolean; example?: unknown; sentAs?: string },
    mode: Mode,
  ): Out & { links: LinkRef[] } {
    const w: Walk = { mode, depth: MAX_DEPTH, ancestors: [], budget: { rows: MAX_ROWS }, links: [] };
    const view = schema ? viewSchema(this.ctx.model, schema) : { s: {}, loc: { value: {}, file: '', pointer: '' } };
    const a = this.ctx.strings.api;
    const type = this.typeOf(view, true);
    const badges = this.badges({ ...view.s, deprecated: opts.deprecated || view.s.deprecated }, mode);
    const text = opts.description ?? (typeof view.s.description === 'string' ? view.s.description : undefined);
    const desc = text ? inlineMarkdown(this.ctx, text, opts.description !== undefined ? opts.descLoc : keywordLoc(view, 'description')) : undefined;
    if (desc) w.links.push(...desc.links);
    const extra =
      opts.example !== undefined && view.s.example === undefined && (typeof opts.example !== 'object' || opts.example === null)
        ? [{ label: a.example, value: literal(opts.example) }]
        : [];
    if (opts.sentAs) extra.push({ label: a.sentAs, value: opts.sentAs });
    const limits = this.constraints(view, extra);
    const nameOut = { html: `<code>${escapeHtml(name)}</code>`, md: mdCode(name) };
    return { ...this.item(nameOut, type, opts.required, badges, desc, limits, this.children(view, w)), links: w.links };
  }

  /** A row's nested contents: expandable, or a plain note when they are only a link. */
  private children(view: SchemaView, w: Walk): Out {
    const inner = this.nested(view, w);
    if (!inner.html) return NONE;
    if (inner.note) return inner;
    const label = this.childLabel(view);
    const md = mdBlocks([mdText(label), inner.md]);
    const home = this.foldHome(view);
    const repeat = home && w.shown ? w.shown.has(home.key) || (w.shown.add(home.key), false) : false;
    if (home && (repeat || inner.html.length > FOLD_INLINE_MAX)) {
      const url = href(this.ctx, home.path, home.anchor);
      const link = this.nameLink(home.view);
      return {
        html: `<details class="api-children" data-api-tree="${escapeHtml(url)}"><summary>${escapeHtml(label)}</summary><p class="api-see-schema">${escapeHtml(this.ctx.strings.api.seeSchema)}: ${link.html}</p></details>`,
        md,
      };
    }
    return { html: `<details class="api-children"><summary>${escapeHtml(label)}</summary>${inner.html}</details>`, md };
  }

  /** The shared schema a fold shows (an array's items), and its home, when it has one. */
  private foldHome(view0: SchemaView): { path: string; anchor: string; key: string; view: SchemaView } | undefined {
    let view = nullableVariant(this.ctx.model, view0) ?? view0;
    const items = keywordLoc(view, 'items');
    if (!view.key && items && isObject(items.value)) view = viewSchema(this.ctx.model, items);
    view = nullableVariant(this.ctx.model, view) ?? view;
    const home = view.key ? this.ctx.schemaHome(view.key) : undefined;
    return home && { ...home, key: view.key!, view };
  }

  /** The contents of a child schema, or a link (`note`) when it is circular, too deep or too big. */
  private nested(view0: SchemaView, w: Walk): Out & { note?: boolean } {
    const view = nullableVariant(this.ctx.model, view0) ?? view0;
    if (!this.structured(view.s) || constVariants(this.ctx.model, view)) return NONE;
    if (!view.key) return this.inlineNested(view, w);
    const key = view.key;
    const a = this.ctx.strings.api;
    const link = this.nameLink(view);
    if (w.ancestors.includes(key))
      return { html: `<p class="api-circular">${escapeHtml(a.circular)} ${link.html}</p>`, md: `${mdText(a.circular)} ${link.md}`, note: true };
    const seeSchema = { html: `<p class="api-see-schema">${escapeHtml(a.seeSchema)}: ${link.html}</p>`, md: `${mdText(a.seeSchema)}: ${link.md}`, note: true };
    if (w.depth <= 0) return seeSchema;
    // The subtree depends on which ancestors it can meet again (shown as circular): those in reach.
    this.graph.register(view);
    const reach = this.graph.reachWithin(key, w.depth);
    const cyc = w.ancestors.filter((a) => reach.has(a)).join(',');
    const memoKey = `${key}|${w.mode}|${w.depth}|${cyc}`;
    let frag = this.memo.get(memoKey);
    if (!frag) {
      const inner: Walk = { mode: w.mode, depth: w.depth - 1, ancestors: [...w.ancestors, key], budget: { rows: INLINE_MAX }, links: [] };
      const body = this.body(view, inner);
      frag = { html: flat(body.html), md: flat(body.md), rows: INLINE_MAX - inner.budget.rows, links: inner.links };
      this.memo.set(memoKey, frag);
    }
    if (frag.rows > INLINE_MAX || frag.rows > w.budget.rows) return seeSchema;
    w.budget.rows -= frag.rows;
    if (frag.links.length) w.links.push(...frag.links);
    return frag;
  }

  /**
   * An inline schema's contents. One that wraps shared schemas in allOf (`allOf: [{ $ref: A }]`
   * with a description of its own, as many specs write a property of type A) goes through A as
   * far as cycles and depth are concerned: A's property of that same wrapped type is circular.
   */
  private inlineNested(view: SchemaView, w: Walk): Out & { note?: boolean } {
    const allOf = Array.isArray(view.s.allOf) ? keywordLoc(view, 'allOf') : undefined;
    const parts = allOf ? (allOf.value as unknown[]).map((_, i) => viewSchema(this.ctx.model, child(allOf, i)!)).filter((p) => p.key) : [];
    if (!parts.length) return this.body(view, w);
    const a = this.ctx.strings.api;
    const again = parts.find((p) => w.ancestors.includes(p.key!));
    if (again) {
      const link = this.nameLink(again);
      return { html: `<p class="api-circular">${escapeHtml(a.circular)} ${link.html}</p>`, md: `${mdText(a.circular)} ${link.md}`, note: true };
    }
    if (w.depth <= 0) {
      const link = this.nameLink(parts[0]);
      return { html: `<p class="api-see-schema">${escapeHtml(a.seeSchema)}: ${link.html}</p>`, md: `${mdText(a.seeSchema)}: ${link.md}`, note: true };
    }
    return this.body(view, { ...w, depth: w.depth - 1, ancestors: [...w.ancestors, ...parts.map((p) => p.key!)] });
  }

  private variants(view: SchemaView, kind: 'oneOf' | 'anyOf' | 'allOf', w: Walk): Out {
    const listLoc = keywordLoc(view, kind)!;
    const list = listLoc.value as unknown[];
    const disc = isObject(view.s.discriminator) && typeof view.s.discriminator.propertyName === 'string' ? view.s.discriminator : undefined;
    const mapping = this.mapping(view);
    const a = this.ctx.strings.api;
    const label = a[kind];
    const head = {
      html: `<p class="api-variants-label">${escapeHtml(label)}${disc ? ` · ${escapeHtml(a.discriminator)}: <code>${escapeHtml(String(disc.propertyName))}</code>` : ''}</p>`,
      md: `${mdText(label)}${disc ? ` · ${mdText(a.discriminator)}: ${mdCode(String(disc.propertyName))}` : ''}`,
    };
    const items = list.map((_, i) => {
      const v = viewSchema(this.ctx.model, child(listLoc, i)!);
      const values = disc ? (v.key ? (mapping.get(v.key) ?? (v.label ? [v.label] : [])) : []) : [];
      const name = v.label ?? (typeof v.s.title === 'string' ? v.s.title : undefined) ?? `${a.option} ${i + 1}`;
      const tag = values.length ? `${String(disc!.propertyName)} = ${values.map((x) => literal(x)).join(' | ')}` : '';
      const desc = typeof v.s.description === 'string' ? inlineMarkdown(this.ctx, v.s.description, keywordLoc(v, 'description')) : undefined;
      if (desc) w.links.push(...desc.links);
      const inner = this.nested(v, w);
      const type = inner.html ? NONE : this.typeOf(v, true);
      const limits = this.constraints(v);
      return {
        html: `<details class="api-variant"><summary>${escapeHtml(name)}${tag ? ` <code>${escapeHtml(tag)}</code>` : ''}${type.html ? ` <span class="api-type">${type.html}</span>` : ''}</summary>${desc?.html ? `<div class="api-prop-desc">${desc.html}</div>` : ''}${limits.html}${inner.html}</details>`,
        md: mdItem(mdBlocks([`**${mdText(name)}**${tag ? ` ${mdCode(tag)}` : ''}${type.md ? ` ${type.md}` : ''}`, desc?.md ?? '', limits.md, inner.md])),
      };
    });
    return {
      html: `<div class="api-variants">${head.html}${items.map((x) => x.html).join('')}</div>`,
      md: mdBlocks([head.md, items.map((x) => x.md).join('\n')]),
    };
  }

  /** Discriminator values by the shared schema they select. */
  private mapping(view: SchemaView): Map<string, string[]> {
    const out = new Map<string, string[]>();
    const d = view.s.discriminator;
    if (!isObject(d) || !isObject(d.mapping)) return out;
    const file = keywordLoc(view, 'discriminator')?.file ?? view.loc.file;
    for (const [value, ref] of Object.entries(d.mapping)) {
      if (typeof ref !== 'string') continue;
      const target = ref.includes('#') || ref.includes('/') ? ref : `#/components/schemas/${ref}`;
      try {
        const v = viewSchema(this.ctx.model, {
          value: { $ref: target },
          file: ref.includes('#') || ref.includes('/') ? file : this.ctx.model.source.rootFile,
          pointer: '',
        });
        if (v.key) out.set(v.key, [...(out.get(v.key) ?? []), value]);
      } catch {
        /* an unresolvable mapping is reported by validation */
      }
    }
    return out;
  }

  private discriminatorNote(view: SchemaView): Out {
    const d = view.s.discriminator as Record<string, unknown>;
    const mapping = this.mapping(view);
    const entries = [...mapping].map(([key, values]) => {
      const label = this.graph.views.get(key)?.label ?? this.ctx.model.names.get(key)?.name ?? key.split('/').pop();
      const link = this.nameLink({ s: {}, loc: { value: {}, file: '', pointer: '' }, key, label });
      const text = values.map((x) => literal(x)).join(' | ');
      return { html: `<code>${escapeHtml(text)}</code> → ${link.html}`, md: `${mdCode(text)} → ${link.md}` };
    });
    const label = this.ctx.strings.api.discriminator;
    const prop = String(d.propertyName ?? '');
    return {
      html: `<p class="api-discriminator">${escapeHtml(label)}: <code>${escapeHtml(prop)}</code>${entries.length ? ` (${entries.map((e) => e.html).join(', ')})` : ''}</p>`,
      md: `${mdText(label)}: ${mdCode(prop)}${entries.length ? ` (${entries.map((e) => e.md).join(', ')})` : ''}`,
    };
  }

  /** "string", "array of Money", "Money" (linked to where it is shown in full). */
  typeOf(view0: SchemaView, link: boolean): Out {
    const nv = nullableVariant(this.ctx.model, view0);
    const view = nv ?? view0;
    const { types } = typeInfo(view.s);
    const strings = this.ctx.strings.api;
    let text: Out;
    const isArray = types.includes('array') || (view.s.items !== undefined && !types.length);
    const consts = constVariants(this.ctx.model, view);
    // A named array reads as what it holds ("array of Item"), not as its own name.
    if (view.label && !isArray && !types.some((t) => t !== 'object')) text = link ? this.nameLink(view) : plain(view.label);
    else if (isArray) {
      const items = keywordLoc(view, 'items');
      const inner = items && isObject(items.value) ? this.typeOf(viewSchema(this.ctx.model, items), link) : plain('any');
      text = { html: `${escapeHtml(strings.itemsOf)} ${inner.html}`, md: `${mdText(strings.itemsOf)} ${inner.md}` };
    } else if (consts)
      text = plain(types.length ? types.join(' | ') : [...new Set(consts.map((c) => c.type ?? (c.value === null ? 'null' : typeof c.value)))].join(' | '));
    else if (types.length) text = plain(types.join(' | '));
    else if (Array.isArray(view.s.oneOf) || Array.isArray(view.s.anyOf)) text = this.variantTypes(view, link);
    else if (Array.isArray(view.s.allOf) || isObject(view.s.properties)) text = plain('object');
    else if (view.s.const !== undefined) text = plain(typeof view.s.const);
    else text = plain('any');
    const format = typeof view.s.format === 'string' ? view.s.format : undefined;
    return {
      html: `<span class="api-type">${text.html}</span>${format ? ` <span class="api-format">${escapeHtml(format)}</span>` : ''}${nv ? ` <span class="api-badge">${escapeHtml(strings.nullable)}</span>` : ''}`,
      md: `${text.md}${format ? ` ${mdText(format)}` : ''}${nv ? ` ${mdText(strings.nullable)}` : ''}`,
    };
  }

  /** A oneOf/anyOf's variants by type or name: "Card | Bank account" (the list itself says "One of"). */
  private variantTypes(view: SchemaView, link: boolean): Out {
    const listLoc = keywordLoc(view, Array.isArray(view.s.oneOf) ? 'oneOf' : 'anyOf');
    const list = listLoc && Array.isArray(listLoc.value) ? listLoc.value : [];
    const parts = list.slice(0, 4).map((_, i) => {
      const v = viewSchema(this.ctx.model, child(listLoc!, i)!);
      if (v.label) return link ? this.nameLink(v) : plain(v.label);
      if (typeof v.s.title === 'string') return plain(v.s.title);
      const t = typeInfo(v.s).types;
      return plain(t.length ? t.join(' | ') : isObject(v.s.properties) ? 'object' : 'any');
    });
    if (list.length > 4) parts.push(plain('…'));
    return { html: parts.map((p) => p.html).join(' | '), md: parts.map((p) => p.md).join(' | ') };
  }

  private badges(s: Record<string, unknown>, mode?: Mode): Out {
    const a = this.ctx.strings.api;
    const out: string[] = [];
    if (typeInfo(s).nullable) out.push(a.nullable);
    if (s.readOnly === true && mode !== 'request') out.push(a.readOnly);
    if (s.writeOnly === true && mode !== 'response') out.push(a.writeOnly);
    const b = out.map((t) => ` <span class="api-badge">${escapeHtml(t)}</span>`);
    if (s.deprecated === true) {
      b.push(` <span class="api-badge api-deprecated">${escapeHtml(a.deprecated)}</span>`);
      out.push(a.deprecated);
    }
    return { html: b.join(''), md: out.map((t) => ` ${mdText(t)}`).join('') };
  }

  /** Allowed values, default, example and limits of one schema (and `extra` ones after them). */
  constraints(view: SchemaView, extra: { label: string; value: string }[] = []): Out {
    const s = view.s;
    const a = this.ctx.strings.api;
    const html: string[] = [];
    const md: string[] = [];
    const labelled = (label: string, values: string[], more = false) => {
      html.push(`${escapeHtml(label)}: ${values.map((v) => `<code>${escapeHtml(v)}</code>`).join(', ')}${more ? ', …' : ''}`);
      md.push(`${mdText(label)}: ${values.map(mdCode).join(', ')}${more ? ', …' : ''}`);
    };
    const named = namedEnum(s);
    const values = Array.isArray(s.enum) && !named ? s.enum : s.const !== undefined ? [s.const] : undefined;
    const consts = values ? undefined : (named ?? constVariants(this.ctx.model, view));
    if (values) labelled(a.allowedValues, values.slice(0, MAX_ENUM).map(literal), values.length > MAX_ENUM);
    else if (consts?.some((c) => c.description || c.name)) {
      // One value per line with its name in code and what it means.
      const list = enumList(this.ctx, consts);
      const rest = this.constraints({ ...view, s: { ...s, oneOf: undefined, anyOf: undefined, enum: undefined } }, extra);
      return { html: list.html + rest.html, md: mdBlocks([list.md, rest.md]) };
    } else if (consts)
      labelled(
        a.allowedValues,
        consts.slice(0, MAX_ENUM).map((c) => literal(c.value)),
        consts.length > MAX_ENUM,
      );
    if (s.default !== undefined) labelled(a.default, [literal(s.default)]);
    const limits: string[] = [];
    for (const k in s) if (LIMITS.has(k) && s[k] !== undefined && typeof s[k] !== 'object') limits.push(`${k}: ${String(s[k])}`);
    if (limits.length) {
      html.push(limits.map((l) => `<code>${escapeHtml(l)}</code>`).join(' '));
      md.push(limits.map(mdCode).join(' '));
    }
    const ex = s.example !== undefined ? s.example : Array.isArray(s.examples) ? s.examples[0] : undefined;
    if (ex !== undefined && (typeof ex !== 'object' || ex === null)) labelled(a.example, [literal(ex)]);
    for (const e of extra) labelled(e.label, [e.value]);
    return html.length ? { html: `<p class="api-constraints">${html.join(' · ')}</p>`, md: md.join(' · ') } : NONE;
  }

  private structured(s: Record<string, unknown>): boolean {
    if ((isObject(s.properties) && Object.keys(s.properties).length) || isObject(s.additionalProperties)) return true;
    if (Array.isArray(s.allOf) || Array.isArray(s.oneOf) || Array.isArray(s.anyOf) || isObject(s.discriminator)) return true;
    if (isObject(s.items)) {
      const items = s.items;
      if (typeof items.$ref === 'string') return true;
      return this.structured(items);
    }
    return false;
  }

  private childLabel(view: SchemaView): string {
    const a = this.ctx.strings.api;
    const s = nullableVariant(this.ctx.model, view)?.s ?? view.s;
    // The list inside says "One of" / "Any of": the summary does not say it again.
    if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) return a.variants;
    return typeInfo(s).types.includes('array') ? a.itemProperties : a.childProperties;
  }

  /** A shared schema's name, linked to its home when it has one. */
  nameLink(view: SchemaView): Out {
    const label = view.label ?? 'object';
    const home = view.key ? this.ctx.schemaHome(view.key) : undefined;
    if (!home) return plain(label);
    return {
      html: `<a class="api-schema-link" href="${escapeHtml(href(this.ctx, home.path, home.anchor))}">${escapeHtml(label)}</a>`,
      md: mdLink(mdText(label), absoluteHref(this.ctx, home.path, home.anchor)),
    };
  }
}

/** Text that needs no markup. */
function plain(text: string): Out {
  return { html: escapeHtml(text), md: mdText(text) };
}

function join(parts: Out[]): Out {
  return { html: parts.map((p) => p.html).join(''), md: mdBlocks(parts.map((p) => p.md)) };
}
