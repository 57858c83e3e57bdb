// Heading ids as Docusaurus gives them: github-slugger over the heading's text, "-1", "-2" for a
// repeat, and an explicit "## Title {#custom-id}" as written (neither made unique nor counted, as
// Docusaurus has it); then tabindex -1 and a "#" permalink after the text.
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { headingSlugger } from '../slugify.ts';
import type { MarkdownEnv } from '../env.ts';

const EXPLICIT_ID = /\s*\{#([\w\p{L}-]+)\}\s*$/u;

export function headingIds(md: MarkdownIt): void {
  md.core.ruler.push('heading_ids', (state: StateCore) => {
    const tokens = state.tokens;
    const slug = headingSlugger();
    const env = state.env as MarkdownEnv;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const children = (inline.children ??= []);
      const last = children[children.length - 1];
      const m = last?.type === 'text' ? EXPLICIT_ID.exec(last.content) : null;
      let id: string;
      if (m && last) {
        last.content = last.content.slice(0, m.index);
        inline.content = inline.content.replace(EXPLICIT_ID, '');
        id = m[1];
      } else id = slug(inlineText(children));
      tokens[i].attrSet('id', id);
      tokens[i].attrSet('tabindex', '-1');
      const text = inlineText(children);
      const open = new state.Token('link_open', 'a', 1);
      open.attrs = [
        ['class', 'hash-link'],
        ['href', `#${id}`],
        ['aria-label', `${env.strings.directLink}: ${text}`],
      ];
      const symbol = Object.assign(new state.Token('html_inline', '', 0), { content: '#', meta: { isPermalinkSymbol: true } });
      children.push(Object.assign(new state.Token('text', '', 0), { content: ' ' }), open, symbol, new state.Token('link_close', 'a', -1));
    }
  });
}

export function inlineText(children: Pick<Token, 'type' | 'content' | 'meta'>[]): string {
  return children
    .filter((t) => (t.type === 'text' || t.type === 'code_inline') && !t.meta?.isPermalinkSymbol)
    .map((t) => t.content)
    .join('');
}
