// Markdown from rendered page HTML, for pages that have no Markdown source (the API reference):
// headings, paragraphs, lists, tables, code and links, with the theme's controls (buttons, icons,
// heading anchors) left out. Works on docsgen's own well-formed output, not on arbitrary HTML.
//
// Every API page of a build goes through here (4,000 pages of 30 kB for a 2,000-operation spec),
// so the parser scans with indexOf instead of one regular expression per token, shares the parsed
// attributes of identical attribute strings, and decodes only text that has entities. A page may
// come as parts: an object part ({ html }) is a fragment that many pages show (a schema tree);
// its Markdown is made once and reused (opts.memo), which gives the same text as converting the
// page whole because such a fragment is a balanced run of block elements.

interface Element {
  tag: string;
  /** The attributes' source text, parsed when asked for (attrsOf). */
  raw: string;
  parsed?: Attrs;
  children: Node[];
  /** hidden(), once known. */
  hid?: boolean;
}
/** A shared fragment in the tree, with its Markdown blocks made once. */
interface PartNode {
  tag: '#part';
  html: string;
  md: string[];
  nodes?: Node[];
}
type Node = Element | PartNode | string;
const isPart = (n: Node): n is PartNode => typeof n !== 'string' && n.tag === '#part';
type Attrs = Readonly<Record<string, string>>;

/** A page's HTML, whole or in parts; object parts are fragments shared between pages. */
export type HtmlPart = string | { readonly html: string };

const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'source', 'col']);
const SKIP = new Set(['button', 'svg', 'script', 'style', 'template', 'input', 'select', 'textarea', 'nav']);
const BLOCK = new Set(['p', 'div', 'ul', 'ol', 'li', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'blockquote', 'section', 'article', 'details', 'summary', 'dl', 'dt', 'dd', 'figure', 'hr', 'header', 'footer', 'aside']);
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
  const out: Record<string, string> = {};
  for (const a of raw.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) out[a[1].toLowerCase()] = decode(a[2] ?? a[3] ?? a[4] ?? '');
  attrs = Object.freeze(out);
  // Attribute strings with ids or links are many and seen once or twice: a bounded cache.
  if (attrCache.size > 5000) attrCache.clear();
  attrCache.set(raw, attrs);
  return attrs;
}

function attrsOf(el: Element): Attrs {
  return (el.parsed ??= parseAttrs(el.raw));
}

