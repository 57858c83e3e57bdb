// Hydration and client-side navigation in real Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';
import { serveDir } from './helpers/server.mjs';
import { haveChromium, launch, openPage } from './helpers/browser.mjs';

describe('hydration and client-side navigation', { skip: !haveChromium() && 'Chromium is not installed' }, () => {
  let site;
  let server;
  let browser;
  before(async () => {
    site = new FixtureSite('basic');
    site.buildOk();
    server = await serveDir(site.out);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    site?.cleanup();
  });

  const dataRequests = (page) => {
    const seen = [];
    page.on('request', (r) => r.url().includes('/_docsgen/data/') && seen.push(new URL(r.url()).pathname));
    return seen;
  };

  it('hydrates every kind of page without errors or mismatch warnings', async () => {
    const { page, problems, context } = await openPage(browser);
    for (const path of ['/', '/docs/guide/start', '/ko/docs/guide/start', '/ko/docs/guide/stock', '/docs/category/guide', '/docs/tags/basics', '/blog', '/blog/hello', '/about', '/search']) {
      await page.goto(server.url + path);
      await page.waitForFunction(() => document.querySelector('#__docsgen')?._reactRootContainer !== undefined || Object.keys(document.getElementById('__docsgen')).some((k) => k.startsWith('__reactContainer')));
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('navigates without a full reload, updates title and focus, and goes back', async () => {
    const { page, problems, context } = await openPage(browser);
    const requests = dataRequests(page);
    await page.goto(server.url + '/docs/guide/start');
    await page.evaluate(() => (window.__noReload = true));
    await page.click('.sidebar a[href="/docs/guide/stock"]');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
    assert.equal(new URL(page.url()).pathname, '/docs/guide/stock');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'same document');
    assert.equal(await page.title(), 'Stock | Fixture Docs');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1');
    assert.ok(requests.includes('/_docsgen/data/docs~guide~stock.json'));
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Getting started');
    assert.equal(await page.evaluate(() => window.__noReload), true);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('scrolls to the hash target of a link to another page', async () => {
    const { page, context } = await openPage(browser, { height: 500 });
    await page.goto(server.url + '/docs/guide/start');
    await page.click('.markdown a[href="/docs/guide/stock#counting-stock"]');
    await page.waitForFunction(() => location.hash === '#counting-stock' && document.querySelector('main h1')?.textContent === 'Stock');
    await page.waitForFunction(() => Math.abs(document.getElementById('counting-stock').getBoundingClientRect().top) < 150);
    await context.close();
  });

  it('shows the progress bar only when a navigation takes longer than 200 ms', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/docs/guide/start');
    await page.evaluate(() => {
      window.__progressShown = false;
      new MutationObserver(() => {
        if (document.querySelector('.route-progress[data-active]')) window.__progressShown = true;
      }).observe(document.body, { attributes: true, subtree: true });
    });
    await page.click('.sidebar a[href="/docs/guide/stock"]');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
    assert.equal(await page.evaluate(() => window.__progressShown), false, 'a fast navigation shows no bar');
    server.setDelay(700);
    try {
      await page.click('.sidebar a[href="/docs/guide/start"]');
      await page.waitForSelector('.route-progress[data-active]', { timeout: 650, state: 'attached' });
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Getting started');
      await page.waitForSelector('.route-progress:not([data-active])', { state: 'attached' });
    } finally {
      server.setDelay(0);
    }
    await context.close();
  });

  it('prefetches on intent, but not on data-saver connections', async () => {
    const { page, context } = await openPage(browser);
    const requests = dataRequests(page);
    await page.goto(server.url + '/docs/guide/start');
    await page.hover('.sidebar a[href="/docs/guide/stock"]');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('docs~guide~stock.json')));
    assert.ok(requests.includes('/_docsgen/data/docs~guide~stock.json'));
    await context.close();

    const saver = await openPage(browser);
    await saver.context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
    const saverRequests = dataRequests(saver.page);
    await saver.page.goto(server.url + '/docs/guide/start');
    await saver.page.hover('.sidebar a[href="/docs/guide/stock"]');
    await saver.page.waitForTimeout(300);
    assert.deepEqual(saverRequests, []);
    await saver.context.close();
  });

  it('shows the error and a Retry button when page data fails to load, and recovers', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/docs/guide/start');
    server.setFailure(/docs~guide~stock\.json/);
    try {
      await page.click('.sidebar a[href="/docs/guide/stock"]');
      await page.waitForSelector('text=This page could not be loaded.');
      assert.match(await page.textContent('.page-error-message'), /HTTP 500/);
    } finally {
      server.setFailure(undefined);
    }
    await page.click('button:has-text("Retry")');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
    await context.close();
  });

  it('shows the not-found page for an unknown path, in the page locale', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/ko/docs/guide/start');
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/ko/docs/no-such-page';
      a.textContent = 'x';
      document.querySelector('main').append(a);
      a.click();
    });
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === '페이지를 찾을 수 없습니다');
    assert.match(await page.textContent('main'), /관리자에게 링크가 잘못되었다고 알려 주세요/);
    await context.close();
  });

  it('reloads once, not in a loop, when a layout chunk fails to load', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/docs/guide/start');
    let loads = 0;
    page.on('load', () => loads++);
    server.setFailure(/BlogLayout-/);
    try {
      await page.click('.markdown a[href="/blog"]');
      await page.waitForURL(server.url + '/blog');
      await page.waitForTimeout(1500);
      assert.equal(loads, 1, 'exactly one full reload');
    } finally {
      server.setFailure(undefined);
    }
    await context.close();
  });
});
