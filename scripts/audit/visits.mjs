// The browser pass shared by the axe, console and budget checks: loads every sampled page in
// real Chromium (Debian's /usr/bin/chromium through playwright-core), in light and dark mode,
// each in a fresh context so it is a first visit, and records what went wrong while it loaded.
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSize } from './budget.mjs';
import { AUDIT_PREFIX } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** The minified axe-core (axe.source is the unminified build, twice the size to compile). */
export function axeFile() {
  const require = createRequire(import.meta.url);
  return fs.readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'));
}
export const AXE_PATH = `${AUDIT_PREFIX}axe.min.js`;

/**
 * Visits each sampled page in both colour modes; every other page at a phone's width, so the
 * mobile chrome is covered too. Returns one result per visit. Opening a page costs Chromium half
 * a second, so each worker keeps one page per mode and device and navigates it, with the HTTP
 * cache off so every load is a first visit.
 */
export async function runVisits(ctx, { axe = false, concurrency = 1 } = {}) {
  const { site, server } = ctx;
  // axe is loaded from the audit server (see serveSite's `extra`) with the cache on.
  const source = axe ? server.origin + AXE_PATH : undefined;
  const sizes = new Map();
  const sizeOf = (rel) => {
    if (!sizes.has(rel)) sizes.set(rel, gzipSize(site.bytes(rel)));
    return sizes.get(rel);
  };
  const groups = new Map();
  ctx.sample.pages.forEach((entry, i) => {
    for (const mode of ['light', 'dark']) {
      const device = i % 2 ? 'mobile' : 'desktop';
      const key = `${mode}/${device}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push({ ...entry, mode, device, viewport: i % 2 ? MOBILE : DESKTOP });
    }
  });
  const total = [...groups.values()].reduce((n, g) => n + g.length, 0);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const results = [];
  try {
    const queue = [...groups.values()];
    const worker = async () => {
      for (let jobs = queue.shift(); jobs; jobs = queue.shift()) {
        const tab = await openTab(browser, jobs[0], server);
        try {
          for (const job of jobs) {
            results.push(await visit(tab, job, { server, site, source, sizeOf }));
            ctx.progress?.(`${results.length}/${total}`);
          }
        } finally {
          await tab.context.close();
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await browser.close();
  }
  return results;
}

/** A page for one mode and device; its listeners report into whichever visit is current. */
async function openTab(browser, { viewport, mode }, server) {
  const context = await browser.newContext({ viewport, colorScheme: mode });
  await context.addInitScript((m) => {
    try {
      localStorage.setItem('theme', m);
    } catch {
      /* storage may be unavailable */
    }
  }, mode);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const tab = { context, page, cdp, current: undefined, inflight: 0, lastActivity: 0 };
  const activity = (d) => {
    tab.inflight = Math.max(0, tab.inflight + d);
    tab.lastActivity = performance.now();
  };
  page.on('request', () => activity(1));
  page.on('requestfinished', () => activity(-1));
  page.on('requestfailed', () => activity(-1));
  const sameOrigin = (u) => u.startsWith(server.origin + '/') && !u.startsWith(server.origin + AUDIT_PREFIX);
  const report = (line) => tab.current?.problems.push(line);
  page.on('console', (msg) => {
    const job = tab.current?.job;
    // Chromium logs the expected 404 of a not-found visit as a console error; that one is wanted.
    if (job && job.status !== 200 && msg.location()?.url === tab.current.url && /status of 404/.test(msg.text())) return;
    if (msg.type() === 'error' || (msg.type() === 'warning' && /hydrat/i.test(msg.text()))) report(`console ${msg.type()}: ${msg.text().slice(0, 300)}`);
  });
  page.on('pageerror', (err) => report(`page error: ${err.message.slice(0, 300)}`));
  page.on('requestfailed', (req) => {
    // A navigation aborts what the previous page still had in flight; that is not this page's failure.
    if (sameOrigin(req.url()) && !/ERR_ABORTED/.test(req.failure()?.errorText ?? ''))
      report(`request failed: ${req.url().slice(server.origin.length)} ${req.failure()?.errorText ?? ''}`);
  });
  page.on('response', (res) => {
    const cur = tab.current;
    const u = res.url();
    if (!cur || !sameOrigin(u)) return;
    const isMain = res.request().isNavigationRequest() && res.request().frame() === page.mainFrame();
    if (res.status() >= 400 && !(isMain && res.status() === cur.job.status)) report(`HTTP ${res.status()}: ${u.slice(server.origin.length)}`);
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const rel = cur.site.fileFor(new URL(u).pathname);
    if (rel) cur.bytes[type === 'script' ? 'js' : 'css'] += cur.sizeOf(rel);
  });
  return tab;
}

async function visit(tab, job, { server, site, source, sizeOf }) {
  const started = performance.now();
  const { page } = tab;
  const url = server.url(job.path);
  const problems = [];
  const bytes = { js: 0, css: 0 };
  const result = { path: job.path, kind: job.kind, locale: job.locale, mode: job.mode, device: job.device, problems, violations: [], bytes };
  tab.current = { job, url, problems, bytes, site, sizeOf };
  tab.inflight = 0;
  try {
    // Every page load is a first visit; the cache comes back on for axe only.
    await tab.cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    if (response && response.status() !== job.status) problems.push(`status ${response.status()}, expected ${job.status}`);
    const hydrated = await page
      .waitForFunction(
        () => {
          const root = document.getElementById('__docsgen');
          return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
        },
        null,
        { timeout: 10_000, polling: 50 },
      )
      .then(
        () => true,
        () => false,
      );
    if (!hydrated) problems.push('the page did not hydrate within 10 s');

    // Let start-up work finish (lazy chunks, effects) so its errors are this page's: no request
    // in flight for 150 ms (Playwright's networkidle waits 500 ms, which adds up over 100 loads).
    const settleBy = performance.now() + 5_000;
    while (performance.now() < settleBy && (tab.inflight > 0 || performance.now() - tab.lastActivity < 150)) await new Promise((r) => setTimeout(r, 25));
    result.theme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    if (source) {
      await tab.cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      await page.addScriptTag({ url: source });
      result.violations = await page.evaluate(async (tags) => {
        const res = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return res.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          count: v.nodes.length,
          targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
          summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
        }));
      }, AXE_TAGS);
    }
  } catch (err) {
    problems.push(`could not load: ${err.message.split('\n')[0]}`);
  } finally {
    tab.current = undefined;
  }
  result.ms = performance.now() - started;
  return result;
}
