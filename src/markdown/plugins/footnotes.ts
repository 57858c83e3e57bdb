// Footnotes ([^1] and [^1]: text) with markdown-it-footnote, rendered the way GitHub does for
// screen readers: each reference is described by a labelled "Footnotes" section, and each note
// links back with a label that says to which reference, in the page's language. Ids (fn-1,
// fnref-1, with env.docId as a prefix when a page renders several documents) are unique in a page.
import type { MarkdownIt, Renderer, Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import { escapeHtml } from '../../shared/html.ts';
import type { MarkdownEnv } from '../env.ts';

type Rule = Renderer['rules'][string];

export function footnotes(md: MarkdownIt): void {
  md.use(footnote);
  const rules = md.renderer.rules;
  const name = (tokens: Token[], idx: number, env: MarkdownEnv): string => {
    const n = tokens[idx].meta.id + 1;
    return typeof env.docId === 'string' ? `${env.docId}-${n}` : String(n);
  };
  const ref: Rule = (tokens, idx, _options, env: MarkdownEnv) => {
    const { subId } = tokens[idx].meta;
    const id = name(tokens, idx, env);
    const refId = subId > 0 ? `${id}-${subId}` : id;
    return `<sup class="footnote-ref"><a href="#fn-${id}" id="fnref-${refId}" aria-describedby="${labelId(env)}">${tokens[idx].meta.id + 1}</a></sup>`;
  };
  rules.footnote_ref = ref;
  rules.footnote_block_open = (_tokens, _idx, _options, env: MarkdownEnv) =>
    `<section class="footnotes" aria-labelledby="${labelId(env)}"><h2 class="sr-only" id="${labelId(env)}">${escapeHtml(env.strings.footnotes)}</h2>\n<ol>\n`;
  rules.footnote_block_close = () => '</ol>\n</section>\n';
  rules.footnote_open = (tokens, idx, _options, env: MarkdownEnv) => `<li id="fn-${name(tokens, idx, env)}">`;
  rules.footnote_close = () => '</li>\n';
  rules.footnote_anchor = (tokens, idx, _options, env: MarkdownEnv) => {
    const { subId } = tokens[idx].meta;
    const id = name(tokens, idx, env);
    const n = tokens[idx].meta.id + 1;
    const label = env.strings.footnoteBackref(subId > 0 ? `${n}-${subId + 1}` : String(n));
    return ` <a href="#fnref-${subId > 0 ? `${id}-${subId}` : id}" class="footnote-backref" aria-label="${escapeHtml(label)}">\u21a9\uFE0E</a>`;
  };
  // The notes' ids are anchors links may point to (renderMarkdown collects ids of open tokens).
  md.core.ruler.after('footnote_tail', 'footnote_ids', (state) => {
    const env = state.env as MarkdownEnv;
    for (let i = 0; i < state.tokens.length; i++) {
      const t = state.tokens[i];
      if (t.type === 'footnote_open') t.attrSet('id', `fn-${name(state.tokens, i, env)}`);
      else if (t.type === 'footnote_block_open') t.attrSet('id', labelId(env));
    }
  });
}

function labelId(env: MarkdownEnv): string {
  return typeof env.docId === 'string' ? `${env.docId}-footnote-label` : 'footnote-label';
}
