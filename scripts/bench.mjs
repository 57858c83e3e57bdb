#!/usr/bin/env node
// `npm run bench`: builds the shared benchmark corpus (../shared/bench/gen-corpus.mjs, layout
// neutral) at 400 and 2000 pages per locale, cold (no previous output) and as a rebuild, and prints
// wall time (median of runs), pages per second, peak memory, and the JavaScript, CSS and HTML a
// doc page loads on first visit.
// Other benchmarks (API reference, search, dev server) run after it when their scripts exist.
//   node scripts/bench.mjs [--sizes 400,2000] [--runs 3] [--only build,api,search,serve]
// `--compare docusaurus` instead builds the same corpus with docsgen and with Docusaurus 3
// (installed into a temporary folder) and prints them side by side (scripts/bench-compare.mjs):
//   node scripts/bench.mjs --compare docusaurus [--sizes 400] [--runs 3] [--compare-runs 1] [--no-faster] [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'bin/docsgen.js');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']] : acc), []),
);
const sizes = (args.sizes ?? (args.compare ? '400' : '400,2000')).split(',').map(Number);
const runs = Number(args.runs ?? 3);
const only = args.only ? args.only.split(',') : ['build', 'api', 'search', 'serve'];
const corpusScript = [path.join(ROOT, '../shared/bench/gen-corpus.mjs'), path.join(ROOT, 'shared/bench/gen-corpus.mjs')].find((f) => fs.existsSync(f));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

function buildOnce(dir) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [CLI, 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, DOCSGEN_DEBUG: '1' } });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`build failed in ${dir}:\n${r.stderr}`);
  const rss = Number(/peak-rss-kb (\d+)/.exec(r.stdout)?.[1] ?? 0) * 1024;
  const pages = Number(/Wrote (\d+) pages/.exec(r.stdout)?.[1] ?? 0);
  return { ms, rss, pages, summary: r.stdout.split('\n')[0] };
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
 * (<script src>, modulepreload, preload as=script). Scripts a runtime loads later with import()
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
  const sum = (urls) =>
    urls.reduce(
      (acc, u) => {
        const buf = fs.readFileSync(path.join(dist, new URL(u, `http://x${route}/`).pathname));
        return { raw: acc.raw + buf.length, gzip: acc.gzip + gz(buf) };
      },
      { raw: 0, gzip: 0 },
    );
  return { html: { raw: html.length, gzip: gz(html) }, js: sum(js), css: sum(css), files: js.length };
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

/**
 * A build with nothing before it (no dist/, no kept previous output: what CI does on a fresh
 * clone), or a rebuild of unchanged content over the previous build's output (what an author's
 * second `docsgen build` does; docsgen then writes only files whose bytes changed).
 */
function buildRuns(dir, runs, cold) {
  const results = [];
  buildOnce(dir);
  // A cold run's predecessors are moved aside and deleted after the runs: on ext4 without a
  // journal (this machine), creating files is 5 times slower for a minute or more after
  // thousands were deleted nearby, and a fresh clone on CI has deleted nothing.
  const aside = `${dir}-previous`;
  for (let i = 0; i < runs; i++) {
    if (cold) {
      const to = path.join(aside, String(i));
      fs.mkdirSync(to, { recursive: true });
      for (const d of ['dist', '.docsgen']) if (fs.existsSync(path.join(dir, d))) fs.renameSync(path.join(dir, d), path.join(to, d));
    }
    results.push(buildOnce(dir));
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return results;
}

function benchBuild() {
  if (!corpusScript) throw new Error('gen-corpus.mjs not found (expected ../shared/bench/gen-corpus.mjs)');
  console.log(`\n## Build (corpus layout neutral, ${runs} runs each, ${os.availableParallelism()} cores, Node ${process.version})\n`);
  console.log(
    '"cold": no previous output and no kept bundles (dist/ and .docsgen/ moved away before each run); "rebuild": the same content built again over the previous output.\n',
  );
  console.log('| pages per locale | build | HTML pages | wall time (median) | pages/s | peak memory | runs (s) |');
  console.log('|---|---|---|---|---|---|---|');
  const weights = [];
  for (const size of sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-${size}-`));
    makeDocsgenSite(dir, size);
    for (const cold of [true, false]) {
      const results = buildRuns(dir, runs, cold);
      const ms = median(results.map((r) => r.ms));
      const pages = results[0].pages;
      console.log(
        `| ${size} | ${cold ? 'cold' : 'rebuild'} | ${pages} | ${(ms / 1000).toFixed(2)} s | ${Math.round(pages / (ms / 1000))} | ${(Math.max(...results.map((r) => r.rss)) / 1048576).toFixed(0)} MB | ${results.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} |`,
      );
    }
    const firstDoc = fs.readdirSync(path.join(dir, 'content/en/docs')).find((d) => !d.startsWith('_'));
    const docFile = fs.readdirSync(path.join(dir, 'content/en/docs', firstDoc)).find((f) => f.endsWith('.md'));
    weights.push([size, pageWeight(path.join(dir, 'dist'), `/docs/${firstDoc}/${docFile.replace(/\.md$/, '')}`)]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log('\n## A doc page on first visit\n');
  console.log('| corpus | HTML (gzip) | JavaScript (gzip) | CSS (gzip) | scripts |');
  console.log('|---|---|---|---|---|');
  for (const [size, w] of weights)
    console.log(
      `| ${size}/locale | ${kb(w.html.raw)} (${kb(w.html.gzip)}) | ${kb(w.js.raw)} (${kb(w.js.gzip)}) | ${kb(w.css.raw)} (${kb(w.css.gzip)}) | ${w.files} |`,
    );

  const help = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    spawnSync(process.execPath, [CLI, '--help'], { stdio: 'ignore' });
    help.push(performance.now() - t);
  }
  console.log(`\n\`docsgen --help\`: ${median(help).toFixed(0)} ms (median of 5)`);
}

function runScript(name, file) {
  const script = path.join(ROOT, 'scripts', file);
  if (!fs.existsSync(script)) return console.log(`\n## ${name}\n\n(${file} not present)`);
  console.log(`\n## ${name}\n`);
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) console.log(`(${file} exited with ${r.status})`);
}

// Runs only as a script, so pageWeight can be imported without starting a benchmark.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
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
      });
    } catch (err) {
      console.error(`\nComparison failed: ${err.message}`);
      process.exit(1);
    }
    process.exit(0);
  }
  if (only.includes('build')) benchBuild();
  if (only.includes('api')) runScript('API reference', 'bench-api.mjs');
  if (only.includes('search')) runScript('Search', 'bench-search.mjs');
  if (only.includes('serve')) runScript('Dev server', 'bench-serve.mjs');
}
