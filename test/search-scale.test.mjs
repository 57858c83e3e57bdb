// Local search at scale and for integrators, in real Chromium: on the Ianai site and on a
// generated corpus, the first query (Ctrl+K, then typed key by key) transfers at most 300 KB
// gzip from the keypress on, in English and Korean, with results; API operations come before
// the resources' schemas, with their HTTP method beside them, and "create sales order" puts
// POST /sales-orders first. The 2,000-pages-per-locale figure is scripts/bench-search-scale.mjs's;
// the suite builds a corpus of 400 pages per locale.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI, ROOT } from './helpers/site.mjs';
import { serveDir } from './helpers/server.mjs';
import { realSiteOutput } from './helpers/sharedBuild.mjs';
import { launch, openPage } from './helpers/browser.mjs';
import { firstQuery } from './helpers/firstQuery.mjs';

const { openLocalIndex } = await import(path.join(ROOT, 'lib/internals.js'));
const CORPUS = path.join(ROOT, '../shared/bench/gen-corpus.mjs');
const BUDGET = 300 * 1024;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

describe('search at scale', () => {
  let tmp;
  let browser;
  const servers = {};
  const routes = { ianai: '/docs/tutorial/intro' };
  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-search-scale-'));
    servers.ianai = await serveDir(realSiteOutput());
    if (fs.existsSync(CORPUS)) {
      const site = path.join(tmp, 'corpus');
      const g = spawnSync(process.execPath, [CORPUS, '--pages', '400', '--out', site, '--layout', 'neutral'], { encoding: 'utf8' });
      if (g.status !== 0) throw new Error(`gen-corpus failed:\n${g.stderr}`);
      fs.writeFileSync(
        path.join(site, 'site.config.ts'),
        "import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Inventory Docs', locales: [{ code: 'en', label: 'English' }, { code: 'ko', label: '한국어' }] });\n",
      );
      const b = spawnSync(process.execPath, [CLI, 'build'], { cwd: site, encoding: 'utf8' });
      if (b.status !== 0) throw new Error(`build of the corpus failed:\n${b.stderr}`);
      servers.corpus = await serveDir(path.join(site, 'dist'));
      const docs = path.join(site, 'content/en/docs/inventory');
      routes.corpus = `/docs/inventory/${fs
        .readdirSync(docs)
        .find((f) => f.endsWith('.md'))
        .replace(/\.md$/, '')}`;
    }
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    for (const s of Object.values(servers)) await s.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const ianai = () => realSiteOutput();

  it('ranks the resource page and then the operations on "sales order" before the schemas, collection operations first, and POST /sales-orders first for "create sales order"', async () => {
    for (const [locale, query, create] of [
      ['en', 'sales order', 'create sales order'],
      ['ko', '판매 주문', '판매 주문 생성'],
    ]) {
      const engine = openLocalIndex(ianai(), locale);
      const { hits } = await engine.search({ query, hitsPerPage: 20, snippetWords: 10 });
      const prefix = locale === 'en' ? '' : '/ko';
      // The resource's own page is titled as the query names it: it leads the API hits.
      const resource = hits.findIndex((h) => h.url === `${prefix}/docs/api/sales-order` && h.type === 'lvl1');
      assert.ok(resource >= 0 && resource < hits.findIndex((h) => h.endpoint), `${locale}: the resource page before the operations`);
      const api = hits.filter((h, i) => h.url.includes('/docs/api/') && i !== resource);
      assert.deepEqual(
        api.slice(0, 2).map((h) => [h.url, h.endpoint?.method]),
        [
          [`${prefix}/docs/api/create-a-sales-order`, 'POST'],
          [`${prefix}/docs/api/get-sales-order-list`, 'GET'],
        ],
        `${locale}: ${api.map((h) => h.url).join(', ')}`,
      );
      const firstSchema = api.findIndex((h) => !h.endpoint);
      const lastOperation = api.findLastIndex((h) => h.endpoint && h.type === 'lvl1' && decodeURI(h.url).includes('sales-order'));
      assert.ok(firstSchema < 0 || firstSchema > lastOperation, `${locale}: operations first: ${api.map((h) => h.url).join(', ')}`);
      assert.deepEqual(api[0].endpoint, { method: 'POST', path: '/sales-orders' });
      const top = (await engine.search({ query: create, hitsPerPage: 20, snippetWords: 10 })).hits[0];
      assert.deepEqual([top.url, top.endpoint], [`${prefix}/docs/api/create-a-sales-order`, { method: 'POST', path: '/sales-orders' }], locale);
    }
  });

  it('shows the HTTP method beside API results in the modal and on /search', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${servers.ianai.url}/docs/tutorial/intro`);
    await page.waitForSelector('html[data-hydrated]');
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal:not([aria-busy])').waitFor();
    await page.locator('.search-input').fill('create sales order');
    await page.waitForFunction(() => /\d/.test(document.querySelector('.search-modal [role="status"]')?.textContent ?? ''));
    const first = page.locator('.search-modal [role="option"]').first();
    assert.equal(await first.getAttribute('href'), '/docs/api/create-a-sales-order');
    assert.equal(await first.locator('.method-badge').innerText(), 'POST');
    assert.equal(await first.locator('.method-badge').getAttribute('title'), 'POST /sales-orders');
    await page.goto(`${servers.ianai.url}/search?q=${encodeURIComponent('sales order')}`);
    await page.locator('.search-page-hit').first().waitFor();
    const badges = await page
      .locator('.search-page-hit')
      .evaluateAll((items) =>
        items.map((li) => [li.querySelector('.method-badge')?.textContent ?? '', li.querySelector('.search-page-hit-title').getAttribute('href')]),
      );
    assert.ok(
      badges.some(([m, href]) => m === 'GET' && href === '/docs/api/get-sales-order-list'),
      JSON.stringify(badges),
    );
    assert.ok(badges.every(([m, href]) => !m || href.startsWith('/docs/api/')));
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const [site, queries] of [
    ['ianai', { en: 'sales order', ko: '판매 주문' }],
    ['corpus', { en: 'inventory', ko: '재고' }],
  ]) {
    for (const locale of ['en', 'ko']) {
      it(`${site}, ${locale}: the first query transfers at most 300 KB gzip from the keypress on, with results`, async (t) => {
        if (!servers[site]) return t.skip('gen-corpus.mjs not found');
        const url = `${servers[site].url}${locale === 'ko' ? '/ko' : ''}${routes[site]}`;
        const run = await firstQuery(browser, url, queries[locale]);
        t.diagnostic(`${run.files.length} files, ${kb(run.gzip)} gzip, ${run.ms} ms`);
        assert.ok(run.gzip <= BUDGET, `${kb(run.gzip)}: ${run.files.map((f) => `${f.url} ${kb(f.gzip)}`).join(', ')}`);
        assert.ok(
          run.files.some((f) => f.url.endsWith(`/index.${locale}.json`)),
          'the entry',
        );
        assert.ok(!run.files.some((f) => f.url.includes(`/index.${locale === 'en' ? 'ko' : 'en'}.json`)));
        assert.deepEqual(run.problems, []);
        await run.context.close();
      });
    }
  }
});
