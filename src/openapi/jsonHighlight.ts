// JSON highlighting for the reference's examples, with the same markup highlight.js produces for
// JSON (so the theme's colours apply unchanged) at a fraction of its cost: examples are most of
// the highlighted text of an API reference.
import { escapeHtml } from './context.ts';

const TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],:])|([^"\-\d{}[\],:tfn]+|[\s\S])/g;

export function highlightJson(code: string): string {
  let out = '';
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(code); m; m = TOKEN.exec(code)) {
    if (m[1] !== undefined) {
      if (m[2] !== undefined) {
        const ws = m[2].slice(0, -1);
        out += `<span class="hljs-attr">${escapeHtml(m[1])}</span>${ws}<span class="hljs-punctuation">:</span>`;
      } else out += `<span class="hljs-string">${escapeHtml(m[1])}</span>`;
    } else if (m[3] !== undefined) out += `<span class="hljs-number">${m[3]}</span>`;
    else if (m[4] !== undefined) out += `<span class="hljs-literal"><span class="hljs-keyword">${m[4]}</span></span>`;
    else if (m[5] !== undefined) out += `<span class="hljs-punctuation">${m[5]}</span>`;
    else out += escapeHtml(m[6]);
  }
  return out;
}
