// What the API page renderers share for one locale: the locale's model, its UI strings, URL
// helpers, and Markdown (descriptions in the spec are CommonMark, rendered by the project's own
// renderer; site links in them are localised and recorded for the build's link check).
import type { ContentBlock, LinkRef, TocItem } from '../../types.ts';
import type { Strings } from '../../shared/i18n/index.ts';
import { escapeHtml as escapeAll } from '../../shared/html.ts';
import { isExternal, localizePath, withBase } from '../../shared/paths.ts';
import { renderMarkdown } from '../../markdown/renderMarkdown.ts';
import { rewriteMarkdownLinks } from '../../markdown/markdownLinks.ts';
import { dropRefusedLinks } from '../../markdown/refusedLinks.ts';
import { highlightedLines } from '../../markdown/plugins/codeBlocks.ts';
import { highlightJson } from '../../shared/jsonHighlight.ts';
import type { ApiModel } from '../model/model.ts';
import type { Located } from '../load/source.ts';
import type { Sample } from './codeSamples.ts';
import { linkCrossReferences, type CrossRefs } from './crossLinks.ts';
import { isUnder, linkPath, type LinkPolicy } from '../model/vendorLinks.ts';

export interface Rendered {
  html: string;
  /** The text as Markdown for the page's Markdown copy: as written, its links made absolute. */
  md: string;
  toc: TocItem[];
  anchors: string[];
  blocks: ContentBlock[];
  links: LinkRef[];
}

export interface LocaleContext {
  model: ApiModel;
  locale: string;
  /** '' for the default locale, '/ko' otherwise. */
  prefix: string;
  basePath: string;
  /** The site's URL without a trailing slash: links in the Markdown copies are absolute. */
  siteUrl: string;
  strings: Strings;
  allowHtml: boolean;
  toc: { minLevel: number; maxLevel: number };
  /** Environment variable named in code samples for the API key. */
  envVar: string;
  /** Route path (unprefixed) of an operation, a tag overview, the root page. */
  operationPath(key: string): string | undefined;
  tagPath(name: string): string | undefined;
  rootPath: string;
  /** The page that shows the security schemes (the guide's Authentication page). */
  authPath: string;
  /** Route paths under which the reference's pages live (the route base, the landing page). */
  referencePaths: string[];
  /** The reference's pages (unprefixed route paths) and where the spec's other site links lead. */
  links: { pages: Set<string>; routeBase: string; policy: LinkPolicy };
  /** Pages that italic titles and '#operation/<id>' links in descriptions point at (crossLinks.ts). */
  crossRefs: CrossRefs;
  /** Where a shared schema (by location key) / shared response (by name) is shown in full. */
  schemaHome(key: string): { path: string; anchor: string } | undefined;
  responseHome(name: string): { path: string; anchor: string } | undefined;
  /** Rendered Markdown by file, then text (links are recorded against the file). */
  markdownCache: Map<string, Map<string, Rendered>>;
  /** Caches shared by every locale: Markdown whose output does not depend on the locale, highlighted code. */
  shared: { markdown: Map<string, Map<string, Rendered>>; code: Map<string, string>; samples: Map<string, Sample[]> };
}

/** An href for a route path of this locale (base path and locale prefix added). */
export function href(ctx: LocaleContext, routePath: string, anchor?: string): string {
  return withBase(ctx.basePath, localizePath(routePath, ctx.prefix)) + (anchor ? `#${encodeURI(anchor)}` : '');
}

/** An absolute URL for a route path of this locale, for the Markdown copies. */
export function absoluteHref(ctx: LocaleContext, routePath: string, anchor?: string): string {
  return ctx.siteUrl + href(ctx, routePath, anchor);
}

