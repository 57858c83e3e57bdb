// The docsgen command line. Commands load their modules lazily so `docsgen --help` stays fast.
import { Command, CommanderError } from 'commander';
import path from 'node:path';
import { BuildFailed, formatProblem } from './errors.ts';
import type { SiteConfig } from './types.ts';

const VERSION = '0.1.0';

export async function run(argv: string[]): Promise<number> {
  // React's server renderer checks NODE_ENV at load time; its development build is several times slower.
  process.env.NODE_ENV ??= 'production';
  const program = new Command('docsgen')
    .description('Build, preview and index a bilingual documentation site.')
    .version(VERSION, '-v, --version')
    .option('--root <dir>', 'site folder (holds site.config.ts and content/)', '.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  let code = 0;
  const root = () => path.resolve(program.opts().root);
  // Every command first puts right what a docsgen process killed mid-build left in the site.
  const recover = async (out: string) => {
    const { recoverAfterCrash } = await import('./output/outputDir.ts');
    recoverAfterCrash(root(), path.resolve(root(), out));
  };

  program
    .command('build')
    .description('render every route to static HTML in the output folder')
    .option('-o, --out <dir>', 'output folder', 'dist')
    .option('-l, --locale <locale>', 'build one locale only')
    .option('--no-minify', 'keep the client bundle readable')
    .option('--workers <n>', 'render workers besides the main thread (default: none for small sites, else one per spare core)')
    .option('--no-cache', 'build without the cache: neither read nor write .docsgen/cache (docsgen clean deletes it)')
    .action(async (opts: { out: string; locale?: string; minify: boolean; workers?: string; cache: boolean }) => {
      code = await withProblems(root(), async () => {
        await recover(opts.out);
        const { loadConfig } = await import('./config/loadConfig.ts');
        const { buildSite, summaryLine } = await import('./pipeline/build.ts');
        const { streamProgress } = await import('./pipeline/progress.ts');
        const config = await loadConfig(root());
        if (opts.locale && !config.locales.some((l) => l.code === opts.locale)) {
          process.stderr.write(`error: unknown locale "${opts.locale}" (the config has ${config.locales.map((l) => l.code).join(', ')})\n`);
          return 2;
        }
        const workers = opts.workers === undefined ? undefined : Number(opts.workers);
        if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0)) {
          process.stderr.write(`error: --workers takes a whole number of 0 or more, not "${opts.workers}"\n`);
          return 2;
        }
        const result = await buildSite(config, {
          outDir: opts.out,
          locales: opts.locale ? [opts.locale] : undefined,
          minify: opts.minify,
          workers,
          cache: opts.cache,
          progress: streamProgress(process.stdout),
        });
        for (const w of result.warnings) process.stderr.write(formatProblem(w, root()) + '\n');
        process.stdout.write(summaryLine(result) + '\n');
        // For the benchmark: peak memory of the whole process, render workers included.
        if (process.env.DOCSGEN_DEBUG) process.stdout.write(`peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
        return 0;
      });
    });

  program
    .command('serve')
    .description('build, serve on http://127.0.0.1:3000 and rebuild on change')
    .option('-p, --port <port>', 'port', '3000')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--no-watch', 'serve the finished production build from dist/')
    .option('-o, --out <dir>', 'output folder to serve with --no-watch', 'dist')
    .action(async (opts: { port: string; host: string; watch: boolean; out: string }) => {
      code = await withProblems(root(), async () => {
        await recover(opts.out);
        const { serve } = await import('./serve/index.ts');
        return serve(root(), { port: Number(opts.port), host: opts.host, watch: opts.watch, outDir: opts.out });
      });
    });

  program
    .command('init')
    .description('write a small working site to start from: config, home page, docs, a blog post')
    .argument('[dir]', 'folder of the new site', '.')
    .option('--locales <codes>', 'languages, the default first, such as "en" or "en,ko"', 'en')
    .action(async (dir: string, opts: { locales: string }) => {
      const { initSite } = await import('./init/index.ts');
      const target = path.resolve(dir);
      const result = initSite(target, { locales: opts.locales.split(',').map((l) => l.trim()) });
      if (!result.ok) {
        process.stderr.write(`error: ${result.message}\n`);
        code = 1;
        return;
      }
      const relative = path.relative(process.cwd(), target) || '.';
      const shown = relative.startsWith('..') ? target : relative;
      process.stdout.write(`Wrote a new site to ${shown} (${result.files.length} files).\n`);
      process.stdout.write(`Next: ${shown === '.' ? '' : `cd ${shown} && `}docsgen serve\n`);
    });

  program
    .command('clean')
    .description('delete the build cache (.docsgen/cache); the next build makes it again')
    .action(async () => {
      const { cacheFolderOf, clearCache } = await import('./cache/cacheFolder.ts');
      const dir = path.relative(process.cwd(), cacheFolderOf(root())) || '.';
      process.stdout.write(clearCache(root()) ? `Deleted the cache: ${dir}\n` : `No cache to delete at ${dir}\n`);
    });

  program
    .command('version')
    .description('snapshot the current docs, sidebars and OpenAPI spec as a released version (versions.json, versioned_docs/)')
    .argument('<name>', 'the version, such as "2.0"')
    .action(async (name: string) => {
      code = await withProblems(root(), async () => {
        const { loadConfig } = await import('./config/loadConfig.ts');
        const { snapshotVersion } = await import('./config/snapshotVersion.ts');
        const written = snapshotVersion(await loadConfig(root()), name);
        process.stdout.write(`Snapshot of the docs as version ${name}: ${written.join(', ')}\n`);
        return 0;
      });
    });

  program
    .command('index')
    .description('push the search records to the hosted search index')
    .option('--dry-run', 'show what would change without writing')
    .option('-o, --out <dir>', 'build output to take records from', 'dist')
    .option('--rebuild', 'build the site first even when records exist')
    .action(async (opts: { dryRun?: boolean; out: string; rebuild?: boolean }) => {
      code = await withProblems(root(), async () => {
        await recover(opts.out);
        const { runIndex } = await import('./search/indexCommand.ts');
        const build = async (config: SiteConfig, outDir: string) => {
          const { buildSite, summaryLine } = await import('./pipeline/build.ts');
          return summaryLine(await buildSite(config, { outDir }));
        };
        return runIndex(root(), { ...opts, build });
      });
    });

  program
    .command('api-diff')
    .description('compare two releases of an API spec (Swagger 2.0, OpenAPI 3.0, 3.1) and list what changed')
    .argument('<old>', "the earlier release's spec (its root file)")
    .argument('<new>', "the later release's spec")
    .option('--json', 'print the changes as JSON')
    .option('--fail-on-breaking', 'exit with 1 when a change is breaking')
    .action(async (oldSpec: string, newSpec: string, opts: { json?: boolean; failOnBreaking?: boolean }) => {
      code = await withProblems(
        process.cwd(),
        async () => {
          const { diffSpecFiles, formatDiff } = await import('./openapi/diff/index.ts');
          const diff = diffSpecFiles(oldSpec, newSpec);
          process.stdout.write(opts.json ? JSON.stringify(diff, null, 2) + '\n' : formatDiff(diff));
          return opts.failOnBreaking && diff.breaking > 0 ? 1 : 0;
        },
        (what) => `Cannot compare the specs: ${what}.`,
      );
    });

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return 0;
      return 2;
    }
    throw err;
  }
  return code;
}

/** Runs a command; author-facing problems are printed with file and line, and exit with 1. */
async function withProblems(
  root: string,
  fn: () => Promise<number>,
  failed = (what: string) => `Build failed: ${what}. The previous output was left untouched.`,
): Promise<number> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof BuildFailed) {
      for (const p of err.problems) process.stderr.write(formatProblem(p, root) + '\n');
      process.stderr.write(failed(err.message) + '\n');
      return 1;
    }
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    return 1;
  }
}
