#!/usr/bin/env node
// `npm run bench`: builds the shared benchmark corpus (../shared/bench/gen-corpus.mjs, layout
// neutral) at 400, 2,000 and 10,000 pages per locale (the largest built once), cold (dist/ and
// .docsgen/ moved away before every run), each run paired with the floor (bench-floor.mjs: read,
// gray-matter, markdown-it, write), and prints wall time (median of runs), ms per page, CPU
// time, peak memory, the largest doc page's HTML, the size of dist/, and the JavaScript, CSS and
// HTML a doc page loads on first visit. The corpus has no API reference, and
// the cache (.docsgen/cache) holds only the API reference's work: bench-api.mjs measures rebuilds.
// Other benchmarks (API reference, search, dev server) run after it when their scripts exist.
//   node scripts/bench.mjs [--sizes 400,2000,10000] [--runs 3] [--workers N] [--only build,api,search,serve]
//     --workers N   passed on to `docsgen build` (render workers besides the main thread)
// `--against DIR` compares this checkout with another docsgen checkout DIR (its own node_modules,
// lib/ built; e.g. a `git worktree` of an older commit): every build is made by both CLIs in
// alternation (A, B, A, B, ..., after one unmeasured build each) on the same site copy, cold each
// time, with the plain `docsgen build` both accept; the report gives medians of wall time, CPU
// time and peak memory, and this ÷ against. Cases: the corpus at --sizes (default 400), the real
// site (this repository's content/, openapi/, static/ and config; each CLI with its own theme),
// and the 2000-operation API spec of bench-api.mjs (--only build,real,api; search and serve are not
// compared):
//   node scripts/bench.mjs --against ../base [--sizes 400] [--runs 3] [--only build,real,api]
// `--compare docusaurus` instead builds the same corpus with docsgen and with Docusaurus 3
// (installed into a temporary folder) and prints them side by side (scripts/bench-compare.mjs):
//   node scripts/bench.mjs --compare docusaurus [--sizes 400] [--runs 3] [--compare-runs 1] [--no-faster] [--keep]
// `--docusaurus-sites` builds the real Docusaurus sites of ../shared/fixtures/docusaurus (Jest,
// Prettier) with docsgen and with Docusaurus as their package.json names it
// (scripts/bench-docusaurus-sites.mjs):
//   node scripts/bench.mjs --docusaurus-sites [--sites jest,prettier] [--only docsgen,docusaurus] [--runs N] [--docusaurus-runs 1] [--timeout 45] [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'bin/docsgen.js');
const FLOOR = path.join(ROOT, 'scripts/bench-floor.mjs');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']] : acc), []),
);
const sizes = (args.sizes ?? (args.compare || args.against ? '400' : '400,2000,10000')).split(',').map(Number);
const runs = Number(args.runs ?? 3);
const only = args.only ? args.only.split(',') : args.against ? ['build', 'real', 'api'] : ['build', 'api', 'search', 'serve'];
const corpusScript = [path.join(ROOT, '../shared/bench/gen-corpus.mjs'), path.join(ROOT, 'shared/bench/gen-corpus.mjs')].find((f) => fs.existsSync(f));
const TIME = '/usr/bin/time';
const HAS_TIME = fs.existsSync(TIME);

/** The middle value, or the mean of the two middle values of an even count. */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sec = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');
const mb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1048576).toFixed(0)} MB` : '—');
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/**
 * One `docsgen build` of SITE (its folder, given as cwd and --root) by the CLI at `cli`: wall ms,
 * CPU ms of all its threads (user + system, from /usr/bin/time when it exists), peak RSS bytes
 * (the larger of /usr/bin/time's %M and the `peak-rss-kb` line DOCSGEN_DEBUG prints; render
 * workers are threads, so both count them), HTML pages written, and the phase timings
 * DOCSGEN_DEBUG prints. `flags` go after `build`: pass only flags the CLI accepts.
 */
export function measureBuild(cli, site, flags = []) {
  const argv = [cli, 'build', '--root', site, ...flags];
  const [file, fileArgs] = HAS_TIME ? [TIME, ['-f', 'bench-time %U %S %M', process.execPath, ...argv]] : [process.execPath, argv];
  const started = performance.now();
  const r = spawnSync(file, fileArgs, { cwd: site, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, DOCSGEN_DEBUG: '1' } });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${cli} build failed in ${site} (exit ${r.status}):\n${(r.stderr ?? r.error?.message ?? '').slice(-4000)}`);
  const time = /bench-time ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  const peakKb = Math.max(Number(/peak-rss-kb (\d+)/.exec(r.stdout)?.[1] ?? 0), time ? Number(time[3]) : 0);
  return {
    ms,
    cpu: time ? (Number(time[1]) + Number(time[2])) * 1000 : NaN,
    rss: peakKb ? peakKb * 1024 : NaN,
    pages: Number(/Wrote (\d+) pages/.exec(r.stdout)?.[1] ?? 0),
    phases: r.stderr
      .split('\n')
      .filter((l) => /^\s+[\w ]+( \([^)]*\))?: \d+ ms/.test(l))
      .map((l) => l.trim()),
  };
}

