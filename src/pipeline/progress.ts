// What a build prints while it runs. On a terminal: a tick and the time of each finished phase, and
// the render phase as a bar of pages done out of all, redrawn in place. Elsewhere (CI, a pipe): one
// plain line per finished phase, so a log shows where a long build spent its time.

export interface BuildProgress {
  /** A phase ended after `ms` milliseconds. */
  phase(name: string, ms: number): void;
  /** `done` of `total` routes are rendered. */
  pages(done: number, total: number): void;
  /** The build is over, finished or failed: the bar, if drawn, is removed. */
  end(): void;
}

export const silentProgress: BuildProgress = { phase() {}, pages() {}, end() {} };

interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const BAR = 24;
/** The bar is redrawn at most this often: a terminal is slow to repaint, and a build fast. */
const REDRAW_MS = 80;

export function streamProgress(out: Stream): BuildProgress {
  if (!out.isTTY) return { phase: (name, ms) => void out.write(`${name}: ${formatMs(ms)}\n`), pages() {}, end() {} };
  let drawn = false;
  let lastDraw = 0;
  const clear = () => {
    if (drawn) out.write('\r\x1b[2K');
    drawn = false;
  };
  return {
    phase(name, ms) {
      clear();
      out.write(`\x1b[32m✓\x1b[39m ${name} \x1b[2m${formatMs(ms)}\x1b[22m\n`);
    },
    pages(done, total) {
      const now = performance.now();
      if (done < total && now - lastDraw < REDRAW_MS) return;
      lastDraw = now;
      const filled = total ? Math.round((done / total) * BAR) : BAR;
      const line = `  rendering pages ${'█'.repeat(filled)}${'░'.repeat(BAR - filled)} ${done}/${total}`;
      out.write(`\r\x1b[2K${line.slice(0, (out.columns || 80) - 1)}`);
      drawn = true;
    },
    end: clear,
  };
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
