// `npm run bench -- --compare docusaurus`: builds the shared benchmark corpus with docsgen and with
// Docusaurus 3 on this machine, measured the same way, and prints them side by side. Docusaurus is
// installed into a temporary folder (never into this project), its cache (and docsgen's output and
// .docsgen/ folder) is cleared before every run so each build is cold, and the folder is removed at
// the end (unless --keep).
//
// Measured for both tools: wall time, CPU time (user + system of the whole process tree, from
// /usr/bin/time), peak memory of the process tree (polled from /proc every 100 ms, and never less
// than the largest single process's high-water mark), HTML files written, and what a doc page
// costs on a first visit, taken from real Chromium: every script and stylesheet the page requests
// until the network is idle (Docusaurus loads its route chunks from its runtime, after the HTML),
// gzipped from the built files at level 9 like pageWeight. Scripts fetched as <link rel=prefetch>
// (Docusaurus prefetches the routes linked from the visible part of the page) are reported apart.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TIME = '/usr/bin/time';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUILD_TIMEOUT_MS = 45 * 60_000;

/** The middle value, or the mean of the two middle values of an even count. */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n) => `${(n / 1048576).toFixed(0)} MB`;
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
// Wall times on a shared machine depend on what else runs; the load average goes with every figure.
const load = () => `load ${os.loadavg()[0].toFixed(1)}`;

class CompareError extends Error {}

/** RSS in bytes and the high-water mark of one process, from /proc/PID/status (0 once it is gone). */
function procMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024, hwm: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** The process and all its descendants (threads are not processes; they share the RSS). */
function processTree(pid) {
  const out = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    out.push(p);
    let tasks = [];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        for (const c of fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean)) stack.push(Number(c));
      } catch {
        // the task ended between readdir and read
      }
    }
  }
  return out;
}

/**
 * Runs a command and measures it: wall time, CPU time of the tree (from /usr/bin/time when it
 * exists), peak memory of the tree (`peak`; also `peakTree`, the polled sum over the tree, and
 * `peakProc`, the largest single process's high-water mark). Output goes to a log file, returned
 * as text. The tree is killed after `timeoutMs` (45 minutes unless given).
 */
export function measureCommand(cmd, argv, { cwd, env = {}, log, timeoutMs = BUILD_TIMEOUT_MS }) {
  const timeFile = path.join(os.tmpdir(), `bench-time-${process.pid}-${Date.now()}.txt`);
  const withTime = fs.existsSync(TIME);
  const [file, args] = withTime ? [TIME, ['-f', '%e %U %S %M', '-o', timeFile, cmd, ...argv]] : [cmd, argv];
  const out = fs.openSync(log, 'w');
  const started = performance.now();
  // detached: its own process group, so a timeout can stop the whole tree and nothing else
  const child = spawn(file, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', out, out], detached: true });
  let peakTree = 0;
  let peakProc = 0;
  const poll = () => {
    let sum = 0;
    for (const p of processTree(child.pid)) {
      const m = procMemory(p);
      sum += m.rss;
      peakProc = Math.max(peakProc, m.hwm);
    }
    peakTree = Math.max(peakTree, sum);
  };
  const timer = setInterval(poll, 100);
  const killer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const ms = performance.now() - started;
      clearInterval(timer);
      clearTimeout(killer);
      fs.closeSync(out);
      let cpuMs;
      if (withTime && fs.existsSync(timeFile)) {
        const [, user, sys, maxKb] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        cpuMs = (user + sys) * 1000;
        peakProc = Math.max(peakProc, maxKb * 1024);
        fs.rmSync(timeFile, { force: true });
      }
      const output = fs.readFileSync(log, 'utf8');
      resolve({ ms, cpuMs, peak: Math.max(peakTree, peakProc), peakTree, peakProc, status: signal ? `killed by ${signal}` : code, output });
    });
  });
}

/** The .html files under DIR. */
export function countHtml(dir) {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile() && e.name.endsWith('.html')) n++;
  return n;
}

/** The first doc page of the first category (same page in both layouts): /docs/<category>/<slug>. */
function firstDocRoute(docsDir) {
  const cat = fs
    .readdirSync(docsDir)
    .filter((d) => !d.startsWith('_'))
    .sort()[0];
  const doc = fs
    .readdirSync(path.join(docsDir, cat))
    .filter((f) => f.endsWith('.md'))
    .sort()[0];
  return `/docs/${cat}/${doc.replace(/\.md$/, '')}`;
}

/**
 * What a first visit to `route` costs, as Chromium loads it from a local server: the HTML, every
 * script and stylesheet requested until the network is idle, and the scripts prefetched after
 * that. Sizes are gzip level 9 of the files on disk. Without Chromium, falls back to pageWeight
 * (the HTML's own script and stylesheet tags; route chunks a runtime loads later are missed).
 */
