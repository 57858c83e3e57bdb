#!/usr/bin/env node
// `npm run audit`: the quality gate for a build. Builds the site (or takes a built folder), serves
// it on 127.0.0.1 and runs the checks in scripts/audit/: links, seo, vnu, axe, console, budget,
// lighthouse. Prints a summary and exits 1 on any breach. Each check runs alone with
// `npm run audit -- --only axe`; `--help` lists the options.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BuiltSite } from './audit/site.mjs';
import { serveSite } from './audit/server.mjs';
import { samplePages } from './audit/sample.mjs';
import { DEFAULT_BUDGET } from './audit/budget.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** In report order: static checks, the browser pass, the HTML checker (run in the background), then Lighthouse alone. */
export const CHECKS = ['links', 'seo', 'axe', 'console', 'budget', 'vnu', 'lighthouse'];
const SERVED = new Set(['axe', 'console', 'lighthouse']);
const BROWSER = new Set(['axe', 'console']);
const PARALLEL = ['vnu'];

const HELP = `Usage: node scripts/audit.mjs [options]

Builds the site, serves the output on 127.0.0.1 and checks it. Exits 1 on any breach.

  --only <checks>     comma-separated subset of: ${CHECKS.join(', ')}
  --skip <checks>     run all but these
  --root <dir>        site to build (default: the repository)
  --out <dir>         build into this folder (default: <root>/dist)
  --dist <dir>        audit this built folder instead of building
  --no-build          audit the existing <root>/dist
  --pages <n>         pages the browser checks sample (default 48; each loads in light and dark)
  --budget-js <KB>    JavaScript per first visit, gzipped (default ${DEFAULT_BUDGET.js})
  --budget-js-loaded <KB>
                      JavaScript a page fetched in the browser while it loaded, gzipped (default ${DEFAULT_BUDGET.jsLoaded})
  --budget-css <KB>   CSS per first visit, gzipped (default ${DEFAULT_BUDGET.css})
  --budget-html <KB>  HTML of a doc page, gzipped (default ${DEFAULT_BUDGET.html})
  --budget-api-median <KB>, --budget-api-max <KB>
                      API operation pages' raw HTML, median and largest (default ${DEFAULT_BUDGET.apiMedian}, ${DEFAULT_BUDGET.apiMax})
  --json <file>       also write the full report as JSON
  --verbose           print every failure (default: the first 25 per check)`;

