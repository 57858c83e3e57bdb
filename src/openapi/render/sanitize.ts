// HTML written in the spec's descriptions (CommonMark allows it; vendor specs are full of <p>,
// <a href>, <code>, <br>, <b>, <nobr>) goes through an allowlist: formatting and structure stay,
// everything else (scripts, styles, handlers, iframes) goes, unknown tags keep their text, and a
// link passes the URL policy or loses its href. Links are handed to `link` to be localised and
// checked like Markdown links.
import sanitizeHtml from 'sanitize-html';
import { isAllowedUrl } from '../../shared/urlPolicy.ts';

const TAGS = [
  'p',
  'br',
  'hr',
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'kbd',
  'code',
  'pre',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'details',
  'summary',
  'button',
  'img',
];

/** Also the markup the Markdown renderer itself writes around the spec's HTML (code blocks, headings, admonitions). */
const ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': ['id', 'class', 'title', 'role', 'tabindex', 'aria-label', 'aria-labelledby', 'aria-hidden', 'data-lang', 'data-copy', 'lang', 'dir'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  ol: ['start'],
  td: ['colspan', 'rowspan', 'align'],
  th: ['colspan', 'rowspan', 'align', 'scope'],
  button: ['type'],
  details: ['open'],
};

/**
 * Sanitised HTML. `link(href)` gets each link's href (after the URL policy) and returns the
 * href to write; a refused URL loses its href and keeps its text.
 */
export function sanitizeDescription(html: string, link: (href: string) => string): string {
  return sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: ATTRIBUTES,
    // The URL policy decides (schemes, control characters), not sanitize-html's scheme list.
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
    transformTags: {
      a: (tagName, attribs) => {
        const { href, ...rest } = attribs;
        if (href === undefined) return { tagName, attribs: rest };
        if (!isAllowedUrl(href)) return { tagName, attribs: rest };
        return { tagName, attribs: { ...rest, href: link(href) } };
      },
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        return { tagName, attribs: src !== undefined && isAllowedUrl(src) ? { ...rest, src } : rest };
      },
    },
  });
}
