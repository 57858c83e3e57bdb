#!/usr/bin/env node
// Local search benchmark on the real site (content/, openapi/ of this repository). Prints:
//   - the local index per locale: its files, the entry's size and all files' (raw, gzip), how
//     long building it from the records takes (median of 3, main thread), and what the first
//     query of a visit reads (the entry, its words' chunks, its hits' fragments), gzip;
//   - query latency in Node over a fixed set of English and Korean queries, typed the way people
//     type (every prefix of each query), with hits, highlights and snippets built: median and p95;
//   - in Chromium, against the built site served locally: the time from the first keystroke to the
//     results for the typed query on screen, on a cold index (nothing loaded before: the modal's
//     code and the index are both fetched after the keystroke), with when each step
//     of the cold path was done, and with the index already loaded (warm).
//   node scripts/bench-search.mjs [--dist DIR] [--runs N]
// Without --dist the site is built into a temporary folder first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']] : acc), []),
);
const runs = Number(args.runs ?? 5);
const { buildLocalIndex, openLocalIndex } = await import(path.join(ROOT, 'lib/internals.js'));

const QUERIES = {
  en: [
    'purchase order',
    'inventory transfer',
    'create a customer',
    'work order status',
    'shopify',
    'usps cubic rates',
    'lot tracking',
    'bill of materials',
    'rate limit',
    'idempotency key',
    'invntory',
    'receiving',
    'sales order',
    'bin location',
    'custom fields',
    'quickbooks',
    'unit of measure',
    'reorder point',
    'api key',
    'shipment label',
  ],
  ko: [
    '재고',
    '재고를',
    '구매 주문',
    '구매주문',
    '작업 지시',
    '로트 추적',
    '고객 생성',
    '배송비',
    '판매 주문',
    '공급업체',
    '입고',
    '빈 위치',
    '단위',
    '재주문점',
    '출고',
    '품목 옵션',
    '작업장',
    '반품',
    '연동',
    '사용자 권한',
  ],
};

/** What the browser benchmark types, per locale. */
const FIRST_QUERY = { en: 'inventory', ko: '재고' };

