// What a first visit downloads: the browser's UI string tables leave out the keys only the build
// reads; a doc page loads none of the drawer's or search's code until the visitor shows intent;
// the empty search page loads no search engine, index or modal until its box is focused; the
// client-side router loads on the first link intent, and a click before that still works.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from './helpers/site.mjs';
import { fixtureOutput } from './helpers/sharedBuild.mjs';
import { serveDir } from './helpers/server.mjs';
import { launch, openPage } from './helpers/browser.mjs';

const { clientStringsModule, getStrings } = await import(path.join(ROOT, 'lib/internals.js'));
const BUILD_ONLY = ['api', 'devServer', 'llmsIntro', 'admonitions', 'copyCode', 'tagPageTitle', 'blogPostsBy'];

describe('UI strings in the browser', () => {
  for (const locale of ['en', 'ko']) {
    it(`${locale}: the table keeps every other key, and its functions give the same text`, async () => {
      const source = fs.readFileSync(path.join(ROOT, `src/shared/i18n/${locale}.ts`), 'utf8');
      const js = await clientStringsModule(source);
      const table = (await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`))[locale];
      const full = getStrings(locale);
      for (const key of BUILD_ONLY) assert.equal(key in table, false, `${key} is build-only`);
      for (const key of ['skipToContent', 'copy', 'copied', 'searchPlaceholder', 'resultsCount', 'minRead', 'notTranslated']) assert.ok(key in table, key);
      for (const [key, value] of Object.entries(table)) {
        if (typeof value === 'function') {
          for (const args of [[1], [3], ['word', 2]]) assert.equal(value(...args), full[key](...args), `${key}(${args})`);
        } else assert.deepEqual(value, full[key], key);
      }
      assert.ok(js.length < source.length * 0.7, `${js.length} of ${source.length} characters`);
    });
  }
});

describe('first visit', () => {
  let out;
  let server;
  let browser;
  before(async () => {
    out = fixtureOutput('search-site');
    server = await serveDir(out);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens `route` and records every path requested from then on. */
  async function open(route, options) {
    const opened = await openPage(browser, options);
    const requests = [];
    opened.page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await opened.page.goto(server.url + route);
    await opened.page.waitForSelector('html[data-hydrated]');
    await opened.page.waitForLoadState('networkidle');
    return { ...opened, requests };
  }
  const searchCode = (p) => p.startsWith('/_docsgen/search/') || /\/(SearchModal|ModalScreens|localProvider|algoliaProvider|warmSearch)-/.test(p);

  it('a doc page loads its strings without the build-only keys, and no drawer or search code', async () => {
    const { page, context, problems, requests } = await open('/docs/inventory/stock-levels', { width: 390 });
    assert.deepEqual(
      requests.filter((p) => searchCode(p) || /MobileDrawer-/.test(p)),
      [],
    );
    const stringsChunk = requests.find((p) => /\/assets\/en-\w+\.js$/.test(p));
    assert.ok(stringsChunk, requests.join());
    const text = fs.readFileSync(path.join(out, stringsChunk), 'utf8');
    assert.match(text, /Skip to main content/);
    assert.doesNotMatch(text, /Request example|Links ending in/);
    // Intent to open the drawer loads its code; opening shows it.
    await Promise.all([page.waitForResponse((r) => /\/MobileDrawer-\w+\.js$/.test(r.url())), page.hover('.navbar-menu-button')]);
    await page.click('.navbar-menu-button');
    await page.locator('.drawer[role="dialog"]').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('the empty search page loads no engine, index or modal until its box is focused', async () => {
    const { page, context, problems, requests } = await open('/search');
    assert.deepEqual(requests.filter(searchCode), []);
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/_docsgen/search/index.en.json')), page.focus('.search-page-input')]);
    await page.waitForLoadState('networkidle');
    assert.ok(
      requests.some((p) => /\/localProvider-/.test(p)),
      'the engine loads on intent',
    );
    assert.equal(
      requests.some((p) => /\/SearchModal-/.test(p)),
      false,
      'never the modal',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  // The client-side router is not part of the first visit either (src/client/lazyRouter.ts).
  const sidebarLink = '.doc-sidebar a[href]:not([aria-current])';
  const isRouter = (p) => /\/router-\w+\.js$/.test(p);

  it('the router loads on the first link intent, which also prefetches the page', async () => {
    const { page, context, problems, requests } = await open('/docs/inventory/stock-levels');
    assert.equal(requests.some(isRouter), false, 'not with the page');
    const href = await page.locator(sidebarLink).first().getAttribute('href');
    await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === href), page.hover(sidebarLink)]);
    assert.ok(requests.some(isRouter));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a click before the router loaded navigates client-side; if the router cannot load, in full', async () => {
    for (const fail of [false, true]) {
      const { page, context, problems, requests } = await open('/docs/inventory/stock-levels');
      if (fail) await page.route(/\/router-\w+\.js$/, (r) => r.abort());
      await page.evaluate(() => (window.__sameDocument = true));
      const link = page.locator(sidebarLink).first();
      const href = await link.getAttribute('href');
      // element.click(): a click without the hover or focus that would load the router first.
      await link.evaluate((a) => a.click());
      await page.waitForURL((url) => url.pathname === href);
      await page.waitForFunction((route) => document.documentElement.dataset.route === route && document.documentElement.hasAttribute('data-hydrated'), href);
      assert.equal(await page.evaluate(() => window.__sameDocument ?? false), !fail, fail ? 'a full load' : 'the same document');
      if (!fail) {
        assert.ok(requests.some(isRouter));
        assert.deepEqual(problems, []);
      }
      await context.close();
    }
  });

  it('a search page with a query loads the engine at once, and not the modal', async () => {
    const { page, context, problems, requests } = await open('/search?q=warehouse');
    await page.locator('.search-page-hit').first().waitFor();
    assert.ok(requests.some((p) => /\/localProvider-/.test(p)));
    assert.equal(
      requests.some((p) => /\/SearchModal-/.test(p)),
      false,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});
