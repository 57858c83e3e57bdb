// The Algolia search provider (templates/search/algoliaProvider.ts) in real Chromium, with the
// real algoliasearch lite client, against the local stand-in for Algolia: the request it sends,
// the hits it returns (escaped, with <mark> only), and the client's retry strategy as configured
// by the provider — fallover on a refused connection, on a 500 and on a read timeout, a failed
// host held back for 2 minutes, and SearchUnreachableError when every host fails.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './helpers/site.mjs';
import { serveDir } from './helpers/server.mjs';
import { launch, openPage } from './helpers/browser.mjs';
import { refusedPort, startAlgoliaServer } from './helpers/algolia-server.mjs';

const INDEX = 'provider_docs';
const base = { type: 'content', weight: { pageRank: 0, level: 0, position: 1 }, version: 'next' };
const h = (lvl0, lvl1, lvl2 = null) => ({ lvl0, lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null });
const RECORDS = [
  {
    ...base,
    objectID: 'en-1',
    url: '/docs/stock#count',
    url_without_anchor: '/docs/stock',
    anchor: 'count',
    hierarchy: h('Guide', 'Stock', 'Counting'),
    content: 'Count every warehouse shelf, then post the differences as stock adjustments for the whole team to review later today.',
    language: 'en',
  },
  {
    ...base,
    objectID: 'en-2',
    url: '/docs/markup',
    url_without_anchor: '/docs/markup',
    anchor: null,
    hierarchy: h('Guide', 'Markup'),
    content: 'Write <img src=x onerror=alert(1)> & "quotes" to see escaping.',
    language: 'en',
  },
  {
    ...base,
    objectID: 'en-3',
    url: '/docs/old',
    url_without_anchor: '/docs/old',
    anchor: null,
    hierarchy: h('Guide', 'Old warehouse'),
    content: 'Warehouse of an older version.',
    language: 'en',
    version: '1.0',
  },
  {
    ...base,
    objectID: 'ko-1',
    url: '/ko/docs/stock',
    url_without_anchor: '/ko/docs/stock',
    anchor: null,
    hierarchy: h('가이드', '재고'),
    content: '모든 창고의 재고를 추적합니다.',
    language: 'ko',
  },
];

