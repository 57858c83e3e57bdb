// Fenced code: highlighted at build time with highlight.js (nothing ships to the browser), an
// optional title="...", highlighted lines ({1,3-5}, or Docusaurus's highlight comments), line numbers (showLineNumbers, or
// showLineNumbers=N to start at N, as Docusaurus writes it), and a copy button the client runtime
// wires up. The numbers are drawn by CSS, so copying the code leaves them out.
import type { MarkdownIt } from 'markdown-it';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import http from 'highlight.js/lib/languages/http';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import plaintext from 'highlight.js/lib/languages/plaintext';
import { escapeHtml } from '../../shared/html.ts';
import type { MarkdownEnv } from '../env.ts';
import { applyMagicComments } from './magicComments.ts';

const LANGUAGES = { bash, css, diff, http, javascript, json, python, shell, sql, typescript, xml, yaml, plaintext };
for (const [name, lang] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, lang);
hljs.registerAliases(['sh', 'zsh', 'console'], { languageName: 'bash' });
hljs.registerAliases(['js', 'jsx', 'mjs', 'cjs'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['text', 'txt'], { languageName: 'plaintext' });

export interface FenceInfo {
  lang: string;
  title?: string;
  lines: Set<number>;
  /** The first line's number when the lines are numbered. */
  firstLineNumber?: number;
}

/** Parses "js title="a.js" {1,3-4} showLineNumbers" into its parts. */
export function parseFenceInfo(info: string): FenceInfo {
  const lang = info.trim().split(/\s+/)[0] ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(info);
  const range = /\{([\d,\s-]+)\}/.exec(info);
  const lines = new Set<number>();
  for (const part of range?.[1].split(',') ?? []) {
    const [a, b] = part.trim().split('-').map(Number);
    if (!a) continue;
    for (let n = a; n <= (b || a); n++) lines.add(n);
  }
  const numbers = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(info);
  return {
    lang: lang.startsWith('{') || lang.startsWith('title=') || lang.startsWith('showLineNumbers') ? '' : lang,
    title: title?.[1] ?? title?.[2] ?? title?.[3],
    lines,
    firstLineNumber: numbers ? Number(numbers[1] ?? 1) : undefined,
  };
}

export function highlight(code: string, lang: string): string {
  if (!lang || !hljs.getLanguage(lang)) return escapeHtml(code);
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
}

/** Highlighted code split into lines (see splitHighlightedLines). */
export function highlightedLines(code: string, lang: string): string[] {
  return splitHighlightedLines(highlight(code, lang));
}

/** Splits highlighted HTML into lines, closing and reopening spans that cross a line break. */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  const re = /(<span[^>]*>)|(<\/span>)|(\n)|([^<\n]+|<)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    if (m[1]) {
      open.push(m[1]);
      current += m[1];
    } else if (m[2]) {
      open.pop();
      current += m[2];
    } else if (m[3]) {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
    } else current += m[4];
  }
  lines.push(current);
  return lines;
}

/** Highlighted lines by language and source, kept at most this many at a time. */
const HIGHLIGHT_MEMO_SIZE = 4000;

export function codeBlocks(md: MarkdownIt): void {
  // Held by this markdown-it instance (one per config): docs repeat their snippets (the same
  // request in every tutorial, each page in two locales), and highlighting is the costliest step
  // of rendering a page.
  const highlighted = new Map<string, string[]>();
  const linesOf = (code: string, lang: string) => {
    const key = `${lang}\n${code}`;
    let lines = highlighted.get(key);
    if (lines === undefined) {
      lines = highlightedLines(code, lang);
      if (highlighted.size >= HIGHLIGHT_MEMO_SIZE) highlighted.clear();
      highlighted.set(key, lines);
    }
    return lines;
  };
  md.renderer.rules.fence = (tokens, idx, _options, rawEnv) => {
    const env = rawEnv as MarkdownEnv;
    const token = tokens[idx];
    const info = parseFenceInfo(token.info);
    // A {1,4-6} range wins over highlight comments, as on Docusaurus.
    const marked = info.lines.size
      ? { code: token.content.replace(/\n$/, ''), lines: info.lines }
      : applyMagicComments(token.content.replace(/\n$/, ''), info.lang);
    const lines = linesOf(marked.code, info.lang.toLowerCase());
    const body = lines.map((line, i) => `<span class="line${marked.lines.has(i + 1) ? ' highlighted' : ''}">${line || ' '}</span>`).join('\n');
    const lang = escapeHtml(info.lang);
    const title = info.title ? `<div class="code-title">${escapeHtml(info.title)}</div>` : '';
    const label = info.title ? escapeHtml(info.title) : lang || env.strings.code;
    const first = info.firstLineNumber;
    const numbered = first === undefined ? '' : ' line-numbers';
    const counter = first !== undefined && first !== 1 ? ` style="counter-reset: line ${first - 1}"` : '';
    return (
      `<div class="code-block${numbered}"${lang ? ` data-lang="${lang}"` : ''}>${title}` +
      `<pre tabindex="0" role="region" aria-label="${label}"><code${lang ? ` class="language-${lang}"` : ''}${counter}>${body}</code></pre>` +
      `<button type="button" class="copy-button" data-copy aria-label="${escapeHtml(env.strings.copyCode)}">${escapeHtml(env.strings.copy)}</button></div>\n`
    );
  };
}
