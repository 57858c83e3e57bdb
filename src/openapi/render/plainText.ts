// Descriptions from the spec as plain text, for summary lines (meta descriptions, cards, llms.txt)
// and search records: the Markdown is rendered (HTML in it included, as CommonMark allows), then
// every tag is stripped by sanitize-html, code blocks dropped, blocks kept apart by a space. A
// regular expression cannot do this: "**Items > Items**" read "Items Items", "<p>Retrieves…</p>"
// read "<pRetrieves…</p".
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { dropRefusedLinks } from '../../markdown/refusedLinks.ts';

const md = new MarkdownIt({ html: true, linkify: false, typographer: false });

/** Text with nothing Markdown or HTML would change: no parser needed (most descriptions). */
const PLAIN = /^[^`*_[\]<>#!&\\|~\n]*$/;

/** Where one block ends and the next starts: a space, so that words do not run together. */
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|tr|td|th|table|thead|tbody|h[1-6]|blockquote|pre|dt|dd|dl|hr|section|article)\b[^>]*>/gi;

const STRIP: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  // Code blocks are examples, not prose; scripts and styles are never text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'pre'],
};

/** Plain text of a Markdown description, for search records (and, cut to `max`, summaries). */
export function plainText(text: string | undefined, max = 0): string {
  if (!text) return '';
  // A link the URL policy refuses is no link to markdown-it: its text stays, its URL goes.
  const t = PLAIN.test(text) ? text.replace(/\s+/g, ' ').trim() : toText(md.render(dropRefusedLinks(text)));
  return max ? cut(t, max) : t;
}

/** Plain text of HTML (from a description's Markdown, or written as HTML in the spec). */
export function htmlText(html: string): string {
  return toText(html);
}

/** Markdown with HTML in it, the tags left out and the lines kept (for the Markdown copies). */
export function htmlToMarkdownText(text: string): string {
  return decode(
    sanitizeHtml(text.replace(/<br\s*\/?>/gi, '  \n'), {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'],
    }),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function toText(html: string): string {
  return decode(sanitizeHtml(html.replace(BLOCK_TAG, ' $& '), STRIP))
    .replace(/\s+/g, ' ')
    .trim();
}

/** sanitize-html escapes these five in the text it keeps. */
function decode(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}

function cut(t: string, max: number): string {
  if (t.length <= max) return t;
  const head = t.slice(0, max);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('다. '));
  return end > max / 2 ? head.slice(0, end + 1) : head.replace(/\s+\S*$/, '') + '…';
}

/**
 * The opening prose of a Markdown description, as plain text of at most `max` characters: for
 * summary lines (meta descriptions, overview lists). A table, list, code block, heading, quote
 * or HTML block ends it: flattened, a status table read "From Allowed next statuses pending packed".
 * Without prose before such a block, the whole text is read.
 */
export function summaryText(text: string | undefined, max: number): string {
  if (!text) return '';
  const source = text.trim();
  if (PLAIN.test(source)) return plainText(source, max);
  const tokens = md.parse(source, {});
  const end = tokens.find((tk) => tk.level === 0 && tk.nesting !== -1 && tk.type !== 'paragraph_open' && tk.type !== 'inline');
  const lines = source.split('\n');
  const prose = end?.map ? lines.slice(0, end.map[0]).join('\n').trim() : source;
  if (!end || !prose) return plainText(prose || source, max);
  // A sentence that ends with a colon just before the block introduces it ('Every response
  // carries:', '모든 응답에는 다음 헤더가 포함됩니다:'): without the block it says nothing, so the
  // summary ends with the sentence before it, or reads as cut.
  const opening = plainText(prose);
  if (opening.length > max) return plainText(prose, max);
  if (!opening.endsWith(':')) return opening;
  const before = /^(.*[.!?])\s+\S.*$/s.exec(opening);
  return before ? before[1] : `${opening.slice(0, -1)}…`;
}
