// ```mermaid fences: the diagram's text goes to the page as it is, readable without JavaScript,
// and the client runtime draws it with Mermaid in the browser (src/client/diagrams.ts), which it
// loads only on a page that has one: the page's content reports the 'mermaid' feature.
import type { MarkdownIt } from 'markdown-it';
import { escapeHtml } from '../../shared/html.ts';
import type { MarkdownEnv } from '../env.ts';

/** A diagram's HTML: its source in a <pre>, which stays as the fallback and the text re-drawn on a theme change. */
export function mermaidHtml(source: string): string {
  return `<div class="mermaid-diagram" data-mermaid><pre class="mermaid-source">${escapeHtml(source.replace(/\n$/, ''))}</pre></div>\n`;
}

export function mermaid(md: MarkdownIt): void {
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, env: MarkdownEnv, self) => {
    const token = tokens[idx];
    if (token.info.trim().split(/\s+/)[0]?.toLowerCase() !== 'mermaid') return fence(tokens, idx, options, env, self);
    (env.features ??= new Set()).add('mermaid');
    return mermaidHtml(token.content);
  };
}
