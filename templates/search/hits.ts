// What a hit shows and how hits are grouped, as DocSearch does it: grouped by lvl0 (at most 5 per
// group in the modal), hits of a page under the page's own hit when it is in the results, and per
// type a title and a subtitle taken from the snippets.
import type { SearchHit } from './provider.ts';
import type { StoredHit } from './storedSearches.ts';

type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Only <mark> may come from the index; anything else is escaped again, whatever the provider did. */
export function safeMarkup(value: string): string {
  let out = '';
  let open = false;
  for (const part of value.split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>') {
      if (!open) out += part;
      open = true;
    } else if (part === '</mark>') {
      if (open) out += part;
      open = false;
    } else
      out += escapeText(
        part.replace(/&(lt|gt|amp|quot|#39|#x27);/g, (m) => ({ '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'" })[m] ?? m),
      );
  }
  return open ? out + '</mark>' : out;
}

/** An attribute's snippet (else highlight, else the plain text) as safe HTML. Both Algolia's nested and flat keys are read. */
function attributeHtml(hit: SearchHit | StoredHit, attribute: Level | 'content', kind: '_snippetResult' | '_highlightResult' = '_snippetResult'): string {
  const h = hit as SearchHit;
  const pick = (result: any) => (attribute === 'content' ? result?.content : (result?.hierarchy?.[attribute] ?? result?.[`hierarchy.${attribute}`]));
  const value = pick(h[kind])?.value ?? pick(h._highlightResult)?.value;
  if (typeof value === 'string') return safeMarkup(value);
  const raw = attribute === 'content' ? hit.content : hit.hierarchy[attribute];
  return raw ? escapeText(raw) : '';
}

export interface HitText {
  /** Safe HTML (escaped text, <mark> only). */
  title: string;
  subtitle: string;
  icon: 'page' | 'section' | 'content';
}

export function hitText(hit: SearchHit | StoredHit): HitText {
  if (hit.type === 'lvl1') return { title: attributeHtml(hit, 'lvl1'), subtitle: hit.content ? attributeHtml(hit, 'content') : '', icon: 'page' };
  if (hit.type === 'content') return { title: attributeHtml(hit, 'content'), subtitle: attributeHtml(hit, 'lvl1'), icon: 'content' };
  return { title: attributeHtml(hit, hit.type) || attributeHtml(hit, 'lvl1'), subtitle: attributeHtml(hit, 'lvl1'), icon: 'section' };
}

/** The path of headings above a hit ('Page › Section › Subsection'), as safe HTML. */
export function headingPath(hit: SearchHit): string {
  const levels: Level[] = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
  const own = hit.type === 'content' ? 7 : Number(hit.type.slice(3));
  return levels
    .filter((l) => Number(l.slice(3)) < own && hit.hierarchy[l])
    .map((l) => attributeHtml(hit, l, '_highlightResult'))
    .join(' › ');
}

export interface HitGroup {
  title: string;
  items: { hit: SearchHit; child: boolean; lastChild: boolean }[];
}

const stripMarks = (s: string) => s.replace(/<\/?mark>/g, '');

/** Hits grouped by lvl0 in order of first appearance; inside a group, a page's hits follow its own. */
export function groupHits(hits: SearchHit[], perGroup = Infinity): HitGroup[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const key = stripMarks(hit.hierarchy.lvl0 ?? '');
    const list = groups.get(key) ?? [];
    if (list.length < perGroup) list.push(hit);
    groups.set(key, list);
  }
  return [...groups].map(([title, list]) => {
    const byPage = new Map<string, SearchHit[]>();
    for (const hit of list) {
      const page = pageOf(hit);
      byPage.set(page, [...(byPage.get(page) ?? []), hit]);
    }
    const items: HitGroup['items'] = [];
    for (const pageHits of byPage.values()) {
      const parent = pageHits.find((h) => h.type === 'lvl1');
      const ordered = parent ? [parent, ...pageHits.filter((h) => h !== parent)] : pageHits;
      ordered.forEach((hit, i) => items.push({ hit, child: Boolean(parent) && hit !== parent, lastChild: Boolean(parent) && i === ordered.length - 1 }));
    }
    return { title, items };
  });
}

export function pageOf(hit: { url: string }): string {
  return hit.url.replace(/#.*$/, '');
}

/** Where a hit leads: hits hold route paths (the hosted index may hold absolute URLs of this site). */
export function hitHref(url: string, basePath: string): { href: string; external: boolean } {
  if (/^https?:\/\//i.test(url)) {
    const u = new URL(url);
    if (typeof location !== 'undefined' && u.origin === location.origin) return { href: u.pathname + u.search + u.hash, external: false };
    return { href: url, external: true };
  }
  return { href: basePath.replace(/\/$/, '') + url, external: false };
}
