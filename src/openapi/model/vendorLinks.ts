// Where a spec's site links ('/docs/api/customers', '/docs/keys') lead. A vendor's spec links to
// pages of the vendor's own site; a spec written for this site links to this site's pages. A
// spec whose links under the reference's route base name pages the reference does not have was
// written for another site: every such link, and every link to no page of the reference, is the
// vendor's, resolved against openapi.linkBase, else the host of the spec's externalDocs.url or
// servers[0].url (without an "api." label: the API's host is rarely its docs' host).
import { isObject } from '../load/pointer.ts';
import type { SpecSource } from '../load/source.ts';
import type { SiteProblem } from '../../errors.ts';

export interface SpecLink {
  /** The link's path, without query, anchor or trailing slash. */
  path: string;
  raw: string;
  file: string;
  /** Offset of the link in the file's text. */
  at: number;
}

export interface LinkPolicy {
  /** The spec's site links are the vendor's (some under the route base name no page of the reference). */
  vendorSpec: boolean;
  /** Where vendor links lead, and what that comes from (for the build's note). */
  base?: string;
  from?: 'openapi.linkBase' | 'externalDocs.url' | 'servers[0].url';
  /** The spec's links that lead to the vendor's site: the first is where the note points. */
  vendorLinks: SpecLink[];
}

/** Markdown inline links and reference definitions, HTML hrefs (quotes escaped in JSON text). */
const LINK = /\]\(\s*<?(\/(?!\/)[^)\s"'\\>]*)|^\s*\[[^\]\n]+\]:\s*<?(\/(?!\/)[^\s"'\\>]*)|href=\\?["'](\/(?!\/)[^"'\\\s>]*)/gm;

/** Every site link in the spec's files, by a scan of their text (descriptions are Markdown). */
export function specSiteLinks(source: SpecSource): SpecLink[] {
  const links: SpecLink[] = [];
  for (const f of source.files.values()) {
    if (!f.text.includes('/')) continue;
    for (const m of f.text.matchAll(LINK)) {
      const raw = m[1] ?? m[2] ?? m[3];
      links.push({ path: linkPath(raw), raw, file: f.file, at: m.index + m[0].indexOf(raw) });
    }
  }
  return links;
}

/** A link's path as routes are compared: no query, anchor or trailing slash. */
export function linkPath(raw: string): string {
  const hash = raw.indexOf('#');
  return (hash >= 0 ? raw.slice(0, hash) : raw).split('?')[0].replace(/(.)\/$/, '$1');
}

export function isUnder(linkPath: string, base: string): boolean {
  return linkPath === base || linkPath.startsWith(`${base}/`);
}

/**
 * The policy for a spec's links, from its links, the reference's pages (unprefixed route paths),
 * its route base and openapi.linkBase.
 */
export function linkPolicy(source: SpecSource, pages: Set<string>, routeBase: string, linkBase: string | undefined): LinkPolicy {
  const links = specSiteLinks(source);
  const vendorSpec = links.some((l) => isUnder(l.path, routeBase) && !pages.has(l.path));
  const derived = vendorSpec && !linkBase ? vendorHost(source.root.doc) : undefined;
  const base = linkBase?.replace(/\/$/, '') ?? derived?.base;
  const from = linkBase ? 'openapi.linkBase' : derived?.from;
  // The links that show the spec is a vendor's come first: the note names one of them.
  const shown = links.filter((l) => isUnder(l.path, routeBase) && !pages.has(l.path));
  const vendorLinks = vendorSpec ? [...shown, ...links.filter((l) => !shown.includes(l) && (isUnder(l.path, routeBase) || !pages.has(l.path)))] : [];
  return { vendorSpec, base, from, vendorLinks };
}

/** The vendor's site from the spec: its externalDocs.url, else its first absolute server URL. */
export function vendorHost(doc: unknown): { base: string; from: 'externalDocs.url' | 'servers[0].url' } | undefined {
  if (!isObject(doc)) return undefined;
  const docs = isObject(doc.externalDocs) ? origin(doc.externalDocs.url) : undefined;
  if (docs) return { base: docs, from: 'externalDocs.url' };
  const first = Array.isArray(doc.servers) && isObject(doc.servers[0]) ? origin(doc.servers[0].url) : undefined;
  if (!first) return undefined;
  const url = new URL(first);
  // api.stripe.com serves the API; its pages are on stripe.com.
  if (/^api\.[^.]+\.[^.]+/.test(url.hostname)) url.hostname = url.hostname.slice(4);
  return { base: url.origin, from: 'servers[0].url' };
}

function origin(url: unknown): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * One warning for the links of a vendor's spec that lead to the vendor's site by a guess (the
 * spec's own hosts) or lead nowhere, at the first of them; none when openapi.linkBase says where.
 */
export function vendorLinksNote(source: SpecSource, policy: LinkPolicy): SiteProblem | undefined {
  const first = policy.vendorLinks[0];
  if (!first || policy.from === 'openapi.linkBase') return undefined;
  const n = policy.vendorLinks.length;
  const what =
    n > 1 ? `"${first.raw}" and ${n - 1} other link${n > 2 ? 's' : ''} in the spec name pages that are` : `"${first.raw}" in the spec names a page that is`;
  const they = n > 1 ? 'they lead' : 'it leads';
  return {
    code: 'openapi-vendor-links',
    severity: 'warning',
    message: policy.base
      ? `${what} not in the API reference: ${they} to ${policy.base} (the host of the spec's ${policy.from})`
      : `${what} not in the API reference, and the spec names no host for them (no externalDocs.url, no absolute servers[0].url): ${they} nowhere`,
    file: first.file,
    line: source.lineAt(first.file, first.at),
    hint: `Set openapi.linkBase in the config to the site they belong to (say 'https://vendor.example').`,
  };
}
