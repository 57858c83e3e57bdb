// URL slugs of the reference's pages. An operation's slug is the kebab-case of its English
// summary (else its operationId, else method and path); tag overviews take the tag's name. Slugs
// are assigned once, on the default locale's model, so every locale has the same URLs.
import { tagAndGroups, type ApiModel } from './model.ts';

/** Lowercase, every run of characters other than a-z and 0-9 turned into one '-'. */
export function kebab(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The longest slug: a page's URL stays readable, and fits where URLs are shown. */
export const MAX_SLUG = 64;

/** A slug cut to at most `max` characters: at a word, unless the last one starts before two thirds of it. */
function short(slug: string, max = 60): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  return cut.slice(0, Math.max(cut.lastIndexOf('-'), Math.round((max * 2) / 3))).replace(/-+$/, '');
}

/** `slug-suffix` within MAX_SLUG: the slug is cut, never the suffix that tells it apart. */
function withSuffix(slug: string, suffix: string): string {
  return `${short(slug, MAX_SLUG - suffix.length - 1)}-${suffix}`;
}

/** Six characters of a stable hash (FNV-1a) of a text: what tells apart slugs cut alike. */
function hash6(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36).padStart(6, '0').slice(-6);
}

/** "listVendorItems" -> "list vendor items"; "get_items" -> "get items". */
export function splitIdentifier(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ');
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
    for (let n = 2; ; n++) if (!used.has(withSuffix(base, String(n)))) return take(withSuffix(base, String(n)));
  };
  const take = (slug: string) => {
    used.add(slug);
    return slug;
  };
  // Tag overviews first: a tag named like an operation's summary keeps the short URL.
  const tags = new Map<string, string>();
  for (const tag of model.tags) tags.set(tag.name, claim([short(kebab(tag.name), MAX_SLUG) || 'tag']));
  const guides = new Map<string, string>();
  for (const id of guideIds) guides.set(id, claim([short(kebab(id), MAX_SLUG) || 'guide']));
  // A large tag's groups (see splitByResource) after, so that splitting a tag moves no other page.
  for (const tag of model.tags) for (const g of tagAndGroups(tag).slice(1)) tags.set(g.name, claim([short(kebab(g.name), MAX_SLUG) || 'tag']));
  const operations = new Map<string, string>();
  for (const op of model.operations) {
    const own = short(kebab(op.summary ?? fallbackTitle(op)) || kebab(splitIdentifier(op.operationId ?? '')) || kebab(`${op.method} ${op.path}`));
    // A duplicate summary gets its operationId (stable when operations move), else its method,
    // else (when either would make the slug too long) a hash of its method and path: never a
    // number that depends on the operations before it.
    const id = op.operationId ? kebab(splitIdentifier(op.operationId)) : '';
    const second = id && id !== own && own.length + id.length < MAX_SLUG ? `${own}-${id}` : '';
    operations.set(op.key, claim([own, second, withSuffix(own, op.method), withSuffix(own, hash6(`${op.method} ${op.path}`))]));
  }
  return { operations, tags, guides };
}

/**
 * A title for operations without a summary: "List vendor items" from listVendorItems; from an
 * operationId that only repeats the method and path (PostPaymentIntents, GetCustomersCustomer),
 * what the call does to the path's resource ("Create a payment intent", "Retrieve a customer");
 * else "GET /items".
 */
export function fallbackTitle(op: { operationId?: string; method: string; path: string }): string {
  const resource = !op.operationId || new RegExp(`^${op.method}[A-Z_]`, 'i').test(op.operationId) ? resourceTitle(op.method, op.path) : undefined;
  if (resource) return resource;
  if (op.operationId) {
    const words = splitIdentifier(op.operationId).trim();
    if (/[a-z0-9]/i.test(words)) return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
  }
  return `${op.method.toUpperCase()} ${op.path}`;
}

const VERB: Record<string, [collection: string, item: string]> = {
  get: ['List', 'Retrieve'],
  post: ['Create', 'Update'],
  put: ['Replace', 'Replace'],
  patch: ['Update', 'Update'],
  delete: ['Delete all', 'Delete'],
};

/** "Create a payment intent" for POST /v1/payment_intents; "Confirm a payment intent" for POST /v1/payment_intents/{id}/confirm. */
function resourceTitle(method: string, path: string): string | undefined {
  const segs = path.split('/').filter((s) => s && !/^(?:v\d+(?:\.\d+)*|api)$/i.test(s));
  if (!segs.length) return undefined;
  const last = segs[segs.length - 1];
  const isParam = (s: string) => /^\{.*\}$/.test(s);
  const words = (s: string) =>
    splitIdentifier(s)
      .replace(/[-\s]+/g, ' ')
      .trim()
      .toLowerCase();
  if (isParam(last)) {
    const name = segs.length > 1 && !isParam(segs[segs.length - 2]) ? segs[segs.length - 2] : undefined;
    const verb = VERB[method]?.[1];
    return name && verb ? `${verb} ${article(singular(words(name)))}` : undefined;
  }
  const parentIsParam = segs.length > 1 && isParam(segs[segs.length - 2]);
  const owner = parentIsParam && segs.length > 2 ? segs[segs.length - 3] : undefined;
  // An action on an item: POST /payment_intents/{id}/confirm.
  if (owner && method === 'post' && !/s$/.test(last)) return `${capitalize(words(last))} ${article(singular(words(owner)))}`;
  const verb = VERB[method]?.[0];
  if (!verb) return undefined;
  const noun = words(last);
  const of = owner ? ` of ${article(singular(words(owner)))}` : '';
  return method === 'post' || method === 'put' ? `${verb} ${article(singular(noun))}${of}` : `${verb} ${noun}${of}`;
}

function singular(phrase: string): string {
  return phrase.replace(/(\w+)$/, (w) =>
    /ies$/.test(w) ? w.slice(0, -3) + 'y' : /(ss|us|is)$/.test(w) ? w : /(sh|ch|x|ses)es$/.test(w) ? w.slice(0, -2) : /s$/.test(w) ? w.slice(0, -1) : w,
  );
}

function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) && !/^(?:uni|use|one)/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
