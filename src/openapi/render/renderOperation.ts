// One operation's page: method and path, server, deprecation, description, authentication,
// parameters by location, the request body (schema tree and example), the responses by status
// code (schema and example; shared responses link to the root page), and code samples in tabs.
import type { PageContent } from '../../types.ts';
import { absoluteHref, escapeHtml, href, inlineMarkdown, markdown, methodBadge, plainText, summaryText } from './context.ts';
import { firstItems, mediaExample, schemaExample } from './examples.ts';
import { serializeParam } from './paramStyle.ts';
import type { ApiOperation } from '../model/model.ts';
import { PageBuilder } from './page.ts';
import { isObject } from '../load/pointer.ts';
import { viewSchema } from '../model/schema.ts';
import { child, deref, type Located } from '../load/source.ts';
import type { ApiView } from './view.ts';
import { mdBlocks, mdCode, mdFence, mdItem, mdLink, mdText } from './markdownText.ts';
import { bodyMediaTypes, mediaTypes, paramExample } from './operationParts.ts';
import { samples } from './operationSamples.ts';

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

export function renderOperation(view: ApiView, op: ApiOperation): PageContent {
  const { ctx } = view;
  const a = ctx.strings.api;
  const page = new PageBuilder(ctx);
  const server = op.servers[0] ?? '';
  page.html(
    `<div class="api-endpoint">${methodBadge(op.method)}<code class="api-path">${pathHtml(op.path)}</code>` +
      `${op.deprecated ? `<span class="api-badge api-deprecated">${escapeHtml(a.deprecated)}</span>` : ''}</div>\n` +
      (server ? `<p class="api-server"><span class="api-label">${escapeHtml(a.server)}</span> <code>${escapeHtml(server)}</code></p>\n` : ''),
    mdBlocks([
      `${op.method.toUpperCase()} ${mdCode(op.path)}${op.deprecated ? ` ${mdText(a.deprecated)}` : ''}`,
      server ? `${mdText(a.server)} ${mdCode(server)}` : '',
    ]),
  );
  page.text(`${op.method.toUpperCase()} ${op.path}`);
  if (op.deprecated) {
    page.html(
      `<div class="admonition admonition-warning" role="note"><p class="admonition-title">${escapeHtml(a.deprecated)}</p><div class="admonition-body"><p>${escapeHtml(a.deprecatedOperation)}</p></div></div>\n`,
      `> **${mdText(a.deprecated)}**\n>\n> ${mdText(a.deprecatedOperation)}`,
    );
  }
  if (op.description) page.markdown(markdown(ctx, op.description, child(op.node, op.descriptionKey ?? 'description') ?? op.node));
  // One column (phones): the samples come after every field, so the page offers a way there.
  page.html(`<p class="api-jump"><a href="#code-samples">${escapeHtml(a.jumpToSamples)}</a></p>\n`, '');

  // Fields on the left, the request samples and response examples beside them (one column on
  // narrow screens, where the examples follow the fields).
  page.html('<div class="api-columns"><div class="api-fields">\n', '');
  authentication(view, op, page);
  parameters(view, op, page);
  requestBody(view, op, page);
  const examples: ResponseExample[] = [];
  responses(view, op, page, examples);
  page.html(`</div>\n<aside class="api-examples" aria-label="${escapeHtml(a.examples)}"><div class="api-examples-inner">\n`, '');
  samples(view, op, page);
  responseExamples(view, page, examples);
  page.html('</div></aside></div>\n', '');
  return page.result();
}

/** A response's example, shown in the examples column. */
interface ResponseExample {
  status: string;
  mediaType: string;
  example: unknown;
  /** A shared response's name and home, where its example is shown in full. */
  shared?: { name: string; path: string; anchor: string };
}

function pathHtml(path: string): string {
  return escapeHtml(path).replace(/\{([^}]+)\}/g, '<span class="api-path-param">{$1}</span>');
}