/**
 * Moves what a build leaves in SITE into a new folder under TRASH (on the same disk: a rename):
 * dist/ and any .dist.* folder (a build's unfinished or replaced output), and with `cache` also
 * .docsgen/ (the cache, .docsgen/cache) and node_modules/.cache/docsgen (where checkouts before
 * the one-cache engine kept theirs). Moved, not deleted: on ext4 without a journal (this machine)
 * creating files is several times slower for a minute or more after thousands were deleted
 * nearby; the caller deletes TRASH after its runs. A build always writes a fresh output folder,
 * and deletes the one it replaces in the background: with dist/ moved away first, that deletion
 * does not overlap the next run.
 */
export function clearSite(site, trash, { cache = true } = {}) {
  const names = ['dist', ...fs.readdirSync(site).filter((n) => n.startsWith('.dist.'))];
  if (cache) names.push('.docsgen', 'node_modules/.cache/docsgen');
  const present = names.filter((n) => fs.existsSync(path.join(site, n)));
  if (!present.length) return;
  fs.mkdirSync(trash, { recursive: true });
  const to = fs.mkdtempSync(path.join(trash, 'run-'));
  for (const n of present) fs.renameSync(path.join(site, n), path.join(to, n.replaceAll('/', '_')));
}

/**
 * Builds SITE with each CLI in turn, round after round (A, B, A, B, ...), cold every time (see
 * clearSite), after `warmup` unmeasured rounds (the OS file cache, esbuild's binary). Returns each
 * CLI's measured builds, in round order (round i of one pairs with round i of the other).
 */
export function pairedBuilds(site, clis, { runs, warmup = 1, trash, log = () => {} }) {
  const results = clis.map(() => []);
  for (let round = -warmup; round < runs; round++) {
    clis.forEach((cli, i) => {
      clearSite(site, trash);
      const r = measureBuild(cli, site);
      if (round >= 0) results[i].push(r);
      log(`${round < 0 ? 'warm-up' : `round ${round + 1}`} ${i ? 'B' : 'A'}: ${sec(r.ms)}, CPU ${sec(r.cpu)}, ${mb(r.rss)}, ${r.pages} pages`);
    });
  }
  clearSite(site, trash);
  return results;
}

/** `this ÷ against` of two figures, or a dash when either is unknown. */
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '—');

/**
 * The report of one paired case: medians of wall time, CPU time and peak memory of each CLI,
 * with this ÷ against, the runs, and the wall-time ratios round by round. Returns the summary row.
 */
export function pairedReport(title, [a, b], labels = ['this checkout', 'against']) {
  const m = (rs, key) => {
    const xs = rs.map((r) => r[key]).filter(Number.isFinite);
    return xs.length ? median(xs) : NaN;
  };
  const rows = [
    ['wall time', m(a, 'ms'), m(b, 'ms'), sec],
    ['CPU time (user + system)', m(a, 'cpu'), m(b, 'cpu'), sec],
    ['peak memory', m(a, 'rss'), m(b, 'rss'), mb],
  ];
  const pages = a[0].pages === b[0].pages ? `${a[0].pages}` : `${a[0].pages} and ${b[0].pages}`;
  console.log(`\n### ${title} (${pages} HTML pages; medians of ${a.length} paired runs)\n`);
  console.log(`| | ${labels[0]} | ${labels[1]} | this ÷ against |`);
  console.log('|---|---|---|---|');
  for (const [name, x, y, fmt] of rows) console.log(`| ${name} | ${fmt(x)} | ${fmt(y)} | ${ratio(x, y)} |`);
  const list = (rs) => rs.map((r) => (r.ms / 1000).toFixed(2)).join(', ');
  console.log(`| runs, wall (s) | ${list(a)} | ${list(b)} | by round: ${a.map((r, i) => ratio(r.ms, b[i].ms)).join(', ')} |`);
  return [title, ...rows.map(([, x, y]) => ratio(x, y))];
}

