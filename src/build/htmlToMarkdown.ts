// Markdown from rendered page HTML, for pages that have no Markdown source (the API reference):
// headings, paragraphs, lists, tables, code and links, with the theme's controls (buttons, icons,
// heading anchors) left out. Works on docsgen's own well-formed output, not on arbitrary HTML.

interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = Element | string;

const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'source', 'col']);
const SKIP = new Set(['button', 'svg', 'script', 'style', 'template', 'input', 'select', 'textarea', 'nav']);
const BLOCK = new Set(['p', 'div', 'ul', 'ol', 'li', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'blockquote', 'section', 'article', 'details', 'summary', 'dl', 'dt', 'dd', 'figure', 'hr', 'header', 'footer', 'aside']);

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|#39|apos|nbsp);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(Number(k.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[k] ?? m;
  });
}

export function parseHtml(html: string): Element {
  const root: Element = { tag: '#root', attrs: {}, children: [] };
  const stack: Element[] = [root];
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s[^>]*)?)(\/?)>|([^<]+|<)/g;
  for (const m of html.matchAll(re)) {
    const top = stack[stack.length - 1];
    if (m[5] !== undefined) {
      top.children.push(decode(m[5]));
      continue;
    }
    if (!m[2]) continue;
    const tag = m[2].toLowerCase();
    if (m[1]) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (m[3] ?? '').matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) attrs[a[1].toLowerCase()] = decode(a[2] ?? a[3] ?? a[4] ?? '');
    const el: Element = { tag, attrs, children: [] };
    top.children.push(el);
    if (!VOID.has(tag) && !m[4]) stack.push(el);
  }
  return root;
}

export interface MarkdownOptions {
  /** Makes a link or image URL absolute. */
  url(href: string): string;
}

const isBlock = (n: Node) => typeof n !== 'string' && BLOCK.has(n.tag);
// Hidden tab panels (code samples in other languages) are content: only their buttons are chrome.
const hidden = (el: Element) =>
  SKIP.has(el.tag) || el.attrs['aria-hidden'] === 'true' || (el.attrs.hidden !== undefined && el.attrs.role !== 'tabpanel') || /\bhash-link\b/.test(el.attrs.class ?? '');

function textOf(node: Node): string {
  if (typeof node === 'string') return node;
  if (hidden(node)) return '';
  return node.children.map(textOf).join('');
}

function codeSpan(text: string): string {
  const t = text.replace(/\s+/g, ' ');
  const ticks = Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length)) + 1;
  const fence = '`'.repeat(ticks);
  return t.startsWith('`') || t.endsWith('`') ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
}

function inline(nodes: Node[], opts: MarkdownOptions): string {
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') {
      // Intraword underscores (field names) are not emphasis in CommonMark: left as they are.
      out += n.replace(/\s+/g, ' ').replace(/([\\*[\]<])/g, '\\$1');
      continue;
    }
    if (hidden(n)) continue;
    const inner = () => inline(n.children, opts);
    switch (n.tag) {
      case 'code':
        out += codeSpan(textOf(n));
        break;
      case 'strong':
      case 'b': {
        const t = inner().trim();
        if (t) out += `**${t}**`;
        break;
      }
      case 'em':
      case 'i': {
        const t = inner().trim();
        if (t) out += `*${t}*`;
        break;
      }
      case 'a': {
        const t = inner().trim();
        const href = n.attrs.href;
        out += href && t ? `[${t}](${opts.url(href)})` : t;
        break;
      }
      case 'img':
        if (n.attrs.src) out += `![${(n.attrs.alt ?? '').replace(/[[\]]/g, '')}](${opts.url(n.attrs.src)})`;
        break;
      case 'br':
        out += '\n';
        break;
      case 'span':
        // Badges (HTTP methods, "required") sit next to other text, apart only by their styling.
        out += /badge/.test(n.attrs.class ?? '') ? ` ${inner().trim()} ` : inner();
        break;
      default:
        // A block inside inline content (rare in our output) reads as a space-separated run.
        out += isBlock(n) ? ` ${blocks(n.children, opts).join(' ')} ` : inner();
    }
  }
  return out;
}

function indent(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? first : line ? rest : '') + line)
    .join('\n');
}

/** Markdown blocks of a list of nodes: runs of inline content become paragraphs. */
function blocks(nodes: Node[], opts: MarkdownOptions): string[] {
  const out: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const t = inline(run, opts).replace(/ {2,}/g, ' ').replace(/[ \t]+\n/g, '\n').replace(/\n[ \t]+/g, '\n').trim();
    if (t) out.push(t);
    run = [];
  };
  for (const n of nodes) {
    if (!isBlock(n)) {
      run.push(n);
      continue;
    }
    flush();
    const el = n as Element;
    if (hidden(el)) continue;
    const b = block(el, opts);
    if (b) out.push(b);
  }
  flush();
  return out;
}

function block(el: Element, opts: MarkdownOptions): string {
  const tag = el.tag;
  if (/^h[1-6]$/.test(tag)) {
    const t = inline(el.children, opts).replace(/\s+/g, ' ').trim();
    return t ? `${'#'.repeat(Number(tag[1]))} ${t}` : '';
  }
  if (tag === 'pre') {
    const code = el.children.find((c): c is Element => typeof c !== 'string' && c.tag === 'code');
    const lang = /language-([\w+-]+)/.exec(code?.attrs.class ?? '')?.[1] ?? '';
    const text = textOf(el).replace(/\n$/, '');
    const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length + 1)));
    return `${fence}${lang}\n${text}\n${fence}`;
  }
  if (tag === 'ul' || tag === 'ol') {
    let i = 0;
    return el.children
      .filter((c): c is Element => typeof c !== 'string' && c.tag === 'li' && !hidden(c))
      .map((li) => {
        const marker = tag === 'ol' ? `${++i}. ` : '- ';
        const body = blocks(li.children, opts).join('\n\n') || ' ';
        return indent(body, marker, ' '.repeat(marker.length));
      })
      .join('\n');
  }
  if (tag === 'table') return table(el, opts);
  if (tag === 'blockquote') return indent(blocks(el.children, opts).join('\n\n'), '> ', '> ');
  if (tag === 'hr') return '---';
  if (el.attrs.role === 'tabpanel') {
    // The tab's name is on its button, which is left out; the code block carries it as its label.
    const label = findPre(el)?.attrs['aria-label'];
    const body = blocks(el.children, opts).join('\n\n');
    return label && !body.startsWith(label) ? `${label}:\n\n${body}` : body;
  }
  if (tag === 'dt') return `**${inline(el.children, opts).trim()}**`;
  return blocks(el.children, opts).join('\n\n');
}

function findPre(el: Element): Element | undefined {
  for (const c of el.children) {
    if (typeof c === 'string') continue;
    if (c.tag === 'pre') return c;
    const inner = findPre(c);
    if (inner) return inner;
  }
  return undefined;
}

function table(el: Element, opts: MarkdownOptions): string {
  const rows: string[][] = [];
  const visit = (n: Element) => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (c.tag === 'tr') rows.push(c.children.filter((x): x is Element => typeof x !== 'string' && (x.tag === 'td' || x.tag === 'th')).map((cell) => inline(cell.children, opts).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim()));
      else if (c.tag !== 'caption') visit(c);
    }
  };
  visit(el);
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  return [line(rows[0]), line(Array(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
}

export function htmlToMarkdown(html: string, opts: MarkdownOptions): string {
  return blocks(parseHtml(html).children, opts)
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