function parse(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      skip: { type: 'string' },
      root: { type: 'string' },
      dist: { type: 'string' },
      out: { type: 'string' },
      'no-build': { type: 'boolean' },
      pages: { type: 'string' },
      'budget-js': { type: 'string' },
      'budget-js-loaded': { type: 'string' },
      'budget-css': { type: 'string' },
      'budget-html': { type: 'string' },
      'budget-api-median': { type: 'string' },
      'budget-api-max': { type: 'string' },
      json: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const list = (s) =>
    s
      ? s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [];
  const unknown = [...list(values.only), ...list(values.skip)].filter((c) => !CHECKS.includes(c));
  if (unknown.length) throw new Error(`unknown check ${unknown.join(', ')} (checks: ${CHECKS.join(', ')})`);
  const only = list(values.only);
  const skip = new Set(list(values.skip));
  const num = (v, d) => (v === undefined ? d : Number(v));
  return {
    help: values.help,
    checks: (only.length ? CHECKS.filter((c) => only.includes(c)) : CHECKS).filter((c) => !skip.has(c)),
    root: path.resolve(values.root ?? REPO),
    dist: values.dist ? path.resolve(values.dist) : values.out && path.resolve(values.out),
    build: !values.dist && !values['no-build'],
    pages: num(values.pages, 48),
    budget: {
      js: num(values['budget-js'], DEFAULT_BUDGET.js),
      jsLoaded: num(values['budget-js-loaded'], DEFAULT_BUDGET.jsLoaded),
      css: num(values['budget-css'], DEFAULT_BUDGET.css),
      html: num(values['budget-html'], DEFAULT_BUDGET.html),
      apiMedian: num(values['budget-api-median'], DEFAULT_BUDGET.apiMedian),
      apiMax: num(values['budget-api-max'], DEFAULT_BUDGET.apiMax),
    },
    json: values.json,
    verbose: values.verbose,
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const out = (line = '') => process.stdout.write(line + '\n');

function build(root, outDir) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin/docsgen.js'), 'build', '--out', outDir], { cwd: root, encoding: 'utf8' });
  return { ok: r.status === 0, ms: performance.now() - started, output: `${r.stdout}${r.stderr}`.trim() };
}

export async function audit(opts) {
  const started = performance.now();
  const report = { checks: {}, ok: true };
  const dist = opts.dist ?? path.join(opts.root, 'dist');
  if (opts.build) {
    out(`Building ${opts.root} ...`);
    const b = build(opts.root, dist);
    report.build = { ok: b.ok, ms: b.ms };
    if (!b.ok) {
      const lines = b.output.split('\n');
      out(lines.slice(0, 30).join('\n'));
      if (lines.length > 30) out(`... (${lines.length - 30} more lines)`);
      out(`\nFAIL  build failed (${seconds(b.ms)}): nothing to audit`);
      report.ok = false;
      return report;
    }
    out(`${b.output.split('\n').pop()} (${seconds(b.ms)})`);
  }
  if (!fs.existsSync(dist)) throw new Error(`no built site at ${dist}: build first or pass --dist`);
  const site = new BuiltSite(dist);
  out(`Auditing ${dist}: ${site.pages.length} HTML pages, site URL ${site.siteUrl ?? '(unknown)'}, checks: ${opts.checks.join(', ')}\n`);

  const ctx = { site, budget: opts.budget, sample: samplePages(site, { min: opts.pages }) };
  ctx.visitsModule = opts.checks.some((c) => BROWSER.has(c)) ? await import('./audit/visits.mjs') : undefined;
  if (opts.checks.some((c) => SERVED.has(c))) {
    const extra = opts.checks.includes('axe') ? { [ctx.visitsModule.AXE_PATH]: { type: 'text/javascript', body: ctx.visitsModule.axeFile() } } : {};
    ctx.server = await serveSite(site.dir, { base: site.base, extra });
  }
  let visits;
  ctx.visits = () => {
    if (!visits) {
      const { runVisits } = ctx.visitsModule;
      visits = runVisits(ctx, { axe: opts.checks.includes('axe') }).then((r) => (ctx.visitResults = r));
    }
    return visits;
  };
  const isTTY = process.stdout.isTTY;
  const runCheck = async (id) => {
    const mod = await import(`./audit/${id}.mjs`);
    const t0 = performance.now();
    let result;
    try {
      result = await mod.run(ctx);
    } catch (err) {
      result = { ok: false, summary: 'could not run', failures: [err.stack ?? String(err)] };
    }
    result.ms = performance.now() - t0;
    return result;
  };
  // The HTML checker is one Java process that needs nothing else: it runs beside the other
  // checks (mostly beside the browser pass, which waits on Chromium) and is collected in turn.
  // Lighthouse waits for it, so nothing competes with its measurements.
  const background = new Map(PARALLEL.filter((id) => opts.checks.includes(id)).map((id) => [id, runCheck(id)]));
  try {
    for (const id of opts.checks) {
      ctx.progress = isTTY ? (s) => process.stdout.write(`\r  ${id} ${s}   `) : undefined;
      if (id === 'lighthouse') await Promise.all(background.values());
      const result = await (background.get(id) ?? runCheck(id));
      if (isTTY) process.stdout.write('\r\x1b[K');
      report.checks[id] = result;
      report.ok &&= result.ok;
      out(`${result.ok ? 'PASS' : 'FAIL'}  ${id.padEnd(10)} ${seconds(result.ms).padStart(7)}  ${result.summary}`);
      for (const line of result.details ?? []) out(`        ${line}`);
    }
  } finally {
    await ctx.server?.close();
  }
  report.ms = performance.now() - started;
  const failed = Object.entries(report.checks).filter(([, r]) => !r.ok);
  for (const [id, r] of failed) {
    out(`\n${id}: ${r.failures.length} failure${r.failures.length === 1 ? '' : 's'}`);
    const shown = opts.verbose ? r.failures : r.failures.slice(0, 25);
    for (const f of shown) out(`  - ${f}`);
    if (shown.length < r.failures.length) out(`  ... ${r.failures.length - shown.length} more (--verbose shows all)`);
  }
  out(
    `\n${report.ok ? 'Audit passed' : `Audit failed: ${failed.map(([id]) => id).join(', ')}`} in ${seconds(report.ms)}${report.build ? ` (build ${seconds(report.build.ms)})` : ''}`,
  );
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let opts;
  try {
    opts = parse(process.argv.slice(2));
  } catch (err) {
    console.error(`audit: ${err.message}\n\n${HELP}`);
    process.exit(2);
  }
  if (opts.help) {
    out(HELP);
    process.exit(0);
  }
  try {
    const report = await audit(opts);
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(report, null, 2));
    process.exit(report.ok ? 0 : 1);
  } catch (err) {
    console.error(`audit: ${err.stack ?? err.message}`);
    process.exit(2);
  }
}
