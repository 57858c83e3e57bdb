// `docsgen serve` in real Chromium: an open page follows edits by itself (live reload keeping the
// scroll position), shows the problem overlay while a file is broken and drops it once fixed, and
// keeps following after a client-side navigation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';
import { launch, openPage } from './helpers/browser.mjs';
import { startServer } from '../lib/index.js';

// Set once the router and the page's listeners are in place (src/client/Root.tsx).
const hydrated = () => document.documentElement.hasAttribute('data-hydrated');

describe('docsgen serve in the browser', () => {
  let site;
  let server;
  let browser;

  before(async () => {
    site = new FixtureSite('serve-site');
    server = await startServer({ root: site.root, port: 0, log: { info() {}, problem() {} } });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    site?.cleanup();
  });

  /** Page problems, minus the live-reload request that a reload cuts off on purpose. */
  const realProblems = (problems) => problems.filter((p) => !/_docsgen\/dev\/events/.test(p));

  it('updates the open page after an edit, without a manual reload, at the same scroll position', async () => {
    const { page, problems, context } = await openPage(browser, { width: 1280, height: 700 });
    const file = 'content/en/docs/intro.md';
    const original = site.read(file);
    try {
      await page.goto(new URL('docs/intro', server.url).href);
      await page.waitForFunction(hydrated);
      await page.evaluate(() => window.scrollTo(0, 1200));
      await page.waitForFunction(() => Math.abs(window.scrollY - 1200) < 2);
      const loads = [];
      page.on('load', () => loads.push(Date.now()));
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });

      site.write(file, original.replace('The end of the introduction.', 'The end, edited while the page was open.'));
      await page.waitForFunction(() => document.body?.innerText.includes('edited while the page was open'), null, { timeout: 20_000 });
      // The new page's text can show before its load event (which waits for its modules).
      await reloaded;
      assert.equal(loads.length, 1, 'the dev client reloaded the page once');
      await page.waitForFunction(hydrated);
      await page.waitForFunction(() => Math.abs(window.scrollY - 1200) < 40, null, { timeout: 5_000 });
      assert.deepEqual(realProblems(problems), []);
    } finally {
      site.write(file, original);
      await context.close();
    }
  });

  it('shows the overlay while a file is broken, accessibly, and removes it when fixed', async () => {
    const { page, problems, context } = await openPage(browser);
    const file = 'content/en/docs/guide/start.md';
    const original = site.read(file);
    try {
      await page.goto(new URL('docs/guide/stock', server.url).href);
      await page.waitForFunction(hydrated);
      site.write(file, original.replace('title: Getting started', 'title: [Getting started'));

      const dialog = page.locator('docsgen-dev-overlay [role="alertdialog"]');
      await dialog.waitFor({ state: 'visible', timeout: 20_000 });
      const label = await dialog.getAttribute('aria-labelledby');
      assert.match(await page.locator(`docsgen-dev-overlay #${label}`).innerText(), /1 problem/);
      const body = await dialog.innerText();
      assert.match(body, /content\/en\/docs\/guide\/start\.md:\d+/);
      assert.match(body, /Invalid front matter/);
      assert.match(body, /title: \[Getting started/, 'the code frame');
      assert.equal(
        await page.evaluate(() => document.querySelector('docsgen-dev-overlay')?.shadowRoot?.activeElement?.textContent),
        'Close',
        'focus moves into the dialog',
      );

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // A new problem brings it back; fixing everything takes it away for good.
      site.write(file, original.replace('title: Getting started', 'title: [Getting started again'));
      await dialog.waitFor({ state: 'visible', timeout: 20_000 });
      site.write(file, original);
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });
      assert.deepEqual(realProblems(problems), []);
    } finally {
      site.write(file, original);
      await context.close();
    }
  });

  it('client-side navigation after an edit shows the new text, even for a page fetched before', async () => {
    const { page, problems, context } = await openPage(browser);
    const file = 'content/en/docs/guide/stock.md';
    const original = site.read(file);
    const link = 'main a[href="/docs/guide/stock#counting-stock"]';
    try {
      await page.goto(new URL('docs/guide/start', server.url).href);
      await page.waitForFunction(hydrated);
      const loads = [];
      page.on('load', () => loads.push(Date.now()));
      // Visit the page once, come back, and fetch it again by hovering its link: all before the edit.
      await page.locator(link).first().click();
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
      await page.goBack();
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Getting started');
      await page.locator(link).first().hover();
      await page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/docs/guide/stock').length >= 2);

      const told = page.evaluate(() => new Promise((resolve) => addEventListener('docsgen:changed', resolve, { once: true })));
      site.write(file, original.replace('Count your shelves.', 'Count your shelves after the edit.'));
      await told;
      await page.locator(link).first().click();
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
      await page.waitForFunction(() => document.body?.innerText.includes('Count your shelves after the edit.'), null, { timeout: 20_000 });
      assert.equal(loads.length, 0, 'client-side navigations only');
      assert.deepEqual(realProblems(problems), []);
    } finally {
      site.write(file, original);
      await server.settled();
      await context.close();
    }
  });

  it('follows a redirect route client-side (the server answers 301)', async () => {
    const { page, problems, context } = await openPage(browser);
    try {
      await page.goto(new URL('docs/guide/stock', server.url).href);
      await page.waitForFunction(hydrated);
      const loads = [];
      page.on('load', () => loads.push(Date.now()));
      await page.evaluate(() => {
        const a = document.createElement('a');
        a.href = '/docs/old-start#install';
        a.textContent = 'old link';
        document.querySelector('main').append(a);
        a.click();
      });
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Getting started');
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).hash, '/docs/guide/start#install');
      assert.equal(loads.length, 0, 'a client-side navigation');
      assert.deepEqual(realProblems(problems), []);
    } finally {
      await context.close();
    }
  });

  it('keeps following edits after a client-side navigation', async () => {
    const { page, problems, context } = await openPage(browser);
    const file = 'content/en/docs/guide/stock.md';
    const original = site.read(file);
    try {
      await page.goto(new URL('docs/guide/start', server.url).href);
      await page.waitForFunction(hydrated);
      const loads = [];
      page.on('load', () => loads.push(Date.now()));
      await page.locator('main a[href="/docs/guide/stock#counting-stock"]').first().click();
      await page.waitForURL(/\/docs\/guide\/stock/);
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Stock');
      assert.equal(loads.length, 0, 'that was a client-side navigation');

      site.write(file, original.replace('Count your shelves.', 'Count your shelves twice.'));
      await page.waitForFunction(() => document.body?.innerText.includes('Count your shelves twice.'), null, { timeout: 20_000 });
      assert.deepEqual(realProblems(problems), []);
    } finally {
      site.write(file, original);
      await context.close();
    }
  });
});
