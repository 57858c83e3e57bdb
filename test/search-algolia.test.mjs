// The search modal and the search page of a site configured for Algolia, in real Chromium: the
// site's bundle queries a local stand-in for Algolia (filled by `docsgen index`) through the real
// algoliasearch lite client. Checks the request the modal sends (contextual filters, 20 hits,
// 10-word snippets or 5 on a phone), the results it shows, the host faults (refused, 500, too
// slow, all down), and that the Algolia client is only downloaded when search is used — never by
// a site on the local provider.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { FixtureSite } from './helpers/site.mjs';
import { serveDir } from './helpers/server.mjs';
import { launch, openPage } from './helpers/browser.mjs';
import { runCli, startAlgoliaServer } from './helpers/algolia-server.mjs';

const INDEX = 'fixture_docs';
/** A string only the algoliasearch client contains (its default host names). */
const ALGOLIA_MARK = 'algolianet.com';

describe('hosted (Algolia) search in the browser', () => {
  let algolia;
  let site;
  let web;
  let browser;

  before(async () => {
    algolia = await startAlgoliaServer({ hosts: 2, slowMs: 4000 });
    site = new FixtureSite('algolia-site');
    const env = { ALGOLIA_TEST_HOSTS: algolia.urls.join(','), ALGOLIA_ADMIN_KEY: algolia.adminKey };
    const built = await runCli(site.root, ['build'], env);
    assert.equal(built.status, 0, built.stderr);
    const indexed = await runCli(site.root, ['index'], env);
    assert.equal(indexed.status, 0, indexed.stderr + indexed.stdout);
    web = await serveDir(site.out);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await web?.close();
    await algolia?.close();
    site?.cleanup();
  });
  beforeEach(async () => {
    for (const host of algolia.hosts) await host.setMode('ok');
    algolia.clearLog();
  });

  /** A fresh context (no remembered host state) that records the JavaScript it downloads. */
  async function open(route, opts) {
    const { page, context, problems } = await openPage(browser, opts);
    const scripts = [];
    page.on('response', async (res) => {
      if (!res.url().endsWith('.js')) return;
      const text = await res.text().catch(() => '');
      scripts.push({ url: res.url(), algolia: text.includes(ALGOLIA_MARK) });
    });
    await page.goto(web.url + route);
    // Ctrl+K does nothing until the navbar's listener is in place.
    await page.waitForSelector('html[data-hydrated]');
    // Failed requests to search hosts are the faults under test; anything else is a problem.
    // (Chromium logs a failed XHR as "Failed to load resource" without its URL; the faults are on purpose.)
    const siteProblems = () =>
      problems.filter(
        (p) =>
          !algolia.urls.some((u) => p.includes(u)) &&
          !/127\.0\.0\.1:\d+\/1\/indexes/.test(p) &&
          !/Failed to load resource: (net::ERR_CONNECTION_REFUSED|the server responded with a status of 500)/.test(p),
      );
    return { page, context, scripts, siteProblems };
  }

  async function searchFor(page, text) {
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.search-input');
    await page.fill('.search-input', text);
  }

  const lastQuery = (text) =>
    algolia
      .queries()
      .filter((q) => q.body.requests[0].query === text)
      .at(-1);

  it('the modal sends the contextual query and lists what the index returns', async () => {
    const { page, context, scripts, siteProblems } = await open('/docs/guide/stock');
    assert.ok(scripts.length > 0);
    assert.deepEqual(
      scripts.filter((s) => s.algolia),
      [],
      'no Algolia code before search is used',
    );
    await searchFor(page, 'warehouse');
    await page.waitForSelector('.search-hit-title mark');
    const titles = await page.$$eval('.search-hit-title', (els) => els.map((e) => e.textContent));
    assert.ok(
      titles.some((t) => /warehouse/i.test(t)),
      titles.join(' | '),
    );

    const q = lastQuery('warehouse');
    assert.ok(q, 'the query reached the index');
    assert.equal(q.method, 'POST');
    assert.equal(q.path, '/1/indexes/*/queries');
    assert.equal(q.key, algolia.searchKey);
    const r = q.body.requests[0];
    assert.equal(r.indexName, INDEX);
    assert.equal(r.hitsPerPage, 20);
    assert.ok(r.attributesToSnippet.includes('content:10'), r.attributesToSnippet.join());
    assert.deepEqual(r.facetFilters, ['language:en', 'version:next']);
    assert.equal(r.highlightPreTag, '<mark>');
    assert.equal(r.highlightPostTag, '</mark>');
    assert.ok(
      scripts.some((s) => s.algolia),
      'the Algolia client was loaded on demand',
    );

    // Opening a hit goes to the URL the index holds for it.
    const href = await page.$eval('.search-hit-link', (e) => e.getAttribute('href'));
    await page.click('.search-hit-link');
    await page.waitForFunction((h) => location.pathname === h.split('#')[0], href);
    assert.deepEqual(siteProblems(), []);
    await context.close();
  });

  it('a Korean page filters on language:ko', async () => {
    const { page, context, siteProblems } = await open('/ko/docs/guide/stock');
    await searchFor(page, '창고');
    await page.waitForSelector('.search-hit-title mark');
    const r = lastQuery('창고').body.requests[0];
    assert.deepEqual(r.facetFilters, ['language:ko', 'version:next']);
    const urls = await page.$$eval('.search-hit-link', (els) => els.map((e) => e.getAttribute('href')));
    assert.ok(urls.length && urls.every((u) => u.startsWith('/ko/')), urls.join());
    assert.deepEqual(siteProblems(), []);
    await context.close();
  });

  it('asks for 5-word snippets at a 390 px viewport', async () => {
    const { page, context } = await open('/docs/guide/stock', { width: 390, height: 844 });
    await searchFor(page, 'warehouse');
    await page.waitForSelector('.search-hit-title mark');
    const r = lastQuery('warehouse').body.requests[0];
    assert.ok(r.attributesToSnippet.includes('content:5'), r.attributesToSnippet.join());
    assert.equal(r.hitsPerPage, 20);
    await context.close();
  });

  it('shows markup in the indexed text as text', async () => {
    const { page, context } = await open('/docs/guide/stock');
    await searchFor(page, 'onerror');
    await page.waitForSelector('.search-hit-title mark');
    const text = await page.$$eval('.search-hit-title', (els) => els.map((e) => e.textContent).join(' '));
    assert.ok(text.includes('<img src=x onerror=alert(1)>'), text);
    assert.equal(await page.$$eval('.search-modal img', (els) => els.length), 0);
    await context.close();
  });

  for (const [fault, mode] of [
    ['refuses connections', 'down'],
    ['answers 500', 'error'],
    ['is too slow for the read timeout', 'slow'],
  ]) {
    it(`falls over to the second host when the first ${fault}`, async () => {
      await algolia.hosts[0].setMode(mode);
      const { page, context, siteProblems } = await open('/docs/guide/stock');
      const started = Date.now();
      await searchFor(page, 'replenishment');
      await page.waitForSelector('.search-hit-title mark', { timeout: 15000 });
      const ms = Date.now() - started;
      const asked = algolia
        .queries()
        .filter((q) => q.body.requests[0].query === 'replenishment')
        .map((q) => q.host);
      assert.equal(asked.at(-1), 1, 'answered by the second host');
      if (mode !== 'down') assert.ok(asked.includes(0), 'the first host was tried');
      assert.equal(await page.$('.search-error'), null);
      assert.deepEqual(siteProblems(), []);
      console.log(`# first host ${fault}: results after ${ms} ms`);
      await context.close();
    });
  }

  it('says "Unable to fetch results" when every host is down', async () => {
    for (const host of algolia.hosts) await host.setMode('down');
    for (const [route, title, help] of [
      ['/docs/guide/stock', 'Unable to fetch results', 'You might want to check your network connection.'],
      ['/ko/docs/guide/stock', '검색 결과를 가져올 수 없습니다', '네트워크 연결을 확인해 보세요.'],
    ]) {
      const { page, context, siteProblems } = await open(route);
      await searchFor(page, 'stock');
      await page.waitForSelector('.search-error', { timeout: 15000 });
      const shown = await page.$eval('.search-error', (e) => e.textContent);
      assert.ok(shown.includes(title) && shown.includes(help), shown);
      assert.deepEqual(siteProblems(), []);
      await context.close();
    }
  });

  it('the search page queries the hosted index too', async () => {
    const { page, context, siteProblems } = await open('/search?q=warehouse');
    await page.waitForSelector('.search-page-hit mark');
    const r = lastQuery('warehouse').body.requests[0];
    assert.equal(r.indexName, INDEX);
    assert.equal(r.hitsPerPage, 20);
    assert.deepEqual(r.facetFilters, ['language:en', 'version:next']);
    const titles = await page.$$eval('.search-page-hit', (els) => els.map((e) => e.textContent));
    assert.ok(titles.some((t) => /warehouse/i.test(t)));
    assert.deepEqual(siteProblems(), []);
    await context.close();
  });

  it('ships the Algolia client as a separate chunk, which a local-search site never downloads', async () => {
    const assets = path.join(site.out, 'assets');
    const chunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(assets, f), 'utf8').includes(ALGOLIA_MARK));
    assert.equal(chunks.length, 1, chunks.join());
    const code = fs.readFileSync(path.join(assets, chunks[0]));
    console.log(`# Algolia provider chunk: ${(code.length / 1024).toFixed(1)} KiB, ${(zlib.gzipSync(code).length / 1024).toFixed(1)} KiB gzipped`);

    const local = new FixtureSite('algolia-site');
    const localWeb = { close: async () => {} };
    try {
      local.write('site.config.ts', local.read('site.config.ts').replace(/search: \{[\s\S]*?\n  \},\n/, ''));
      const built = await runCli(local.root, ['build']);
      assert.equal(built.status, 0, built.stderr);
      Object.assign(localWeb, await serveDir(local.out));
      const { page, context } = await openPage(browser);
      const scripts = [];
      page.on('response', async (res) => res.url().endsWith('.js') && scripts.push((await res.text().catch(() => '')).includes(ALGOLIA_MARK)));
      await page.goto(localWeb.url + '/docs/guide/stock');
      await page.waitForSelector('html[data-hydrated]');
      await page.hover('.search-button');
      await searchFor(page, 'warehouse');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      assert.ok(scripts.length > 0);
      assert.equal(scripts.filter(Boolean).length, 0, 'no Algolia code downloaded');
      assert.deepEqual(algolia.log, [], 'no request to a search host');
      await context.close();
    } finally {
      await localWeb.close();
      local.cleanup();
    }
  });
});
