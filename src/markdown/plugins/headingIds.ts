// Heading ids (markdown-it-anchor, unique per page) with a permalink, plus explicit ids written
// as "## Title {#custom-id}".
import type { MarkdownIt } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import type { StateCore } from 'markdown-it';
import { slugify } from '../slugify.ts';
import type { MarkdownEnv } from '../env.ts';

const EXPLICIT_ID = /\s*\{#([\w\p{L}-]+)\}\s*$/u;

export function headingIds(md: MarkdownIt): void {
  md.core.ruler.push('explicit_heading_id', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const last = inline.children?.[inline.children.length - 1];
      const m = last?.type === 'text' ? EXPLICIT_ID.exec(last.content) : null;
      if (m && last) {
        last.content = last.content.slice(0, m.index);
        inline.content = inline.content.replace(EXPLICIT_ID, '');
        tokens[i].attrSet('id', m[1]);
      }
    }
  });
  md.use(anchor, {
    level: 1,
    slugify,
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
