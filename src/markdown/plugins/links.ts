// Rewrites links and images as the page is parsed: relative .md links become routes, site paths
// get the locale prefix, images are copied with hashed names. Each link is handed to the env
// with its line, so the build can check it once every page's anchors are known.
import type { MarkdownIt } from 'markdown-it';
import type { Token } from 'markdown-it';
import type { MarkdownEnv } from '../renderMarkdown.ts';

export function links(md: MarkdownIt): void {
  md.core.ruler.push('docsgen_links', (state) => {
    const env = state.env as MarkdownEnv;
    walk(state.tokens, env, undefined);
  });
}

function walk(tokens: Token[], env: MarkdownEnv, block: Token | undefined): void {
  for (const token of tokens) {
    if (token.type === 'inline' && token.children) {
      walk(token.children, env, token.map ? token : block);
      continue;
    }
    if (token.type === 'link_open') {
      const href = token.attrGet('href') as string | null;
      if (href) {
        const resolved = env.resolveLink(href, lineOf(block, href, env));
        token.attrSet('href', resolved.href);
        if (resolved.external) {
          token.attrSet('target', '_blank');
          token.attrSet('rel', 'noopener noreferrer');
        }
      }
    } else if (token.type === 'image') {
      const src = token.attrGet('src') as string | null;
      if (src) {
        token.attrSet('src', env.resolveAsset(src, lineOf(block, src, env)));
        token.attrSet('loading', 'lazy');
        token.attrSet('decoding', 'async');
      }
    }
  }
}

/** The 1-based file line of a link: the block's first line plus the line of the href inside it. */
function lineOf(block: Token | undefined, needle: string, env: MarkdownEnv): number {
  const start = (block?.map?.[0] ?? 0) + env.bodyLine;
  const at = block?.content.indexOf(needle) ?? -1;
  if (at < 0) return start;
  return start + (block!.content.slice(0, at).match(/\n/g)?.length ?? 0);
}
