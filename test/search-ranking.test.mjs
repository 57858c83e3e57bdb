// What a reader finds first on the Ianai site (content/ and openapi/, built as it ships), in the
// search modal and on /search, in real Chromium: a topic leads to its guide, an operation's name or
// path to the operation, and no hit is an API page's fixed outline (Authentication, Parameters,
// Request body, Responses).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, servedRealSite } from './helpers/browser.mjs';

/** Query, locale prefix, and the page (or one of the pages) that must be among the first `within` results. */
const TOPICS = [
  ['shipment', '', '/docs/tutorial/core-features/shipment', 2],
  ['sales order', '', '/docs/tutorial/core-features/salesorder', 2],
  ['barcode', '', '/docs/tutorial/advanced-features/routing', 2],
  ['재고', '/ko', /^\/ko\/docs\/tutorial\/core-features\/item-(adjustment|transfer)$/, 2],
];
const OPERATIONS = [
  ['create a shipment', '', '/docs/api/create-a-shipment'],
  ['/v2/shipments', '', /^\/docs\/api\/(get-shipment-list|create-a-shipment)$/],
  ['POST /sales-orders', '', '/docs/api/create-a-sales-order'],
];
const OUTLINE = /^(Authentication|Parameters|Path parameters|Query parameters|Header parameters|Request body|Responses|Code samples|Response examples)$/;

describe('search ranking on the Ianai site', () => {
  // The real site's one build for the test files that only read it, served, and Chromium.
  let fx;
  before(async () => {
    fx = await servedRealSite();
  });
  after(() => fx?.close());

  const matches = (want, url) => (typeof want === 'string' ? url === want : want.test(url));
  const pageOf = (href) => new URL(href, 'http://x').pathname.replace(/\/$/, '');

  /** The hits the modal lists for `query`, in order: their page and their title. */
  async function modalHits(prefix, query) {
    const { page, context } = await openPage(fx.browser);
    await page.goto(`${fx.server.url}${prefix}/docs/tutorial/intro`);
    await page.waitForSelector('html[data-hydrated]');
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal:not([aria-busy]) .search-input').fill(query);
    await page.waitForFunction(
      (q) => document.querySelector('.search-input')?.value === q && /\d/.test(document.querySelector('.search-modal [role="status"]')?.textContent ?? ''),
      query,
    );
    const hits = await page.$$eval('.search-modal [role="option"]', (links) =>
      links.map((a) => ({ href: a.getAttribute('href'), title: a.querySelector('.search-hit-title')?.textContent ?? '' })),
    );
    await context.close();
    return hits.map((h) => ({ ...h, page: pageOf(h.href) }));
  }

  /** The hits /search lists for `query`, in order. */
  async function pageHits(prefix, query) {
    const { page, context } = await openPage(fx.browser);
    await page.goto(`${fx.server.url}${prefix}/search?q=${encodeURIComponent(query)}`);
    await page.waitForSelector('html[data-hydrated]');
    await page.locator('.search-page-hit').first().waitFor();
    const hits = await page.$$eval('.search-page-hit-title', (links) => links.map((a) => ({ href: a.getAttribute('href'), title: a.textContent ?? '' })));
    await context.close();
    return hits.map((h) => ({ ...h, page: pageOf(h.href) }));
  }

  for (const [where, hitsOf] of [
    ['the modal', modalHits],
    ['/search', pageHits],
  ]) {
    it(`puts the guide of a topic first or second in ${where}`, async () => {
      for (const [query, prefix, want, within] of TOPICS) {
        const hits = await hitsOf(prefix, query);
        const at = hits.findIndex((h) => matches(want, h.page));
        assert.ok(at >= 0 && at < within, `"${query}": ${want} at ${at + 1}, first: ${hits.slice(0, 4).map((h) => h.page)}`);
      }
    });

    it(`puts the operation first for its name or path in ${where}`, async () => {
      for (const [query, prefix, want] of OPERATIONS) {
        const hits = await hitsOf(prefix, query);
        assert.ok(hits.length && matches(want, hits[0].page), `"${query}": first ${hits[0]?.page}`);
      }
    });

    it(`never lists an API page's outline headings as hits in ${where}`, async () => {
      for (const query of ['barcode', 'authentication', 'request body']) {
        const hits = await hitsOf('', query);
        const outline = hits.filter((h) => h.page.startsWith('/docs/api/') && new URL(h.href, 'http://x').hash && OUTLINE.test(h.title.trim()));
        assert.deepEqual(outline, [], `"${query}"`);
      }
    });
  }
});
