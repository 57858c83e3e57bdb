// JSON highlighting for the reference's examples: the classes highlight.js gives JSON tokens (so
// the theme's colours apply unchanged), without its unstyled punctuation spans and with quotes
// left unescaped in text. Examples are most of an API page's code, and this keeps them small
// and cheap to produce. The browser uses it too, for the request bodies it writes
// (src/client/apiPanels.ts).
const TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null|True|False|None)\b|([^"\-\dtfnTFN]+|[\s\S])/g;

/** Escapes text for an HTML text node (quotes need no escaping there). Also reads Python literals. */
function text(s: string): string {
  return /[&<>]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;
}

export function highlightJson(code: string): string {
  let out = '';
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(code); m; m = TOKEN.exec(code)) {
    if (m[1] !== undefined)
      out += m[2] !== undefined ? `<span class="hljs-attr">${text(m[1])}</span>${m[2]}` : `<span class="hljs-string">${text(m[1])}</span>`;
    else if (m[3] !== undefined) out += `<span class="hljs-number">${m[3]}</span>`;
    else if (m[4] !== undefined) out += `<span class="hljs-keyword">${m[4]}</span>`;
    else out += text(m[5]);
  }
  return out;
}
