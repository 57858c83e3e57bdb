// `docsgen serve`: with watching (the default) the dev server builds the site in memory, serves
// it and rebuilds on change with live reload; with --no-watch the static server serves the
// finished build. startServer is the programmatic entry (tests, benchmarks).
import path from 'node:path';
import type { Logger, RunningServer } from './listen.ts';

export type { Logger, RunningServer } from './listen.ts';

export interface ServerOptions {
  /** Site folder (holds site.config.ts). */
  root: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (this machine only). */
  host?: string;
  /** Default true; false serves the production build in `outDir`. */
  watch?: boolean;
  /** Build output for watch: false, relative to root (default dist). */
  outDir?: string;
  log?: Logger;
}

const consoleLog: Logger = {
  info: (line) => process.stdout.write(line + '\n'),
  problem: (text) => process.stderr.write(text + '\n'),
};

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const root = path.resolve(options.root);
  const port = options.port ?? 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${options.port}": use a number from 0 to 65535.`);
  const common = { root, port, host: options.host ?? '127.0.0.1', log: options.log ?? consoleLog };
  if (options.watch === false) {
    const { startStaticServer } = await import('./staticServer.ts');
    return startStaticServer({ ...common, outDir: options.outDir ?? 'dist' });
  }
  const { startDevServer } = await import('./devServer.ts');
  return startDevServer(common);
}

/** The CLI command: serves until interrupted. */
export async function serve(root: string, opts: { port: number; host: string; watch: boolean; outDir: string }): Promise<number> {
  // Listen for Ctrl+C from the start: an interrupt while the site builds still cleans up.
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let server: RunningServer;
  try {
    server = await startServer({ root, port: opts.port, host: opts.host, watch: opts.watch, outDir: opts.outDir });
  } catch (err) {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.stderr.write(`error: ${(err as Error).message}\n`);
    return 1;
  }
  await stopped;
  await server.close();
  return 0;
}
