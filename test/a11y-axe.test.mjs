// axe-core (WCAG 2.1 A and AA) on the real site: the home page, a tutorial, an API page (a doc page
// until the API reference produces pages), a blog post and the not-found page, in both themes,
// both locales and at 1280 and 390 px (crossed), plus the open drawer, language menu and TOC dropdown.
// Also prints the CSS a page loads (gzipped) and checks it against the 25 KB budget.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { haveChromium, launch } from './helpers/browser.mjs';
import { axe, formatViolations, goto, newPage, startRealSite } from './fixtures/chrome-lib/helpers.mjs';

const CSS_BUDGET_GZIP = 25 * 1024;

describe('axe-core on the real site', { skip: !haveChromium() && 'no Chromium' }, () => {
  let real;
  let browser;
  let pages;
  before(async () => {
    real = await startRealSite();
    if (real.note) console.log(`# note: ${real.note}`);
    browser = await launch();
    const apiPage = real.hasApiPages ? firstApiPage(real.out) : '/docs/usps-erp-pricing';
    pages = {
      home: '/',
      tutorial: '/docs/tutorial/core-features/item',
      api: apiPage,
      blogPost: '/blog/welcome',
      notFound: '/this-page-does-not-exist',
    };
  });
  after(async () => {
    await browser?.close();
    await real?.close();
  });

  // Both locales at both widths, crossed (en at 1280 with ko at 390, and the other way round in
  // the other theme) to keep the file fast while every pair is covered once per theme or locale.
  const matrix = [
    ['light', 1280, ''],
    ['light', 390, '/ko'],
    ['dark', 1280, '/ko'],
    ['dark', 390, ''],
  ];
  for (const [theme, width, prefix] of matrix) {
    test(`${theme}, ${width}px, ${prefix ? 'ko' : 'en'}: no violations on the home, tutorial, API, blog post and not-found pages`, async () => {
      const { page, context } = await newPage(browser, { width, storage: { theme } });
      const report = [];
      for (const [name, route] of Object.entries(pages)) {
        await goto(page, real.url + (route === '/' ? prefix || '/' : prefix + route));
        assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), theme);
        const violations = await axe(page);
        if (violations.length) report.push(`${name} (${prefix + route}):\n  ${formatViolations(violations)}`);
      }
      assert.equal(report.join('\n'), '');
      await context.close();
    });
  }

  for (const theme of ['light', 'dark']) {
    test(`${theme}: no violations with the drawer, the language menu and the TOC dropdown open`, async () => {
      const report = [];
      const mobile = await newPage(browser, { width: 390, storage: { theme } });
      await goto(mobile.page, `${real.url}/ko${pages.tutorial}`);
      await mobile.page.locator('details.toc-inline summary').click();
      let v = await axe(mobile.page);
      if (v.length) report.push(`TOC dropdown:\n  ${formatViolations(v)}`);
      await mobile.page.locator('.navbar-menu-button').click();
      await mobile.page.locator('.drawer').waitFor();
      v = await axe(mobile.page);
      if (v.length) report.push(`drawer:\n  ${formatViolations(v)}`);
      await mobile.context.close();
      const desktop = await newPage(browser, { width: 1280, storage: { theme } });
      await goto(desktop.page, `${real.url}${pages.tutorial}`);
      await desktop.page.locator('.language-button').click();
      v = await axe(desktop.page);
      if (v.length) report.push(`language menu:\n  ${formatViolations(v)}`);
      await desktop.context.close();
      assert.equal(report.join('\n'), '');
    });
  }

  test('the CSS a page loads is at most 25 KB gzipped', async () => {
    const { page, context } = await newPage(browser, { width: 1280 });
    const css = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'stylesheet' && res.ok()) css.set(res.url(), await res.body());
    });
    let worst = 0;
    for (const route of Object.values(pages)) {
      css.clear();
      await goto(page, real.url + route);
      await page.waitForLoadState('networkidle');
      const bytes = [...css.values()].reduce((n, b) => n + b.length, 0);
      const gz = [...css.values()].reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0);
      console.log(`# CSS for ${route}: ${(bytes / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped in ${css.size} file(s)`);
      worst = Math.max(worst, gz);
    }
    assert.ok(worst > 0, 'pages load a stylesheet');
    assert.ok(worst <= CSS_BUDGET_GZIP, `${worst} bytes gzipped is over the budget`);
    await context.close();
  });
});

function firstApiPage(out) {
  const dir = path.join(out, 'docs/api');
  const slug = fs.readdirSync(dir).find((d) => fs.existsSync(path.join(dir, d, 'index.html')));
  return `/docs/api/${slug}`;
}
