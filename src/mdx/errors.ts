// An .mdx file that does not compile: where (file, line, column) and what to do about it. MDX's
// own messages say what the parser expected; the hint says it in an author's terms.
import type { SiteProblem } from '../errors.ts';

export class MdxCompileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly line: number | undefined,
    readonly column: number | undefined,
    readonly hint: string,
  ) {
    super(`${file}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ${reason}`);
    this.name = 'MdxCompileError';
  }

  toProblem(): SiteProblem {
    return { code: 'mdx-syntax', message: `MDX: ${this.reason}`, file: this.file, line: this.line, column: this.column, hint: this.hint };
  }
}

const GENERAL =
  'MDX is Markdown with JSX: "<" starts a tag and "{" an expression. Write \\< and \\{ for the characters themselves, close every tag (<br />), and write comments as {/* ... */}.';

/** The hint for one of MDX's messages, by the rule that raised it. */
export function hintFor(ruleId: string | undefined, source: string | undefined, reason: string): string {
  if (ruleId === 'acorn' || source === 'micromark-extension-mdx-expression')
    return 'Braces start a JavaScript expression in MDX. Write \\{ for a literal brace, or put the text in `code`.';
  if (source === 'micromark-extension-mdxjs-esm' || /\bimport\b|\bexport\b/.test(reason))
    return 'import and export lines go at the top level, each a complete JavaScript statement, separated from Markdown by a blank line.';
  if (/closing tag|end-tag|mismatch|lazy/i.test(`${ruleId} ${reason}`))
    return 'Every JSX tag must be closed (<br />, <img />) and tags must close in the order they opened; Markdown inside a tag needs blank lines around it.';
  if (/before name|character/i.test(reason))
    return 'A "<" that does not start a tag must be written \\< (or &lt;). HTML comments are written {/* ... */} in MDX.';
  return GENERAL;
}