/** The commit a checkout is at, and whether its tracked files differ from it. */
function describeCheckout(dir) {
  const git = (...argv) => spawnSync('git', ['-C', dir, ...argv], { encoding: 'utf8' });
  const head = git('log', '-1', '--format=%h %s').stdout?.trim();
  if (!head) return dir;
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout?.trim();
  return `${head.length > 70 ? `${head.slice(0, 70)}…` : head}${dirty ? ' (+ uncommitted changes)' : ''}`;
}

/** `--against DIR`: the corpus at each size and the real site, built by both CLIs in alternation. */
function benchAgainst(againstDir) {
  const against = path.join(againstDir, 'bin/docsgen.js');
  console.log(`\n## This checkout against ${againstDir} (${os.availableParallelism()} cores, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)})\n`);
  console.log(`A (this): ${ROOT} — ${describeCheckout(ROOT)}`);
  console.log(`B (against): ${againstDir} — ${describeCheckout(againstDir)}\n`);
  console.log(
    `Each round builds with A then B (plain \`docsgen build\`), cold: dist/, .docsgen/, .dist.* and node_modules/.cache/docsgen moved away before every build; one unmeasured round first. CPU time and peak memory (largest process) from ${HAS_TIME ? '/usr/bin/time' : 'the CLI (no /usr/bin/time: CPU unknown, and memory only from CLIs that print peak-rss-kb)'}.`,
  );
  const summary = [];
  const paired = (title, site) => {
    const trash = `${site}.trash`;
    try {
      const results = pairedBuilds(site, [CLI, against], { runs, trash, log: (line) => console.error(`  ${title}, ${line}`) });
      summary.push(pairedReport(title, results));
    } catch (err) {
      // An older docsgen may refuse a site this one builds (a config key it does not know): the
      // other cases are still compared.
      console.log(`\n### ${title}: not compared\n\n${err.message.split('\n').slice(0, 4).join('\n')}\n`);
    } finally {
      fs.rmSync(trash, { recursive: true, force: true });
    }
  };
  if (only.includes('build')) {
    if (!corpusScript) throw new Error('gen-corpus.mjs not found (expected ../shared/bench/gen-corpus.mjs)');
    for (const size of sizes) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-${size}-`));
      try {
        makeDocsgenSite(dir, size);
        paired(`corpus, ${size} pages per locale`, dir);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  if (only.includes('real')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-real-'));
    try {
      // No templates/: each CLI builds with the theme it ships, as the repository does.
      for (const f of ['content', 'static', 'openapi', 'site.config.ts'])
        if (fs.existsSync(path.join(ROOT, f))) fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
      paired('real site', dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (summary.length > 1) {
    console.log('\n### this ÷ against (medians)\n');
    console.log('| case | wall time | CPU time | peak memory |');
    console.log('|---|---|---|---|');
    for (const row of summary) console.log(`| ${row.join(' | ')} |`);
  }
}

/** The <script> and <link> tags of a page with their attributes (quoted or not, as minifiers write them). */
function scriptAndLinkTags(text) {
  return [...text.matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, tag, body]) => {
    const attrs = {};
    for (const [, name, ...values] of body.matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
      attrs[name.toLowerCase()] = values.find((v) => v !== undefined) ?? '';
    return { tag: tag.toLowerCase(), attrs, rel: (attrs.rel ?? '').toLowerCase().split(/\s+/) };
  });
}

/**
 * What a first visit to a page costs, from its HTML: the page, its stylesheets, its scripts
 * (<script src>, modulepreload, preload as=script) and the data it preloads (preload as=fetch:
 * the locale's site data, shared by its pages). Scripts a runtime loads later with import()
 * or its own chunk loader are not in the HTML; bench-compare.mjs measures those in Chromium.
 */
export function pageWeight(dist, route) {
  const htmlFile = path.join(dist, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  const html = fs.readFileSync(htmlFile);
  const tags = scriptAndLinkTags(html.toString());
  const local = (u) => u && !/^[a-z]+:|^\/\//i.test(u);
  const js = [
    ...new Set(
      tags
        .filter(
          (t) =>
            (t.tag === 'script' && t.attrs.src) ||
            (t.tag === 'link' && (t.rel.includes('modulepreload') || (t.rel.includes('preload') && t.attrs.as === 'script'))),
        )
        .map((t) => t.attrs.src ?? t.attrs.href)
        .filter(local),
    ),
  ];
  const css = [
    ...new Set(
      tags
        .filter((t) => t.tag === 'link' && t.rel.includes('stylesheet'))
        .map((t) => t.attrs.href)
        .filter(local),
    ),
  ];
  const data = [
    ...new Set(
      tags
        .filter((t) => t.tag === 'link' && t.rel.includes('preload') && t.attrs.as === 'fetch')
        .map((t) => t.attrs.href)
        .filter(local),
    ),
  ];
  const sum = (urls) =>
    urls.reduce(
      (acc, u) => {
        const buf = fs.readFileSync(path.join(dist, new URL(u, `http://x${route}/`).pathname));
        return { raw: acc.raw + buf.length, gzip: acc.gzip + gz(buf) };
      },
      { raw: 0, gzip: 0 },
    );
  return { html: { raw: html.length, gzip: gz(html) }, js: sum(js), css: sum(css), data: sum(data), files: js.length };
}

