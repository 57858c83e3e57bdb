// Rewrites links and images as the page is parsed: relative .md links become routes, site paths
// get the locale prefix, images are copied with hashed names. Each link is handed to the env
// with its line, so the build can check it once every page's anchors are known. A link or image
// whose URL the site's URL policy refuses is left out (its text stays) and recorded in the env.
import type { MarkdownIt } from 'markdown-it';
import type { Token } from 'markdown-it';
import type { MarkdownEnv } from '../env.ts';
import { isAllowedUrl } from '../../shared/urlPolicy.ts';

type TokenClass = new (type: string, tag: string, nesting: number) => Token;

export function links(md: MarkdownIt): void {
  // markdown-it's own check turns a few schemes (javascript:, data:) back into source text without
  // a word; every destination comes to the rule below instead, which refuses them and says so.
  md.validateLink = () => true;
  md.core.ruler.push('docsgen_links', (state) => {
    const env = state.env as MarkdownEnv;
    walk(state.tokens, env, undefined, state.Token as unknown as TokenClass);
  });
}

function walk(tokens: Token[], env: MarkdownEnv, block: Token | undefined, TokenCtor: TokenClass): void {
  let refusedAt = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'inline' && token.children) {
      walk(token.children, env, token.map ? token : block, TokenCtor);
      continue;
    }
    if (token.type === 'link_open') {
      const href = token.attrGet('href') as string | null;
      if (href && !isAllowedUrl(href)) {
        refuse(env, href, lineOf(block, href, env));
        refusedAt = i;
        continue;
      }
      if (href) {
        const resolved = env.resolveLink(href, lineOf(block, href, env));
        token.attrSet('href', resolved.href);
        if (resolved.external) {
          token.attrSet('target', '_blank');
          token.attrSet('rel', 'noopener noreferrer');
        }
      }
    } else if (token.type === 'link_close' && refusedAt >= 0) {
      // Links do not nest: this closes the refused one. Both tags go, the text between stays.
      tokens.splice(i, 1);
      tokens.splice(refusedAt, 1);
      i -= 2;
      refusedAt = -1;
    } else if (token.type === 'image') {
      const src = token.attrGet('src') as string | null;
      if (src && !isAllowedUrl(src)) {
        refuse(env, src, lineOf(block, src, env));
        const alt = new TokenCtor('text', '', 0);
        alt.content = altText(token.children ?? []);
        tokens[i] = alt;
        continue;
      }
      if (src) {
        token.attrSet('src', env.resolveAsset(src, lineOf(block, src, env)));
        token.attrSet('loading', 'lazy');
        token.attrSet('decoding', 'async');
      }
    }
  }
}

function refuse(env: MarkdownEnv, url: string, line: number): void {
  env.refusedUrls?.push({ url, line });
}

/** An image's alt text as markdown-it renders it into the alt attribute. */
function altText(children: Token[]): string {
  let text = '';
  for (const c of children) {
    if (c.type === 'text' || c.type === 'code_inline') text += c.content;
    else if (c.type === 'image') text += altText(c.children ?? []);
    else if (c.type === 'softbreak' || c.type === 'hardbreak') text += '\n';
  }
  return text;
}

/** The 1-based file line of a link: the block's first line plus the line of the href inside it. */
function lineOf(block: Token | undefined, needle: string, env: MarkdownEnv): number {
  const start = (block?.map?.[0] ?? 0) + env.bodyLine;
  const at = block?.content.indexOf(needle) ?? -1;
  if (at < 0) return start;
  return start + (block!.content.slice(0, at).match(/\n/g)?.length ?? 0);
}
