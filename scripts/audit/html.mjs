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
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/(<(script|style|template)\b[^>]*>)[\s\S]*?(<\/\2\s*>)/gi, '$1$3');
}

// Attribute values never hold a raw ">" in docsgen's output (React and escapeHtml escape it), which
// keeps this pattern simple and fast on thousands of large pages.
const TAG = /<([a-zA-Z][\w:-]*)(\s[^>]*)?>/g;
const ATTR = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NO_ATTRS = Object.freeze({});

export function parseAttrs(text = '') {
  const attrs = {};
  for (const m of text.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (name in attrs) continue;
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    attrs[name] = value.includes('&') ? decodeEntities(value) : value;
  }
  return attrs;
}

/** Every start tag in the markup: [{ tag, attrs }]. Script tags are kept (their src matters). */
export function tags(html) {
  const out = [];
  for (const m of stripNonMarkup(html).matchAll(TAG)) out.push({ tag: m[1].toLowerCase(), attrs: m[2] ? parseAttrs(m[2]) : NO_ATTRS });
  return out;
}

const REF_TAGS = new Set(['a', 'area', 'link', 'script', 'img', 'source', 'iframe', 'meta']);
const ID_ATTR = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * One pass over a page for the link and budget checks: the ids fragments can target, and the
 * tags that reference URLs (a, link, script, img, source, iframe, meta) with their attributes.
 * Attributes of other tags are not parsed, which is most of the work on large pages.
 */
export function scan(html) {
  const ids = new Set();
  const refs = [];
  for (const m of stripNonMarkup(html).matchAll(TAG)) {
    const rest = m[2];
    if (!rest) continue;
    const tag = m[1].toLowerCase();
    if (REF_TAGS.has(tag)) {
      const attrs = parseAttrs(rest);
      refs.push({ tag, attrs });
      if (attrs.id !== undefined) ids.add(attrs.id);
      if (tag === 'a' && attrs.name !== undefined) ids.add(attrs.name);
    } else if (rest.includes('id')) {
      const id = ID_ATTR.exec(rest);
      if (id) {
        const v = id[1] ?? id[2] ?? id[3];
        ids.add(v.includes('&') ? decodeEntities(v) : v);
      }
    }
  }
  return { ids, refs };
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
