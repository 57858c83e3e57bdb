// A .md file read as CommonMark (markdown.format 'detect' or 'md', or an .mdx file under 'md') that was written as MDX would
// publish its MDX as text: `import Tabs from '@theme/Tabs';`, `<Tabs groupId="os">`. The first
// such line is reported at its place, with how many more there are, and how to have it compiled.
import type { MarkdownIt, StateCore } from 'markdown-it';
import type { MarkdownEnv } from '../env.ts';

const MDX_LINE = [
  /^import\s+(?:[\w*{}\s,]+\s+from\s+)?['"][^'"]+['"];?\s*$/,
  /^export\s+(?:const|let|var|function|class|default|\{)/,
  /^\s*<\/?[A-Z][\w.]*(?:\s|\/?>|$)/,
];

export function mdxLeftovers(md: MarkdownIt): void {
  md.core.ruler.push('mdx_leftovers', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    const mdx = env.file.endsWith('.mdx');
    if ((!mdx && !env.file.endsWith('.md')) || !env.warnings) return;
    const found: number[] = [];
    for (let i = 0; i < state.tokens.length; i++) {
      const token = state.tokens[i];
      const block =
        token.type === 'inline' && state.tokens[i - 1]?.type === 'paragraph_open' ? state.tokens[i - 1] : token.type === 'html_block' ? token : undefined;
      if (!block?.map) continue;
      token.content.split('\n').forEach((line, n) => {
        if (MDX_LINE.some((re) => re.test(line))) found.push(block.map![0] + n + env.bodyLine);
      });
    }
    if (!found.length) return;
    env.warnings.push({
      line: found[0],
      message: `this ${mdx ? '.mdx' : '.md'} file holds MDX (import, export or a <Component> tag${found.length > 1 ? `; ${found.length - 1} more line${found.length > 2 ? 's' : ''}` : ''}), which is published as text`,
      hint: mdx
        ? "markdown.format 'md' reads .mdx files as CommonMark: set it to 'detect' (or 'mdx') to compile them with MDX."
        : "Docusaurus 3 reads .md files as MDX: set markdown: { format: 'mdx' } in the config, or rename the file to .mdx.",
    });
  });
}
