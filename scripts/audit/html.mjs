// Just enough HTML reading for the static checks: tags with their attributes, ids, the embedded
// page data. The output is our own generated HTML, so a tokenizer that skips scripts, styles,
// comments and templates is enough (no DOM needed for thousands of files).

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(Number(k.slice(1)));
    return ENTITIES[k] ?? m;
  });
}

/** The markup with comments, scripts, styles and templates blanked out (their text is not markup). */
export function stripNonMarkup(html) {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, (m, tag) => `<${tag}></${tag}>`);
}

const TAG = /<([a-zA-Z][\w:-]*)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/g;
const ATTR = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function parseAttrs(text = '') {
  const attrs = {};
  for (const m of text.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (name in attrs) continue;
    attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** Every start tag in the markup: [{ tag, attrs }]. Script tags are kept (their src matters). */
export function tags(html) {
  const out = [];
  for (const m of stripNonMarkup(html).matchAll(TAG)) out.push({ tag: m[1].toLowerCase(), attrs: parseAttrs(m[2]) });
  return out;
}

/** The ids a fragment can target: id attributes and a[name]. */
export function idsOf(tagList) {
  const ids = new Set();
  for (const { tag, attrs } of tagList) {
    if (attrs.id !== undefined) ids.add(attrs.id);
    if (tag === 'a' && attrs.name !== undefined) ids.add(attrs.name);
  }
  return ids;
}

/** The page data the build embeds for hydration ({ page, site }), or undefined (redirect pages). */
export function pageDataOf(html) {
  const m = /<script type="application\/json" id="__DOCSGEN_DATA__">([\s\S]*?)<\/script>/.exec(html);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]);
  } catch {
    return undefined;
  }
}

/** The head's elements of interest, for the SEO checks. */
export function headOf(html) {
  const end = html.search(/<\/head>/i);
  const head = end >= 0 ? html.slice(0, end) : html;
  const list = tags(head);
  const meta = (key, value) => list.filter((t) => t.tag === 'meta' && t.attrs[key] === value).map((t) => t.attrs.content);
  const links = (rel) => list.filter((t) => t.tag === 'link' && (t.attrs.rel ?? '').split(/\s+/).includes(rel));
  const title = /<title>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const htmlTag = /<html\b([^>]*)>/i.exec(html);
  return { list, meta, links, title: title === undefined ? undefined : decodeEntities(title), jsonLd, lang: parseAttrs(htmlTag?.[1]).lang };
}
