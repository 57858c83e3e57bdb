// <details> and <summary> as Docusaurus authors write them in Markdown, with raw HTML still off:
// an allowlisted block, not HTML. `<details>` (or `<details open>`) on a line of its own opens it,
// an optional `<summary>...</summary>` gives its label (inline Markdown), the lines up to the
// matching `</details>` are Markdown (indented as the author likes), and nothing else of HTML
// passes. An unclosed `<details>` is reported and closed where its parent block ends.
import type { MarkdownIt, StateBlock } from 'markdown-it';
import { escapeHtml } from '../../shared/html.ts';
import type { MarkdownEnv } from '../env.ts';

const OPEN = /^<details(\s+open)?\s*>/i;
const CLOSE = /^<\/details>\s*$/i;
const SUMMARY_START = /^<summary>/i;
const SUMMARY_END = /<\/summary>/i;

export function details(md: MarkdownIt): void {
  md.block.ruler.before('html_block', 'details', detailsBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.details_open = (tokens, idx, _options, env: MarkdownEnv) => {
    const open = tokens[idx].attrGet('open') !== null ? ' open' : '';
    // Without a summary the browser would label it in its own language: the page's is used.
    const label = tokens[idx + 1]?.type === 'summary_open' ? '' : `<summary>${escapeHtml(env.strings.details)}</summary><div class="details-body">\n`;
    return `<details class="details"${open}>${label}`;
  };
  md.renderer.rules.summary_open = () => '<summary>';
  md.renderer.rules.summary_close = () => '</summary><div class="details-body">\n';
  md.renderer.rules.details_close = () => '</div></details>\n';
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
}

function detailsBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  const first = lineText(state, startLine);
  const open = OPEN.exec(first);
  if (!open) return false;
  if (silent) return true;

  // The matching </details>: nested <details> lines count, as lines outside the parent end it.
  let depth = 1;
  let closeLine = startLine;
  let closed = false;
  while (++closeLine < endLine) {
    const text = lineText(state, closeLine);
    if (text && state.sCount[closeLine] < state.blkIndent) break;
    if (OPEN.test(text)) depth++;
    else if (CLOSE.test(text) && --depth === 0) {
      closed = true;
      break;
    }
  }
  const env = state.env as MarkdownEnv;
  if (!closed) {
    env.warnings?.push({
      message: '<details> is not closed',
      line: startLine + env.bodyLine,
      hint: 'End it with "</details>" on a line of its own.',
    });
  }

  const token = state.push('details_open', 'details', 1);
  token.block = true;
  token.map = [startLine, closeLine];
  if (open[1]) token.attrSet('open', '');

  // The summary: on the <details> line, or on the next lines; it may span lines.
  let rest = first.slice(open[0].length).trim();
  let bodyStart = startLine + 1;
  if (!rest) {
    while (bodyStart < closeLine && !lineText(state, bodyStart)) bodyStart++;
    if (bodyStart < closeLine && SUMMARY_START.test(lineText(state, bodyStart))) rest = lineText(state, bodyStart++);
  }
  if (SUMMARY_START.test(rest)) {
    let summary = rest;
    const summaryLine = bodyStart - 1;
    while (!SUMMARY_END.test(summary) && bodyStart < closeLine) summary += '\n' + lineText(state, bodyStart++);
    const end = SUMMARY_END.exec(summary);
    const label = summary.slice('<summary>'.length, end ? end.index : undefined).trim();
    rest = end ? summary.slice(end.index + end[0].length).trim() : '';
    state.push('summary_open', 'summary', 1).map = [summaryLine, bodyStart];
    const inline = state.push('inline', '', 0);
    inline.content = label;
    inline.map = [summaryLine, bodyStart];
    inline.children = [];
    state.push('summary_close', 'summary', -1);
  }
  if (rest) {
    // Text after the tags on their line is the body's first paragraph.
    state.push('paragraph_open', 'p', 1).map = [bodyStart - 1, bodyStart];
    const inline = state.push('inline', '', 0);
    inline.content = rest;
    inline.map = [bodyStart - 1, bodyStart];
    inline.children = [];
    state.push('paragraph_close', 'p', -1);
  }

  // The body is Markdown relative to its least indented line, so indenting it by four spaces
  // (as authors do inside HTML) does not turn it into a code block.
  let indent = Infinity;
  for (let l = bodyStart; l < closeLine; l++) if (lineText(state, l)) indent = Math.min(indent, state.sCount[l]);
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  const oldIndent = state.blkIndent;
  state.parentType = 'details' as typeof state.parentType;
  state.lineMax = closeLine;
  if (indent !== Infinity && indent > state.blkIndent) state.blkIndent = indent;
  state.md.block.tokenize(state, bodyStart, closeLine);
  state.blkIndent = oldIndent;
  state.parentType = oldParent;
  state.lineMax = oldLineMax;

  state.push('details_close', 'details', -1).block = true;
  state.line = closeLine + (closed ? 1 : 0);
  return true;
}
