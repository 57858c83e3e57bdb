// Route changes and errors in Chromium: scroll to top or to the hash target, the progress bar only
// for navigations slower than 200 ms, focus on the new page's heading and the title announced;
// the crash boundary ('This page crashed' / 'Try again'), a failed data load ('Retry'), a failed
// chunk load (one reload, no loop) and the not-found page; in English and Korean.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAndWait, focused, goto, newPage, chromeSuite, waitForRoute, WIDTHS } from './fixtures/chrome-lib/helpers.mjs';

const LOCALES = [
  {
    code: 'en',
    prefix: '',
    picking: 'picking',
    crashed: 'This page crashed',
    tryAgain: 'Try again',
    crashButton: 'Crash the page',
    crashTitle: 'Crash test page',
    loadFailed: 'This page could not be loaded.',
    retry: 'Retry',
    notFound: 'Page not found',
    admin: 'let them know their link is broken',
    items: 'Items',
  },
  {
    code: 'ko',
    prefix: '/ko',
    picking: '피킹',
    crashed: '페이지에 오류가 발생했습니다',
    tryAgain: '다시 시도',
    crashButton: '오류 내기',
    crashTitle: '오류 시험 페이지',
    loadFailed: '페이지를 불러오지 못했습니다.',
    retry: '다시 불러오기',
    notFound: '페이지를 찾을 수 없습니다',
    admin: '링크가 잘못되었다고 알려 주세요',
    items: '품목',
  },
];

