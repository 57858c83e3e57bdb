#!/usr/bin/env node
// The dev server's figures (`npm run bench` runs it; prints, asserts nothing):
//   - time from starting `docsgen serve` to the first page served with its CSS and JS: the first
//     start on a fresh copy (no cache folder), and the median of the --starts - 1 starts after it
//     (a dev server's normal start), for the real site and for a 2000-page corpus;
//   - time from saving one Markdown file to the updated page being served, as a browser sees it
//     (the page's live-reload connection reports "reload", then the page is fetched), median over
//     N body edits and over a few title edits (those change the sidebar: the graph is collected
//     again), for the real site and for a 2000-page corpus;
//   - resident memory over 200 successive edits (first and last).
// Wall times depend on how busy the machine is; the server's CPU time is printed beside them.
// The sites are served from temporary copies; the real site's files are never touched.
//   node scripts/bench-serve.mjs [--starts 4] [--edits 30] [--title-edits 8] [--rss-edits 200] [--pages 2000] [--skip-corpus]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'bin/docsgen.js');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']] : acc), []),
);
const EDITS = Number(args.edits ?? 30);
const TITLE_EDITS = Number(args['title-edits'] ?? 8);
const RSS_EDITS = Number(args['rss-edits'] ?? 200);
const PAGES = Number(args.pages ?? 2000);
/** Starts of the server on each site: the first on a fresh copy, the others after it. */
const STARTS = Math.max(2, Number(args.starts ?? 4));
const corpusScript = [path.join(ROOT, '../shared/bench/gen-corpus.mjs'), path.join(ROOT, 'shared/bench/gen-corpus.mjs')].find((f) => fs.existsSync(f));

/** The middle value, or the mean of the two middle values of an even count. */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => `${x.toFixed(0)} ms`;
const sleep = (t) => new Promise((r) => setTimeout(r, t));

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** A page's live-reload connection, as the dev client opens it. */
function openEvents(base, route, signature) {
  const url = new URL('/_docsgen/dev/events', base);
  url.searchParams.set('path', route);
  url.searchParams.set('signature', signature);
  const listeners = [];
  const received = [];
  let buffer = '';
  const req = http.get(url, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let at;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (!name) continue;
        const waiting = listeners.shift();
        if (waiting) waiting(name);
        else received.push(name);
      }
    });
  });
  req.on('error', () => {});
  return {
    next: () => (received.length ? Promise.resolve(received.shift()) : new Promise((resolve) => listeners.push(resolve))),
    close: () => req.destroy(),
  };
}

async function waitForReload(events, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const left = deadline - performance.now();
    if (left <= 0) throw new Error('no reload event');
    const name = await Promise.race([events.next(), sleep(left).then(() => 'timeout')]);
    if (name === 'reload') return;
    if (name === 'timeout') throw new Error('no reload event within 10 s');
  }
}

const signatureOf = (html) => /data-docsgen-dev="([^"]*)"/.exec(html)?.[1] ?? '';

