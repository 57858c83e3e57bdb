// A vendor's spec in Chromium: schema and property names as long as generated ones (120
// characters, no space) wrap instead of widening the page, at 1440 and 390 px, and the entries
// of "On this page" stay apart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, servedFixture } from './helpers/browser.mjs';

function layout(page) {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll('.toc-item a')].filter((a) => a.getClientRects().length);
    const entries = links.map((a) => a.getBoundingClientRect());
    // An entry whose text runs out of its list runs over what stands beside it.
    let overlaps = links.filter(
      (a) => a.scrollWidth > a.clientWidth + 1 || a.getBoundingClientRect().right > a.closest('.toc-list').getBoundingClientRect().right + 1,
    ).length;
    for (let i = 0; i < entries.length; i++)
      for (let j = i + 1; j < entries.length; j++) {
        const a = entries[i];
        const b = entries[j];
        if (a.left < b.right && b.left < a.right && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps++;
      }
    const wide = [...document.querySelectorAll('[data-docsgen-content] *')].filter(
      (el) => el.getBoundingClientRect().right > innerWidth + 1 && !el.closest('pre, .code-block'),
    );
    return {
      overflow: document.documentElement.scrollWidth - innerWidth,
      tocEntries: entries.length,
      overlaps,
      wide: wide.slice(0, 3).map((el) => el.tagName + '.' + el.className),
    };
  });
}

describe('API pages of a vendor spec in Chromium', () => {
  let fx;
  before(async () => {
    fx = await servedFixture('openapi-shop');
  });
  after(() => fx?.close());

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    it(`at ${width} px no page is wider than the window and no entries of "On this page" overlap`, async () => {
      const { page, context, problems } = await openPage(fx.browser, { width, height });
      for (const route of [
        '/docs/category/api',
        '/docs/api/customers',
        '/docs/api/retrieve-a-customer',
        '/docs/api/create-a-customer',
        '/docs/api/action-getcustomertaxidentifiersfromaccountrequirements',
      ]) {
        await page.goto(`${fx.server.url}${route}`);
        await page.waitForSelector('html[data-hydrated]');
        // Unfold the table of contents where it is folded, so its entries are laid out.
        await page.evaluate(() => document.querySelectorAll('details.toc-inline, .toc-inline details').forEach((d) => (d.open = true)));
        const l = await layout(page);
        assert.equal(l.overflow, 0, `${route} is ${l.overflow} px wider than the window: ${l.wide.join(', ')}`);
        assert.ok(l.tocEntries > 1 || route !== '/docs/api/customers', `${route}: the table of contents is laid out`);
        assert.equal(l.overlaps, 0, `${route}: ${l.overlaps} entries of "On this page" overlap`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
