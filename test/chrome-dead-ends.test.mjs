// No dead ends on the Ianai site (content/, built as it ships), in real Chromium: every docs page
// the navbar and the footer lead to has the sidebar and breadcrumbs, in English and Korean; a
// search that finds nothing, on /search as in the modal and on the first search of a visit,
// offers sections to try, a report link and the other language; the API landing's sidebar opens
// onto the reference's groups.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { servedRealSite } from './helpers/browser.mjs';

const NOTHING = 'qqxzv';

describe('no dead ends on the Ianai site', () => {
  // The real site's one build for the test files that only read it, served, and Chromium.
  let fx;
  before(async () => {
    fx = await servedRealSite();
  });
  after(() => fx?.close());

  const open = (route, options) => fx.open(route, options);

  for (const prefix of ['', '/ko']) {
    it(`gives every docs page of the navbar and footer a sidebar and breadcrumbs (${prefix || '/'})`, async () => {
      const { page, context } = await open(`${prefix}/`, { width: 1440, height: 900 });
      const links = await page.$$eval('.navbar a[href], .navbar-dropdown a[href], footer a[href]', (all) => all.map((a) => a.getAttribute('href')));
      const docs = [...new Set(links.filter((href) => /^(\/ko)?\/docs(\/|$)/.test(href)).map((href) => href.replace(/[#?].*$/, '').replace(/\/$/, '')))];
      for (const must of ['/docs', '/docs/intro', '/docs/usps-erp-pricing']) assert.ok(docs.includes(prefix + must), `${prefix + must} is linked: ${docs}`);
      const missing = [];
      for (const href of docs) {
        await page.goto(fx.server.url + href);
        await page.waitForSelector('html[data-hydrated]');
        const sidebar = await page.locator('.sidebar').first().isVisible();
        const crumbs = await page.locator('nav.breadcrumbs').count();
        const current = await page.locator('.sidebar [aria-current="page"]').count();
        if (!sidebar || !crumbs || !current) missing.push(`${href}: sidebar ${sidebar}, breadcrumbs ${crumbs}, current in sidebar ${current}`);
      }
      assert.deepEqual(missing, []);
      await context.close();
    });
  }

  it('lists the API reference’s groups on the API landing, their resources and their operations as links', async () => {
    const { page, context } = await open('/docs/category/ianaiapi', { width: 1440, height: 900 });
    const sidebar = page.locator('.sidebar').first();
    const groups = await sidebar.locator(':scope > ul > li.sidebar-category.open').count();
    assert.ok(groups >= 9, `${groups} groups open`);
    const resources = await sidebar.locator('a.sidebar-category-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(resources.length >= 40 && resources.includes('/docs/api/shipment'), resources.join());
    // The landing is the way into the reference: its resources are open, their operations shown.
    assert.equal(await sidebar.locator('a[href="/docs/api/create-a-shipment"]').isVisible(), true);
    assert.match(await sidebar.locator('a[href="/docs/api/create-a-shipment"]').innerText(), /POST\s*Create a shipment/);
    await context.close();
  });

  it('offers sections to try, a report link and the other language on /search when nothing is found', async () => {
    const { page, context } = await open(`/ko/search?q=${NOTHING}`);
    await page.locator('.search-no-results').waitFor();
    assert.ok((await page.locator('.search-suggestion').count()) > 0, 'suggestions');
    const report = await page.locator('.search-no-results a[target="_blank"]').getAttribute('href');
    assert.match(report, new RegExp(`[?&]q=${NOTHING}$`));
    const english = page.locator('.search-no-results a[hreflang="en"]');
    assert.equal(await english.getAttribute('href'), `/search?q=${NOTHING}`);
    // A suggestion is a search of its own.
    const suggestion = (await page.locator('.search-suggestion').first().innerText()).trim();
    await page.locator('.search-suggestion').first().click();
    await page.locator('.search-page-hit').first().waitFor();
    assert.equal(await page.locator('.search-page-input').inputValue(), suggestion.toLowerCase());
    await context.close();
  });

  it('offers sections to try on the first search of a visit that finds nothing, in the modal', async () => {
    const { page, context } = await open('/docs/tutorial/intro');
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal:not([aria-busy]) .search-input').fill(NOTHING);
    await page.locator('.search-modal .search-no-results').waitFor();
    await page.locator('.search-modal .search-suggestion').first().waitFor();
    assert.ok((await page.locator('.search-modal .search-suggestion').count()) > 0);
    assert.match(await page.locator('.search-modal .search-no-results a[target="_blank"]').getAttribute('href'), new RegExp(`q=${NOTHING}$`));
    await context.close();
  });
});
