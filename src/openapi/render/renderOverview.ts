// The overview pages: one per tag (its description, its operations, and the shared schemas whose
// home it is) and the API root category page (info, servers, the spec's own introduction with its
// authentication, pagination, errors, rate limit and versioning sections, the security schemes,
// the shared responses and headers, the resources by tag group, and the common schemas).
import type { PageContent } from '../../types.ts';
import { absoluteHref, escapeHtml, href, inlineMarkdown, markdown, methodBadge, plainText, summaryText } from './context.ts';
import { mdBlocks, mdCode, mdItem, mdLink, mdText } from './markdownText.ts';
import type { Homes } from '../model/homes.ts';
import type { ApiOperation, ApiTag } from '../model/model.ts';
import { PageBuilder } from './page.ts';
import { isObject, parsePointer, toPointer } from '../load/pointer.ts';
import { splitGuide, type GuideEntry } from '../model/guide.ts';
import { anchorOf } from './renderOperation.ts';

import { fallbackTitle } from '../model/slug.ts';
import { isAllowedUrl } from '../../shared/urlPolicy.ts';
import { child, type Located } from '../load/source.ts';
import type { ApiView } from './view.ts';

export function renderTag(view: ApiView, tag: ApiTag, homes: Homes, pagePath: string): PageContent {
  const { ctx } = view;
  const a = ctx.strings.api;
  const page = new PageBuilder(ctx);
  if (tag.description) page.markdown(markdown(ctx, tag.description, tag.node && (child(tag.node, 'description') ?? tag.node)));
  // A URL the URL policy refuses is left out (reported where the spec or overlay was read); its
  // description stays, as text.
  if (tag.externalDocs && isAllowedUrl(tag.externalDocs.url)) {
    const label = tag.externalDocs.description ?? a.learnMore;
    page.html(
      `<p><a href="${escapeHtml(tag.externalDocs.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(label)}</a></p>\n`,
      mdLink(mdText(label), tag.externalDocs.url),
    );
  } else if (tag.externalDocs?.description) {
    page.html(`<p>${escapeHtml(tag.externalDocs.description)}</p>\n`, mdText(tag.externalDocs.description));
  }
  if (tag.groups) {
    // A large tag's page lists its groups' operations; the groups' own pages show their schemas.
    for (const g of tag.groups) {
      const path = ctx.tagPath(g.name);
      page.heading(2, `group-${anchorOf(g.name.slice(tag.name.length + 1))}`, g.label);
      if (path)
        page.html(
          `<p><a href="${escapeHtml(href(ctx, path))}">${escapeHtml(a.operationCount(g.operations.length))}</a></p>\n`,
          mdLink(mdText(a.operationCount(g.operations.length)), absoluteHref(ctx, path)),
        );
      operationList(view, g.operations, page);
    }
  } else {
    page.heading(2, 'operations', a.operations);
    operationList(view, tag.operations, page);
  }
  schemaSections(view, homes.byPage.get(pagePath) ?? [], page, a.schemas);
  return page.result();
}

function operationList(view: ApiView, ops: ApiOperation[], page: PageBuilder): void {
  const { ctx } = view;
  const deprecated = ctx.strings.api.deprecated;
  const items = ops.map((op) => {
    const path = ctx.operationPath(op.key);
    const title = op.summary ?? fallbackTitle(op);
    const desc = op.description ? summaryText(op.description, 160) : '';
    page.text(`${title} ${desc}`);
    const label = `${op.method.toUpperCase()} ${mdText(title)}`;
    return {
      html:
        `<li class="api-op-item${op.deprecated ? ' api-op-deprecated' : ''}"><a class="api-op-link" href="${escapeHtml(path ? href(ctx, path) : '#')}">${methodBadge(op.method)}<span class="api-op-title">${escapeHtml(title)}</span></a>` +
        ` <code class="api-path">${escapeHtml(op.path)}</code>${op.deprecated ? ` <span class="api-badge api-deprecated">${escapeHtml(deprecated)}</span>` : ''}${desc ? `<p>${escapeHtml(desc)}</p>` : ''}</li>`,
      md: mdItem(
        mdBlocks([`${path ? mdLink(label, absoluteHref(ctx, path)) : label} ${mdCode(op.path)}${op.deprecated ? ` ${mdText(deprecated)}` : ''}`, mdText(desc)]),
      ),
    };
  });
  page.html(`<ul class="api-op-list">${items.map((i) => i.html).join('')}</ul>\n`, items.map((i) => i.md).join('\n'));
}

