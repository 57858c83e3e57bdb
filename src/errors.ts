// Author-facing errors. Every problem docsgen reports about content or config is a SiteError:
// what is wrong, where (file and line), and a hint. The build collects them all and reports
// them together, so an author fixes every mistake in one pass.
import path from 'node:path';

export interface SiteProblem {
  code: string;
  message: string;
  file?: string;
  line?: number;
  /** Column on the line (1-based), where the tool that found the problem gives one (MDX). */
  column?: number;
  hint?: string;
  /** A warning is printed but does not fail the build; 'ignore' (an onBroken* option set so) is not reported at all. */
  severity?: 'error' | 'warning' | 'ignore';
}

export class SiteError extends Error implements SiteProblem {
  code: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  severity: 'error' | 'warning';

  constructor(problem: SiteProblem, options?: { cause?: unknown }) {
    super(problem.message, options);
    this.name = 'SiteError';
    this.code = problem.code;
    this.file = problem.file;
    this.line = problem.line;
    this.column = problem.column;
    this.hint = problem.hint;
    this.severity = problem.severity === 'warning' ? 'warning' : 'error';
  }
}

/** Thrown when a build finds one or more errors; carries all of them. */
export class BuildFailed extends Error {
  problems: SiteProblem[];
  constructor(problems: SiteProblem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} found`);
    this.name = 'BuildFailed';
    this.problems = problems;
  }
}

export function problemLocation(p: SiteProblem, root: string): string {
  if (!p.file) return '';
  const rel = path.relative(root, p.file) || p.file;
  return p.line ? `${rel}:${p.line}${p.column ? `:${p.column}` : ''}` : rel;
}

/** One problem as printed: "content/en/docs/a.md:12: error: Broken link ... \n  hint: ..." (file:line:column where a column is known). */
export function formatProblem(p: SiteProblem, root: string): string {
  const where = problemLocation(p, root);
  const head = `${where ? where + ': ' : ''}${p.severity === 'warning' ? 'warning' : 'error'}: ${p.message}`;
  return p.hint ? `${head}\n  hint: ${p.hint}` : head;
}

/** Collects problems during a stage; stages push instead of throwing so every problem is seen. */
export class ProblemList {
  items: SiteProblem[] = [];
  private seen = new Set<string>();
  /** Adds a problem; the same problem at the same place (a page rendered in two locales) is kept once. */
  add(p: SiteProblem): void {
    if (p.severity === 'ignore') return;
    const key = `${p.file}:${p.line}:${p.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(p);
  }
  get errors(): SiteProblem[] {
    return this.items.filter((p) => p.severity !== 'warning');
  }
  get warnings(): SiteProblem[] {
    return this.items.filter((p) => p.severity === 'warning');
  }
  throwIfErrors(): void {
    const errors = this.errors;
    if (errors.length) throw new BuildFailed(errors);
  }
}

/** A problem as plain data, which can be sent to another thread (a SiteError's message is not an own field). */
export function plainProblem({ code, message, file, line, column, hint, severity }: SiteProblem): SiteProblem {
  return { code, message, file, line, column, hint, severity };
}

export function toProblem(err: unknown): SiteProblem {
  if (err instanceof SiteError) return err;
  const e = err as Error;
  return { code: 'internal', message: e?.stack || String(err) };
}

/** The warning for a page's file or output past its size limit. */
export function tooLarge(file: string | undefined, bytes: number, limit: number, what: string): SiteProblem {
  const size = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  return {
    code: 'page-too-large',
    severity: 'warning',
    message: `This ${what} is ${size(bytes)}, more than ${size(limit)}`,
    file,
    line: file ? 1 : undefined,
    hint: 'Split it into several pages: a page this large is slow to build, to load and to search.',
  };
}