/** CPU time (user + system, ms) the process used so far: unlike wall time, not inflated by a busy machine. */
function cpuOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** Starts `docsgen serve --port 0` on a site; resolves when the URL is printed. */
async function startServe(root) {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'serve', '--root', root, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}\n${err}`)));
  });
  return { child, url, started, output: () => out + err };
}

async function waitForOutput(s, pattern) {
  for (;;) {
    const m = pattern.exec(s.output());
    if (m) return m[1];
    if (s.child.exitCode !== null) throw new Error(`serve exited\n${s.output()}`);
    await sleep(20);
  }
}

async function stopServe(s) {
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

/** Edits a Markdown file `n` times; returns the save-to-served times. */
async function timeEdits(s, file, route, n, edit, after = () => {}) {
  const original = fs.readFileSync(file, 'utf8');
  const times = [];
  try {
    for (let i = 0; i < n; i++) {
      const page = await get(new URL(route, s.url));
      const events = openEvents(s.url, route, signatureOf(page.body));
      await events.next(); // hello
      await events.next(); // problems: the connection is registered
      const marker = `bench-edit-${process.pid}-${i}-${Date.now()}`;
      const t0 = performance.now();
      fs.writeFileSync(file, edit(original, marker));
      await waitForReload(events);
      const served = await get(new URL(route, s.url));
      const t1 = performance.now();
      events.close();
      if (!served.body.includes(marker)) throw new Error(`the page served after edit ${i} does not show it`);
      times.push(t1 - t0);
      after(i + 1);
    }
  } finally {
    fs.writeFileSync(file, original);
    await sleep(300);
  }
  return times;
}

const bodyEdit = (text, marker) => `${text.trimEnd()}\n\nEdited paragraph ${marker}.\n`;
const titleEdit = (text, marker) => text.replace(/^title: .*$/m, `title: Title ${marker}`);

function report(label, times, target, cpuPerEdit) {
  const cpu = cpuPerEdit === undefined ? '' : `; server CPU ${ms(cpuPerEdit)} per edit (edit and restore)`;
  console.log(
    `- ${label}: median ${ms(median(times))}, p90 ${ms(pct(times, 0.9))}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))} (${times.length} edits${target ? `; target < ${target} ms` : ''}${cpu})`,
  );
}

/**
 * Starts the server and asks for `route` until it is served with its stylesheet and scripts (what
 * the browser needs to show and hydrate it): ms since the start, and the server's CPU time by then.
 */
async function firstPage(s, route) {
  for (;;) {
    const r = await get(new URL(route, s.url)).catch(() => undefined);
    if (r?.status === 200) {
      const assets = [...r.body.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
      const served = await Promise.all(assets.map((a) => get(new URL(a, s.url))));
      if (served.some((a) => a.status !== 200)) throw new Error(`an asset of ${route} is not served`);
      return { ms: performance.now() - s.started, cpu: cpuOf(s.child.pid) };
    }
    await sleep(5);
  }
}

async function benchSite(name, root, docFile, route, { rss }) {
  console.log(`\n### ${name}\n`);
  const starts = [];
  for (let i = 0; i < STARTS - 1; i++) {
    const s = await startServe(root);
    starts.push(await firstPage(s, route));
    await stopServe(s);
  }
  const s = await startServe(root);
  starts.push(await firstPage(s, route));
  const routes = await waitForOutput(s, /Built (\d+) routes/);
  // The first start is a fresh clone's (no cache folder); the others find what it kept there.
  const [fresh, ...later] = starts;
  const wall = later.map((x) => x.ms);
  console.log(
    `- \`docsgen serve\` to first page served with its CSS and JS: median ${ms(median(wall))} of ${later.length} starts (${wall.map(ms).join(', ')}; ${routes} routes; target < 1000 ms); CPU time of the server process by then: median ${ms(median(later.map((x) => x.cpu)))} (${later.map((x) => ms(x.cpu)).join(', ')})`,
  );
  console.log(`- the same, first start of a fresh copy (no cache folder): ${ms(fresh.ms)}, CPU ${ms(fresh.cpu)}`);
  try {
    await timeEdits(s, docFile, route, 2, bodyEdit); // warm-up
    const cpu = cpuOf(s.child.pid);
    report('save to updated page served, body edit', await timeEdits(s, docFile, route, EDITS, bodyEdit), 100, (cpuOf(s.child.pid) - cpu) / EDITS);
    if (TITLE_EDITS) {
      const before = cpuOf(s.child.pid);
      report(
        'save to updated page served, title edit (sidebar changes)',
        await timeEdits(s, docFile, route, TITLE_EDITS, titleEdit),
        undefined,
        (cpuOf(s.child.pid) - before) / TITLE_EDITS,
      );
    }
    if (rss && RSS_EDITS > 0) {
      const rss = [];
      const every = Math.max(1, Math.round(RSS_EDITS / 4));
      const times = await timeEdits(s, docFile, route, RSS_EDITS, bodyEdit, (i) => {
        if (i === 1 || i % every === 0 || i === RSS_EDITS) rss.push([i, rssOf(s.child.pid)]);
      });
      const first = rss[0][1];
      const last = rss[rss.length - 1][1];
      const trail = rss.map(([i, mb]) => `${i}: ${mb.toFixed(0)}`).join(', ');
      console.log(
        `- RSS over ${RSS_EDITS} successive edits: first ${first.toFixed(0)} MB, last ${last.toFixed(0)} MB (after edit ${trail}; median edit ${ms(median(times))})`,
      );
    }
  } catch (err) {
    console.log(`server output:\n${s.output()}`);
    throw err;
  } finally {
    await stopServe(s);
  }
}

/** Files as an author has them: saved a while ago (fresh copies would look edited during startup). */
function age(dir) {
  const past = new Date(Date.now() - 10 * 60_000);
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      fs.utimesSync(p, past, past);
    }
  };
  walk(dir);
}

function copyRealSite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-serve-real-'));
  for (const entry of ['content', 'openapi', 'templates', 'static', 'site.config.ts']) {
    if (fs.existsSync(path.join(ROOT, entry))) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  // The theme imports packages; let it find them as it does in the repository.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  age(dir);
  return dir;
}

function makeCorpus() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-serve-${PAGES}-`));
  const r = spawnSync(process.execPath, [corpusScript, '--pages', String(PAGES), '--out', dir, '--layout', 'neutral'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  fs.writeFileSync(
    path.join(dir, 'site.config.ts'),
    "import { defineConfig } from 'docsgen'; export default defineConfig({ title: 'Bench', locales: [{code:'en',label:'English'},{code:'ko',label:'한국어'}] });\n",
  );
  age(dir);
  return dir;
}

function firstDoc(root) {
  const docs = path.join(root, 'content/en/docs');
  const walk = (dir) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
  return walk(docs)[0];
}

console.log(`Dev server (${os.cpus().length} CPUs, Node ${process.version})`);
const dirs = [];
try {
  const real = copyRealSite();
  dirs.push(real);
  const intro = path.join(real, 'content/en/docs/tutorial/intro.md');
  await benchSite('Real site', real, intro, '/docs/tutorial/intro', { rss: !corpusScript || args['skip-corpus'] });
  if (corpusScript && !args['skip-corpus']) {
    const corpus = makeCorpus();
    dirs.push(corpus);
    const doc = firstDoc(corpus);
    const rel = path.relative(path.join(corpus, 'content/en/docs'), doc).replace(/\.md$/, '');
    await benchSite(`${PAGES}-page corpus (en + ko)`, corpus, doc, `/docs/${rel}`, { rss: true });
  }
} finally {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
