// A problem as the dev server sends it to the browser overlay (src/client/devClient.ts).
/** Sent as JSON; every string is plain text. */
export interface OverlayProblem {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** Relative to the site root ('content/en/docs/a.md'), or 'docsgen/...' for the default theme. */
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  /** Source lines around `line`; `mark` on the line of the problem. */
  frame?: { line: number; text: string; mark?: boolean }[];
}