function authentication(view: ApiView, op: ApiOperation, page: PageBuilder): void {
  const { ctx } = view;
  const a = ctx.strings.api;
  page.heading(2, 'authentication', a.authentication);
  const alternatives = op.security.filter((req) => Object.keys(req).length > 0);
  if (!alternatives.length) {
    page.html(`<p>${escapeHtml(a.noAuth)}</p>\n`, mdText(a.noAuth));
    return;
  }
  // An empty requirement among the alternatives makes authentication optional.
  const optional = op.security.some((req) => Object.keys(req).length === 0);
  const items = alternatives.map((req) => {
    const schemes = Object.entries(req).map(([name, scopes]) => {
      const scheme = ctx.model.securitySchemes.get(name);
      const anchor = `security-${anchorOf(name)}`;
      const kind = scheme ? schemeKind(view, scheme.value) : '';
      const list = Array.isArray(scopes) && scopes.length ? scopes.map(String) : [];
      return {
        html: `<strong><a href="${escapeHtml(href(ctx, ctx.authPath, anchor))}">${escapeHtml(name)}</a></strong>${kind ? ` — ${escapeHtml(kind)}` : ''}${list.length ? ` · ${escapeHtml(a.scopes)}: ${list.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}` : ''}`,
        md: `**${mdLink(mdText(name), absoluteHref(ctx, ctx.authPath, anchor))}**${kind ? ` — ${mdText(kind)}` : ''}${list.length ? ` · ${mdText(a.scopes)}: ${list.map(mdCode).join(', ')}` : ''}`,
      };
    });
    return { html: schemes.map((x) => x.html).join(' + '), md: schemes.map((x) => x.md).join(' + ') };
  });
  page.html(
    `<ul class="api-security">${items.map((i) => `<li>${i.html}</li>`).join('')}</ul>\n${optional ? `<p>${escapeHtml(a.authOptional)}</p>\n` : ''}`,
    mdBlocks([items.map((i) => mdItem(i.md)).join('\n'), optional ? mdText(a.authOptional) : '']),
  );
}

/** "HTTP bearer authentication", "API key in the header X-Key" in the page's language. */
export function schemeKind(view: ApiView, s: Record<string, unknown>): string {
  const a = view.ctx.strings.api;
  switch (s.type) {
    case 'http':
      return a.httpAuth(String(s.scheme ?? ''), typeof s.bearerFormat === 'string' ? s.bearerFormat : undefined);
    case 'apiKey':
      return a.apiKeyAuth(String(s.name ?? ''), a.where[(s.in as 'header' | 'query' | 'cookie') ?? 'header'] ?? String(s.in));
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    case 'mutualTLS':
      return 'Mutual TLS';
    default:
      return String(s.type ?? '');
  }
}

export function anchorOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'x'
  );
}

function parameters(view: ApiView, op: ApiOperation, page: PageBuilder): void {
  if (!op.parameters.length) return;
  const a = view.ctx.strings.api;
  page.heading(2, 'parameters', a.parameters);
  const titles = { path: a.pathParameters, query: a.queryParameters, header: a.headerParameters, cookie: a.cookieParameters };
  for (const where of LOCATIONS) {
    const params = op.parameters.filter((p) => p.value.in === where);
    if (!params.length) continue;
    page.heading(3, `${where}-parameters`, titles[where]);
    const rows = params.map((p) => {
      const v = p.value;
      const schema = child(p, 'schema') ?? firstContentSchema(p);
      const row = view.tree.field(
        String(v.name),
        schema,
        {
          required: v.required === true || where === 'path',
          description: typeof v.description === 'string' ? v.description : undefined,
          descLoc: child(p, 'description'),
          deprecated: v.deprecated === true,
          example: paramExample(view, p),
          sentAs: sentAs(view, p, schema),
        },
        'request',
      );
      page.text(`${String(v.name)}: ${plainText(typeof v.description === 'string' ? v.description : '')}`);
      page.addLinks(row.links);
      return row;
    });
    page.html(`<ul class="api-schema api-params">${rows.map((r) => r.html).join('')}</ul>\n`, rows.map((r) => r.md).join('\n'));
  }
}

