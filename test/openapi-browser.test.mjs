// API pages in Chromium: from 1200 px the request samples and response examples stand in a column
// beside the fields and stay in view while the reader scrolls them, the table of contents folded
// above the content; at 390 px one column. Italic operation titles and '#operation/<id>' links in
// descriptions lead to the operation's page in both locales.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, servedFixture } from './helpers/browser.mjs';

/** Boxes of the fields column, the examples column and what of them is in the viewport. */
function columns(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, visible: Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) };
    };
    const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
    const fields = document.querySelector('.api-fields');
    // The field rows in view (below the navbar) at this scroll depth.
    const rows = [...fields.querySelectorAll('.api-schema > li, h2, h3')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= navbar && r.top < innerHeight && r.height > 0;
    });
    return {
      fields: box(fields),
      examples: box(document.querySelector('.api-examples')),
      samples: box(document.querySelector('.api-samples')),
      rowsInView: rows.length,
      navbar,
      scrollY,
      maxScroll: document.documentElement.scrollHeight - innerHeight,
      overflow: document.documentElement.scrollWidth - innerWidth,
    };
  });
}

describe('API operation pages in Chromium', () => {
  let fx;
  let server;
  let browser;
  before(async () => {
    fx = await servedFixture('openapi-multi');
    ({ server, browser } = fx);
  });
  after(() => fx?.close());

  it('at 1440 px keeps the samples and response examples in view beside the fields at every scroll depth', async () => {
    const { page, context, problems } = await openPage(browser, { width: 1440, height: 640 });
    await page.goto(`${server.url}/docs/api/create-an-order`);
    // The response tabs work once the page's code has loaded.
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    // The table of contents folds above the content instead of taking a column.
    assert.equal(await page.locator('.doc-toc').isVisible(), false);
    assert.equal(await page.locator('.toc-inline').isVisible(), true);
    const top = await columns(page);
    // From the top of the page to where the fields' last row reaches the bottom of the window.
    const end = top.fields.bottom - 640;
    assert.ok(end > 800, `the fields are longer than the window (${end} px)`);
    for (const depth of [0, 0.3, 0.6, 1]) {
      await page.evaluate((y) => window.scrollTo(0, y), Math.round(end * depth));
      await page.waitForTimeout(50);
      const c = await columns(page);
      assert.ok(c.examples.left >= c.fields.right, `examples beside the fields at ${c.scrollY}px: ${JSON.stringify(c)}`);
      assert.ok(c.rowsInView > 0, `fields in view at ${c.scrollY}px`);
      assert.ok(c.examples.top >= c.navbar - 1, `the examples column starts below the navbar at ${c.scrollY}px: ${JSON.stringify(c)}`);
      assert.ok(c.samples.visible >= 150, `the code samples are in view at ${c.scrollY}px: ${JSON.stringify(c.samples)}`);
    }
    // The response examples are tabs by status code, the first success response shown.
    const tabs = page.locator('.api-response-examples [role="tab"]');
    assert.deepEqual(await tabs.allTextContents(), ['201', '422']);
    assert.equal(await tabs.first().getAttribute('aria-selected'), 'true');
    await tabs.nth(1).click();
    assert.equal(await page.locator('#api-response-panel-1').isVisible(), true);
    assert.equal(await page.locator('#api-response-panel-0').isVisible(), false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('at 390 px shows one column, the examples after the fields', async () => {
    const { page, context, problems } = await openPage(browser, { width: 390, height: 800 });
    await page.goto(`${server.url}/docs/api/create-an-order`);
    const c = await columns(page);
    assert.ok(Math.abs(c.examples.left - c.fields.left) < 2, JSON.stringify(c));
    assert.ok(c.examples.top >= c.fields.bottom, JSON.stringify(c));
    assert.ok(c.overflow <= 0, `no sideways scrolling (${c.overflow} px)`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const { prefix, title, target } of [
    { prefix: '', title: 'List pets', target: 'List pets' },
    { prefix: '/ko', title: '반려동물 목록 조회', target: '반려동물 목록 조회' },
  ]) {
    it(`links operation titles in descriptions to their pages (${prefix || 'en'})`, async () => {
      const { page, context, problems } = await openPage(browser, { width: 1440, height: 900 });
      await page.goto(`${server.url}${prefix}/docs/api/get-a-pet`);
      // A click before the router listens would load the next page in full and abort this one's chunks.
      await page.waitForSelector('html[data-hydrated]');
      await page.waitForLoadState('networkidle');
      const intro = page.locator('.doc-article p', { has: page.locator('em') }).first();
      const stable = intro.locator('a[href$="/docs/api/create-an-order"]');
      assert.equal(await stable.getAttribute('href'), `${prefix}/docs/api/create-an-order`);
      await intro.locator('a', { hasText: title }).click();
      await page.waitForURL(`**${prefix}/docs/api/list-pets`);
      // The router changes the URL before it swaps the page in: wait for the new heading.
      await page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, target);
      await page.goBack();
      await page.locator('a', { has: page.locator('text=/place an order|주문을 생성하세요/') }).click();
      await page.waitForURL(`**${prefix}/docs/api/create-an-order`);
      await page.waitForFunction(() => /Create an order|주문/.test(document.querySelector('h1')?.textContent ?? ''));
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
