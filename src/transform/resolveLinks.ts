// Resolves the links and images of one page against the route table. Relative .md links become
// routes of the same locale, site paths get the locale prefix and the base path, and every
// internal link is recorded (with its line) for the check that runs once all anchors are known.
import fs from 'node:fs';
import path from 'node:path';
import type { LinkRef, Route } from '../types.ts';
import type { ProblemList, SiteProblem } from '../errors.ts';
import type { ContentGraph, SiteGraph } from '../content/collectRoutes.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { isExternal, localizePath, withBase } from '../shared/paths.ts';
import { decodeContentPath, isInside, isUnder } from '../shared/safePath.ts';
import type { AssetRegistry } from './assets.ts';

/** Files the build writes besides routes; links to them are not checked against the route table. */
const GENERATED_FILE = /\.(xml|txt|json|md|pdf|zip|csv|png|jpe?g|gif|svg|webp)$/i;

export interface LinkContext {
  route: Route;
  graph: ContentGraph;
  assets: AssetRegistry;
  problems: ProblemList;
  links: LinkRef[];
}

export function resolveLink(href: string, line: number, ctx: LinkContext): { href: string; external?: boolean } {
  const { route, graph } = ctx;
  const file = route.sourceFile ?? '';
  if (isExternal(href)) return { href, external: /^https?:|^\/\//i.test(href) };
  const hashAt = href.indexOf('#');
  const pathPart = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const anchor = hashAt >= 0 ? decodeContentPath(href.slice(hashAt + 1)) : undefined;
  const [pathname, query = ''] = pathPart.split('?');
  if (anchor === undefined && hashAt >= 0) {
    ctx.problems.add(malformedProblem('Link', href, file, line));
    return { href };
  }
  const base = graph.config.basePath;

  if (!pathname) {
    if (anchor) ctx.links.push({ target: route.path, anchor, file, line, raw: href });
    return { href };
  }
  const prefix = localPrefix(graph.config, route.locale);
  let target: string;
  if (pathname.startsWith('/')) {
    const otherLocale = graph.config.locales.some(
      (l) => l.code !== graph.config.defaultLocale && (pathname === `/${l.code}` || pathname.startsWith(`/${l.code}/`)),
    );
    target = otherLocale ? pathname : localizePath(pathname, prefix);
  } else {
    const decoded = decodeContentPath(pathname);
    if (decoded === undefined) {
      ctx.problems.add(malformedProblem('Link', href, file, line));
      return { href };
    }
    const abs = path.resolve(path.dirname(file), decoded);
    const page = /\.(md|mdx|markdown)$/i.test(pathname);
    // A page is looked up in the route table, whose files the content scan checked already; any
    // other file is published, so its real path is checked too.
    if (page ? !graph.bySource.rootOf(abs) : leavesSite(graph, abs)) {
      ctx.problems.add(outsideProblem('Link', href, file, line));
      return { href };
    }
    if (page) {
      const found = graph.bySource.ofFile(route.locale, abs);
      if (!found) {
        ctx.problems.add({
          code: 'link-broken',
          severity: brokenSeverity(graph.config.onBrokenMarkdownLinks),
          message: `Broken link "${href}": no page ${path.relative(graph.config.root, abs)}`,
          file,
          line,
          hint: 'Link to an existing .md file with a path relative to this file, or to a site path such as /docs/tutorial/intro.',
        });
        return { href };
      }
      target = found.path;
    } else if (fs.existsSync(abs)) {
      return { href: ctx.assets.add(abs) + (anchor ? `#${anchor}` : '') };
    } else if (!/\.\w+$/.test(pathname)) {
      // A path without an extension is a URL relative to the page's own, as a browser reads it
      // on a page served without a trailing slash ('configuration' from /docs/setup).
      target = new URL(pathname, `http://site${route.path}`).pathname;
    } else {
      ctx.problems.add({ code: 'link-broken', message: `Broken link "${href}": no file ${path.relative(graph.config.root, abs)}`, file, line });
      return { href };
    }
  }
  target = target.length > 1 ? target.replace(/\/$/, '') : target;
  if (!GENERATED_FILE.test(target)) ctx.links.push({ target, anchor, file, line, raw: href });
  return { href: withBase(base, target) + (query ? `?${query}` : '') + (anchor !== undefined ? `#${encodeURI(anchor)}` : '') };
}

export function resolveAsset(src: string, line: number, ctx: LinkContext): string {
  if (isExternal(src) || src.startsWith('data:')) return src;
  const { route, graph } = ctx;
  const file = route.sourceFile ?? '';
  if (src.startsWith('/')) {
    const staticDir = path.join(graph.config.root, 'static');
    const abs = path.join(staticDir, src);
    if (!isUnder(staticDir, abs)) {
      ctx.problems.add({
        code: 'image-outside',
        message: `Image "${src}" leads outside static/`,
        file,
        line,
        hint: 'A path starting with "/" names a file in static/: remove the "..".',
      });
      return src;
    }
    if (!fs.existsSync(abs)) ctx.problems.add({ code: 'image-missing', message: `Image not found: "${src}" (looked in static/)`, file, line });
    return withBase(graph.config.basePath, src);
  }
  const decoded = decodeContentPath(src);
  if (decoded === undefined) {
    ctx.problems.add(malformedProblem('Image', src, file, line));
    return src;
  }
  const abs = path.resolve(path.dirname(file), decoded);
  if (leavesSite(graph, abs)) {
    ctx.problems.add(outsideProblem('Image', src, file, line));
    return src;
  }
  if (!fs.existsSync(abs)) {
    ctx.problems.add({
      code: 'image-missing',
      message: `Image not found: "${src}" (${path.relative(graph.config.root, abs)})`,
      file,
      line,
      hint: 'Image paths are relative to the Markdown file.',
    });
    return src;
  }
  return ctx.assets.add(abs);
}

/**
 * A file a page links to is published (copied into assets/): it must lie inside the site folder
 * or a content folder the config names, also once its symlinks are resolved, as the dev server requires of what it serves. A path
 * outside is refused before anything there is looked at.
 */
function leavesSite(graph: ContentGraph, abs: string): boolean {
  const root = graph.bySource.rootOf(abs);
  return !root || (fs.existsSync(abs) && !isInside(root, abs));
}

function outsideProblem(what: 'Link' | 'Image', raw: string, file: string, line: number) {
  return {
    code: what === 'Link' ? 'link-outside' : 'image-outside',
    message: `${what} "${raw}" leads outside the site; nothing outside the site folder is published`,
    file,
    line,
    hint: 'Copy the file into the site (next to the page, or into static/) and link to the copy.',
  };
}

/** A relative link or image whose %-escapes decode to no text ('%ff', a cut-off '%C3'). */
function malformedProblem(what: 'Link' | 'Image', raw: string, file: string, line: number) {
  return {
    code: what === 'Link' ? 'link-malformed' : 'image-malformed',
    message: `${what} "${raw}" has a %-escape that is no UTF-8 text`,
    file,
    line,
    hint: 'Write the character itself or its UTF-8 escape (é is %C3%A9); a "%" on its own is "%25".',
  };
}

/**
 * Checks recorded links once every page's anchors are known. Problems name the file and line of
 * the link; a link to a redirect is followed to its target.
 */
export function checkLinks(links: LinkRef[], anchors: Map<string, Set<string>>, graph: SiteGraph, problems: ProblemList, leftOut = new Set<string>()): void {
  // A page shown in several locales from one file (a locale without its translation) has the same
  // broken link in each: it is reported once, at the file's line, naming each locale's missing page.
  const reported = new Map<string, SiteProblem>();
  // The missing pages a broken link's problem names, each once (a minified spec is one line).
  const missing = new Map<string, Set<string>>();
  for (const link of links) {
    const key = `${link.file}:${link.line}:${link.raw}`;
    const earlier = reported.get(key);
    let target = graph.byPath.get(link.target);
    if (target?.kind === 'redirect') target = graph.byPath.get(String(target.data?.to));
    if (target && leftOut.has(target.path)) {
      if (!earlier) {
        const problem: SiteProblem = {
          code: 'link-left-out',
          severity: 'warning',
          message: `Link "${link.raw}" leads to ${target.path}, a page left out of this build (see its warning)`,
          file: link.file,
          line: link.line,
        };
        reported.set(key, problem);
        problems.add(problem);
      }
      continue;
    }
    if (!target) {
      if (earlier) {
        const named = missing.get(key);
        if (named && !named.has(link.target)) {
          named.add(link.target);
          earlier.message += `, ${link.target}`;
        }
        continue;
      }
      const problem: SiteProblem = {
        code: 'link-broken',
        message: `Broken link "${link.raw}": no page at ${link.target}`,
        file: link.file,
        line: link.line,
        hint: link.outside ?? suggest(link.target, graph),
        severity: link.outside ? 'warning' : brokenSeverity(graph.config.onBrokenLinks),
      };
      reported.set(key, problem);
      missing.set(key, new Set([link.target]));
      problems.add(problem);
      continue;
    }
    // A page of a locale this build leaves out (--locale) has anchors the build does not know.
    if (link.anchor && !earlier && graph.locales.includes(target.locale) && !anchors.get(target.path)?.has(link.anchor)) {
      const problem: SiteProblem = {
        code: 'anchor-broken',
        severity: brokenSeverity(graph.config.onBrokenAnchors),
        message: `Broken anchor "${link.raw}": ${target.path} has no heading with id "${link.anchor}"`,
        file: link.file,
        line: link.line,
      };
      reported.set(key, problem);
      problems.add(problem);
    }
  }
}

/** A broken link's severity under the config's onBroken* option; 'ignore' makes it a note the build drops. */
export function brokenSeverity(mode: 'throw' | 'warn' | 'ignore'): 'error' | 'warning' | 'ignore' {
  return mode === 'throw' ? 'error' : mode === 'warn' ? 'warning' : 'ignore';
}

function suggest(target: string, graph: SiteGraph): string | undefined {
  const last = target.split('/').pop() ?? '';
  const near = graph.routes.find((r) => r.kind !== 'redirect' && r.path.endsWith('/' + last));
  return near ? `Did you mean ${near.path}?` : undefined;
}