/**
 * The bytes of every file under DIST, of the largest doc page's HTML (docs/<category>/<page>/
 * in any locale; category and tag listings are not doc pages), and of the largest HTML page of
 * any kind (listings included).
 */
export function outputSizes(dist) {
  let total = 0;
  let largestDoc = 0;
  let largestPage = 0;
  for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const size = fs.statSync(file).size;
    total += size;
    const rel = path.relative(dist, file).split(path.sep);
    if (entry.name.endsWith('.html')) largestPage = Math.max(largestPage, size);
    const docs = rel.indexOf('docs');
    if (entry.name === 'index.html' && docs >= 0 && rel.length - docs === 4 && !['category', 'tags'].includes(rel[docs + 1]))
      largestDoc = Math.max(largestDoc, size);
  }
  return { total, largestDoc, largestPage };
}

/** The neutral-layout corpus in DIR with a docsgen config for en and ko. */
function makeDocsgenSite(dir, size) {
  const r = spawnSync(process.execPath, [corpusScript, '--pages', String(size), '--out', dir, '--layout', 'neutral'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`gen-corpus failed:\n${r.stderr}`);
  fs.writeFileSync(
    path.join(dir, 'site.config.ts'),
    "import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Inventory Docs', locales: [{ code: 'en', label: 'English' }, { code: 'ko', label: '한국어' }] });\n",
  );
}

function benchBuild() {
  if (!corpusScript) throw new Error('gen-corpus.mjs not found (expected ../shared/bench/gen-corpus.mjs)');
  const flags = args.workers ? ['--workers', args.workers] : [];
  console.log(
    `\n## Build (corpus layout neutral, ${runs} runs each, ${os.availableParallelism()} cores, Node ${process.version}${flags.length ? `, --workers ${args.workers}` : ''})\n`,
  );
  console.log('Cold: dist/ and .docsgen/ moved away before each run (after one unmeasured build). CPU time: user + system of all threads.\n');
  console.log('Sites of 10,000 pages per locale or more are built once, without the unmeasured build first.\n');
  console.log(
    'The floor (scripts/bench-floor.mjs): read, gray-matter, markdown-it and write each Markdown file, nothing else; built in alternation with docsgen, the same runs.\n',
  );
  console.log(
    '| pages per locale | HTML pages | wall time (median) | ms per page | CPU time (median) | floor wall, CPU (median) | ÷ floor (wall, CPU) | peak memory | largest doc page | largest page | dist/ | runs (s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const weights = [];
  for (const size of sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-${size}-`));
    const trash = `${dir}.trash`;
    try {
      makeDocsgenSite(dir, size);
      const results = [];
      const floors = [];
      const large = size >= 10000;
      for (let i = large ? 0 : -1; i < (large ? 1 : runs); i++) {
        clearSite(dir, trash);
        const f = measureBuild(FLOOR, dir);
        clearSite(dir, trash);
        const r = measureBuild(CLI, dir, flags);
        if (i >= 0) results.push(r);
        if (i >= 0) floors.push(f);
      }
      const ms = median(results.map((r) => r.ms));
      const cpu = median(results.map((r) => r.cpu));
      const floorMs = median(floors.map((r) => r.ms));
      const floorCpu = median(floors.map((r) => r.cpu));
      const pages = results[0].pages;
      const out = outputSizes(path.join(dir, 'dist'));
      console.log(
        `| ${size} | ${pages} | ${sec(ms)} | ${(ms / pages).toFixed(2)} | ${sec(cpu)} | ${sec(floorMs)}, ${sec(floorCpu)} | ${ratio(ms, floorMs)}, ${ratio(cpu, floorCpu)} | ${mb(Math.max(...results.map((r) => r.rss)))} | ${kb(out.largestDoc)} | ${kb(out.largestPage)} | ${mb(out.total)} | ${results.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} |`,
      );
      const firstDoc = fs.readdirSync(path.join(dir, 'content/en/docs')).find((d) => !d.startsWith('_'));
      const docFile = fs.readdirSync(path.join(dir, 'content/en/docs', firstDoc)).find((f) => f.endsWith('.md'));
      weights.push([size, pageWeight(path.join(dir, 'dist'), `/docs/${firstDoc}/${docFile.replace(/\.md$/, '')}`)]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(trash, { recursive: true, force: true });
    }
  }
  console.log('\n## A doc page on first visit\n');
  console.log('| corpus | HTML (gzip) | JavaScript (gzip) | CSS (gzip) | site data (gzip) | scripts |');
  console.log('|---|---|---|---|---|---|');
  for (const [size, w] of weights)
    console.log(
      `| ${size}/locale | ${kb(w.html.raw)} (${kb(w.html.gzip)}) | ${kb(w.js.raw)} (${kb(w.js.gzip)}) | ${kb(w.css.raw)} (${kb(w.css.gzip)}) | ${kb(w.data.raw)} (${kb(w.data.gzip)}) | ${w.files} |`,
    );

  const help = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    spawnSync(process.execPath, [CLI, '--help'], { stdio: 'ignore' });
    help.push(performance.now() - t);
  }
  console.log(`\n\`docsgen --help\`: ${median(help).toFixed(0)} ms (median of 5)`);
}

function runScript(name, file, argv = []) {
  const script = path.join(ROOT, 'scripts', file);
  if (!fs.existsSync(script)) return console.log(`\n## ${name}\n\n(${file} not present)`);
  console.log(`\n## ${name}\n`);
  const r = spawnSync(process.execPath, [script, ...argv], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) console.log(`(${file} exited with ${r.status})`);
}

// Runs only as a script, so pageWeight can be imported without starting a benchmark.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (args['docusaurus-sites']) {
    const { benchDocusaurusSites } = await import('./bench-docusaurus-sites.mjs');
    try {
      await benchDocusaurusSites({ args, cli: CLI });
    } catch (err) {
      console.error(`\nDocusaurus sites: ${err.message}`);
      process.exit(1);
    }
    process.exit(0);
  }
  if (args.compare) {
    if (!corpusScript) throw new Error('gen-corpus.mjs not found (expected ../shared/bench/gen-corpus.mjs)');
    const { compare } = await import('./bench-compare.mjs');
    try {
      await compare({
        tool: args.compare,
        sizes,
        runs,
        compareRuns: Number(args['compare-runs'] ?? 1),
        faster: !args['no-faster'],
        keep: Boolean(args.keep),
        cli: CLI,
        corpusScript,
        pageWeight,
        makeDocsgenSite,
        clearSite,
      });
    } catch (err) {
      console.error(`\nComparison failed: ${err.message}`);
      process.exit(1);
    }
    process.exit(0);
  }
  if (args.against) {
    const dir = path.resolve(args.against);
    const missing = ['bin/docsgen.js', 'lib/cli.js', 'node_modules'].filter((f) => !fs.existsSync(path.join(dir, f)));
    if (args.against === 'true' || missing.length) {
      console.error(
        `--against needs another docsgen checkout with node_modules installed and lib/ built (${args.against === 'true' ? 'no folder given' : `${dir} has no ${missing.join(', ')}`})`,
      );
      process.exit(2);
    }
    benchAgainst(dir);
    if (only.includes('api')) runScript('API reference', 'bench-api.mjs', ['--against', dir, '--runs', String(runs)]);
    for (const skipped of ['search', 'serve']) if (only.includes(skipped)) console.log(`\n(--only ${skipped}: not compared with --against)`);
    process.exit(0);
  }
  if (only.includes('build')) benchBuild();
  if (only.includes('api')) runScript('API reference', 'bench-api.mjs', args.runs ? ['--runs', String(runs)] : []);
  if (only.includes('search')) runScript('Search', 'bench-search.mjs');
  if (only.includes('search')) runScript('Search at scale', 'bench-search-scale.mjs', args.runs ? ['--runs', String(runs)] : []);
  if (only.includes('serve')) runScript('Dev server', 'bench-serve.mjs');
}