/** Shared schemas shown in full on this page: a heading each, its description and its tree. */
export function schemaSections(view: ApiView, keys: string[], page: PageBuilder, title: string): void {
  const { ctx } = view;
  const homes = keys.map((k) => ({ key: k, home: ctx.schemaHome(k), loc: locate(view, k) })).filter((x) => x.home && x.loc);
  if (!homes.length) return;
  page.heading(2, 'schemas', title);
  for (const { key, home, loc } of homes) {
    const label = view.graph.views.get(key)?.label ?? view.model.names.get(key)?.name ?? key;
    page.heading(3, home!.anchor, label);
    const s = loc!.value;
    if (isObject(s) && typeof s.description === 'string') {
      const d = inlineMarkdown(ctx, s.description, child(loc!, 'description'));
      page.html(`<p>${d.html}</p>\n`, d.md);
      page.addLinks(d.links);
      page.text(plainText(s.description));
    }
    page.fragment(view.tree.render(loc!, 'schema', { self: true }));
  }
}

/** A shared schema of this locale's model by its location key. */
function locate(view: ApiView, key: string): Located | undefined {
  const hash = key.indexOf('#');
  const file = key.slice(0, hash);
  const f = view.model.source.files.get(file);
  if (!f) return undefined;
  let value: unknown = f.doc;
  const segments = parsePointer(key.slice(hash + 1));
  for (const s of segments) {
    value = Array.isArray(value) ? value[Number(s)] : isObject(value) ? value[s] : undefined;
    if (value === undefined) return undefined;
  }
  return { value, file, pointer: toPointer(segments) };
}

export function renderRoot(view: ApiView, guide: GuideEntry[]): PageContent {
  const { ctx, model } = view;
  const a = ctx.strings.api;
  const page = new PageBuilder(ctx);
  const info = model.info.value;
  if (typeof info.summary === 'string') page.html(`<p class="lead">${escapeHtml(info.summary)}</p>\n`, mdText(info.summary));
  // Terms and their values: the HTML's description list, a bold term and its lines in Markdown.
  const facts: { term: string; html: string[]; md: string[] }[] = [];
  if (model.version) facts.push({ term: a.version, html: [`<code>${escapeHtml(model.version)}</code>`], md: [mdCode(model.version)] });
  if (model.servers.length) {
    facts.push({
      term: a.servers,
      html: model.servers.map((s) => `<code>${escapeHtml(s.url)}</code>${s.description ? ` ${escapeHtml(s.description)}` : ''}`),
      md: model.servers.map((s) => `${mdCode(s.url)}${s.description ? ` ${mdText(s.description)}` : ''}`),
    });
  }
  const contact = isObject(info.contact) ? info.contact : undefined;
  if (contact && (typeof contact.email === 'string' || typeof contact.url === 'string')) {
    const target = typeof contact.email === 'string' ? `mailto:${contact.email}` : String(contact.url);
    const text = typeof contact.name === 'string' ? contact.name : typeof contact.email === 'string' ? contact.email : String(contact.url);
    facts.push({ term: a.contact, ...linkOrText(text, target) });
  }
  if (typeof info.termsOfService === 'string') facts.push({ term: a.termsOfService, ...linkOrText(info.termsOfService, info.termsOfService) });
  if (facts.length) {
    page.html(
      `<dl class="api-info">${facts.map((f) => `<dt>${escapeHtml(f.term)}</dt>${f.html.map((d) => `<dd>${d}</dd>`).join('')}`).join('')}</dl>\n`,
      mdBlocks(facts.map((f) => `**${mdText(f.term)}**\n${f.md.join('  \n')}`)),
    );
  }
  // The description's opening; its sections are the guide's pages.
  if (typeof info.description === 'string') page.markdown(markdown(ctx, splitGuide(info.description).intro, child(model.info, 'description')));
  if (guide.length) {
    page.heading(2, 'guide', a.guide);
    const list = guide.map((g) => {
      page.text(`${g.title} ${g.description}`);
      // Links to the section's anchor on this page, from before it had a page of its own, land on its card.
      const id = page.id(g.id);
      page.anchor(id);
      return {
        html: `<li class="card" id="${escapeHtml(id)}"><a href="${escapeHtml(href(ctx, g.path))}"><h3 class="card-title">${escapeHtml(g.title)}</h3>${g.description ? `<p class="card-text">${escapeHtml(g.description)}</p>` : ''}</a></li>`,
        md: mdItem(`${mdLink(mdText(g.title), absoluteHref(ctx, g.path))}${g.description ? `: ${mdText(g.description)}` : ''}`),
      };
    });
    page.html(`<ul class="card-grid api-cards">${list.map((c) => c.html).join('')}</ul>\n`, list.map((c) => c.md).join('\n'));
  }
  resources(view, page);
  return page.result();
}

