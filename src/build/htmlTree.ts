// The element tree behind htmlToMarkdown.ts: a tokenizer for docsgen's own HTML that scans with
// indexOf instead of one regular expression per token, parses attributes only when asked for (and
// once per distinct attribute string), decodes only text that has entities, and reads a
// highlighted code block's text without building an element per <span>.

export interface Element {
  tag: string;
  /** The attributes' source text, parsed when asked for (attrsOf). */
  raw: string;
  parsed?: Attrs;
  children: Node[];
  /** hidden(), once known. */
  hid?: boolean;
}
/** A shared fragment in the tree, with its Markdown blocks made once. */
export interface PartNode {
  tag: '#part';
  html: string;
  md: string[];
  nodes?: Node[];
}
export type Node = Element | PartNode | string;
export const isPart = (n: Node): n is PartNode => typeof n !== 'string' && n.tag === '#part';
export type Attrs = Readonly<Record<string, string>>;

/** A page's HTML, whole or in parts; object parts are fragments shared between pages. */
export type HtmlPart = string | { readonly html: string };

const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'source', 'col']);
export const SKIP = new Set(['button', 'svg', 'script', 'style', 'template', 'input', 'select', 'textarea', 'nav']);
export const BLOCK = new Set(['p', 'div', 'ul', 'ol', 'li', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'blockquote', 'section', 'article', 'details', 'summary', 'dl', 'dt', 'dd', 'figure', 'hr', 'header', 'footer', 'aside']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const NO_ATTRS: Attrs = Object.freeze({});

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|#39|apos|nbsp);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(Number(k.slice(1)));
    return ENTITIES[k] ?? m;
  });
}

/** Attributes by their source text: a page repeats a few dozen attribute strings thousands of times. */
const attrCache = new Map<string, Attrs>();

function parseAttrs(raw: string): Attrs {
  if (!raw) return NO_ATTRS;
  let attrs = attrCache.get(raw);
  if (attrs) return attrs;
  // A copy: `raw` is a slice of the page, which the cache would keep alive.
  const own = (' ' + raw).slice(1);
  const out: Record<string, string> = {};
  for (const a of own.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) out[a[1].toLowerCase()] = decode(a[2] ?? a[3] ?? a[4] ?? '');
  attrs = Object.freeze(out);
  // Attribute strings with ids or links are many and seen once or twice: a bounded cache.
  if (attrCache.size > 2000) attrCache.clear();
  attrCache.set(own, attrs);
  return attrs;
}

export function attrsOf(el: Element): Attrs {
  return (el.parsed ??= parseAttrs(el.raw));
}

/** False when the attributes' text cannot hold `word` (entities would hide it: then true). */
export function mayHave(el: Element, word: RegExp): boolean {
  return el.raw !== '' && (word.test(el.raw) || el.raw.includes('&'));
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/** Parses `s` onto the open elements in `stack`; returns how many end tags closed nothing. */
export function parseInto(s: string, stack: Element[]): number {
  const n = s.length;
  let i = 0;
  let unmatched = 0;
  while (i < n) {
    let top = stack[stack.length - 1];
    if (s.charCodeAt(i) !== 60 /* < */) {
      const lt = s.indexOf('<', i);
      const end = lt < 0 ? n : lt;
      top.children.push(decode(s.slice(i, end)));
      i = end;
      continue;
    }
    if (s.startsWith('<!--', i)) {
      const close = s.indexOf('-->', i + 4);
      if (close >= 0) {
        i = close + 3;
        continue;
      }
    }
    // A tag: "<", an optional "/", a name, then ">", "/>", or whitespace and anything up to ">".
    let j = i + 1;
    const closing = s.charCodeAt(j) === 47;
    if (closing) j++;
    let tagEnd = -1;
    let attrsRaw = '';
    let selfClosing = false;
    if (isNameStart(s.charCodeAt(j))) {
      let k = j + 1;
      while (k < n && isNameChar(s.charCodeAt(k))) k++;
      const c = s.charCodeAt(k);
      if (c === 62) tagEnd = k + 1;
      else if (c === 47 && s.charCodeAt(k + 1) === 62) {
        selfClosing = true;
        tagEnd = k + 2;
      } else if (isSpace(c)) {
        const gt = s.indexOf('>', k);
        if (gt >= 0) {
          attrsRaw = s.slice(k, gt);
          tagEnd = gt + 1;
        }
      }
      if (tagEnd >= 0) {
        const tag = s.slice(j, k).toLowerCase();
        i = tagEnd;
        if (closing) {
          let at = -1;
          for (let x = stack.length - 1; x >= 0; x--) {
            if (stack[x].tag === tag) {
              at = x;
              break;
            }
          }
          if (at > 0) stack.length = at;
          else unmatched++;
          continue;
        }
        const el: Element = { tag, raw: attrsRaw, children: [] };
        top.children.push(el);
        if (tag === 'pre' && !selfClosing) {
          const end = highlightedPre(s, i, el);
          if (end > 0) {
            i = end;
            continue;
          }
        }
        if (!VOID.has(tag) && !selfClosing) stack.push(el);
        continue;
      }
    }
    // Not a tag: a lone "<" is text.
    top = stack[stack.length - 1];
    top.children.push('<');
    i++;
  }
  return unmatched;
}

/**
 * A code block as highlighters write it, <pre><code class="language-x">text and <span class="...">
 * only</code></pre>: its text without building an element per span (a third of an API page's
 * HTML). Returns where parsing resumes, or -1 for anything else (parsed the general way).
 */
function highlightedPre(s: string, from: number, pre: Element): number {
  const close = s.indexOf('</pre>', from);
  if (close < 0 || !s.startsWith('<code', from) || !s.startsWith('</code>', close - 7)) return -1;
  const open = /^<code(\s[^>]*)?>/.exec(s.slice(from, Math.min(close, from + 200)));
  if (!open) return -1;
  let text = '';
  const end = close - 7;
  for (let i = from + open[0].length; ; ) {
    const lt = s.indexOf('<', i);
    const stop = lt < 0 || lt > end ? end : lt;
    if (stop > i) text += decode(s.slice(i, stop));
    if (stop === end) break;
    if (s.startsWith('</span>', lt)) {
      i = lt + 7;
      continue;
    }
    // <span class="...">: the tag ends at its first ">", the class at its first quote.
    if (!s.startsWith('<span class="', lt)) return -1;
    const q = s.indexOf('"', lt + 13);
    if (q < 0 || q > end || s.charCodeAt(q + 1) !== 62 || s.indexOf('>', lt) !== q + 1) return -1;
    const cls = s.slice(lt + 13, q);
    if (cls.includes('&') || (cls.includes('hash-link') && /\bhash-link\b/.test(cls))) return -1;
    i = q + 2;
  }
  pre.children.push({ tag: 'code', raw: open[1] ?? '', children: text ? [text] : [] });
  return close + 6;
}
