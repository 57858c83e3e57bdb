// Math: $...$ inline and $$...$$ blocks (@mdit/plugin-tex reads the syntax, as remark-math does
// for Docusaurus), typeset by KaTeX at build time into HTML and MathML: the browser runs nothing,
// and a page with math links KaTeX's stylesheet (the 'math' feature). A formula KaTeX cannot read
// is reported at its line and shown as its source.
import type { MarkdownIt, Token } from 'markdown-it';
import { createRequire } from 'node:module';
import { tex } from '@mdit/plugin-tex';
import type Katex from 'katex';
import { escapeHtml } from '../../shared/html.ts';
import type { MarkdownEnv } from '../env.ts';

/** KaTeX, loaded at the first formula: most sites have none, and every thread that renders would load it. */
let katex: typeof Katex | undefined;
const loadKatex = (): typeof Katex => (katex ??= createRequire(import.meta.url)('katex') as typeof Katex);

/** A formula as HTML and MathML, or throws KaTeX's ParseError. */
export function renderMath(source: string, display: boolean): string {
  return loadKatex().renderToString(source, { displayMode: display, throwOnError: true, strict: 'ignore', output: 'htmlAndMathml' });
}

export function math(md: MarkdownIt): void {
  // The syntax only: the rules below render, with the token (and so its line) at hand.
  md.use(tex, { delimiters: 'dollars', render: () => '' });
  md.renderer.rules.math_inline = (tokens, idx, _options, env: MarkdownEnv) => formula(tokens[idx], false, env);
  md.renderer.rules.math_block = (tokens, idx, _options, env: MarkdownEnv) => formula(tokens[idx], true, env);
  // Inline tokens have no line of their own: each formula gets its paragraph's, plus the lines before it.
  md.core.ruler.push('math_lines', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.map || !block.children?.some((c) => c.type === 'math_inline')) continue;
      let from = 0;
      for (const child of block.children) {
        if (child.type !== 'math_inline') continue;
        const at = block.content.indexOf(child.content, from);
        from = at < 0 ? from : at + child.content.length;
        child.meta = { line: block.map[0] + (at < 0 ? 0 : (block.content.slice(0, at).match(/\n/g)?.length ?? 0)) };
      }
    }
  });
}

function formula(token: Token, display: boolean, env: MarkdownEnv): string {
  try {
    const html = renderMath(token.content.trim(), display);
    (env.features ??= new Set()).add('math');
    return display ? `<div class="math-display">${html}</div>\n` : html;
  } catch (err) {
    if (!(err instanceof loadKatex().ParseError)) throw err;
    const line = (display ? token.map?.[0] : (token.meta as { line?: number } | null)?.line) ?? 0;
    env.warnings?.push({
      message: `Math that KaTeX cannot read is shown as its source: ${err.message.replace(/^KaTeX parse error: /, '')}`,
      line: line + env.bodyLine,
      hint: 'Fix the formula (KaTeX supports most LaTeX math); write \\$ for a dollar sign that is not math.',
    });
    const code = `<code class="math-error">${escapeHtml(token.content.trim())}</code>`;
    return display ? `<pre class="math-display">${code}</pre>\n` : code;
  }
}
