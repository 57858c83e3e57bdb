// Which URLs written by authors (Markdown, front matter, authors.yml, the site config, the OpenAPI
// spec and its overlays) may become an attribute of the site: http, https and mailto URLs, and
// URLs without a scheme (paths, fragments, queries, "//host"). Anything else (javascript:,
// data:, vbscript:, file:, any other scheme) is refused, read the way a browser reads it.

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/** True when `url` may be written into an href, src, og:image, JSON-LD or feed. */
export function isAllowedUrl(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
}

/**
 * The scheme a browser would find in `url`, lowercased, or undefined when it has none. A browser
 * decodes character references in an attribute, drops leading spaces and control characters and
 * removes tabs and newlines anywhere, so "&#106;ava&#x09;script:" and " JavaScript:" are the
 * javascript scheme. Anything before the first colon that is not a valid scheme ("java%09script")
 * is returned as it is, so that only the allowed schemes pass.
 */
function schemeOf(url: string): string | undefined {
  const s = decodeReferences(url)
    // oxlint-disable-next-line no-control-regex -- browsers skip leading C0 controls and spaces too
    .replace(/^[\u0000-\u0020]+/, '')
    .replace(/[\t\n\r]/g, '');
  const colon = s.indexOf(':');
  if (colon < 0) return undefined;
  const head = s.slice(0, colon);
  // A colon after a path, query or fragment has begun is part of it ("./a:b", "/x?t=1:2").
  if (/[/?#\\]/.test(head)) return undefined;
  return head.toLowerCase();
}

/** Numeric character references (with or without ";") and the named ones that spell URL syntax. */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text
    .replace(/&#(x[0-9a-f]+|\d+);?/gi, (_, n: string) => {
      const code = n[0] === 'x' || n[0] === 'X' ? parseInt(n.slice(1), 16) : Number(n);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/&(colon|tab|newline|sol|bsol|quest|num|period|amp);/gi, (_, name: string) => NAMED[name.toLowerCase()]);
}

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', sol: '/', bsol: '\\', quest: '?', num: '#', period: '.', amp: '&' };

/** The warning for a refused URL (`field` says where it was: "info.termsOfService", "front matter \"image\""). */
export function refusedUrlMessage(url: string, field?: string): string {
  const shown = url.length > 60 ? `${url.slice(0, 57)}...` : url;
  return `Unsafe URL ${JSON.stringify(shown)}${field ? ` in ${field}` : ''} was left out`;
}

export const REFUSED_URL_HINT =
  'URLs from content may be http, https or mailto URLs, paths, fragments (#x) or queries (?x); a link whose URL is left out keeps its text.';
