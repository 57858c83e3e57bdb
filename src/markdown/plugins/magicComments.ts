// Docusaurus's highlight comments in code: a line holding only `// highlight-next-line` marks the
// line after it, `// highlight-start` ... `// highlight-end` the lines between; the comment lines
// themselves are left out of the code. Which comment forms count depends on the language, as on
// Docusaurus (`#` in bash, python and YAML, `<!-- -->` in HTML and Markdown, `{/* */}` in JSX);
// a language it does not list accepts the common ones. A block without a language, or with a
// `{1,4-6}` range in its info line, is left as it is.

type CommentForm = [start: string, end: string];

const SLASHES: CommentForm = ['\\/\\/', ''];
const BLOCK: CommentForm = ['\\/\\*', '\\*\\/'];
const JSX: CommentForm = ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'];
const HASH: CommentForm = ['#', ''];
const HTML: CommentForm = ['<!--', '-->'];
const DASHES: CommentForm = ['--', ''];
const PERCENT: CommentForm = ['%', ''];

const BY_LANGUAGE: Record<string, CommentForm[]> = {
  js: [SLASHES, BLOCK],
  javascript: [SLASHES, BLOCK],
  ts: [SLASHES, BLOCK],
  typescript: [SLASHES, BLOCK],
  jsx: [SLASHES, BLOCK, JSX],
  tsx: [SLASHES, BLOCK, JSX],
  html: [SLASHES, BLOCK, HTML],
  python: [HASH],
  py: [HASH],
  bash: [HASH],
  markdown: [HTML, JSX, HASH],
  md: [HTML, JSX, HASH],
  tex: [PERCENT],
  latex: [PERCENT],
  matlab: [PERCENT],
  lua: [DASHES],
  haskell: [DASHES],
  sql: [DASHES, BLOCK],
};
const COMMON: CommentForm[] = [SLASHES, BLOCK, JSX, HASH, HTML];

const DIRECTIVES = ['highlight-next-line', 'highlight-start', 'highlight-end'];

function directivePattern(forms: CommentForm[]): RegExp {
  const alternatives = forms.map(([start, end]) => `(?:${start}\\s*(${DIRECTIVES.join('|')})\\s*${end})`).join('|');
  return new RegExp(`^\\s*(?:${alternatives})\\s*$`);
}

/** The comment line pattern of each listed language, and of any other. */
const PATTERNS = new Map(Object.entries(BY_LANGUAGE).map(([lang, forms]) => [lang, directivePattern(forms)]));
const COMMON_PATTERN = directivePattern(COMMON);

/** The code without its highlight comments, and the 1-based numbers of the lines they mark. */
export function applyMagicComments(code: string, lang: string): { code: string; lines: Set<number> } {
  const lines = new Set<number>();
  if (!lang || !code.includes('highlight-')) return { code, lines };
  const pattern = PATTERNS.get(lang.toLowerCase()) ?? COMMON_PATTERN;
  const kept: string[] = [];
  let blockStart: number | undefined;
  for (const line of code.split('\n')) {
    const m = pattern.exec(line);
    const directive = m?.slice(1).find((d) => d !== undefined);
    if (!directive) {
      kept.push(line);
      continue;
    }
    // Line numbers are those of the code without the comments (1-based): the next kept line is kept.length + 1.
    if (directive === 'highlight-next-line') lines.add(kept.length + 1);
    else if (directive === 'highlight-start') blockStart = kept.length + 1;
    else if (blockStart !== undefined) {
      for (let n = blockStart; n <= kept.length; n++) lines.add(n);
      blockStart = undefined;
    }
  }
  return { code: kept.join('\n'), lines };
}