/** False when the attributes' text cannot hold `word` (entities would hide it: then true). */
function mayHave(el: Element, word: RegExp): boolean {
  return el.raw !== '' && (word.test(el.raw) || el.raw.includes('&'));
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/**
 * The element tree of an HTML string, or of a page's parts (see htmlToMarkdown). Tokens as the
 * regular expression /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s[^>]*)?)(\/?)>|([^<]+|<)/ reads
 * them: a comment is dropped, a tag ends at its first ">", anything else is text.
 */
export function parseHtml(html: string | readonly HtmlPart[], opts?: MarkdownOptions): Element {
  const root: Element = { tag: '#root', raw: '', children: [] };
  const stack: Element[] = [root];
  for (const part of typeof html === 'string' ? [html] : html) {
    if (typeof part === 'string') {
      parseInto(part, stack);
      continue;
    }
    let md = opts?.memo?.get(part);
    if (md === undefined && opts?.memo) {
      // Reusable when it is blocks only: then it converts the same wherever it stands.
      const nodes = parseHtml(part.html).children;
      md = nodes.every((n) => typeof n !== 'string' && BLOCK.has(n.tag)) ? blocks(nodes, opts) : null;
      opts.memo.set(part, md);
    }
    if (md) stack[stack.length - 1].children.push({ tag: '#part', html: part.html, md });
    else parseInto(part.html, stack);
  }
  return root;
}

function parseInto(s: string, stack: Element[]): void {
  const n = s.length;
  let i = 0;
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

export interface MarkdownOptions {
  /** Makes a link or image URL absolute. */
  url(href: string): string;
  /** Markdown blocks of shared fragments (object parts), kept between calls with the same url(). */
  memo?: WeakMap<object, string[] | null>;
}

const isBlock = (n: Node) => typeof n !== 'string' && (isPart(n) || BLOCK.has(n.tag));
// Hidden tab panels (code samples in other languages) are content: only their buttons are chrome.
function hidden(el: Element): boolean {
  if (el.hid !== undefined) return el.hid;
  if (!SKIP.has(el.tag) && !mayHave(el, /hidden|hash-link/i)) return (el.hid = false);
  const a = attrsOf(el);
  return (el.hid = SKIP.has(el.tag) || a['aria-hidden'] === 'true' || (a.hidden !== undefined && a.role !== 'tabpanel') || (a.class !== undefined && /\bhash-link\b/.test(a.class)));
}

/** The nodes of a fragment, for the rare reader that looks inside one (text, tables, lists). */
function partNodes(p: PartNode): Node[] {
  return (p.nodes ??= parseHtml(p.html).children);
}

/** Children with fragments opened up, as they stand in the page. */
function expanded(nodes: Node[]): Node[] {
  return nodes.some(isPart) ? nodes.flatMap((n) => (isPart(n) ? partNodes(n) : [n])) : nodes;
}

function textOf(node: Node): string {
  if (typeof node === 'string') return node;
  const out: string[] = [];
  collectText(node, out);
  return out.join('');
}

function collectText(node: Node, out: string[]): void {
  if (typeof node === 'string') {
    out.push(node);
    return;
  }
  if (isPart(node)) {
    for (const c of partNodes(node)) collectText(c, out);
    return;
  }
  if (hidden(node)) return;
  for (const c of node.children) collectText(c, out);
}

function codeSpan(text: string): string {
  const t = text.replace(/\s+/g, ' ');
  let ticks = 1;
  if (t.includes('`')) for (const m of t.matchAll(/`+/g)) ticks = Math.max(ticks, m[0].length + 1);
  const fence = '`'.repeat(ticks);
  return t.startsWith('`') || t.endsWith('`') ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
}

function inline(nodes: readonly Node[], opts: MarkdownOptions): string {
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') {
      // Intraword underscores (field names) are not emphasis in CommonMark: left as they are.
      out += n.replace(/\s+/g, ' ').replace(/([\\*[\]<])/g, '\\$1');
      continue;
    }
    if (isPart(n)) {
      out += inline(partNodes(n), opts);
      continue;
    }
    if (hidden(n)) continue;
    switch (n.tag) {
      case 'code':
        out += codeSpan(textOf(n));
        break;
      case 'strong':
      case 'b': {
        const t = inline(n.children, opts).trim();
        if (t) out += `**${t}**`;
        break;
      }
      case 'em':
      case 'i': {
        const t = inline(n.children, opts).trim();
        if (t) out += `*${t}*`;
        break;
      }
      case 'a': {
        const t = inline(n.children, opts).trim();
        const href = attrsOf(n).href;
        out += href && t ? `[${t}](${opts.url(href)})` : t;
        break;
      }
      case 'img':
        if (attrsOf(n).src) out += `![${(attrsOf(n).alt ?? '').replace(/[[\]]/g, '')}](${opts.url(attrsOf(n).src)})`;
        break;
      case 'br':
        out += '\n';
        break;
      case 'span':
        // Badges (HTTP methods, "required") sit next to other text, apart only by their styling.
        out += mayHave(n, /badge/) && attrsOf(n).class?.includes('badge') ? ` ${inline(n.children, opts).trim()} ` : inline(n.children, opts);
        break;
      default:
        // A block inside inline content (rare in our output) reads as a space-separated run.
        out += BLOCK.has(n.tag) ? ` ${blocks(n.children, opts).join(' ')} ` : inline(n.children, opts);
    }
  }
  return out;
}

/** Each line after the first gets `rest` in front unless it is empty. */
function indent(text: string, first: string, rest: string): string {
  return first + (text.includes('\n') ? text.replace(/\n(?!\n|$)/g, `\n${rest}`) : text);
}

const WHITESPACE = /^\s*$/;

/** Markdown blocks of a list of nodes: runs of inline content become paragraphs. */
function blocks(nodes: readonly Node[], opts: MarkdownOptions, out: string[] = []): string[] {
  let runStart = -1;
  let runBlank = true;
  const flush = (end: number) => {
    if (runStart < 0) return;
    const start = runStart;
    runStart = -1;
    // Whitespace between blocks (most runs) makes no paragraph.
    if (runBlank) return;
    const t = inline(nodes.slice(start, end), opts).replace(/ {2,}/g, ' ').replace(/[ \t]+\n/g, '\n').replace(/\n[ \t]+/g, '\n').trim();
    if (t) out.push(t);
  };
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (!isBlock(n)) {
      if (runStart < 0) {
        runStart = i;
        runBlank = true;
      }
      if (runBlank && (typeof n !== 'string' || !WHITESPACE.test(n))) runBlank = false;
      continue;
    }
    flush(i);
    if (isPart(n)) {
      out.push(...n.md);
      continue;
    }
    const el = n as Element;
    if (hidden(el)) continue;
    const b = block(el, opts);
    if (b) out.push(b);
  }
  flush(nodes.length);
  return out;
}

function block(el: Element, opts: MarkdownOptions): string {
  const tag = el.tag;
  if (tag.length === 2 && tag[0] === 'h' && tag[1] >= '1' && tag[1] <= '6') {
    const t = inline(el.children, opts).replace(/\s+/g, ' ').trim();
    return t ? `${'#'.repeat(Number(tag[1]))} ${t}` : '';
  }
  if (tag === 'pre') {
    const code = el.children.find((c): c is Element => typeof c !== 'string' && c.tag === 'code');
    const lang = /language-([\w+-]+)/.exec((code && attrsOf(code).class) ?? '')?.[1] ?? '';
    const text = textOf(el).replace(/\n$/, '');
    let fence = 3;
    if (text.includes('```')) for (const m of text.matchAll(/`{3,}/g)) fence = Math.max(fence, m[0].length + 1);
    const ticks = '`'.repeat(fence);
    return `${ticks}${lang}\n${text}\n${ticks}`;
  }
  if (tag === 'ul' || tag === 'ol') {
    let i = 0;
    const items: string[] = [];
    for (const c of expanded(el.children)) {
      if (typeof c === 'string' || isPart(c) || c.tag !== 'li' || hidden(c)) continue;
      const marker = tag === 'ol' ? `${++i}. ` : '- ';
      const body = blocks(c.children, opts).join('\n\n') || ' ';
      items.push(indent(body, marker, ' '.repeat(marker.length)));
    }
    return items.join('\n');
  }
  if (tag === 'table') return table(el, opts);
  if (tag === 'blockquote') return indent(blocks(el.children, opts).join('\n\n'), '> ', '> ');
  if (tag === 'hr') return '---';
  if (mayHave(el, /tabpanel/i) && attrsOf(el).role === 'tabpanel') {
    // The tab's name is on its button, which is left out; the code block carries it as its label.
    const pre = findPre(el);
    const label = pre && attrsOf(pre)['aria-label'];
    const body = blocks(el.children, opts).join('\n\n');
    return label && !body.startsWith(label) ? `${label}:\n\n${body}` : body;
  }
  if (tag === 'dt') return `**${inline(el.children, opts).trim()}**`;
  return blocks(el.children, opts).join('\n\n');
}

function findPre(el: Element): Element | undefined {
  for (const c of expanded(el.children)) {
    if (typeof c === 'string' || isPart(c)) continue;
    if (c.tag === 'pre') return c;
    const inner = findPre(c);
    if (inner) return inner;
  }
  return undefined;
}

function table(el: Element, opts: MarkdownOptions): string {
  const rows: string[][] = [];
  const visit = (n: Element) => {
    for (const c of expanded(n.children)) {
      if (typeof c === 'string' || isPart(c)) continue;
      if (c.tag === 'tr') rows.push(expanded(c.children).filter((x): x is Element => typeof x !== 'string' && !isPart(x) && (x.tag === 'td' || x.tag === 'th')).map((cell) => inline(cell.children, opts).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim()));
      else if (c.tag !== 'caption') visit(c);
    }
  };
  visit(el);
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  return [line(rows[0]), line(Array(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
}

/**
 * The Markdown of a page. Given as parts, object parts whose Markdown is in opts.memo (or goes
 * there) are not parsed again; the text is the same as for the parts' HTML joined.
 */
export function htmlToMarkdown(html: string | readonly HtmlPart[], opts: MarkdownOptions): string {
  return blocks(parseHtml(html, opts).children, opts)
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