describe('Algolia search provider in Chromium', () => {
  let algolia;
  let dir;
  let web;
  let browser;
  let dead;

  before(async () => {
    algolia = await startAlgoliaServer({ hosts: 2, slowMs: 4000 });
    dead = await refusedPort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-algolia-provider-'));
    // Bundle the provider the way the site bundle does (browser build of algoliasearch/lite).
    await build({
      entryPoints: [path.join(ROOT, 'templates/search/algoliaProvider.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outfile: path.join(dir, 'provider.js'),
      logLevel: 'silent',
      plugins: [{ name: 'externals', setup: (b) => b.onResolve({ filter: /localProvider|^docsgen\// }, (a) => ({ path: a.path, external: true })) }],
    });
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><title>provider</title><script type="module">
        import { createAlgoliaProvider } from './provider.js';
        window.makeProvider = (hosts) => createAlgoliaProvider({ search: { provider: 'algolia', indexName: '${INDEX}', algolia: { appId: '${algolia.appId}', searchApiKey: '${algolia.searchKey}', indexName: '${INDEX}', hosts } } });
        window.ready = true;
      </script>`,
    );
    fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>Not found</title>');
    web = await serveDir(dir);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await web?.close();
    await algolia?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    algolia.seed(INDEX, RECORDS, { attributeForDistinct: 'url_without_anchor', distinct: true });
    for (const host of algolia.hosts) await host.setMode('ok');
    algolia.clearLog();
  });

  /** A fresh context (empty localStorage: no remembered host state) with a provider for `hosts`. */
  async function providerPage(hosts, opts) {
    const { page, context } = await openPage(browser, opts);
    await page.goto(web.url + '/index.html');
    await page.waitForFunction(() => window.ready);
    await page.evaluate((hosts) => (window.provider = window.makeProvider(hosts)), hosts);
    const search = (query, extra = {}) =>
      page.evaluate(
        async ({ query, extra }) => {
          try {
            return await window.provider.search({ query, locale: 'en', version: 'next', hitsPerPage: 20, snippetWords: 10, ...extra });
          } catch (err) {
            return { error: err.name, message: err.message };
          }
        },
        { query, extra },
      );
    return { page, context, search };
  }

  it('puts a page whose whole title the query is before the engine’s other title matches, on the first page', async () => {
    const page = (objectID, url, title) => ({
      ...base,
      type: 'lvl1',
      objectID,
      url,
      url_without_anchor: url,
      anchor: null,
      hierarchy: h('Docs', title),
      content: null,
      language: 'en',
      weight: { pageRank: 0, level: 100, position: 0 },
    });
    algolia.seed(INDEX, [page('op', '/docs/api/create-a-sales-order', 'Create a sales order'), page('guide', '/docs/sales-order', 'Sales order')], {
      attributeForDistinct: 'url_without_anchor',
      distinct: true,
    });
    const { context, search } = await providerPage([algolia.urls[0]]);
    assert.deepEqual(
      (await search('sales order')).hits.map((x) => x.objectID),
      ['guide', 'op'],
    );
    assert.deepEqual(
      (await search('create sales order')).hits.map((x) => x.objectID),
      ['op'],
    );
    await context.close();
  });

  it('sends one multi-query with the contextual filters, snippet size and highlight tags', async () => {
    const { context, search } = await providerPage([algolia.urls[0]]);
    const res = await search('warehouse');
    const [q] = algolia.queries();
    assert.equal(q.method, 'POST');
    assert.equal(q.query.get('x-algolia-api-key'), algolia.searchKey, 'search-only key, in the query string (no preflight)');
    assert.equal(q.query.get('x-algolia-application-id'), algolia.appId);
    const r = q.body.requests[0];
    assert.equal(r.indexName, INDEX);
    assert.equal(r.query, 'warehouse');
    assert.equal(r.hitsPerPage, 20);
    assert.deepEqual(r.facetFilters, ['language:en', 'version:next']);
    assert.ok(r.attributesToSnippet.includes('content:10'));
    assert.equal(r.highlightPreTag, '<mark>');
    assert.equal(r.highlightPostTag, '</mark>');
    assert.ok(r.attributesToRetrieve.includes('hierarchy.lvl0') && r.attributesToRetrieve.includes('url'));

    // The version filter keeps the 1.0 record out; the answer carries nbHits and a queryID.
    assert.deepEqual(
      res.hits.map((x) => x.objectID),
      ['en-1'],
    );
    assert.equal(res.nbHits, 1);
    assert.match(res.queryID, /^[0-9a-f]{32}$/);
    assert.match(res.hits[0]._snippetResult.content.value, /<mark>warehouse<\/mark>/i);
    assert.ok(res.hits[0]._snippetResult.content.value.split(/\s+/).length <= 12, 'cut to about 10 words');
    await context.close();
  });

  it('asks for 5-word snippets when the modal says so, and filters by the page locale', async () => {
    const { context, search } = await providerPage([algolia.urls[0]]);
    const res = await search('창고', { locale: 'ko', snippetWords: 5 });
    const r = algolia.queries()[0].body.requests[0];
    assert.ok(r.attributesToSnippet.includes('content:5'));
    assert.deepEqual(r.facetFilters, ['language:ko', 'version:next']);
    assert.deepEqual(
      res.hits.map((x) => x.objectID),
      ['ko-1'],
    );
    await context.close();
  });

  it('escapes record text in highlights: the only markup left is <mark>', async () => {
    const { context, search } = await providerPage([algolia.urls[0]]);
    const res = await search('onerror');
    const value = res.hits[0]._snippetResult.content.value;
    assert.ok(value.includes('&lt;img src=x <mark>onerror</mark>=alert(1)&gt;'), value);
    assert.ok(value.includes('&amp; &quot;quotes&quot;'), value);
    assert.equal(value.replace(/<\/?mark>/g, '').includes('<'), false);
    await context.close();
  });

  it('falls over to the next host when the first refuses connections', async () => {
    const { context, search } = await providerPage([dead, algolia.urls[0]]);
    const res = await search('stock');
    assert.equal(res.error, undefined, res.message);
    assert.ok(res.nbHits > 0);
    assert.equal(algolia.queries().length, 1);
    await context.close();
  });

  it('falls over on a 500, then holds the failed host back for 2 minutes', async () => {
    await algolia.hosts[0].setMode('error');
    const { page, context, search } = await providerPage(algolia.urls);
    const t0 = Date.now();
    await page.clock.setFixedTime(t0);
    const first = await search('stock');
    assert.ok(first.nbHits > 0, first.message);
    assert.deepEqual(
      algolia.queries().map((q) => q.host),
      [0, 1],
      'tried host 0 (500), answered by host 1',
    );

    // Within 2 minutes the failed host is skipped, even after a reload (state in localStorage).
    await algolia.hosts[0].setMode('ok');
    algolia.clearLog();
    await page.clock.setFixedTime(t0 + 119_000);
    await page.reload();
    await page.waitForFunction(() => window.ready);
    await page.evaluate((hosts) => (window.provider = window.makeProvider(hosts)), algolia.urls);
    await search('count');
    assert.deepEqual(
      algolia.queries().map((q) => q.host),
      [1],
    );

    // After 2 minutes it is tried first again.
    algolia.clearLog();
    await page.clock.setFixedTime(t0 + 121_000);
    await search('shelf');
    assert.deepEqual(
      algolia.queries().map((q) => q.host),
      [0],
    );
    await context.close();
  });

  it('gives up on a host that is too slow for the read timeout and asks the next one', async () => {
    await algolia.hosts[0].setMode('slow');
    const { context, search } = await providerPage(algolia.urls);
    const started = Date.now();
    const res = await search('stock');
    const ms = Date.now() - started;
    assert.equal(res.error, undefined, res.message);
    assert.ok(res.nbHits > 0);
    assert.deepEqual(
      algolia.queries().map((q) => q.host),
      [0, 1],
    );
    console.log(`# slow first host: answered by the second after ${ms} ms (read timeout 2 s)`);
    // For the next 2 minutes the timed-out host goes to the end of the list.
    algolia.clearLog();
    assert.ok((await search('count')).nbHits > 0);
    assert.deepEqual(
      algolia.queries().map((q) => q.host),
      [1],
    );
    await context.close();
  });

  it('throws SearchUnreachableError when every host fails', async () => {
    await algolia.hosts[1].setMode('error');
    const { context, search } = await providerPage([dead, algolia.urls[1]]);
    const res = await search('stock');
    assert.equal(res.error, 'SearchUnreachableError');
    await context.close();
  });

  it('rejects with AbortError when the modal cancels a superseded query', async () => {
    const { page, context } = await providerPage([algolia.urls[0]]);
    const name = await page.evaluate(async () => {
      const ctl = new AbortController();
      const p = window.provider.search({ query: 'stock', locale: 'en', version: 'next', hitsPerPage: 20, snippetWords: 10, signal: ctl.signal });
      ctl.abort();
      return p.then(
        () => 'resolved',
        (e) => e.name,
      );
    });
    assert.equal(name, 'AbortError');
    await context.close();
  });
});