/** A link from the spec, or its text alone when the URL policy refuses the URL (reported where the spec or overlay was read). */
function linkOrText(text: string, url: string): { html: string[]; md: string[] } {
  if (!isAllowedUrl(url)) return { html: [escapeHtml(text)], md: [mdText(text)] };
  return { html: [`<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`], md: [mdLink(mdText(text), url)] };
}

/**
 * Every operation by resource (method, title, path; each one click away), grouped like
 * x-tagGroups when the spec has them. The operations' names stay out of the page's search text:
 * a search for one finds its own page.
 */
function resources(view: ApiView, page: PageBuilder): void {
  const { ctx, model } = view;
  const a = ctx.strings.api;
  if (!model.tags.length) return;
  page.heading(2, 'resources', a.resources);
  const byName = new Map(model.tags.map((t) => [t.name, t]));
  const groups = model.tagGroups;
  const listed = new Set<string>();
  // Under a group's heading (h3) a resource's title is an h4; without groups, an h3.
  const level = groups.length ? 'h4' : 'h3';
  const resource = (t: ApiTag) => {
    listed.add(t.name);
    const path = ctx.tagPath(t.name);
    const desc = t.description ? summaryText(t.description, 140) : '';
    page.text(`${t.label} ${desc}`);
    const title = path ? `<a href="${escapeHtml(href(ctx, path))}">${escapeHtml(t.label)}</a>` : escapeHtml(t.label);
    const ops = t.operations.map((op) => {
      const to = ctx.operationPath(op.key);
      const name = op.summary ?? fallbackTitle(op);
      const label = `${op.method.toUpperCase()} ${mdText(name)}`;
      return {
        html: `<li${op.deprecated ? ' class="api-op-deprecated"' : ''}><a href="${escapeHtml(to ? href(ctx, to) : '#')}">${methodBadge(op.method)}<span class="api-op-title">${escapeHtml(name)}</span></a> <code class="api-path">${escapeHtml(op.path)}</code></li>`,
        md: mdItem(`${to ? mdLink(label, absoluteHref(ctx, to)) : label} ${mdCode(op.path)}`),
      };
    });
    page.html(
      `<section class="api-resource"><${level} class="api-resource-title">${title}</${level}>${desc ? `<p class="api-resource-text">${escapeHtml(desc)}</p>` : ''}<ul class="api-op-index">${ops.map((o) => o.html).join('')}</ul></section>\n`,
      mdBlocks([
        `**${path ? mdLink(mdText(t.label), absoluteHref(ctx, path)) : mdText(t.label)}**${desc ? `: ${mdText(desc)}` : ''}`,
        ops.map((o) => o.md).join('\n'),
      ]),
    );
  };
  for (const g of groups) {
    const tags = g.tags.map((n) => byName.get(n)).filter((t): t is ApiTag => Boolean(t) && !listed.has(t!.name));
    if (!tags.length) continue;
    page.heading(3, `group-${anchorOf(g.name)}`, g.name);
    tags.forEach(resource);
  }
  model.tags.filter((t) => !listed.has(t.name)).forEach(resource);
}