/**
 * How an array or object parameter travels ("status=draft,confirmed", "filter[status]=open"):
 * its style and explode at work on its example, or on one built from its schema.
 */
function sentAs(view: ApiView, p: Located<Record<string, unknown>>, schema: Located | undefined): string | undefined {
  if (child(p, 'content')) return undefined;
  let value = paramExample(view, p);
  if (value === undefined && schema) value = schemaExample(view.model, view.graph, schema, 'request', view.exampleMemo);
  if (value === null || typeof value !== 'object') return undefined;
  // Two items show the separator.
  if (Array.isArray(value) && value.length === 1 && schema) {
    const items = viewSchema(view.model, schema).s.items;
    const values = isObject(items) && Array.isArray(items.enum) ? items.enum : [];
    if (values.length > 1) value = values.slice(0, 2);
  }
  const v = p.value;
  return serializeParam(
    {
      name: String(v.name),
      in: String(v.in),
      style: typeof v.style === 'string' ? v.style : undefined,
      explode: typeof v.explode === 'boolean' ? v.explode : undefined,
    },
    value,
  );
}

function firstContentSchema(p: Located): Located | undefined {
  const content = child(p, 'content');
  if (!content || !isObject(content.value)) return undefined;
  const first = Object.keys(content.value)[0];
  return first ? child(child(content, first)!, 'schema') : undefined;
}

function requestBody(view: ApiView, op: ApiOperation, page: PageBuilder): void {
  const body = op.requestBody;
  if (!body) return;
  const { ctx } = view;
  const a = ctx.strings.api;
  const types = bodyMediaTypes(view, op);
  // A body with no field to send (a GET's empty form) is no section, unless it says something.
  if (!types.length && mediaTypes(body).length && typeof body.value.description !== 'string') return;
  const required = body.value.required === true;
  page.heading(
    2,
    'request-body',
    a.requestBody,
    required ? ` <span class="api-badge api-required">${escapeHtml(a.required)}</span>` : '',
    required ? ` ${mdText(a.required)}` : '',
  );
  if (typeof body.value.description === 'string') page.markdown(markdown(ctx, body.value.description, child(body, 'description')));
  for (const [mt, media] of types) {
    page.html(
      `<p class="api-media"><span class="api-label">${escapeHtml(a.contentType)}</span> <code>${escapeHtml(mt)}</code></p>\n`,
      `${mdText(a.contentType)} ${mdCode(mt)}`,
    );
    const schema = child(media, 'schema');
    if (schema) page.fragment(view.tree.render(schema, 'request'));
  }
}

