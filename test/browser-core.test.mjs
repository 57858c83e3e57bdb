// Hydration and client-side navigation in real Chromium.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openPage, servedFixture } from './helpers/browser.mjs';

describe('hydration and client-side navigation', () => {
  let fx;
  let server;
  let browser;
  before(async () => {
    fx = await servedFixture('basic');
    ({ server, browser } = fx);
  });
  after(() => fx?.close());

  /** Paths the page fetches from here on (client-side navigation fetches the next page's HTML). */
  const fetches = (page) => {
    const seen = [];
    page.on('request', (r) => r.resourceType() === 'fetch' && seen.push(new URL(r.url()).pathname));
    return seen;
  };
  /** Every request from here on except the hashed bundles (layout chunks and the like). */
  const nonAssetRequests = (page) => {
    const seen = [];
    page.on('request', (r) => !new URL(r.url()).pathname.startsWith('/assets/') && seen.push(new URL(r.url()).pathname));
    return seen;
  };
  const fetched = (path) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === path);

  it('hydrates every kind of page without errors or mismatch warnings', async () => {
    const { page, problems, context } = await openPage(browser);
    for (const path of [
      '/',
      '/docs/guide/start',
      '/ko/docs/guide/start',
      '/ko/docs/guide/stock',
      '/docs/category/guide',
      '/docs/tags/basics',
      '/blog',
      '/blog/hello',
      '/about',
      '/search',
    ]) {
      await page.goto(server.url + path);
      await page.waitForFunction(
        () =>
          document.querySelector('#__docsgen')?._reactRootContainer !== undefined ||
          Object.keys(document.getElementById('__docsgen')).some((k) => k.startsWith('__reactContainer')),
      );
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('navigates by fetching the page HTML, without a full reload, updates title and focus, and goes back', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(server.url + '/docs/guide/start');
    await page.waitForSelector('html[data-hydrated]');
    const requests = nonAssetRequests(page);
    await page.evaluate(() => (window.__noReload = true));
    await page.click('.sidebar a[href="/docs/guide/stock"]');
    // The title and focus are set after the new page is in (src/client/Root.tsx), then data-route.
    await page.waitForSelector('html[data-route="/docs/guide/stock"]');
    assert.equal(await page.textContent('main h1'), 'Stock');
    assert.equal(new URL(page.url()).pathname, '/docs/guide/stock');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'same document');
    assert.equal(await page.title(), 'Stock | Fixture Docs');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1');
    assert.deepEqual(requests, ['/docs/guide/stock'], 'one request for the page (plus layout chunks, none here)');
    assert.match(await page.textContent('.markdown'), /Count your shelves/, 'the body comes from the fetched HTML');
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
    await page.waitForSelector('html[data-hydrated]');
    await page.evaluate(() => {
      window.__progressShown = false;
      new MutationObserver(() => {
        if (document.querySelector('.route-progress[data-active]')) window.__progressShown = true;
      }).observe(document.body, { attributes: true, subtree: true });
    });
    // Fast whatever the machine's load: the page is fetched ahead, on hover, before the click.
    const fetched = page.waitForResponse((r) => r.url().includes('/docs/guide/stock'));
    await page.hover('.sidebar a[href="/docs/guide/stock"]');
    await fetched;
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

  it('prefetches on intent, but not on data-saver or 2g connections', async () => {
    const { page, context } = await openPage(browser);
    const requests = fetches(page);
    await page.goto(server.url + '/docs/guide/start');
    await page.waitForSelector('html[data-hydrated]');
    await page.hover('.sidebar a[href="/docs/guide/stock"]');
    await page.waitForFunction(fetched, '/docs/guide/stock');
    assert.deepEqual(requests, ['/docs/guide/stock']);
    // The click uses what the prefetch fetched.
    await page.click('.sidebar a[href="/docs/guide/stock"]');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
    assert.deepEqual(requests, ['/docs/guide/stock']);
    await context.close();

    // On a data-saver or 2g connection nothing that a hover, a focus or a touch triggers loads: not
    // the page, not the router's chunk, not the search modal, its index or the drawer's code.
    for (const connection of [
      { saveData: true, effectiveType: '4g' },
      { saveData: false, effectiveType: '2g' },
    ]) {
      const saver = await openPage(browser);
      await saver.context.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection);
      await saver.page.goto(server.url + '/docs/guide/start');
      await saver.page.waitForSelector('html[data-hydrated]');
      await saver.page.waitForLoadState('networkidle');
      const after = [];
      saver.page.on('request', (r) => after.push(new URL(r.url()).pathname));
      await saver.page.hover('.sidebar a[href="/docs/guide/stock"]');
      await saver.page.hover('.search-button');
      await saver.page.focus('.search-button');
      await saver.page.locator('.sidebar a[href="/docs/guide/stock"]').dispatchEvent('touchstart');
      await saver.page.waitForTimeout(300);
      assert.deepEqual(after, [], JSON.stringify(connection));
      // A click still navigates client-side: the router loads then.
      await saver.page.evaluate(() => (window.__sameDocument = true));
      await saver.page.click('.sidebar a[href="/docs/guide/stock"]');
      await saver.page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
      assert.equal(await saver.page.evaluate(() => window.__sameDocument), true);
      assert.ok(after.some((p) => /\/router-\w+\.js$/.test(p)));
      await saver.context.close();
    }
  });

  it('shows the error and a Retry button when the page fails to load, and recovers', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/docs/guide/start');
    await page.waitForSelector('html[data-hydrated]');
    server.setFailure(/^\/docs\/guide\/stock$/);
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

  /** Adds a link to the page's main element and clicks it (the router handles the click). */
  const clickNewLink = (page, href) =>
    page.evaluate((h) => {
      const a = document.createElement('a');
      a.href = h;
      a.textContent = 'new link';
      document.querySelector('main').append(a);
      a.click();
    }, href);

  it('follows a redirect page client-side to its target, keeping the hash, and goes back past it', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(server.url + '/docs/guide/stock');
    await page.waitForSelector('html[data-hydrated]');
    await page.evaluate(() => (window.__noReload = true));
    const requests = nonAssetRequests(page);
    await clickNewLink(page, '/docs/old-start#install-the-app');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Getting started');
    assert.equal(await page.evaluate(() => window.__noReload), true, 'same document');
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).hash, '/docs/guide/start#install-the-app');
    assert.deepEqual(requests, ['/docs/old-start', '/docs/guide/start'], 'the redirect page, then its target');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
    assert.equal(new URL(page.url()).pathname, '/docs/guide/stock');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("shows the locale's not-found page when the host answers 404 with another locale's page", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/ko/docs/guide/start');
    await page.waitForSelector('html[data-hydrated]');
    await page.evaluate(() => (window.__noReload = true));
    // Like a host with one 404.html for the whole site.
    await page.route('**/ko/docs/gone', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: fs.readFileSync(path.join(fx.out, '404.html'), 'utf8') }),
    );
    const requests = fetches(page);
    await clickNewLink(page, '/ko/docs/gone');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === '페이지를 찾을 수 없습니다');
    assert.equal(new URL(page.url()).pathname, '/ko/docs/gone');
    assert.equal(await page.evaluate(() => window.__noReload), true);
    assert.deepEqual(requests, ['/ko/docs/gone', '/ko/404.html']);
    await context.close();
  });

  it('reloads once, not in a loop, when a layout chunk fails to load', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/docs/guide/start');
    await page.waitForSelector('html[data-hydrated]');
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