export async function firstVisit(dist, route, pageWeight) {
  const htmlFile = path.join(dist, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  if (!fs.existsSync(CHROMIUM)) {
    const w = pageWeight(dist, route);
    return {
      route,
      html: w.html.gzip,
      js: w.js.gzip,
      jsFiles: w.files,
      css: w.css.gzip,
      prefetch: 0,
      prefetchFiles: 0,
      method: 'HTML tags only (no Chromium)',
    };
  }
  const { chromium } = await import('playwright-core');
  const { serveDir } = await import(path.join(ROOT, 'test/helpers/server.mjs'));
  const server = await serveDir(dist);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const loaded = new Map();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!req.url().startsWith(server.url)) return;
      const headers = req.headers();
      const prefetch = /prefetch/.test(headers['sec-purpose'] ?? headers.purpose ?? '');
      const type = req.resourceType();
      const kind = url.pathname.endsWith('.js') || type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : undefined;
      if (!kind || loaded.get(url.pathname)?.prefetch === false) return;
      loaded.set(url.pathname, { kind, prefetch });
    });
    const response = await page.goto(server.url + route, { waitUntil: 'load' });
    if (!response?.ok()) throw new CompareError(`${route} answered ${response?.status()} in ${dist}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000); // idle-time prefetches
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  const size = (p) => gz(fs.readFileSync(path.join(dist, decodeURIComponent(p))));
  const sum = (pred) =>
    [...loaded].filter(([, v]) => pred(v)).reduce((acc, [p]) => ({ bytes: acc.bytes + size(p), files: acc.files + 1 }), { bytes: 0, files: 0 });
  const js = sum((v) => v.kind === 'js' && !v.prefetch);
  const css = sum((v) => v.kind === 'css' && !v.prefetch);
  const pre = sum((v) => v.kind === 'js' && v.prefetch);
  return {
    route,
    html: gz(fs.readFileSync(htmlFile)),
    js: js.bytes,
    jsFiles: js.files,
    css: css.bytes,
    prefetch: pre.bytes,
    prefetchFiles: pre.files,
    method: 'Chromium',
  };
}

function run(cmd, args, opts) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1048576, ...opts });
  if (r.error) throw new CompareError(`${cmd} ${args.join(' ')} could not start: ${r.error.message}`);
  return r;
}

export function tail(text, lines = 40) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Installs Docusaurus 3 into DIR (a fresh folder with its own package.json); returns versions. */
function installDocusaurus(dir, faster) {
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'docusaurus-bench',
        private: true,
        // no "type": "module": Docusaurus's generated .docusaurus/*.js files are CommonJS (require.resolveWeak)
        // @docsearch/react 4.7.1 depends on @docsearch/core 4.7.1, which the registry used here does not
        // have. DocSearch is not configured (the classic preset only loads it with themeConfig.algolia),
        // so pinning it changes nothing in the build.
        overrides: { '@docsearch/react': '4.7.0' },
      },
      null,
      2,
    ),
  );
  const pkgs = ['@docusaurus/core@3', '@docusaurus/preset-classic@3', '@mdx-js/react@3', 'react@19', 'react-dom@19'];
  if (faster) pkgs.push('@docusaurus/faster@3');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = run(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', ...pkgs], { cwd: dir });
  if (r.status !== 0) throw new CompareError(`npm install ${pkgs.join(' ')} failed (exit ${r.status}):\n${tail(r.stderr + r.stdout)}`);
  const version = (name) => JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  return { core: version('@docusaurus/core'), react: version('react'), faster: faster ? version('@docusaurus/faster') : undefined };
}

/**
 * The site around the generated corpus: gen-corpus's docusaurus layout writes only content (docs,
 * blog, i18n/ko), so this writes a minimal config: en and ko, docs and blog, classic preset, the
 * "docs" sidebar autogenerated (its ko labels are in the corpus's current.json), a home page.
 */
function writeDocusaurusSite(dir, { faster, version }) {
  const [major, minor] = version.split('.').map(Number);
  // Docusaurus Faster (Rspack, SWC, Lightning CSS, SSG worker threads) is `future.faster` from
  // 3.10, `future.experimental_faster` before; its worker threads need this one v4 flag.
  const future = !faster
    ? '{}'
    : major > 3 || minor >= 10
      ? '{ v4: { removeLegacyPostBuildHeadAttribute: true }, faster: true }'
      : '{ v4: { removeLegacyPostBuildHeadAttribute: true }, experimental_faster: true }';
  fs.writeFileSync(
    path.join(dir, 'docusaurus.config.js'),
    `export default {
  title: 'Inventory Docs',
  url: 'https://docs.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  i18n: { defaultLocale: 'en', locales: ['en', 'ko'] },
  future: ${future},
  presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: { showReadingTime: true } }]],
  themeConfig: {
    navbar: {
      title: 'Inventory Docs',
      items: [
        { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
        { to: '/blog', label: 'Blog', position: 'left' },
        { type: 'localeDropdown', position: 'right' },
      ],
    },
  },
};
`,
  );
  fs.writeFileSync(path.join(dir, 'sidebars.js'), "export default { docs: [{ type: 'autogenerated', dirName: '.' }] };\n");
  fs.mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src/pages/index.md'), '---\ntitle: Inventory Docs\n---\n\n# Inventory Docs\n\nInventory, orders and manufacturing.\n');
}

function generate(corpusScript, size, layout, dir) {
  const r = run(process.execPath, [corpusScript, '--pages', String(size), '--layout', layout, '--out', dir]);
  if (r.status !== 0) throw new CompareError(`gen-corpus --layout ${layout} --pages ${size} failed:\n${tail(r.stderr + r.stdout)}`);
}

async function docsgenSize(ctx, size, logDir) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-compare-${size}-`));
  const trash = `${dir}.trash`;
  try {
    ctx.makeDocsgenSite(dir, size);
    const results = [];
    for (let i = 0; i < ctx.runs; i++) {
      // cold every time, like Docusaurus below: no output, no cache folder (moved away, see clearSite)
      ctx.clearSite(dir, trash);
      const r = await measureCommand(process.execPath, [ctx.cli, 'build'], { cwd: dir, log: path.join(logDir, `docsgen-${size}-${i}.log`) });
      if (r.status !== 0) throw new CompareError(`docsgen build failed (exit ${r.status}) on the ${size}-page corpus:\n${tail(r.output)}`);
      results.push(r);
      console.log(`  docsgen ${size}/locale run ${i + 1}: ${sec(r.ms)}, CPU ${sec(r.cpuMs ?? NaN)}, ${mb(r.peak)} (${load()})`);
    }
    const dist = path.join(dir, 'dist');
    const weight = await firstVisit(dist, firstDocRoute(path.join(dir, 'content/en/docs')), ctx.pageWeight);
    return summarize(results, countHtml(dist), weight);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(trash, { recursive: true, force: true });
  }
}

