// Pieces of an API page's Markdown copy (/docs/api/x.md), which the renderers write beside the
// page's HTML: escaped text, code spans and fences, list items and absolute links.

/** Plain text as Markdown: whitespace collapsed, what would read as markup escaped. */
export function mdText(text: string): string {
  // Most labels and descriptions have nothing to change: no new strings for them.
  if (!NEEDS_TEXT_CHANGE.test(text)) return text;
  // Intraword underscores (field names) are not emphasis in CommonMark: left as they are.
  return text.replace(/\s+/g, ' ').replace(/([\\*[\]<`])/g, '\\$1');
}
const NEEDS_TEXT_CHANGE = /[\\*[\]<`\t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}/;

/** A code span long enough for the backticks inside it. */
export function mdCode(text: string): string {
  if (!NEEDS_CODE_CHANGE.test(text)) return `\`${text}\``;
  const t = text.replace(/\s+/g, ' ');
  let ticks = 1;
  if (t.includes('`')) for (const m of t.matchAll(/`+/g)) ticks = Math.max(ticks, m[0].length + 1);
  const fence = '`'.repeat(ticks);
  return t.startsWith('`') || t.endsWith('`') ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
}

const NEEDS_CODE_CHANGE = /[`\t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}/;

/** A fenced code block whose fence is longer than any run of backticks in the code. */
export function mdFence(code: string, lang: string): string {
  const text = code.replace(/\n$/, '');
  let fence = 3;
  if (text.includes('```')) for (const m of text.matchAll(/`{3,}/g)) fence = Math.max(fence, m[0].length + 1);
  const ticks = '`'.repeat(fence);
  return `${ticks}${lang === 'plaintext' ? '' : lang}\n${text}\n${ticks}`;
}

export function mdLink(label: string, url: string): string {
  return `[${label}](${/[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url})`;
}

/** A list item: the marker, then the body's later lines indented under it (blank lines stay blank). */
export function mdItem(body: string, marker = '- '): string {
  const pad = ' '.repeat(marker.length);
  return marker + (body.includes('\n') ? body.replace(/\n(?!\n|$)/g, `\n${pad}`) : body);
}

/** Blocks joined by blank lines, empty ones left out. */
export function mdBlocks(blocks: readonly string[]): string {
  let out = '';
  for (const b of blocks) if (b) out = out ? `${out}\n\n${b}` : b;
  return out;
}
