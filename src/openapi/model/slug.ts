// URL slugs of the reference's pages. An operation's slug is the kebab-case of its English
// summary (else its operationId, else method and path); tag overviews take the tag's name. Slugs
// are assigned once, on the default locale's model, so every locale has the same URLs.
import type { ApiModel } from './model.ts';

/** Lowercase, every run of characters other than a-z and 0-9 turned into one '-'. */
export function kebab(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "listVendorItems" -> "list vendor items"; "get_items" -> "get items". */
export function splitIdentifier(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').replace(/[_.]+/g, ' ');
}

export interface Slugs {
  operations: Map<string, string>;
  tags: Map<string, string>;
  /** The guide's pages by id (see guide.ts). */
  guides: Map<string, string>;
}

export function assignSlugs(model: ApiModel, guideIds: string[] = []): Slugs {
  const used = new Set<string>();
  const claim = (candidates: string[]): string => {
    const base = candidates.find((c) => c) || 'operation';
    for (const c of candidates) if (c && !used.has(c)) return take(c);
    for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return take(`${base}-${n}`);
  };
  const take = (slug: string) => {
    used.add(slug);
    return slug;
  };
  // Tag overviews first: a tag named like an operation's summary keeps the short URL.
  const tags = new Map<string, string>();
  for (const tag of model.tags) tags.set(tag.name, claim([kebab(tag.name) || 'tag']));
  const guides = new Map<string, string>();
  for (const id of guideIds) guides.set(id, claim([kebab(id) || 'guide']));
  const operations = new Map<string, string>();
  for (const op of model.operations) {
    const own = kebab(op.summary ?? '') || kebab(splitIdentifier(op.operationId ?? '')) || kebab(`${op.method} ${op.path}`);
    // A duplicate summary gets its operationId (stable when operations move), else a number.
    const second = op.operationId ? `${own}-${kebab(splitIdentifier(op.operationId))}` : '';
    operations.set(op.key, claim([own, second !== `${own}-${own}` ? second : '', `${own}-${op.method}`]));
  }
  return { operations, tags, guides };
}

/** A title for operations without a summary: "List vendor items" from listVendorItems, or "GET /items". */
export function fallbackTitle(op: { operationId?: string; method: string; path: string }): string {
  if (op.operationId) {
    const words = splitIdentifier(op.operationId).trim();
    if (/[a-z0-9]/i.test(words)) return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
  }
  return `${op.method.toUpperCase()} ${op.path}`;
}