async function docusaurusSize(ctx, site, size, logDir) {
  for (const d of ['docs', 'blog', 'i18n', 'build', '.docusaurus', 'node_modules/.cache']) fs.rmSync(path.join(site, d), { recursive: true, force: true });
  generate(ctx.corpusScript, size, 'docusaurus', site);
  const bin = path.join(site, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const results = [];
  for (let i = 0; i < ctx.compareRuns; i++) {
    // cold every time: no build output, no generated .docusaurus folder, no bundler cache
    for (const d of ['build', '.docusaurus', 'node_modules/.cache']) fs.rmSync(path.join(site, d), { recursive: true, force: true });
    const log = path.join(logDir, `docusaurus-${size}-${i}.log`);
    const r = await measureCommand(process.execPath, [bin, 'build'], { cwd: site, log, env: { NO_UPDATE_NOTIFIER: '1', BROWSERSLIST_IGNORE_OLD_DATA: '1' } });
    if (r.status !== 0)
      throw new CompareError(`docusaurus build failed (exit ${r.status}) on the ${size}-page corpus; last lines of ${log}:\n${tail(r.output)}`);
    results.push(r);
    console.log(`  Docusaurus ${size}/locale run ${i + 1}: ${sec(r.ms)}, CPU ${sec(r.cpuMs ?? NaN)}, ${mb(r.peak)} (${load()})`);
  }
  const dist = path.join(site, 'build');
  const weight = await firstVisit(dist, firstDocRoute(path.join(site, 'docs')), ctx.pageWeight);
  return summarize(results, countHtml(dist), weight);
}

function summarize(results, html, weight) {
  return {
    ms: median(results.map((r) => r.ms)),
    cpuMs: results[0].cpuMs === undefined ? undefined : median(results.map((r) => r.cpuMs)),
    peak: Math.max(...results.map((r) => r.peak)),
    runs: results.map((r) => r.ms),
    html,
    weight,
  };
}

function printTable(size, ours, theirs, label) {
  const ratio = (a, b) => (a && b ? `${(b / a).toFixed(1)}×` : '—');
  const w1 = ours.weight;
  const w2 = theirs.weight;
  console.log(`\n### ${size} pages per locale (en + ko)\n`);
  console.log(`| | docsgen | ${label} | Docusaurus ÷ docsgen |`);
  console.log('|---|---|---|---|');
  const runs = (n) => `${n} run${n > 1 ? 's' : ''}`;
  console.log(
    `| build, wall time (median) | ${sec(ours.ms)} (${runs(ours.runs.length)}) | ${sec(theirs.ms)} (${runs(theirs.runs.length)}) | ${ratio(ours.ms, theirs.ms)} |`,
  );
  if (ours.cpuMs !== undefined)
    console.log(`| build, CPU time (user + system) | ${sec(ours.cpuMs)} | ${sec(theirs.cpuMs)} | ${ratio(ours.cpuMs, theirs.cpuMs)} |`);
  console.log(`| peak memory (process tree) | ${mb(ours.peak)} | ${mb(theirs.peak)} | ${ratio(ours.peak, theirs.peak)} |`);
  console.log(`| HTML files written | ${ours.html} | ${theirs.html} | |`);
  console.log(`| doc page HTML (gzip) | ${kb(w1.html)} | ${kb(w2.html)} | ${ratio(w1.html, w2.html)} |`);
  console.log(
    `| doc page JavaScript on first visit (gzip) | ${kb(w1.js)} (${w1.jsFiles} files) | ${kb(w2.js)} (${w2.jsFiles} files) | ${ratio(w1.js, w2.js)} |`,
  );
  console.log(`| doc page CSS (gzip) | ${kb(w1.css)} | ${kb(w2.css)} | ${ratio(w1.css, w2.css)} |`);
  console.log(
    `| JavaScript prefetched after load (gzip) | ${w1.prefetchFiles ? `${kb(w1.prefetch)} (${w1.prefetchFiles} files)` : '0'} | ${w2.prefetchFiles ? `${kb(w2.prefetch)} (${w2.prefetchFiles} files)` : '0'} | |`,
  );
  if (w1.method !== 'Chromium' || w2.method !== 'Chromium') console.log(`\nPage weight measured from ${w2.method}.`);
}

/**
 * ctx: { tool, sizes, runs, compareRuns, faster, keep, cli, corpusScript, pageWeight, makeDocsgenSite, clearSite }
 * Throws (and prints nothing made up) when the install or a build fails.
 */
export async function compare(ctx) {
  if (ctx.tool !== 'docusaurus')
    throw new CompareError(
      `${ctx.tool === 'true' ? '--compare needs a tool' : `--compare ${ctx.tool}: unknown tool`}; the one supported is docusaurus (--compare docusaurus)`,
    );
  const started = performance.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docusaurus-compare-'));
  const site = path.join(tmp, 'site');
  const logDir = path.join(tmp, 'logs');
  fs.mkdirSync(site);
  fs.mkdirSync(logDir);
  let ok = false;
  try {
    console.log(
      `\n## docsgen and Docusaurus 3 on the same corpus (${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${load()})\n`,
    );
    console.log(`Installing Docusaurus 3 into ${site} ...`);
    const t = performance.now();
    const versions = installDocusaurus(site, ctx.faster);
    const bundler = ctx.faster
      ? `Docusaurus Faster ${versions.faster}: Rspack, SWC, Lightning CSS, SSG worker threads`
      : 'webpack, Babel, Terser (Docusaurus Faster off)';
    console.log(`  @docusaurus/core ${versions.core}, React ${versions.react}; ${bundler}; npm install took ${sec(performance.now() - t)}`);
    writeDocusaurusSite(site, { faster: ctx.faster, version: versions.core });
    const label = `Docusaurus ${versions.core}${ctx.faster ? ' (Faster)' : ''}`;
    const rows = [];
    for (const size of ctx.sizes) {
      console.log(`\nCorpus ${size} pages per locale:`);
      const ours = await docsgenSize(ctx, size, logDir);
      const theirs = await docusaurusSize(ctx, site, size, logDir);
      rows.push([size, ours, theirs]);
    }
    for (const [size, ours, theirs] of rows) printTable(size, ours, theirs, label);
    console.log(
      `\nDoc page: ${rows[0][1].weight.route} (English). Both tools build en and ko. The comparison took ${sec(performance.now() - started)}, install included.`,
    );
    ok = true;
  } finally {
    if (ctx.keep) console.log(`\nKept ${tmp} (build logs in ${logDir}); remove it when done.`);
    else if (!ok) {
      // keep the site and the build logs to look at, not the 350 MB of node_modules
      fs.rmSync(path.join(site, 'node_modules'), { recursive: true, force: true });
      console.log(`\nLeft for inspection: ${tmp} (build logs in ${logDir}); remove it when done.`);
    } else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export { CompareError };
