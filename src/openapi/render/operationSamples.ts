// An operation's code samples section: one tab per language, built once for every locale from
// the operation's server, parameters, authentication and request body (codeSamples.ts).
import { buildSamples, sampleText, type FieldEncoding, type Sample, type SampleInput } from './codeSamples.ts';
import { escapeHtml } from './context.ts';
import { bodyFor, curlBody } from '../../shared/sampleBody.ts';
import { sampleBodyExample } from './examples.ts';
import type { ApiOperation } from '../model/model.ts';
import type { PageBuilder } from './page.ts';
import { isObject } from '../load/pointer.ts';
import { mergedProperties, viewSchema } from '../model/schema.ts';
import { child, type Located } from '../load/source.ts';
import type { ApiView } from './view.ts';
import { mdBlocks, mdFence, mdText } from './markdownText.ts';
import { bodyMediaTypes, mediaTypes, paramExample } from './operationParts.ts';

export function samples(view: ApiView, op: ApiOperation, page: PageBuilder): void {
  const { ctx } = view;
  const a = ctx.strings.api;
  // Samples hold no text of the locale's: built once for all locales.
  let list = ctx.shared.samples.get(op.key);
  if (!list) ctx.shared.samples.set(op.key, (list = sampleList(view, op)));
  page.heading(2, 'code-samples', a.codeSamples);
  const tabs = list.map(
    (s, i) =>
      `<button type="button" role="tab" id="api-tab-${i}" aria-controls="api-tabpanel-${i}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${escapeHtml(s.label)}</button>`,
  );
  const shared = sharedBody(list);
  const panels = list.map(
    (s, i) =>
      `<div role="tabpanel" id="api-tabpanel-${i}" aria-labelledby="api-tab-${i}" tabindex="0"${i === 0 ? '' : ' hidden'}>${view.sample(s, i > 0 && shared.has(s) ? 'api-tabpanel-0' : undefined)}</div>`,
  );
  page.html(
    `<div class="tabs api-samples" data-tabs><div role="tablist" aria-label="${escapeHtml(a.codeSamples)}">${tabs.join('')}</div>\n${panels.join('\n')}</div>\n`,
    mdBlocks(list.map((s) => `${mdText(s.label)}:\n\n${mdFence(sampleText(s), s.lang)}`)),
  );
}

/**
 * The samples (after the first, curl) whose JSON body the browser can write from curl's exactly
 * as the page would: their body is highlighted once, in curl's tab.
 */
function sharedBody(list: Sample[]): Set<Sample> {
  const out = new Set<Sample>();
  const first = list[0];
  const json = first && first.lang === 'bash' && first.body ? curlBody(sampleText(first)) : undefined;
  if (json === undefined) return out;
  for (const s of list.slice(1)) {
    if (s.fromSpec || !s.body || (s.lang !== 'javascript' && s.lang !== 'python')) continue;
    if (bodyFor(json, s.lang) === s.body.text) out.add(s);
  }
  return out;
}

function sampleList(view: ApiView, op: ApiOperation): Sample[] {
  const { ctx } = view;
  const types = bodyMediaTypes(view, op);
  const main = types.find(([mt]) => mt.includes('json')) ?? types[0];
  let body: SampleInput['body'];
  if (main) {
    const example = sampleBodyExample(view.model, view.graph, main[1], view.exampleMemo);
    const schema = child(main[1], 'schema');
    const binaryFields = new Set<string>();
    if (schema) {
      for (const p of mergedProperties(view.model, viewSchema(view.model, schema)).properties) {
        const s = viewSchema(view.model, p.loc).s;
        const items = isObject(s.items) ? s.items : {};
        if (
          s.format === 'binary' ||
          s.format === 'base64' ||
          s.contentMediaType !== undefined ||
          items.format === 'binary' ||
          items.contentMediaType !== undefined
        )
          binaryFields.add(p.name);
      }
    }
    body = { mediaType: main[0], example, binaryFields, encoding: encodingOf(main[1]) };
  }
  const first = op.security.find((r) => Object.keys(r).length) ?? {};
  const auth = Object.keys(first).map((name) => {
    const s = ctx.model.securitySchemes.get(name)?.value ?? {};
    return {
      type: String(s.type ?? ''),
      scheme: typeof s.scheme === 'string' ? s.scheme : undefined,
      in: typeof s.in === 'string' ? s.in : undefined,
      name: typeof s.name === 'string' ? s.name : undefined,
    };
  });
  const jsonResponse = op.responses.some((r) => /^2/.test(r.status) && mediaTypes(r.node).some(([mt]) => mt.includes('json')));
  return buildSamples({
    op,
    server: op.servers[0] ?? '',
    params: op.parameters.map((p) => ({
      name: String(p.value.name),
      in: String(p.value.in),
      required: p.value.required === true,
      example: paramExample(view, p, true),
      style: typeof p.value.style === 'string' ? p.value.style : undefined,
      explode: typeof p.value.explode === 'boolean' ? p.value.explode : undefined,
      documented: paramExample(view, p) !== undefined,
    })),
    auth,
    body,
    envVar: ctx.envVar,
    jsonResponse,
  });
}

/** A media type's `encoding`: how each field of a form body is written. */
function encodingOf(media: Located): Map<string, FieldEncoding> {
  const out = new Map<string, FieldEncoding>();
  const m = media.value;
  if (!isObject(m) || !isObject(m.encoding)) return out;
  for (const [name, e] of Object.entries(m.encoding)) {
    if (!isObject(e)) continue;
    out.set(name, {
      style: typeof e.style === 'string' ? e.style : undefined,
      explode: typeof e.explode === 'boolean' ? e.explode : undefined,
      contentType: typeof e.contentType === 'string' ? e.contentType : undefined,
    });
  }
  return out;
}
