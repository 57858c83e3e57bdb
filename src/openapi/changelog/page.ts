// The changelog page: for each release, newest first, its notes (the spec's `info.x-changelog`,
// translated by the locale's overlay like any description), then the operations it added,
// removed and deprecated and each operation's changes, breaking ones first, each linking the
// operation's page in the release that has it.
import type { LinkRef, PageContent } from '../../types.ts';
import { describeChange, type Change, type OperationRef } from '../diff/index.ts';
import { escapeHtml, href, markdown, methodBadge, type LocaleContext } from '../render/context.ts';
import { mdCode, mdItem, mdLink, mdText } from '../render/markdownText.ts';
import { PageBuilder } from '../render/page.ts';
import type { ApiView } from '../render/view.ts';
import { operationKey, type Release, type ReleaseStep } from './history.ts';

/** An id for a release's section: "2.0.0" -> "v2-0-0" (an id starting with a digit is awkward in CSS). */
export function releaseAnchor(version: string): string {
  return `v${version.replace(/[^0-9A-Za-z]+/g, '-')}`;
}

export function renderChangelog(view: ApiView, steps: ReleaseStep[]): PageContent {
  const { ctx } = view;
  const a = ctx.strings.api;
  const page = new PageBuilder(ctx);
  page.html(`<p>${escapeHtml(a.changelogIntro)}</p>\n`, mdText(a.changelogIntro));
  page.text(a.changelogIntro);
  for (const step of steps) {
    const { release, previous, diff } = step;
    const anchor = releaseAnchor(release.version);
    page.heading(2, anchor, a.releaseReference(release.version));
    const notes = release.reference.infoText(ctx.locale, 'x-changelog');
    if (notes) page.markdown(markdown(ctx, String(notes.value), notes));
    const { added, removed, changed } = diff.operations;
    const counts = `${a.releaseCompared(release.version, previous.version, release.date)} ${a.changeCounts(added.length, removed.length, changed.length, diff.breaking)}`;
    page.html(`<p>${escapeHtml(counts)}</p>\n`, mdText(counts));
    const link = operationLink(ctx, page);
    const breaking = changed.flatMap((op) => op.changes.filter((c) => c.breaking).map((c) => ({ op, c })));
    if (breaking.length || removed.length) {
      page.heading(3, `${anchor}-breaking`, a.breakingChanges);
      const items = [
        ...removed.map((op) => item(link(previous, op), a.operationRemoved, true)),
        ...breaking.map(({ op, c }) => item(link(release, op), changeText(c, ctx), true)),
      ];
      list(page, items);
    }
    if (added.length) {
      page.heading(3, `${anchor}-added`, a.addedOperations);
      list(
        page,
        added.map((op) => item(link(release, op), '', false)),
      );
    }
    if (removed.length) {
      page.heading(3, `${anchor}-removed`, a.removedOperations);
      list(
        page,
        removed.map((op) => item(link(previous, op), '', true)),
      );
    }
    const deprecated = changed.filter((op) => op.changes.some((c) => c.kind === 'operation-deprecated'));
    if (deprecated.length) {
      page.heading(3, `${anchor}-deprecated`, a.deprecatedOperations);
      list(
        page,
        deprecated.map((op) => item(link(release, op), '', false)),
      );
    }
    const others = changed
      .map((op) => ({ op, changes: op.changes.filter((c) => !c.breaking && c.kind !== 'operation-deprecated') }))
      .filter((o) => o.changes.length);
    if (others.length) {
      page.heading(3, `${anchor}-other`, a.otherChanges);
      const html: string[] = [];
      const md: string[] = [];
      for (const { op, changes } of others) {
        const l = link(release, op);
        const texts = changes.map((c) => changeText(c, ctx));
        html.push(`<li>${l.html}<ul>${texts.map((t) => `<li>${codeSpans(t)}</li>`).join('')}</ul></li>`);
        md.push(mdItem(`${l.md}\n${texts.map((t) => `  - ${t}`).join('\n')}`));
        for (const t of texts) page.text(t);
      }
      page.html(`<ul class="api-changelog-list">${html.join('')}</ul>\n`, md.join('\n'));
    }
  }
  return page.result();
}

interface Linked {
  html: string;
  md: string;
}

function changeText(change: Change, ctx: LocaleContext): string {
  return describeChange(change, ctx.locale === 'ko' ? 'ko' : 'en');
}

/** An operation as a link to its page in `release` (its method and path, then its title), and the link for the link check. */
function operationLink(ctx: LocaleContext, page: PageBuilder) {
  return (release: Release, op: OperationRef): Linked => {
    const key = operationKey(op);
    const path = release.reference.operationPages().get(key);
    const title = release.reference.operationTitle(ctx.locale, key) ?? '';
    const label = `${methodBadge(op.method, true)} <code>${escapeHtml(op.path)}</code>${title ? ` ${escapeHtml(title)}` : ''}`;
    const mdLabel = `${op.method} ${mdCode(op.path)}${title ? ` ${mdText(title)}` : ''}`;
    if (!path) return { html: label, md: mdLabel };
    const target = ctx.prefix + path;
    const link: LinkRef = { target, file: release.reference.specSource.rootFile, line: 1, raw: path };
    page.addLinks([link]);
    return { html: `<a href="${escapeHtml(href(ctx, path))}">${label}</a>`, md: mdLink(mdLabel, ctx.siteUrl + href(ctx, path)) };
  };
}

function item(l: Linked, text: string, breaking: boolean): Linked & { text: string; breaking: boolean } {
  return { ...l, text, breaking };
}

function list(page: PageBuilder, items: (Linked & { text: string; breaking: boolean })[]): void {
  const html = items.map((i) => `<li>${i.html}${i.text ? `: ${codeSpans(i.text)}` : ''}</li>`).join('');
  page.html(`<ul class="api-changelog-list">${html}</ul>\n`, items.map((i) => mdItem(`${i.md}${i.text ? `: ${i.text}` : ''}`)).join('\n'));
  for (const i of items) if (i.text) page.text(i.text);
}

/** A change's words with its `names` as code (the text is escaped first: names come from the spec). */
export function codeSpans(text: string): string {
  return escapeHtml(text).replace(/`([^`]*)`/g, (_, code: string) => `<code>${code}</code>`);
}
