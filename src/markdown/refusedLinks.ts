// Links and images in Markdown whose URL the site's URL policy (src/shared/urlPolicy.ts) refuses.
// The links plugin leaves them out of the HTML as it renders (and the page reports them); the API
// model and overlays find them here, with the same parser, and the Markdown copies published
// beside pages drop them the same way.
import { getStrings } from '../shared/i18n/index.ts';
import { isAllowedUrl } from '../shared/urlPolicy.ts';
import { createMarkdown, type MarkdownEnv } from './renderMarkdown.ts';
import { mapProseLines } from './markdownLinks.ts';

/**
 * A link destination that is not plainly allowed: after "](" or in a reference definition (both
 * may start on the next line), an autolink's scheme, or an ftp: URL (which linkify links). Most
 * texts hold none, and are not parsed again.
 */
const DESTINATION = /\]\(\s*<?([^\s)>]*)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]*)|<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>|\b(ftp:)/gim;
/** The same in Markdown indented inside another format (a YAML block scalar). */
const INDENTED_DESTINATION = new RegExp(DESTINATION.source.replace('^ {0,3}', ''), 'gi');
const PLAINLY_ALLOWED = /^(?:https?:\/\/|mailto:|[/#?])/i;

/** Whether `markdown` may hold a refused link; `indented`: it is inside a file of another format. */
export function mayHoldRefusedLink(markdown: string, indented = false): boolean {
  if (!markdown.includes(':')) return false;
  for (const m of markdown.matchAll(indented ? INDENTED_DESTINATION : DESTINATION)) {
    const d = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (!PLAINLY_ALLOWED.test(d) && /[:&\\]/.test(d)) return true;
  }
  return false;
}

/**
 * The refused links and images of a Markdown text, with their lines (`bodyLine` is the file line
 * of the text's first line), as the links plugin finds them when the text is rendered.
 */
export function refusedLinks(markdown: string, bodyLine = 1, allowHtml = false): { url: string; line: number }[] {
  if (!mayHoldRefusedLink(markdown)) return [];
  const refusedUrls: { url: string; line: number }[] = [];
  const env: MarkdownEnv = {
    file: '',
    bodyLine,
    strings: getStrings('en'),
    resolveLink: (href) => ({ href }),
    resolveAsset: (src) => src,
    refusedUrls,
  };
  // Rendered, not only parsed: admonition titles and tab labels are Markdown read at render time.
  const md = createMarkdown({ allowHtml, tocMin: 2, tocMax: 3 });
  md.renderer.render(md.parse(markdown, env), md.options, env);
  return refusedUrls;
}

/** An <a href> or <img src> whose URL is not plainly allowed (in a JSON file its quotes are escaped). */
const HTML_URL = /\b(?:href|src)\s*=\s*(?:\\?["'])?([^\s"'\\>]*)/gi;
const HTML_TAG = /<(a|img)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const HTML_ATTRIBUTE = /(?:^|\s)(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** Whether a text (a Markdown text, or a whole spec file) may hold an HTML link or image the URL policy refuses. */
export function mayHoldRefusedHtmlUrl(text: string): boolean {
  if (!/href|src/i.test(text)) return false;
  for (const m of text.matchAll(HTML_URL)) if (!PLAINLY_ALLOWED.test(m[1]) && /[:&]/.test(m[1])) return true;
  return false;
}

/**
 * The links (<a href>) and images (<img src>) written as HTML in a Markdown text whose URL the
 * policy refuses, with their lines in the text: HTML in the spec's descriptions is kept through
 * an allowlist that drops such a URL (see openapi/render/sanitize.ts). Found as markdown-it finds
 * HTML (not in code), the URL read with its character references decoded as the sanitiser reads it.
 */
export function refusedHtmlUrls(markdown: string): { url: string; line: number }[] {
  if (!mayHoldRefusedHtmlUrl(markdown)) return [];
  const md = createMarkdown({ allowHtml: true, tocMin: 2, tocMax: 3 });
  const env: MarkdownEnv = { file: '', bodyLine: 1, strings: getStrings('en'), resolveLink: (href) => ({ href }), resolveAsset: (src) => src };
  const found: { url: string; line: number }[] = [];
  const scan = (html: string, line: number) => {
    for (const tag of html.matchAll(HTML_TAG)) {
      for (const attr of tag[2].matchAll(HTML_ATTRIBUTE)) {
        if ((tag[1].toLowerCase() === 'a') !== (attr[1].toLowerCase() === 'href')) continue;
        const url = md.utils.unescapeAll(attr[2] ?? attr[3] ?? attr[4] ?? '');
        if (!isAllowedUrl(url)) found.push({ url, line: line + (html.slice(0, tag.index).match(/\n/g)?.length ?? 0) });
      }
    }
  };
  for (const t of md.parse(markdown, env)) {
    if (t.type === 'html_block' && t.map) scan(t.content, t.map[0] + 1);
    if (t.type !== 'inline' || !t.children) continue;
    let line = (t.map?.[0] ?? 0) + 1;
    for (const c of t.children) {
      if (c.type === 'softbreak' || c.type === 'hardbreak') line++;
      else if (c.type === 'html_inline') scan(c.content, line);
    }
  }
  return found;
}

const LINK_TEXT = String.raw`\[((?:[^[\]\\]|\\.|\[(?:[^[\]\\]|\\.)*\])*)\]`;
const DEST = String.raw`(<[^<>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*)`;
const TITLE = String.raw`(?:\s+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?`;
const INLINE = new RegExp(String.raw`(!?)${LINK_TEXT}\(\s*${DEST}${TITLE}\s*\)`, 'g');
const AUTOLINK = /<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/gi;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;

/**
 * Markdown published as it is (a doc's .md copy, an API description in its page's copy) without
 * the links and images the policy refuses: a link becomes its text, an image its alt text, an
 * autolink its URL as text, a reference definition goes. Code is kept as written. A link whose
 * text runs over several lines is beyond this line-by-line pass (the HTML page drops it too).
 */
export function dropRefusedLinks(markdown: string): string {
  if (!mayHoldRefusedLink(markdown)) return markdown;
  return mapProseLines(markdown, (line) => {
    const def = DEFINITION.exec(line);
    if (def) return refused(def[1]) ? '' : line;
    return line
      .split(/(`+[^`]*`+)/)
      .map((part) =>
        part.startsWith('`')
          ? part
          : part
              .replace(INLINE, (all, _bang: string, text: string, dest: string) => (refused(dest) ? text : all))
              .replace(AUTOLINK, (all, url: string) => (isAllowedUrl(url) ? all : url)),
      )
      .join('');
  });
}

/** A destination as markdown-it reads it (angle brackets and backslash escapes removed) refused. */
function refused(dest: string): boolean {
  const d = dest.startsWith('<') && dest.endsWith('>') ? dest.slice(1, -1) : dest;
  return !isAllowedUrl(d.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
}
