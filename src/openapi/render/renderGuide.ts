// A page of the API's guide: a section of the spec's own introduction (Authentication,
// Pagination, Errors...), with what the spec shares that belongs there: the security schemes on
// the Authentication page, the shared responses on the Errors page, and the schemas those use
// with the shared headers on a page of their own.
import type { PageContent } from '../../types.ts';
import { escapeHtml, markdown, plainText } from './context.ts';
import { mdBlocks, mdCode, mdItem, mdText } from './markdownText.ts';
import type { GuidePage, GuideSection } from '../model/guide.ts';
import type { Homes } from '../model/homes.ts';
import { PageBuilder } from './page.ts';
import { isObject } from '../load/pointer.ts';
import { anchorOf, responseDetails, schemeKind } from './renderOperation.ts';
import { schemaSections } from './renderOverview.ts';
import { child, deref, type Located } from '../load/source.ts';
import type { ApiView } from './view.ts';

export function renderGuide(view: ApiView, guide: GuidePage, section: GuideSection | undefined, homes: Homes, pagePath: string): PageContent {
  const { ctx, model } = view;
  const a = ctx.strings.api;
  const page = new PageBuilder(ctx);
  // In YAML a description's lines are the file's (a block scalar); in JSON it is one line.
  const at = child(model.info, 'description');
  if (section) page.markdown(markdown(ctx, section.text, at, at && /\.json$/i.test(at.file) ? 0 : section.lineOffset));
  if (guide.role === 'auth') securitySchemes(view, page);
  if (guide.role === 'errors') commonResponses(view, homes, page);
  if (guide.role === 'schemas') {
    commonHeaders(view, page);
    schemaSections(view, homes.byPage.get(pagePath) ?? [], page, a.commonSchemas);
  }
  return page.result();
}

function securitySchemes(view: ApiView, page: PageBuilder): void {
  const { ctx, model } = view;
  const a = ctx.strings.api;
  if (model.securitySchemes.size) {
    page.heading(2, 'security-schemes', a.securitySchemes);
    for (const [name, loc] of model.securitySchemes) {
      page.heading(3, `security-${anchorOf(name)}`, name);
      const kind = schemeKind(view, loc.value);
      page.html(`<p class="api-scheme-kind">${escapeHtml(kind)}</p>\n`, mdText(kind));
      page.text(kind);
      if (typeof loc.value.description === 'string') page.markdown(markdown(ctx, loc.value.description, child(loc, 'description')));
      flows(view, loc, page);
    }
  }
}

function commonResponses(view: ApiView, homes: Homes, page: PageBuilder): void {
  const { ctx, model } = view;
  const a = ctx.strings.api;
  const responses = [...(model.components.get('responses') ?? [])];
  if (responses.length) {
    page.heading(2, 'common-responses', a.commonResponses);
    for (const [name, raw] of responses) {
      const home = homes.responses.get(name);
      let loc: Located;
      try {
        loc = deref(model.source, raw);
      } catch {
        continue;
      }
      page.heading(3, home?.anchor ?? `response-${anchorOf(name)}`, name);
      const v = isObject(loc.value) ? loc.value : {};
      if (typeof v.description === 'string') page.markdown(markdown(ctx, v.description, child(loc, 'description')));
      responseDetails(view, loc, page);
    }
  }
}

function commonHeaders(view: ApiView, page: PageBuilder): void {
  const { ctx, model } = view;
  const a = ctx.strings.api;
  const headers = [...(model.components.get('headers') ?? [])];
  if (headers.length) {
    page.heading(2, 'common-headers', a.commonHeaders);
    const rows = headers
      .map(([name, raw]) => {
        let h: Located;
        try {
          h = deref(model.source, raw);
        } catch {
          return undefined;
        }
        const v = isObject(h.value) ? h.value : {};
        const row = view.tree.field(
          name,
          child(h, 'schema'),
          { required: false, description: typeof v.description === 'string' ? v.description : undefined, descLoc: child(h, 'description') },
          'response',
        );
        page.addLinks(row.links);
        page.text(`${name}: ${plainText(typeof v.description === 'string' ? v.description : '')}`);
        return row;
      })
      .filter((r) => r !== undefined);
    page.html(`<ul class="api-schema api-params">${rows.map((r) => r.html).join('')}</ul>\n`, rows.map((r) => r.md).join('\n'));
  }
}

function flows(view: ApiView, loc: Located<Record<string, unknown>>, page: PageBuilder): void {
  const f = loc.value.flows;
  if (!isObject(f)) return;
  const a = view.ctx.strings.api;
  const items = Object.entries(f).flatMap(([flow, def]) => {
    if (!isObject(def)) return [];
    const urls = ['authorizationUrl', 'tokenUrl', 'refreshUrl'].filter((k) => typeof def[k] === 'string').map((k) => String(def[k]));
    const scopes = isObject(def.scopes)
      ? Object.entries(def.scopes).map(([s, d]) => ({
          html: `<li><code>${escapeHtml(s)}</code> ${escapeHtml(String(d))}</li>`,
          md: mdItem(`${mdCode(s)} ${mdText(String(d))}`),
        }))
      : [];
    return [
      {
        html: `<li><strong>${escapeHtml(flow)}</strong> ${urls.map((u) => `<code>${escapeHtml(u)}</code>`).join(' ')}${scopes.length ? `<p>${escapeHtml(a.scopes)}</p><ul>${scopes.map((x) => x.html).join('')}</ul>` : ''}</li>`,
        md: mdItem(mdBlocks([`**${mdText(flow)}** ${urls.map(mdCode).join(' ')}`, scopes.length ? mdText(a.scopes) : '', scopes.map((x) => x.md).join('\n')])),
      },
    ];
  });
  if (items.length) page.html(`<ul class="api-flows">${items.map((i) => i.html).join('')}</ul>\n`, items.map((i) => i.md).join('\n'));
}
