// The small things a reader meets in the first minutes on the Ianai site (content/ and openapi/,
// built as it ships), in real Chromium: the API landing's cards and resource summaries end on a
// whole sentence and the page fits a phone; a search result opened with Enter leaves no box around the title; the Copy
// button does not cover a code block's title; the drawer opens on the site's sections; an
// operation named in italics over two source lines is a link; the style guide is with the
// contributors' docs, not on the product blog.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { servedRealSite } from './helpers/browser.mjs';

const PHONE = { width: 390, height: 844 };

describe('a reader’s first minutes on the Ianai site', () => {
  // The real site's one build for the test files that only read it, served, and Chromium.
  let fx;
  before(async () => {
    fx = await servedRealSite();
  });
  after(() => fx?.close());

  const open = (route, options) => fx.open(route, options);

  it('ends every API landing card on a whole sentence, and fits the landing in 390 px', async () => {
    for (const prefix of ['', '/ko']) {
      const { page, context } = await open(`${prefix}/docs/category/ianaiapi`, PHONE);
      const cards = await page.locator('.api-cards .card-text, .api-resource-text').allInnerTexts();
      assert.ok(cards.length > 10);
      // A card must not end on the sentence that, in the spec, introduces a table or a code block.
      const cut = cards.filter((t) => !/[.!?…)]$/.test(t.trim()) || /(carries|헤더가 포함됩니다)[.:]$/.test(t.trim()));
      assert.deepEqual(cut, []);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(scroll <= client, `${prefix}: ${scroll} px wide in ${client}`);
      await context.close();
    }
  });

  it('draws no focus box around the title of a page opened with Enter from the search', async () => {
    const { page, context } = await open('/docs/tutorial/intro');
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal:not([aria-busy]) .search-input').fill('shipment');
    await page.locator('.search-modal [role="option"]').first().waitFor();
    const target = new URL(await page.locator('.search-modal [role="option"]').first().getAttribute('href'), fx.server.url).pathname;
    await page.keyboard.press('Enter');
    await page.waitForFunction((p) => location.pathname === p && document.activeElement?.tagName === 'H1', target);
    const outline = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement);
      return s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth);
    });
    assert.equal(outline, 0);
    await context.close();
  });

  it('keeps the Copy button off a code block’s title on a phone', async () => {
    const { page, context } = await open('/docs/tutorial/core-features/bom', PHONE);
    const overlaps = await page.evaluate(() =>
      [...document.querySelectorAll('.code-block')].flatMap((block) => {
        const title = block.querySelector(':scope > .code-title');
        const button = block.querySelector('.copy-button');
        if (!title || !button) return [];
        const b = button.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(title);
        return [...range.getClientRects()]
          .filter((r) => r.width > 0 && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom)
          .map(() => title.textContent);
      }),
    );
    assert.equal((await page.locator('.code-block > .code-title').count()) > 0, true);
    assert.deepEqual(overlaps, []);
    await context.close();
  });

  it('opens the mobile drawer on the site’s sections, the current page’s category open below them', async () => {
    const { page, context } = await open('/docs/tutorial/shipping/usps-pricing-2025', PHONE);
    await page.locator('.navbar-menu-button').click();
    const drawer = page.locator('.drawer');
    await drawer.locator('.drawer-sidebar a[aria-current="page"]').waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    assert.equal(await drawer.evaluate((d) => d.scrollTop), 0);
    const box = await drawer.boundingBox();
    for (const link of await drawer.locator('.drawer-links > li > a').all()) {
      const r = await link.boundingBox();
      if ((await link.innerText()).match(/^(Docs|API|Blog)/)) assert.ok(r.y >= box.y && r.y + r.height <= box.y + box.height, await link.innerText());
    }
    await context.close();
  });

  it('links an operation named in italics over two lines of the spec, in both languages', async () => {
    for (const prefix of ['', '/ko']) {
      const { page, context } = await open(`${prefix}/docs/api/requests-and-responses`);
      const link = page.locator(`.markdown a[href="${prefix}/docs/api/update-sales-order-status"] em`);
      assert.equal((await link.count()) > 0, true, prefix);
      await context.close();
    }
  });

  it('keeps the style guide with the contributors’ docs, not on the blog, in both languages', async () => {
    for (const prefix of ['', '/ko']) {
      const { page, context } = await open(`${prefix}/blog`);
      const posts = await page.locator('article h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      assert.ok(posts.length >= 3 && !posts.some((h) => /mdx-blog-post|style-guide/.test(h)), posts.join());
      await page.goto(`${fx.server.url}${prefix}/blog/mdx-blog-post`);
      await page.waitForURL(`${fx.server.url}${prefix}/docs/contributing/style-guide`);
      await page.waitForSelector('html[data-hydrated]');
      assert.equal((await page.locator('.sidebar a[aria-current="page"]').count()) > 0, true, `${prefix}: in a sidebar`);
      assert.equal(await page.locator('nav.breadcrumbs').count(), 1);
      await context.close();
    }
  });
});
