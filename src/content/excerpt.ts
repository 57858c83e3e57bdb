// A doc's excerpt as Docusaurus makes it (docusaurus-utils' createExcerpt): the first line of its
// Markdown that has text once the markup is taken off. Docusaurus describes a doc without a
// front matter description by it, on its category's cards and its tags' lists.

/** Markup taken off a line, in this order: what each leaves of what it matches. */
const LINE_MARKUP: [RegExp, string][] = [
  [/<[^>]*>/g, ''], // HTML and JSX tags (their text stays)
  [/^#[^#]+#?/, ''], // the title (an h1): not a description
  [/^#{1,6}\s*([^#]*?)\s*#{0,6}/, '$1'], // a heading's marks
  [/([*_]{1,3})(.*?)\1/g, '$2'], // emphasis
  [/~~(\S.*\S)~~/g, '$1'], // strikethrough
  [/!\[(.*?)\][[(].*?[\])]/g, '$1'], // an image: its alt text
  [/\[\^.+?\](?:: .*$)?/g, ''], // footnote references and definitions
  [/\[(.*?)\][[(].*?[\])]/g, '$1'], // a link: its text
  [/`(.+?)`/g, '$1'], // inline code
  [/^\s{0,3}>\s?/, ''], // a quote's mark
  [/:::.*/, ''], // an admonition's fence and title
  [/\s?:(?:::|[^:\n])+:/g, ''], // emoji names (:tada:)
  [/\{#*[\w-]+\}/, ''], // a heading's explicit id
];

/**
 * The first line of `markdown` (a page's body, front matter removed) with text once its markup is
 * removed; undefined when none has. A setext title at the start, imports and exports (up to the
 * next blank line) and fenced code are skipped.
 */
export function markdownExcerpt(markdown: string): string | undefined {
  const lines = markdown
    .trimStart()
    .replace(/^[^\r\n]*\r?\n=+/, '')
    .split(/\r?\n/);
  let fence = '';
  let inImports = false;
  for (const line of lines) {
    if (!line.trim()) {
      inImports = false;
      continue;
    }
    if (!fence && (inImports || /^(?:import|export)\s/.test(line))) {
      inImports = true;
      continue;
    }
    const fenceMarks = /^\s*(`{3,})/.exec(line)?.[1];
    if (fenceMarks) {
      // A fence closes with at least as many backticks as opened it.
      if (!fence) fence = fenceMarks;
      else if (fenceMarks.length >= fence.length) fence = '';
      continue;
    }
    if (fence) continue;
    const text = LINE_MARKUP.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), line).trim();
    if (text) return text;
  }
  return undefined;
}
