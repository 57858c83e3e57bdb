// Files for readers who use AI tools: each doc's Markdown source next to its page
// (/docs/tutorial/intro.md, title as "# heading", links made absolute so the file stands on its
// own), and llms.txt per locale (/llms.txt, /ko/llms.txt) listing the docs and the API pages in
// sidebar order with one-line descriptions (https://llmstxt.org).
import type { PageContent, Route, SidebarItem, SiteConfig } from '../types.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import { ProblemList } from '../errors.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { isExternal, localizePath, withBase } from '../shared/paths.ts';
import { AssetRegistry } from '../transform/assets.ts';
import { resolveAsset, resolveLink, type LinkContext } from '../transform/resolveLinks.ts';
import type { FileSink } from './outputDir.ts';
import { blogUrl, docsUrl } from '../shared/docUrls.ts';
import { apiPageMarkdown } from '../openapi/index.ts';
import { rewriteMarkdownLinks } from '../markdown/markdownLinks.ts';
import { dropRefusedLinks } from '../markdown/refusedLinks.ts';
import { isApiPage, markdownPath, routeBody } from '../content/routeQueries.ts';
import { isMdxFile } from '../mdx/index.ts';
import { mdxAsMarkdown } from '../mdx/source.ts';

/**
 * The Markdown copy of an API page: "# Title" and the reference, which the API renderer writes
 * beside the page's HTML (links in it are absolute already).
 */
export function apiMarkdown(route: Route, content: PageContent | string): { file: string; text: string } | undefined {
  const md = markdownPath(route);
  if (!md || !isApiPage(route)) return undefined;
  const body = typeof content === 'string' ? undefined : apiPageMarkdown(content);
  return { file: md.slice(1), text: body ? `# ${route.title}\n\n${body}\n` : `# ${route.title}\n` };
}

const abs = (config: SiteConfig, sitePath: string) => (isExternal(sitePath) ? sitePath : config.url.replace(/\/$/, '') + sitePath);

/**
 * The Markdown published for a route: for a doc "# Title", the description as a quote and the
 * body with absolute links; for an API page the Markdown its renderer wrote (the build passes the
 * content it already has to apiMarkdown instead; the dev server renders it here). `hrefs` are the
 * page's resolved links (PageContent.hrefs), when it was just rendered.
 */
export function markdownSource(route: Route, graph: SiteGraph, hrefs?: Map<string, string>): string {
  const { config } = graph;
  if (isApiPage(route)) {
    const content = graph.api?.renderContent(route, getStrings(route.locale)) ?? '';
    return apiMarkdown(route, content)?.text ?? `# ${route.title}\n`;
  }
  // A scratch context for targets the render did not see as written (markdown-it percent-encodes
  // some): links were checked and assets registered then; the registry names files by content
  // hash, so it gives the same URLs.
  let ctx: LinkContext | undefined;
  // Links the URL policy refuses are left out of the copy as the links plugin leaves them out of the page.
  const source = isMdxFile(route.sourceFile, config) ? mdxAsMarkdown(routeBody(route) ?? '') : (routeBody(route) ?? '');
  const body = rewriteMarkdownLinks(dropRefusedLinks(source), (target, image, line) => {
    if (isExternal(target) || target.startsWith('data:')) return target;
    let href = hrefs?.get(image ? `!${target}` : target);
    if (href === undefined) {
      ctx ??= { route, graph, assets: new AssetRegistry(config.basePath, config.root), problems: new ProblemList(), links: [] };
      href = image ? resolveAsset(target, line, ctx) : resolveLink(target, line, ctx).href;
    }
    return href.startsWith('/') ? abs(config, href) : href;
  });
  const hasH1 = /^\s*#\s+\S/.test(body);
  const head = hasH1 ? '' : `# ${route.title}\n\n${route.description ? `> ${dropRefusedLinks(route.description.replace(/\s+/g, ' '))}\n\n` : ''}`;
  return `${head}${body.replace(/^\s*\n/, '').trimEnd()}\n`;
}

