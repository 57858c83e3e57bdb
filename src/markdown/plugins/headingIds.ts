// Heading ids as Docusaurus gives them (github-slugger over the heading's text, "-1", "-2" for a
// repeat; an explicit "## Title {#custom-id}" as written, not counted as a repeat), then
// markdown-it-anchor for the tabindex and the "#" permalink.
import type { MarkdownIt } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import type { StateCore } from 'markdown-it';
import { headingSlugger } from '../slugify.ts';
import type { MarkdownEnv } from '../env.ts';

const EXPLICIT_ID = /\s*\{#([\w\p{L}-]+)\}\s*$/u;

export function headingIds(md: MarkdownIt): void {
  md.core.ruler.push('heading_ids', (state) => {
    const tokens = state.tokens;
    const slug = headingSlugger();
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const last = inline.children?.[inline.children.length - 1];
      const m = last?.type === 'text' ? EXPLICIT_ID.exec(last.content) : null;
      if (m && last) {
        last.content = last.content.slice(0, m.index);
        inline.content = inline.content.replace(EXPLICIT_ID, '');
        tokens[i].attrSet('id', m[1]);
      } else tokens[i].attrSet('id', slug(inlineText(inline.children ?? [])));
    }
  });
  md.use(anchor, {
    level: 1,
    tabIndex: -1,
    failOnNonUnique: false,
    permalink: anchor.permalink.linkInsideHeader({
      class: 'hash-link',
      symbol: '#',
      placement: 'after',
      renderAttrs: (slug, anchorState) => {
        // markdown-it-anchor types its own State; it is markdown-it's core state.
        const state = anchorState as unknown as StateCore;
        const i = state.tokens.findIndex((t) => t.type === 'heading_open' && t.attrGet('id') === slug);
        const text = i >= 0 ? inlineText(state.tokens[i + 1].children ?? []) : slug;
        return { 'aria-label': `${(state.env as MarkdownEnv).strings.directLink}: ${text}` };
      },
    }),
  });
}

export function inlineText(children: { type: string; content: string }[]): string {
  return children
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');
}