const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(0)} ms` : '–');

console.log(
  `Machine: ${os.availableParallelism()} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (figures scale with it).`,
);
let dist = args.dist && path.resolve(args.dist);
let tmp;
if (!dist) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-search-'));
  dist = path.join(tmp, 'dist');
  process.stdout.write('Building the real site… ');
  const started = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/docsgen.js'), 'build', '--out', dist], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    console.log(`failed:\n${r.stderr}`);
    process.exit(1);
  }
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
}

try {
  const locales = ['en', 'ko'].filter((l) => fs.existsSync(path.join(dist, `_docsgen/search/index.${l}.json`)));
  const engines = {};
  console.log(
    '\n| locale | records | sections | index files | entry (gzip) | all files (gzip) | build (median of 3) | first search: files read (gzip) | first search, cold |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
  for (const locale of locales) {
    const searchDir = path.join(dist, '_docsgen/search');
    const entryText = fs.readFileSync(path.join(searchDir, `index.${locale}.json`));
    const entry = JSON.parse(entryText.toString('utf8'));
    const names = fs.readdirSync(path.join(searchDir, entry.dir));
    let raw = entryText.length;
    let gzip = gz(entryText);
    for (const name of names) {
      const text = fs.readFileSync(path.join(searchDir, entry.dir, name));
      raw += text.length;
      gzip += gz(text);
    }
    const records = JSON.parse(fs.readFileSync(path.join(searchDir, `records.${locale}.json`), 'utf8'));
    const builds = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      buildLocalIndex(locale, records);
      builds.push(performance.now() - t);
    }
    const firsts = [];
    let read = new Map();
    for (let i = 0; i < 5; i++) {
      read = new Map();
      const f = performance.now();
      engines[locale] = openLocalIndex(dist, locale, read);
      await engines[locale].search({ query: FIRST_QUERY[locale], hitsPerPage: 20, snippetWords: 10 });
      firsts.push(performance.now() - f);
    }
    const readGzip = [...read.keys()].reduce((n, rel) => n + gz(fs.readFileSync(path.join(searchDir, rel))), 0);
    console.log(
      `| ${locale} | ${records.length} | ${entry.documentCount} | ${names.length + 1} | ${kb(entryText.length)} (${kb(gz(entryText))}) | ${kb(raw)} (${kb(gzip)}) | ${ms(median(builds))} | ${read.size} (${kb(readGzip)}) | ${ms(median(firsts))} |`,
    );
  }

  console.log('\nQuery latency in Node (every prefix of each query, as typed; 20 hits with highlights and 10-word snippets).');
  console.log('Wall time, and the CPU time of this process (less affected when other work shares the machine):\n');
  console.log('| locale | queries | searches | median | p95 | max | CPU median | CPU p95 |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const locale of locales) {
    const typed = QUERIES[locale].flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1)).filter((p) => p.trim()));
    for (const q of typed) await engines[locale].search({ query: q, hitsPerPage: 20, snippetWords: 10 });
    const times = [];
    const cpu = [];
    for (let rep = 0; rep < 5; rep++) {
      for (const q of typed) {
        const c = process.cpuUsage();
        const t = performance.now();
        await engines[locale].search({ query: q, hitsPerPage: 20, snippetWords: 10 });
        times.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    console.log(
      `| ${locale} | ${QUERIES[locale].length} | ${times.length} | ${ms(median(times))} | ${ms(p95(times))} | ${ms(Math.max(...times))} | ${ms(median(cpu))} | ${ms(p95(cpu))} |`,
    );
  }

  await browserBench(dist, locales);
} finally {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}

async function browserBench(dir, locales) {
  const { CHROMIUM, launch } = await import(path.join(ROOT, 'test/helpers/browser.mjs'));
  if (!fs.existsSync(CHROMIUM)) return console.log('\n(Chromium not installed: keystroke-to-results not measured)');
  const { serveDir } = await import(path.join(ROOT, 'test/helpers/server.mjs'));
  const server = await serveDir(dir);
  const browser = await launch();
  const pages = { en: ['/docs/tutorial/intro', FIRST_QUERY.en], ko: ['/ko/docs/tutorial/intro', FIRST_QUERY.ko] };
  const STEPS = ['modal code', 'entry received', 'entry parsed', 'engine ready', 'chunks received', 'fragments received', 'results shown'];
  try {
    console.log(`\nChromium, site served locally, median of ${runs} fresh browser contexts (target: 100 ms). From the keydown of`);
    console.log("'/' to the results for the query on screen, the query inserted in one input event right after the keydown;");
    console.log('cold: nothing search-related loaded before the keydown. Key by key: each key is one automation round trip.\n');
    console.log(
      '| locale | query | cold: first keystroke to results | warm: first keystroke to results | warm, typed key by key | fetched after the keystroke (served uncompressed) |',
    );
    console.log('| --- | --- | ---: | ---: | ---: | ---: |');
    const breakdown = [];
    for (const locale of locales) {
      const [route, query] = pages[locale];
      const cold = [];
      const warm = [];
      const typed = [];
      const steps = Object.fromEntries(STEPS.map((s) => [s, []]));
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.goto(server.url + route, { waitUntil: 'networkidle' });
        await page.waitForSelector('html[data-hydrated]');
        // The keystroke that opens the modal starts everything; the query follows at once.
        cold.push(await measure(page, query));
        const run = await page.evaluate(() => {
          const start = window.__benchStart;
          const after = (list) => list.filter((e) => e.startTime >= start);
          const resources = after(performance.getEntriesByType('resource'));
          const ended = (re) => Math.max(...resources.filter((e) => re.test(e.name)).map((e) => e.responseEnd - start));
          const mark = (name) => after(performance.getEntriesByName(name))[0]?.startTime - start;
          return {
            bytes: resources.reduce((n, e) => n + (e.encodedBodySize || 0), 0),
            steps: {
              'modal code': ended(/\/SearchModal-[^/]*\.js$/),
              'entry received': ended(/\/_docsgen\/search\/index\.[^/]*\.json$/),
              'chunks received': ended(/\/_docsgen\/search\/[^/]+\/[hc]\d+\.json$/),
              'fragments received': ended(/\/_docsgen\/search\/[^/]+\/f\d+\.json$/),
              'entry parsed': mark('docsgen:search-index-fetched'),
              'engine ready': mark('docsgen:search-index-ready'),
              'results shown': window.__benchDone - start,
            },
          };
        });
        bytes = run.bytes;
        for (const s of STEPS) steps[s].push(run.steps[s]);
        await page.keyboard.press('Escape');
        warm.push(await measure(page, query));
        await page.keyboard.press('Escape');
        typed.push(await measure(page, query, 'type'));
        await context.close();
      }
      const ok = (xs) => xs.filter(Number.isFinite);
      const failed = [cold, warm, typed].reduce((n, xs) => n + xs.length - ok(xs).length, 0);
      console.log(
        `| ${locale} | ${query} | ${ms(median(ok(cold)))} | ${ms(median(ok(warm)))} | ${ms(median(ok(typed)))} | ${kb(bytes)} |${failed ? ` (${failed} failed runs left out)` : ''}`,
      );
      breakdown.push(`| ${locale} | ${STEPS.map((s) => (steps[s].some(Number.isFinite) ? ms(median(steps[s].filter(Number.isFinite))) : '–')).join(' | ')} |`);
    }
    console.log('\nCold, when each step was done (ms after the keydown, medians; the steps overlap):\n');
    console.log(`| locale | ${STEPS.join(' | ')} |`);
    console.log(`| --- |${STEPS.map(() => ' ---: |').join('')}`);
    for (const row of breakdown) console.log(row);
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Opens the modal with "/" and types the query; ms from that keydown until the results for the
 * whole query are on screen: the box holds the query, the live region announces their count
 * (it does so only for the query in the box, see SearchModal.tsx) and options are listed.
 */
async function measure(page, query, mode = 'insert') {
  await page.evaluate((query) => {
    window.__benchStart = undefined;
    window.__benchDone = undefined;
    window.addEventListener('keydown', () => (window.__benchStart ??= performance.now()), { capture: true, once: true });
    const shown = () => {
      const input = document.querySelector('.search-modal .search-input');
      const status = document.querySelector('.search-modal [role="status"]');
      return input?.value === query && /\d/.test(status?.textContent ?? '') && document.querySelector('.search-modal [role="option"]');
    };
    const obs = new MutationObserver(() => {
      if (window.__benchDone === undefined && shown()) {
        window.__benchDone = performance.now();
        obs.disconnect();
      }
    });
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, query);
  await page.keyboard.press('/');
  // 'insert': the query arrives in one input event right after the keydown (a fast typist, or a
  // paste), so the figure is the site's own latency; 'type': key by key, as the automation types.
  if (mode === 'insert') await page.keyboard.insertText(query);
  else await page.keyboard.type(query);
  const shown = await page
    .waitForFunction(() => window.__benchDone !== undefined, null, { timeout: 20000 })
    .then(
      () => true,
      () => false,
    );
  if (shown) return page.evaluate(() => window.__benchDone - window.__benchStart);
  // Not a figure: reported, and left out of the medians.
  const typed = await page.evaluate(() => document.querySelector('.search-modal .search-input')?.value);
  const status = await page.evaluate(() => document.querySelector('.search-modal [role="status"]')?.textContent);
  console.log(
    `  (a run failed: no results for "${query}" within 20 s; the box holds ${JSON.stringify(typed)}, the live region says ${JSON.stringify(status)})`,
  );
  return NaN;
}
