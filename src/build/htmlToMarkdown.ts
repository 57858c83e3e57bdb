// Markdown from rendered page HTML, for pages that have no Markdown source (the API reference):
// headings, paragraphs, lists, tables, code and links, with the theme's controls (buttons, icons,
// heading anchors) left out. Works on docsgen's own well-formed output, not on arbitrary HTML.
//
// Every API page of a build goes through here (4,000 pages of 30 kB for a 2,000-operation spec):
// the tree comes from htmlTree.ts, and a page may come as parts. An object part ({ html }) is a
// fragment that many pages show (a schema tree): its Markdown is made once and reused
// (opts.memo), which gives the same text as converting the page whole because such a fragment is
// a balanced run of block elements (anything else is parsed in place).
import { attrsOf, BLOCK, isPart, mayHave, parseInto, SKIP, type Element, type HtmlPart, type Node, type PartNode } from './htmlTree.ts';

export type { HtmlPart } from './htmlTree.ts';

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
      // Reusable when it is balanced blocks only: then it converts the same wherever it stands.
      const own: Element[] = [{ tag: '#root', raw: '', children: [] }];
      const unmatched = parseInto(part.html, own);
      const nodes = own[0].children;
      md = !unmatched && own.length === 1 && nodes.every((n) => typeof n !== 'string' && BLOCK.has(n.tag)) ? blocks(nodes, opts) : null;
      opts.memo.set(part, md);
    }
    if (md) stack[stack.length - 1].children.push({ tag: '#part', html: part.html, md });
    else parseInto(part.html, stack);
  }
  return root;
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

/**
 * The Markdown copy of a page that has no Markdown source: "# Title" and its body converted,
 * site links made absolute with the site's URL. Built on the rendering thread or, handed the
 * page's parts, on the output thread; `memo` keeps shared fragments' Markdown (see parseHtml).
 */
export function pageMarkdown(title: string, body: string | readonly HtmlPart[], siteUrl: string, memo: WeakMap<object, string[] | null>): string {
  const origin = siteUrl.replace(/\/$/, '');
  const url = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? origin + href : href);
  return `# ${title}\n\n${htmlToMarkdown(body, { url, memo })}\n`;
}
