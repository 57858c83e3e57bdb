// Link targets in Markdown source, rewritten where a page's Markdown is published as is (a doc's
// .md copy, the descriptions in an API page's copy): relative and site links become absolute.

/**
 * Rewrites the targets of inline links, images and reference definitions outside code: the
 * callback gets the raw target and returns the new one. Code fences and code spans are kept.
 */
export function rewriteMarkdownLinks(markdown: string, rewrite: (target: string, image: boolean, line: number) => string): string {
  return mapProseLines(markdown, (line, i) => {
    if (!line.includes(']')) return line;
    const def = /^(\s{0,3}\[[^\]]+\]:\s*)(<[^>]*>|\S+)(.*)$/.exec(line);
    if (def) return def[1] + wrap(def[2], (t) => rewrite(t, false, i + 1)) + def[3];
    // Split off code spans so their contents stay as written.
    return line
      .split(/(`+[^`]*`+)/)
      .map((part) =>
        part.startsWith('`')
          ? part
          : part.replace(
              /(!?)(\[[^\]]*\]\()(<[^>]*>|[^\s)]+)/g,
              (_, bang: string, head: string, target: string) => bang + head + wrap(target, (t) => rewrite(t, bang === '!', i + 1)),
            ),
      )
      .join('');
  });
}

/**
 * Maps the lines of Markdown that are not code (fenced or indented) through `fn` (which gets the
 * line and its 0-based index); code lines stay as they are.
 */
export function mapProseLines(markdown: string, fn: (line: string, index: number) => string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line, i) => {
      const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence) {
        if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !line.trim().slice(open[1].length).trim()) fence = undefined;
        return line;
      }
      if (open) {
        fence = open[1];
        return line;
      }
      return /^( {4}|\t)/.test(line) ? line : fn(line, i);
    })
    .join('\n');
}

function wrap(target: string, fn: (t: string) => string): string {
  return target.startsWith('<') && target.endsWith('>') ? `<${fn(target.slice(1, -1))}>` : fn(target);
}