function responses(view: ApiView, op: ApiOperation, page: PageBuilder, examples: ResponseExample[]): void {
  if (!op.responses.length) return;
  const { ctx } = view;
  const a = ctx.strings.api;
  page.heading(2, 'responses', a.responses);
  for (const r of op.responses) {
    const id = page.id(`response-${r.status.toLowerCase()}`);
    page.anchor(id);
    const desc = typeof r.node.value.description === 'string' ? r.node.value.description : '';
    const inline = inlineMarkdown(ctx, desc, child(r.node, 'description'));
    const multi = /<p>|<ul>|<ol>|<pre>/.test(inline.html);
    const cls = /^[1-5]/.test(r.status) ? `api-status-${r.status[0]}xx` : 'api-status-default';
    const open = /^2/.test(r.status) && op.responses.find((x) => /^2/.test(x.status)) === r;
    const parts: string[] = [];
    parts.push(
      `<details class="api-response" id="${escapeHtml(id)}"${open ? ' open' : ''}><summary><span class="api-status ${cls}">${escapeHtml(r.status)}</span> <span class="api-response-desc">${multi ? escapeHtml(summaryText(desc, 100)) : inline.html}</span></summary><div class="api-response-body">`,
    );
    // The summary line, then (when the description is longer than a line) the description.
    const md = [`**${mdText(r.status)}** ${multi ? mdText(summaryText(desc, 100)) : inline.md}`, multi ? inline.md : ''];
    // Shared responses (401, 404...) say the same on every page: searching them finds the root page.
    if (!r.name) page.text(`${r.status} ${plainText(desc)}`);
    if (multi) parts.push(inline.html);
    page.addLinks(inline.links);
    const types = mediaTypes(r.node);
    if (r.name) {
      const home = ctx.responseHome(r.name);
      const link = home
        ? {
            html: `<a href="${escapeHtml(href(ctx, home.path, home.anchor))}">${escapeHtml(r.name)}</a>`,
            md: mdLink(mdText(r.name), absoluteHref(ctx, home.path, home.anchor)),
          }
        : { html: escapeHtml(r.name), md: mdText(r.name) };
      const schemas = types.map(([mt, media]) => {
        const s = child(media, 'schema');
        const type = s ? view.tree.typeOf(viewSchema(view.model, s), true) : undefined;
        return { html: `<code>${escapeHtml(mt)}</code>${type ? ` ${type.html}` : ''}`, md: `${mdCode(mt)}${type ? ` ${type.md}` : ''}` };
      });
      parts.push(
        `<p class="api-see-schema">${escapeHtml(a.commonResponse)}: ${link.html}${schemas.length ? ` · ${schemas.map((x) => x.html).join(', ')}` : ''}</p>`,
      );
      collectExample(view, r.status, types, examples, home && { name: r.name, ...home });
      md.push(`${mdText(a.commonResponse)}: ${link.md}${schemas.length ? ` · ${schemas.map((x) => x.md).join(', ')}` : ''}`);
      parts.push('</div></details>\n');
      page.html(parts.join(''), mdBlocks(md));
      continue;
    }
    page.html(parts.join(''), mdBlocks(md));
    responseDetails(view, r.node, page, { status: r.status, examples });
    page.html('</div></details>\n', '');
  }
}

/**
 * Headers, content types with schema trees, and an example: for an operation's or a shared
 * response. With `into`, the example goes to the operation's examples column instead.
 */
export function responseDetails(view: ApiView, node: Located, page: PageBuilder, into?: { status: string; examples: ResponseExample[] }): void {
  const { ctx } = view;
  const a = ctx.strings.api;
  const headers = child(node, 'headers');
  if (headers && isObject(headers.value)) {
    const rows = Object.keys(headers.value)
      .map((name) => {
        let h: Located = child(headers, name)!;
        try {
          h = deref(view.model.source, h);
        } catch {
          return undefined;
        }
        const v = isObject(h.value) ? h.value : {};
        const row = view.tree.field(
          name,
          child(h, 'schema'),
          {
            required: v.required === true,
            description: typeof v.description === 'string' ? v.description : undefined,
            descLoc: child(h, 'description'),
            deprecated: v.deprecated === true,
          },
          'response',
        );
        page.addLinks(row.links);
        return row;
      })
      .filter((r) => r !== undefined);
    page.html(
      `<p class="api-label">${escapeHtml(a.headers)}</p><ul class="api-schema api-params">${rows.map((r) => r.html).join('')}</ul>`,
      mdBlocks([mdText(a.headers), rows.map((r) => r.md).join('\n')]),
    );
  }
  const types = mediaTypes(node);
  if (!types.length) {
    page.html(`<p class="api-no-content">${escapeHtml(a.noContent)}</p>`, mdText(a.noContent));
    return;
  }
  for (const [mt, media] of types) {
    page.html(
      `<p class="api-media"><span class="api-label">${escapeHtml(a.contentType)}</span> <code>${escapeHtml(mt)}</code></p>`,
      `${mdText(a.contentType)} ${mdCode(mt)}`,
    );
    const schema = child(media, 'schema');
    if (schema) page.fragment(view.tree.render(schema, 'response'));
  }
  if (into) return collectExample(view, into.status, types, into.examples);
  const main = types.find(([mt]) => mt.includes('json')) ?? types[0];
  const example = mediaExample(view.model, view.graph, main[1], 'response', view.exampleMemo);
  if (example !== undefined) {
    page.html(`<p class="api-label">${escapeHtml(a.responseExample)}</p>`, mdText(a.responseExample));
    exampleBlock(view, page, example, main[0], a.responseExample);
  }
}