/** One line: the route's description, else the first paragraph of its Markdown. */
export function oneLine(route: Route): string | undefined {
  if (route.description) return dropRefusedLinks(route.description.replace(/\s+/g, ' ').trim());
  const body = routeBody(route);
  if (!body) return undefined;
  for (const block of body.split(/\n\s*\n/)) {
    const t = dropRefusedLinks(block.trim());
    if (!t || /^(#|```|~~~|:::|\||<|!\[|import |export |[-*+] |\d+\. )/.test(t)) continue;
    const text = t
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`]+/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (text.length < 20) continue;
    return text.length > 200 ? text.slice(0, 199).replace(/\s+\S*$/, '') + '…' : text;
  }
  return undefined;
}

interface Section {
  title: string;
  lines: string[];
}

/**
 * llms.txt of one locale: the last docs version's pages and the API's, with links to each other
 * version's own llms.txt; given `version`, that file, of that version's docs alone. `describe`
 * gives a page's one line: the build's come from its render (see listedLine), so no content file
 * is read again; by default each is made from the route.
 */
export function llmsTxt(graph: SiteGraph, locale: string, version?: string, describe: (route: Route) => string | undefined = oneLine): string {
  const { config } = graph;
  const last = config.versions?.find((v) => v.isLast)?.name;
  const wanted = version ?? last;
  // The last version's sidebars keep their ids; another version's end in "@<name>".
  const suffix = version && version !== last ? `@${version}` : '';
  const inVersion = (r: Route) => (r.version ? r.version.name === wanted : !version);
  const strings = getStrings(locale);
  const prefix = localPrefix(config, locale);
  const listed = new Set<string>();
  const entry = (route: Route): string | undefined => {
    if (listed.has(route.path)) return undefined;
    listed.add(route.path);
    // A fallback page has no Markdown of its own: point at the source it shows.
    const source = route.fallback ? ((graph.byKey.get(route.key) ?? []).find((r) => r.locale === config.defaultLocale && !r.fallback) ?? route) : route;
    const md = markdownPath(source);
    const url = abs(config, withBase(config.basePath, md ?? source.path));
    const desc = describe(source);
    return `- [${linkText(route.title)}](${url})${desc ? `: ${desc}` : ''}`;
  };
  const isListed = (r: Route | undefined): r is Route =>
    !!r && !r.noindex && !r.draft && (r.kind === 'doc' || r.kind === 'api-operation' || r.kind === 'api-tag') && inVersion(r);

  const sections: Section[] = [];
  const docsLabel = textFor(config.docs.sidebarLabel, locale, config.defaultLocale);
  const apiLabel = config.openapi ? textFor(config.openapi.label, locale, config.defaultLocale) : 'API';
  for (const [key, items] of graph.sidebars) {
    if (!key.startsWith(`${locale}:`) || (suffix ? !key.endsWith(suffix) : /@[^:]*$/.test(key) && !!config.versions)) continue;
    const isDocs = key === `${locale}:docs${suffix}`;
    const loose: Section = { title: isDocs ? docsLabel : apiLabel, lines: [] };
    sections.push(loose);
    for (const item of items) {
      if (item.type === 'link') {
        const line = isListed(graph.byPath.get(item.href)) ? entry(graph.byPath.get(item.href)!) : undefined;
        if (line) loose.lines.push(line);
        continue;
      }
      const section: Section = { title: isDocs ? item.label : `${apiLabel}: ${item.label}`, lines: [] };
      for (const href of sidebarHrefs([item])) {
        const route = graph.byPath.get(href);
        const line = isListed(route) ? entry(route) : undefined;
        if (line) section.lines.push(line);
      }
      sections.push(section);
    }
  }
  // Docs outside every sidebar (pages with displayed_sidebar: null, the docs root).
  const rest: Section = { title: docsLabel, lines: [] };
  for (const route of graph.routes) {
    if (route.locale !== locale || !isListed(route)) continue;
    const line = entry(route);
    if (line) (route.kind === 'doc' ? rest : (sections.find((s) => s.title === apiLabel) ?? rest)).lines.push(line);
  }
  sections.push(rest);

  const optional: string[] = [];
  const blog = version ? undefined : graph.byPath.get(localizePath(blogUrl(graph.config), prefix));
  if (blog) {
    optional.push(`- [${linkText(blog.title)}](${abs(config, withBase(config.basePath, blog.path))})${blog.description ? `: ${blog.description}` : ''}`);
    for (const post of graph.routes) {
      if (post.locale === locale && post.kind === 'blog-post' && !post.draft) {
        const desc = describe(post);
        optional.push(`- [${linkText(post.title)}](${abs(config, withBase(config.basePath, post.path))})${desc ? `: ${desc}` : ''}`);
      }
    }
  }

  const merged = new Map<string, string[]>();
  for (const s of sections) if (s.lines.length) merged.set(s.title, [...(merged.get(s.title) ?? []), ...s.lines]);
  // Every other locale's, as the pages link their translations (in a build of one locale too).
  const others = config.locales
    .filter((l) => l.code !== locale)
    .map((l) => `[${l.label}](${abs(config, withBase(config.basePath, localizePath('/llms.txt', localPrefix(config, l.code))))})`);
  const tagline = textFor(config.tagline, locale, config.defaultLocale);
  const out = [`# ${config.title}`, ''];
  if (tagline) out.push(`> ${tagline}`, '');
  out.push(strings.llmsIntro, '');
  if (others.length) out.push(`${strings.llmsOtherLanguages}: ${others.join(', ')}`, '');
  const versions = (version ? [] : (config.versions ?? []))
    .filter((v) => !v.isLast)
    .map((v) => `- [${linkText(v.label)}](${abs(config, withBase(config.basePath, versionLlmsPath(config, locale, v.path)))})`);
  for (const [title, lines] of merged) out.push(`## ${title}`, '', ...lines, '');
  if (versions.length) out.push(`## ${strings.version}`, '', ...versions, '');
  if (optional.length) out.push('## Optional', '', ...optional, '');
  return out.join('\n');
}

function sidebarHrefs(items: SidebarItem[]): string[] {
  return items.flatMap((i) => (i.type === 'link' ? [i.href] : [...(i.href ? [i.href] : []), ...sidebarHrefs(i.items)]));
}

/** Link text safe inside [...]. */
function linkText(text: string): string {
  return text.replace(/([\\[\]])/g, '\\$1');
}

/**
 * The Markdown published beside a page (docs and API pages), written with the page's HTML by
 * whichever thread renders it (see renderBatch). An API page's is the Markdown its renderer wrote.
 */
export function pageMarkdownFile(route: Route, content: PageContent | string, graph: SiteGraph): { file: string; text: string } | undefined {
  if (isApiPage(route)) return apiMarkdown(route, content);
  const md = markdownPath(route);
  return md && route.kind === 'doc'
    ? { file: md.slice(1), text: markdownSource(route, graph, typeof content === 'string' ? undefined : content.hrefs) }
    : undefined;
}

/** The one line llms.txt gives a route it may list (docs, API pages, blog posts; '' for none), or undefined for a route it never lists. */
export function listedLine(route: Route): string | undefined {
  const listed = route.kind === 'doc' || route.kind === 'api-operation' || route.kind === 'api-tag' || route.kind === 'blog-post';
  return listed ? (oneLine(route) ?? '') : undefined;
}

/**
 * Writes each built locale's llms.txt, with the one lines the render gave (a page this build did
 * not render, another locale's source of a fallback page, is read here). The pages' .md files
 * come from renderBatch.
 */
export function writeLlmsFiles(out: FileSink, graph: SiteGraph, lines: Map<string, string>): void {
  const describe = (route: Route) => (lines.has(route.path) ? lines.get(route.path) || undefined : oneLine(route));
  for (const locale of graph.locales) {
    const prefix = localPrefix(graph.config, locale);
    out.write(`${prefix ? prefix.slice(1) + '/' : ''}llms.txt`, llmsTxt(graph, locale, undefined, describe));
    for (const v of graph.config.versions ?? [])
      if (!v.isLast) out.write(versionLlmsPath(graph.config, locale, v.path).slice(1), llmsTxt(graph, locale, v.name, describe));
  }
}

/** Where a docs version's llms.txt is: under the version's base (/docs/2.0/llms.txt). */
export function versionLlmsPath(config: SiteConfig, locale: string, versionPath: string): string {
  return localizePath(docsUrl(config, `${versionPath}/llms.txt`), localPrefix(config, locale));
}
