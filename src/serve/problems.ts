// Problems as the dev server shows them: in the browser overlay and in the terminal. Paths are
// made relative to the site root and absolute paths of the machine are scrubbed from messages,
// so nothing but the site's own files reaches a response. Code frames come only from site files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import type { SiteProblem } from '../errors.ts';
import type { OverlayProblem } from '../shared/overlayProblem.ts';

export type { OverlayProblem };

const FRAME_CONTEXT = 2;
const MAX_FRAME_LINE = 200;

export class ProblemPresenter {
  private prefixes: [string, string][];

  constructor(private root: string) {
    // Longest first, so the site root wins over a home folder that contains it.
    const pairs: [string, string][] = [
      [root, ''],
      [PACKAGE_ROOT, 'docsgen'],
      [os.homedir(), '~'],
      [os.tmpdir(), '<tmp>'],
    ];
    this.prefixes = pairs.filter(([p]) => p && p !== path.sep).sort((a, b) => b[0].length - a[0].length);
  }

  /** 'content/en/docs/a.md' for a site file, 'docsgen/templates/x.tsx' for docsgen's own. */
  relative(file: string): string {
    const clean = file.startsWith('file://') ? decodeURIComponent(file.slice('file://'.length)) : file;
    if (!path.isAbsolute(clean)) return clean.split(path.sep).join('/');
    for (const [prefix, label] of this.prefixes) {
      if (clean === prefix || clean.startsWith(prefix + path.sep)) {
        const rel = path.relative(prefix, clean).split(path.sep).join('/');
        return label ? `${label}/${rel}` : rel;
      }
    }
    return path.basename(clean);
  }

  /** Replaces absolute paths of known folders in free text (messages, hints). */
  scrub(text: string): string {
    let out = text.replace(/file:\/\/(\/[^\s'"`)]*)/g, (_m, p: string) => decodeURIComponent(p));
    for (const [prefix, label] of this.prefixes) {
      const withSep = prefix + path.sep;
      out = out.split(withSep).join(label ? label + '/' : '');
      out = out.split(prefix).join(label || '.');
    }
    return out;
  }

  isSiteFile(file: string): boolean {
    return file.startsWith(this.root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
  }

  present(p: SiteProblem & { column?: number }): OverlayProblem {
    const out: OverlayProblem = {
      code: p.code,
      severity: p.severity === 'warning' ? 'warning' : 'error',
      message: this.scrub(p.message),
    };
    if (p.file) out.file = this.relative(p.file);
    if (p.line) out.line = p.line;
    if (p.column) out.column = p.column;
    if (p.hint) out.hint = this.scrub(p.hint);
    if (p.file && p.line && this.isSiteFile(p.file)) out.frame = codeFrame(p.file, p.line);
    return out;
  }
}

/** The lines around `line` of a file, or undefined when it cannot be read. */
export function codeFrame(file: string, line: number): OverlayProblem['frame'] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return undefined;
  const from = Math.max(1, line - FRAME_CONTEXT);
  const to = Math.min(lines.length, line + FRAME_CONTEXT);
  const frame: NonNullable<OverlayProblem['frame']> = [];
  for (let n = from; n <= to; n++) {
    const t = lines[n - 1];
    frame.push({ line: n, text: t.length > MAX_FRAME_LINE ? t.slice(0, MAX_FRAME_LINE) + '…' : t, ...(n === line ? { mark: true } : {}) });
  }
  return frame;
}

/** One problem for the terminal: "file:line: error: message", the hint and the code frame. */
export function formatForTerminal(p: OverlayProblem): string {
  const where = p.file ? `${p.file}${p.line ? `:${p.line}` : ''}: ` : '';
  const lines = [`${where}${p.severity}: ${p.message}`];
  if (p.hint) lines.push(`  hint: ${p.hint}`);
  if (p.frame) {
    const width = String(p.frame[p.frame.length - 1].line).length;
    for (const f of p.frame) lines.push(`  ${f.mark ? '>' : ' '} ${String(f.line).padStart(width)} | ${f.text}`);
  }
  return lines.join('\n');
}

/** Identity of a problem, to tell new problems from ones already printed. */
export function problemId(p: SiteProblem): string {
  return `${p.code}|${p.file ?? ''}|${p.line ?? ''}|${p.message}`;
}