describe('route changes and errors', () => {
  const fx = chromeSuite({ longCategory: 0 });

  for (const loc of LOCALES) {
    for (const width of WIDTHS) {
      test(`${loc.code} ${width}px: a route change scrolls to the top, focuses the heading and announces the title`, async () => {
        const { page, context, problems } = await newPage(fx.browser, { width });
        await goto(page, `${fx.url}${loc.prefix}/docs/guide/intro`);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        assert.ok((await page.evaluate(() => window.scrollY)) > 500);
        await clickAndWait(page, page.locator('.pagination-nav a[rel="next"]'), `${loc.prefix}/docs/category/basics`);
        assert.equal(await page.evaluate(() => window.scrollY), 0);
        const f = await focused(page);
        assert.equal(f.tag, 'h1');
        const title = await page.title();
        assert.match(title, /Acme Docs$/);
        await page.waitForFunction((t) => document.querySelector('[role="status"][aria-live="polite"]')?.textContent === t, title);
        assert.deepEqual(problems, []);
        await context.close();
      });

      test(`${loc.code} ${width}px: a link with a hash scrolls to its target, on the same page and on another page`, async () => {
        const { page, context } = await newPage(fx.browser, { width });
        await goto(page, `${fx.url}${loc.prefix}/about`);
        const link = page.locator(`.markdown a[href*="#"]`).first();
        await link.click();
        await waitForRoute(page, `${loc.prefix}/docs/guide/intro`);
        await page.waitForFunction((id) => {
          const top = document.getElementById(id)?.getBoundingClientRect().top;
          return top !== undefined && top >= 0 && top < 200;
        }, loc.picking);
        assert.equal(decodeURIComponent(await page.evaluate(() => location.hash)), `#${loc.picking}`);
        assert.equal((await focused(page)).id, loc.picking);
        // Same page: the in-text link to the section.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page
          .locator(`.markdown a[href="#${encodeURIComponent(loc.picking)}"]`)
          .first()
          .click();
        await page.waitForFunction((id) => {
          const top = document.getElementById(id).getBoundingClientRect().top;
          return top >= 0 && top < 200;
        }, loc.picking);
        await context.close();
      });
    }

    test(`${loc.code}: the crash boundary shows '${loc.crashed}' and '${loc.tryAgain}' renders the page again`, async () => {
      const { page, context, problems } = await newPage(fx.browser, { width: 1280 });
      await goto(page, `${fx.url}${loc.prefix}/crash`);
      await page.locator('button', { hasText: loc.crashButton }).click();
      await page.locator('main h1', { hasText: loc.crashed }).waitFor();
      // The chrome around the page survives.
      assert.equal(await page.locator('.navbar').isVisible(), true);
      assert.equal(await page.locator('.footer').isVisible(), true);
      await page.locator('button', { hasText: loc.tryAgain }).click();
      await page.locator('main h1', { hasText: loc.crashTitle }).waitFor();
      assert.equal(await page.locator('button', { hasText: loc.crashButton }).isVisible(), true);
      // The crash is reported to the console (and nothing else went wrong).
      assert.ok(problems.some((p) => /Deliberate crash/.test(p)));
      await context.close();
    });

    test(`${loc.code}: a page whose data fails to load shows the error and '${loc.retry}'`, async () => {
      const { page, context } = await newPage(fx.browser, { width: 1280 });
      await goto(page, `${fx.url}${loc.prefix}/docs/guide/basics/counts`);
      fx.server.setFailure(/\/docs\/guide\/basics\/items$/);
      try {
        await page.locator('.doc-sidebar a', { hasText: loc.items }).click();
        await page.locator('main h1', { hasText: loc.loadFailed }).waitFor();
        assert.match(await page.locator('.page-error-message').textContent(), /HTTP 500/);
        assert.equal(await page.evaluate(() => location.pathname), `${loc.prefix}/docs/guide/basics/items`);
        // The error's heading takes focus in an effect after it shows.
        await page.waitForFunction(() => document.activeElement?.matches('main h1'));
      } finally {
        fx.server.setFailure(undefined);
      }
      await page.locator('button', { hasText: loc.retry }).click();
      await waitForRoute(page, `${loc.prefix}/docs/guide/basics/items`);
      assert.equal(await page.locator('main h1').textContent(), loc.items);
      await context.close();
    });

    test(`${loc.code}: the not-found page asks to report the broken link and links home and to search`, async () => {
      const { page, context } = await newPage(fx.browser, { width: 390 });
      const res = await page.goto(`${fx.url}${loc.prefix}/no/such/page`);
      assert.equal(res.status(), 404);
      await page.waitForSelector('html[data-hydrated]');
      assert.equal(await page.locator('main h1').textContent(), loc.notFound);
      assert.match(await page.locator('main').textContent(), new RegExp(loc.admin));
      const hrefs = await page.locator('.not-found-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(hrefs, [loc.prefix || '/', `${loc.prefix}/search`]);
      // Client-side navigation to an unknown path shows the same page.
      await page.evaluate((p) => {
        const a = document.createElement('a');
        a.href = p + '/another/missing/page';
        a.textContent = 'missing';
        document.querySelector('main').append(a);
      }, loc.prefix);
      await clickAndWait(page, page.locator('main a', { hasText: 'missing' }), `${loc.prefix}/404`);
      assert.equal(await page.locator('main h1').textContent(), loc.notFound);
      await context.close();
    });
  }

  test(`a search result chosen with a pointer focuses its heading without a mark; with the keyboard, with a bar beside it, never a box`, async () => {
    const { page, context, problems } = await newPage(fx.browser, { width: 390 });
    const ring = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement);
        return { id: document.activeElement?.id, outline: style.outlineStyle, bar: style.boxShadow !== 'none' };
      });
    const choose = async (how) => {
      await goto(page, `${fx.url}/docs/guide/intro`);
      await page.locator('.search-button').click();
      await page.waitForFunction(() => document.activeElement?.matches('[role="dialog"] input'));
      await page.keyboard.type('details');
      const hit = page.locator('[role="dialog"] a[href="/docs/guide/basics/items#details"]');
      await hit.waitFor();
      if (how === 'keyboard') {
        // The pointer only marks the hit active (as a reader's mouse might); Enter opens it.
        await hit.hover();
        await page.waitForFunction(
          () => document.querySelector('[role="dialog"] a[aria-selected="true"]')?.getAttribute('href') === '/docs/guide/basics/items#details',
        );
        await page.keyboard.press('Enter');
      } else {
        // A tap as phones handle it: pointer events and a click, and the link takes no focus, so
        // focus leaves the search box (where browsers always draw the ring) only for the heading.
        await hit.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
        await hit.evaluate((a) => a.click());
      }
      await waitForRoute(page, '/docs/guide/basics/items');
      await page.waitForFunction(() => document.activeElement?.id === 'details');
      return ring();
    };
    assert.deepEqual(await choose('pointer'), { id: 'details', outline: 'none', bar: false });
    assert.deepEqual(await choose('keyboard'), { id: 'details', outline: 'none', bar: true });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the progress bar shows only when a navigation takes longer than 200 ms', async () => {
    const { page, context } = await newPage(fx.browser, { width: 1280 });
    // The page's timers run on a controlled clock, so the test does not depend on machine speed.
    await page.clock.install();
    await goto(page, `${fx.url}/docs/guide/basics/counts`);
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    // Record whether the bar was ever shown, however briefly.
    await page.evaluate(() => {
      window.__progressShown = false;
      const bar = document.querySelector('.route-progress');
      new MutationObserver(() => {
        if (bar.hasAttribute('data-active')) window.__progressShown = true;
      }).observe(bar, { attributes: true });
    });
    // Finished before 200 ms have passed on the page's clock: no bar, not even later.
    await clickAndWait(page, page.locator('.doc-sidebar a', { hasText: 'Items' }), '/docs/guide/basics/items');
    await page.clock.runFor(1000);
    assert.equal(await page.evaluate(() => window.__progressShown), false, 'a fast navigation shows no bar');
    // Still loading after 150 ms: no bar yet; after 200 ms: the bar.
    fx.server.setDelay(2000);
    try {
      await page.locator('.doc-sidebar a', { hasText: 'Locations' }).click();
      await page.clock.runFor(150);
      assert.equal(await page.evaluate(() => window.__progressShown), false);
      await page.clock.runFor(100);
      await page.waitForSelector('.route-progress[data-active]');
      assert.equal(await page.locator('.route-progress').getAttribute('aria-hidden'), 'false');
    } finally {
      fx.server.setDelay(0);
    }
    // When the page arrives, the bar goes.
    await waitForRoute(page, '/docs/guide/basics/locations');
    await page.waitForSelector('.route-progress:not([data-active])', { state: 'attached' });
    assert.equal(await page.locator('.route-progress').getAttribute('aria-hidden'), 'true');
    await context.close();
  });

  test('a chunk that fails to load reloads the page once, without a reload loop', async () => {
    const { page, context } = await newPage(fx.browser, { width: 1280 });
    await goto(page, `${fx.url}/`);
    let documents = 0;
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents++;
    });
    // Every script from here on fails, as after a deployment that removed the old chunks.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.locator('.hero a').click();
    await page.waitForURL(`${fx.url}/docs/guide/intro`);
    await page.waitForLoadState('load');
    // The server-rendered page is there, readable without scripts.
    assert.equal(await page.locator('main h1').textContent(), 'Guide introduction');
    await page.waitForTimeout(1500);
    assert.equal(documents, 1, 'exactly one reload');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // A transient failure: the reload loads the new chunks and the page hydrates.
    const fresh = await newPage(fx.browser, { width: 1280 });
    await goto(fresh.page, `${fx.url}/`);
    let failed = false;
    await fresh.page.route(/\/assets\/.*\.js$/, (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort();
    });
    await fresh.page.locator('.hero a').click();
    await fresh.page.waitForURL(`${fx.url}/docs/guide/intro`);
    await fresh.page.waitForSelector('html[data-hydrated]');
    assert.equal(await fresh.page.evaluate(() => sessionStorage.getItem('docsgen.chunk-reload')), null);
    await fresh.context.close();
    await context.close();
  });
});