function collectExample(view: ApiView, status: string, types: [string, Located][], examples: ResponseExample[], shared?: ResponseExample['shared']): void {
  const main = types.find(([mt]) => mt.includes('json')) ?? types[0];
  if (!main) return;
  const example = mediaExample(view.model, view.graph, main[1], 'response', view.exampleMemo);
  if (example !== undefined) examples.push({ status, mediaType: main[0], example: firstItems(example), shared });
}

/**
 * The responses' examples as tabs by status code, the first success response selected. A shared
 * response's example (the same on every operation that answers it) is a link to its home, whose
 * example the browser copies into the tab when it is first shown (src/client/apiPanels.ts).
 */
function responseExamples(view: ApiView, page: PageBuilder, examples: ResponseExample[]): void {
  if (!examples.length) return;
  const { ctx } = view;
  const a = ctx.strings.api;
  page.heading(2, 'response-examples', a.responseExamples);
  const first = Math.max(
    0,
    examples.findIndex((e) => /^2/.test(e.status)),
  );
  const tabs = examples.map(
    (e, i) =>
      `<button type="button" role="tab" id="api-response-tab-${i}" aria-controls="api-response-panel-${i}" aria-selected="${i === first}" tabindex="${i === first ? 0 : -1}">${escapeHtml(e.status)}</button>`,
  );
  const panels = examples.map((e, i) => {
    if (e.shared && i !== first) {
      const url = href(ctx, e.shared.path, e.shared.anchor);
      return `<div role="tabpanel" id="api-response-panel-${i}" aria-labelledby="api-response-tab-${i}" hidden data-api-example="${escapeHtml(url)}"><p class="api-see-schema">${escapeHtml(a.commonResponse)}: <a href="${escapeHtml(url)}">${escapeHtml(e.shared.name)}</a></p></div>`;
    }
    const code = typeof e.example === 'string' ? e.example : JSON.stringify(e.example, null, 2);
    const lang = e.mediaType.includes('json') && typeof e.example !== 'string' ? 'json' : 'plaintext';
    return `<div role="tabpanel" id="api-response-panel-${i}" aria-labelledby="api-response-tab-${i}"${i === first ? '' : ' hidden'}>${view.highlight(code, lang, `${a.responseExample} ${e.status}`)}</div>`;
  });
  page.html(
    `<div class="tabs api-response-examples" data-tabs><div role="tablist" aria-label="${escapeHtml(a.responseExamples)}">${tabs.join('')}</div>\n${panels.join('\n')}</div>\n`,
    mdBlocks(
      examples.map((e) => {
        const code = typeof e.example === 'string' ? e.example : JSON.stringify(e.example, null, 2);
        return `${mdText(e.status)} ${mdCode(e.mediaType)}:\n\n${mdFence(code, e.mediaType.includes('json') && typeof e.example !== 'string' ? 'json' : 'plaintext')}`;
      }),
    ),
  );
}

/** An example payload as a highlighted code block (JSON unless the spec gives it as text). */
function exampleBlock(view: ApiView, page: PageBuilder, example: unknown, mediaType: string, label: string): void {
  const code = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  const lang = mediaType.includes('json') && typeof example !== 'string' ? 'json' : 'plaintext';
  page.html(view.highlight(code, lang, label), mdFence(code, lang));
}
