// The search page (/search?q=…, /ko/search?q=…) against the local index, in real Chromium: all
// results grouped and paginated, the URL as the state (shareable, updated while typing without a
// reload), Korean, errors.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';
import { serveDir } from './helpers/server.mjs';
import { launch, openPage } from './helpers/browser.mjs';

describe('search page (local index)', () => {
  let site;
  let server;
  let browser;
  before(async () => {
    site = new FixtureSite('search-site');
    // Enough pages on one subject for several pages of results.
    site.write('content/en/docs/reports/_category_.json', JSON.stringify({ label: 'Reports', position: 4 }));
    for (let i = 1; i <= 26; i++) {
      site.write(
        `content/en/docs/reports/audit-${i}.md`,
        `---\ntitle: Audit report ${i}\nsidebar_position: ${i}\n---\n\nThe audit report number ${i} lists stock differences.\n`,
      );
    }
    site.buildOk();
    server = await serveDir(site.out);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    site?.cleanup();
  });

  async function open(path) {
    const opened = await openPage(browser);
    await opened.page.goto(server.url + path);
    await opened.page.waitForSelector('html[data-hydrated]');
    return opened;
  }
  const hits = (page) => page.locator('.search-page-hit');
  const status = (page) => page.locator('.search-page-status');

  it('shows every result of the query in the URL, grouped by section, with highlights', async () => {
    const { page, context, problems } = await open('/search?q=warehouse');
    await hits(page).first().waitFor();
    assert.equal(await page.locator('main h1').innerText(), 'Search results for "warehouse"');
    assert.equal(await page.locator('.search-page-input').inputValue(), 'warehouse');
    const count = Number((await status(page).innerText()).match(/\d+/)[0]);
    assert.equal(await hits(page).count(), count, 'one page holds them all');
    const groups = await page.locator('.search-page-group h2').allInnerTexts();
    assert.ok(groups.includes('Inventory') && groups.includes('Blog'), groups.join());
    assert.ok((await page.locator('.search-page-hit mark').allInnerTexts()).every((t) => /^warehouse/i.test(t)));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('says it is loading, not "type a query", until the first results of the query in the URL are there', async () => {
    assert.doesNotMatch(site.output('/search'), /Type a query/, 'the server does not know the query');
    const { page, context } = await openPage(browser);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/_docsgen\/search\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + '/search?q=warehouse');
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Search results for "warehouse"');
    assert.equal(await status(page).innerText(), 'Loading results…');
    release();
    await hits(page).first().waitFor();
    assert.match(await status(page).innerText(), /\d+ results?/);
    await context.close();
  });

  it('updates the URL while typing, without reloading or adding history entries', async () => {
    const { page, context } = await open('/search');
    assert.match(await status(page).innerText(), /Type a query to search the documentation\./);
    await page.evaluate(() => (window.__noReload = true));
    const length = await page.evaluate(() => history.length);
    await page.locator('.search-page-input').fill('vendor');
    await hits(page).first().waitFor();
    assert.equal(new URL(page.url()).search, '?q=vendor');
    await page.locator('.search-page-input').fill('purchase order');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('q') === 'purchase order');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Search results for "purchase order"');
    assert.equal(await page.evaluate(() => history.length), length);
    assert.equal(await page.evaluate(() => window.__noReload), true);
    await context.close();
  });

  it('paginates 20 results per page, with page links that can be shared', async () => {
    const { page, context } = await open('/search?q=audit');
    await hits(page).first().waitFor();
    assert.equal(await hits(page).count(), 20);
    const nav = page.getByRole('navigation', { name: 'Search results pages' });
    const firstPage = await hits(page).allInnerTexts();
    await nav.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('page') === '2');
    await page.waitForFunction((first) => document.querySelector('.search-page-hit')?.innerText !== first, firstPage[0]);
    const secondPage = await hits(page).allInnerTexts();
    assert.ok(secondPage.length > 0 && secondPage.length <= 20);
    assert.ok(
      secondPage.every((t) => !firstPage.includes(t)),
      'other results',
    );
    assert.equal(await nav.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current'), 'page');
    // The same URL opened elsewhere shows the same page of results.
    const shared = await open(new URL(page.url()).pathname + new URL(page.url()).search);
    await shared.page.locator('.search-page-hit').first().waitFor();
    assert.deepEqual(await shared.page.locator('.search-page-hit').allInnerTexts(), secondPage);
    await shared.context.close();
    await context.close();
  });

  it('opens a result client-side', async () => {
    const { page, context } = await open('/search?q=vendor');
    await page.evaluate(() => (window.__noReload = true));
    const link = page.locator('.search-page-hit-title').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForFunction((h) => location.pathname + location.hash === h, href);
    await page.locator('main h1').waitFor();
    assert.equal(await page.evaluate(() => window.__noReload), true);
    await context.close();
  });

  it('works in Korean on /ko/search', async () => {
    const { page, context, problems } = await open('/ko/search?q=' + encodeURIComponent('재고'));
    await hits(page).first().waitFor();
    assert.equal(await page.locator('main h1').innerText(), '"재고" 검색 결과');
    assert.match(await status(page).innerText(), /^결과 \d+건$/);
    const hrefs = await page.locator('.search-page-hit-title').evaluateAll((els) => els.map((e) => decodeURI(e.getAttribute('href'))));
    assert.ok(
      hrefs.every((h) => h.startsWith('/ko/')),
      hrefs.join(),
    );
    await page.locator('.search-page-input').fill('없는검색어');
    await page.locator('.search-no-results').waitFor();
    assert.match(await page.locator('.search-no-results .search-screen-title').innerText(), /검색 결과가 없습니다: "없는검색어"/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('says when the index cannot be loaded', async () => {
    server.setFailure(/\/_docsgen\/search\//);
    try {
      const { page, context } = await open('/search?q=vendor');
      await page.locator('.search-page-error').waitFor();
      assert.match(await page.locator('.search-page-error').innerText(), /Unable to fetch results\s+You might want to check your network connection\./);
      await context.close();
    } finally {
      server.setFailure(null);
    }
  });
});