/** One line with nothing Markdown would change (most property descriptions): no parser needed. */
const PLAIN = /^(?![\d]+[.)]\s|[-+=*>#]|\s)[^\n`*_[\]<>#!&\\|~{}$@:]*$/;

/**
 * Markdown from the spec at `at` (its file and the JSON pointer of the text); `lineOffset`: lines
 * of the value at `at` before `source` starts (a section of a longer description). HTML in it is
 * rendered through the allowlist of sanitize.ts, whatever markdown.allowHtml says: CommonMark
 * descriptions may hold HTML, and a spec is not the site's own content.
 */
export function markdown(ctx: LocaleContext, source: string | undefined, at: Located | undefined, lineOffset = 0): Rendered {
  if (!source || !source.trim()) return { html: '', md: '', toc: [], anchors: [], blocks: [], links: [] };
  const text = linkCrossReferences(source, ctx.crossRefs);
  // (A dot before a letter may be a domain, which linkify would turn into a link.)
  if (PLAIN.test(text) && !/\.[a-z]/i.test(text)) {
    const t = text.trimEnd();
    return {
      html: `<p>${t.replace(/"/g, '&quot;')}</p>\n`,
      md: t.trim(),
      toc: [],
      anchors: [],
      blocks: [{ level: 0, text: t.replace(/\s+/g, ' ') }],
      links: [],
    };
  }
  const file = at?.file ?? '';
  const hit = ctx.shared.markdown.get(file)?.get(text) ?? ctx.markdownCache.get(file)?.get(text);
  if (hit) return hit;
  // Headings, fences and containers use UI strings, site links get the locale prefix: the rest
  // renders the same in every locale.
  const byLocale = /^\s*(#|```|~~~|:::)|\]\(\/|<\//m.test(text);
  const caches = byLocale ? ctx.markdownCache : ctx.shared.markdown;
  let cache = caches.get(file);
  if (!cache) caches.set(file, (cache = new Map()));
  const links: LinkRef[] = [];
  const hasHtml = HTML_TAG.test(text);
  // Hrefs the Markdown links became: the sanitiser leaves them as they are.
  const resolved = new Set<string>();
  let line: number | undefined;
  // The text's line is looked up only when a link needs it: finding it means scanning the file.
  const bodyLine = () => (line ??= ((at && ctx.model.source.lineOf(at.file, at.pointer)) || 1) + lineOffset);
  // The line of the link itself: Markdown's count of lines (`near`) is the file's only for a
  // literal block scalar; a JSON string is one line, folded YAML fewer lines than its text.
  const json = /\.json$/i.test(file);
  const linkLine = (raw: string, near: number) =>
    ctx.model.source.lineOfText(file, raw, json ? bodyLine() : Math.min(near, bodyLine() + 1), bodyLine()) ?? (json ? bodyLine() : near);
  const env = {
    file,
    get bodyLine() {
      return bodyLine();
    },
    strings: ctx.strings,
    resolveLink: (raw: string, l: number) => {
      const site = siteLink(ctx, raw);
      if (!site) return { href: raw, external: /^https?:|^\/\//i.test(raw) };
      if (site.vendor) return { href: site.vendor, external: true };
      if (!site.unchecked)
        links.push({ target: site.target, anchor: site.anchor, file, line: linkLine(raw, l), raw, outside: site.outside ? OUTSIDE_HINT : undefined });
      resolved.add(site.href);
      return { href: site.href };
    },
    resolveAsset: (src: string) => src,
  };
  // A spec's descriptions are CommonMark: "$filter and $select" (OData) are words, not math.
  const r = renderMarkdown(text, env, { allowHtml: ctx.allowHtml || hasHtml, tocMin: ctx.toc.minLevel, tocMax: ctx.toc.maxLevel, math: false });
  let html = r.html;
  let blocks = r.blocks;
  if (hasHtml) {
    html = sanitizeDescription(html, (href) => {
      if (resolved.has(href)) return href;
      const site = siteLink(ctx, href);
      if (!site) return href;
      if (site.vendor) return site.vendor;
      if (!site.unchecked)
        links.push({
          target: site.target,
          anchor: site.anchor,
          file,
          line: linkLine(href, bodyLine()),
          raw: href,
          outside: site.outside ? OUTSIDE_HINT : undefined,
        });
      return site.href;
    });
    blocks = blocks.map((b) => (HTML_TAG.test(b.text) ? { ...b, text: htmlText(b.text) } : b));
  }
  // Links the URL policy refuses are left out of the copy as the links plugin leaves them out of the HTML.
  let md = rewriteMarkdownLinks(dropRefusedLinks(text.trim()), (target) => {
    const site = siteLink(ctx, target);
    return site ? (site.vendor ?? ctx.siteUrl + site.href) : target;
  });
  // The copy is Markdown for readers and tools: the HTML's text, its tags left out.
  if (hasHtml) md = htmlToMarkdownText(md);
  const result = { html, md, toc: r.toc, anchors: r.anchors, blocks, links };
  cache.set(text, result);
  return result;
}

/** An HTML tag (an element's start or end): `a < b` and `<https://x.y>` autolinks are no tags. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

const OUTSIDE_HINT =
  "The link is outside the API reference: if it is a page of the API vendor's own site, set openapi.linkBase in the config (say 'https://vendor.example') and it leads there.";

/**
 * A site link in a description ('/docs/x#y'): its route, anchor and href in this locale. A link to
 * no page of the reference is `outside` (a vendor's spec links to the vendor's site); a link the
 * policy gives to the vendor (vendorLinks.ts) leads there (`vendor`), or, with nowhere to lead,
 * stays as written and `unchecked` (the build's one note about such links names the option).
 */
function siteLink(
  ctx: LocaleContext,
  raw: string,
): { target: string; anchor?: string; href: string; outside?: boolean; vendor?: string; unchecked?: boolean } | undefined {
  if (isExternal(raw) || raw.startsWith('#') || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  const hashAt = raw.indexOf('#');
  const pathPart = linkPath(raw);
  const { pages, routeBase, policy } = ctx.links;
  const page = pages.has(pathPart);
  const vendor = policy.vendorSpec ? isUnder(pathPart, routeBase) || !page : !ctx.referencePaths.some((p) => isUnder(pathPart, p));
  if (vendor && policy.base) return { target: pathPart, href: raw, vendor: policy.base + raw };
  let anchor: string | undefined;
  try {
    anchor = hashAt >= 0 ? decodeURIComponent(raw.slice(hashAt + 1)) : undefined;
  } catch {
    anchor = raw.slice(hashAt + 1);
  }
  const target = localizePath(pathPart, ctx.prefix);
  const href = withBase(ctx.basePath, target) + (hashAt >= 0 ? raw.slice(hashAt) : '');
  return { target, anchor, href, outside: !page, unchecked: vendor && policy.vendorSpec };
}

/** Short descriptions (parameters, properties): one paragraph loses its <p>. */
export function inlineMarkdown(ctx: LocaleContext, text: string | undefined, at: Located | undefined): { html: string; md: string; links: LinkRef[] } {
  const r = markdown(ctx, text, at);
  const single = /^<p>((?:(?!<p>)[\s\S])*)<\/p>\n?$/.exec(r.html);
  return { html: single ? single[1] : r.html, md: r.md, links: r.links };
}

export { plainText, summaryText } from './plainText.ts';
import { htmlText, htmlToMarkdownText } from './plainText.ts';
import { sanitizeDescription } from './sanitize.ts';

/**
 * Highlighted code (JSON by our own fast highlighter, the rest by highlight.js). Unlike a Markdown
 * fence, no element per line: a sample never marks lines, and the examples run to hundreds of lines.
 */
export function highlightLines(code: string, lang: string): string {
  return lang === 'json' ? highlightJson(code) : highlightedLines(code, lang).join('\n');
}

/** A highlighted code block with a copy button, the same markup as a Markdown fence. */
export function codeBlock(code: string, lang: string, strings: Strings, label?: string, lines?: string): string {
  const body = lines ?? highlightLines(code, lang);
  const l = escapeHtml(lang);
  return (
    `<div class="code-block" data-lang="${l}"><pre tabindex="0" role="region" aria-label="${escapeHtml(label ?? lang)}"><code class="language-${l}">${body}</code></pre>` +
    `<button type="button" class="copy-button" data-copy aria-label="${escapeHtml(strings.copyCode)}">${escapeHtml(strings.copy)}</button></div>\n`
  );
}

export function methodBadge(method: string, short = false): string {
  const m = method.toUpperCase();
  return `<span class="method-badge method-${escapeHtml(method.toLowerCase())}">${escapeHtml(short && m === 'DELETE' ? 'DEL' : m)}</span>`;
}

/** escapeHtml, without allocating when there is nothing to escape (most names and types). */
export function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? escapeAll(text) : text;
}
