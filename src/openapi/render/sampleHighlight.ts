// Highlighting for the code samples docsgen writes itself (curl, fetch, requests): their shape is
// known, so a few regular expressions give the tokens the classes highlight.js would (strings,
// variables, keywords, function names, keys, literals) at a small fraction of its cost per call.
// Samples written in the spec (x-codeSamples) still go through highlight.js.

function text(s: string): string {
  return /[&<>]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;
}

const span = (cls: string, body: string) => `<span class="${cls}">${body}</span>`;

const BASH = /("(?:[^"\\]|\\.)*")|('[^']*')|(\$[A-Za-z_]\w*)|([^"'$]+|[\s\S])/g;
const JS =
  /(`(?:[^`\\]|\\.)*`)|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|\b(const|let|await|new|import|from|async|return)\b|\b(JSON|FormData|URLSearchParams|Blob)\b|([A-Za-z_$][\w$]*)(?=\()|^([ \t]*)([A-Za-z_$][\w$]*)(?=:)|([A-Za-z_$][\w$]*)|(\b\d+(?:\.\d+)?\b)|([^A-Za-z_$\d"'`]+|[\s\S])/gm;
const PY =
  /(f?"(?:[^"\\\n]|\\.)*")|\b(import|from|as)\b|\b(print|open)\b(?=\()|\b(True|False|None)\b|([A-Za-z_]\w*)|(\b\d+(?:\.\d+)?\b)|([^A-Za-z_\d"]+|[\s\S])/g;

export function highlightSample(code: string, lang: string): string | undefined {
  let out = '';
  if (lang === 'bash') {
    for (const m of code.matchAll(BASH)) {
      if (m[1])
        out += span(
          'hljs-string',
          text(m[1]).replace(/\$[A-Za-z_]\w*/g, (v) => span('hljs-variable', v)),
        );
      else if (m[2]) out += span('hljs-string', text(m[2]));
      else if (m[3]) out += span('hljs-variable', m[3]);
      else out += text(m[4]);
    }
    return out;
  }
  if (lang === 'javascript') {
    for (const m of code.matchAll(JS)) {
      if (m[1])
        out += span(
          'hljs-string',
          text(m[1]).replace(/\$\{[^}]*\}/g, (v) => span('hljs-subst', v)),
        );
      else if (m[2]) out += span('hljs-string', text(m[2]));
      else if (m[3]) out += span('hljs-keyword', m[3]);
      else if (m[4]) out += span('hljs-title class_', m[4]);
      else if (m[5]) out += span('hljs-title function_', m[5]);
      else if (m[7]) out += m[6] + span('hljs-attr', m[7]);
      else if (m[8]) out += m[8];
      else if (m[9]) out += span('hljs-number', m[9]);
      else out += text(m[10]);
    }
    return out;
  }
  if (lang === 'python') {
    for (const m of code.matchAll(PY)) {
      if (m[1])
        out += span(
          'hljs-string',
          text(m[1]).replace(/\{[^}]*\}/g, (v) => (m[1].startsWith('f') ? span('hljs-subst', v) : v)),
        );
      else if (m[2]) out += span('hljs-keyword', m[2]);
      else if (m[3]) out += span('hljs-built_in', m[3]);
      else if (m[4]) out += span('hljs-literal', m[4]);
      else if (m[5]) out += m[5];
      else if (m[6]) out += span('hljs-number', m[6]);
      else out += text(m[7]);
    }
    return out;
  }
  return undefined;
}
