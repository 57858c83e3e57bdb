// Page code (an MDX page, a React page, a component they import) runs in the build's own process.
// A page that calls process.exit() would end the build with that code, often 0, before the new
// output is swapped in: the site would look built while dist/ is stale. While page code runs,
// process.exit throws instead, and the page's render fails like any other error, naming its file.

export class PageExitError extends Error {
  constructor(readonly exitCode: unknown) {
    super(`the page called process.exit(${exitCode === undefined ? '' : String(exitCode)}) while the site was rendered`);
    this.name = 'PageExitError';
  }
}

let depth = 0;
let realExit: typeof process.exit | undefined;

/** Runs page code with process.exit turned into a thrown PageExitError (nested and overlapping calls share one guard). */
export async function withExitGuard<T>(run: () => Promise<T>): Promise<T> {
  if (depth++ === 0) {
    realExit = process.exit;
    process.exit = ((code?: unknown) => {
      throw new PageExitError(code);
    }) as typeof process.exit;
  }
  try {
    return await run();
  } finally {
    if (--depth === 0 && realExit) {
      process.exit = realExit;
      realExit = undefined;
    }
  }
}
