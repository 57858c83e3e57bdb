// axe-core (WCAG 2.1 A and AA) on the real site: the home page, a tutorial, an API page (a doc page
// until the API reference produces pages), a blog post and the not-found page, in both themes,
// both locales and at 1280 and 390 px (crossed), plus the open drawer, language menu and TOC dropdown.
// Also prints the CSS a page loads (gzipped) and checks it against the 25 KB budget. And, on the same
// build, what readers of the real site meet: the navbar and footer links the seed names, the blog
// post's TOC, the phone layout (Copy button, search button, announcement) and the colour mode.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launch } from './helpers/browser.mjs';
import { axe, clickAndWait, formatViolations, goto, newPage, startRealSite } from './fixtures/chrome-lib/helpers.mjs';

const CSS_BUDGET_GZIP = 25 * 1024;

let real;
let browser;
let pages;
// One build of the real site for both groups of tests below.
before(async () => {
  real = await startRealSite();
  browser = await launch();
  pages = {
    home: '/',
    tutorial: '/docs/tutorial/core-features/item',
    api: firstApiPage(real.out),
    apiChangelog: '/docs/api/changelog',
    blogPost: '/blog/welcome',
    notFound: '/this-page-does-not-exist',
  };
});
after(async () => {
  await browser?.close();
  await real?.close();
});

describe('axe-core on the real site', () => {
  // Both locales at both widths, crossed (en at 1280 with ko at 390, and the other way round in
  // the other theme) to keep the file fast while every pair is covered once per theme or locale.
  const matrix = [
    ['light', 1280, ''],
    ['light', 390, '/ko'],
    ['dark', 1280, '/ko'],
    ['dark', 390, ''],
  ];
  for (const [theme, width, prefix] of matrix) {
    test(`${theme}, ${width}px, ${prefix ? 'ko' : 'en'}: no violations on the home, tutorial, API, API changelog, blog post and not-found pages`, async () => {
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

describe('the real site as readers use it', () => {
  for (const [prefix, t] of [
    ['', { home: 'Home', developers: 'Developers', apiTitle: 'API reference', overview: 'Product overview' }],
    ['/ko', { home: '홈', developers: '개발자', apiTitle: 'API 레퍼런스', overview: '제품 개요' }],
  ]) {
    test(`${prefix ? 'ko' : 'en'}: the navbar names the marketing home, pricing, about and contact; Docs offers the product overview; the footer's Developers title leads to the API category`, async () => {
      const { page, context, problems } = await newPage(browser, { width: 1280 });
      await goto(page, `${real.url}${prefix}/docs/tutorial/intro`);
      const external = await page.locator('.navbar-links-external > li > a').evaluateAll((as) => as.map((a) => [a.textContent.trim(), a.getAttribute('href')]));
      assert.deepEqual(
        external.map(([, href]) => href),
        ['https://www.ianai.com', 'https://www.ianai.com/pricing', 'https://www.ianai.com/about', 'https://www.ianai.com/contact'],
      );
      assert.equal(external[0][0], t.home);
      assert.equal(await page.locator('.navbar-dropdown-list a', { hasText: t.overview }).getAttribute('href'), `${prefix}/docs/intro`);
      // The tutorial introduction's first lines link the overview too.
      assert.equal(await page.locator('.markdown > .admonition:first-child a').getAttribute('href'), `${prefix}/docs/intro`);
      // One version: no "Version: next" badge.
      assert.equal(await page.locator('.version-badge').count(), 0);
      const developers = page.locator('.footer-title a', { hasText: t.developers });
      assert.equal(await developers.getAttribute('href'), `${prefix}/docs/category/ianaiapi`);
      await clickAndWait(page, developers, `${prefix}/docs/category/ianaiapi`);
      assert.equal((await page.locator('main h1').textContent()).trim(), t.apiTitle);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('a long blog post has the table of contents (h2-h3): beside it at 1280 px, a dropdown at 390 px', async () => {
    const wide = await newPage(browser, { width: 1280 });
    await goto(wide.page, `${real.url}/blog/long-blog-post`);
    const side = wide.page.locator('.doc-toc .toc-list a');
    assert.ok((await side.count()) >= 8);
    assert.equal(await side.first().isVisible(), true);
    const levels = await wide.page.locator('.doc-toc .toc-item').evaluateAll((lis) => new Set(lis.map((li) => li.className.match(/toc-level-(\d)/)[1])).size);
    assert.equal(levels, 2);
    const target = side.nth(3);
    const id = decodeURIComponent((await target.getAttribute('href')).slice(1));
    await target.click();
    await wide.page.waitForFunction((i) => {
      const top = document.getElementById(i).getBoundingClientRect().top;
      return top >= 0 && top < 200;
    }, id);
    await wide.page.waitForFunction((i) => document.querySelector('.doc-toc a.active')?.getAttribute('href') === `#${i}`, id);
    await wide.context.close();
    const narrow = await newPage(browser, { width: 390 });
    await goto(narrow.page, `${real.url}/ko/blog/long-blog-post`);
    assert.equal(await narrow.page.locator('.doc-toc').isVisible(), false);
    assert.equal(await narrow.page.locator('details.toc-inline').isVisible(), true);
    assert.equal(await narrow.page.evaluate(() => document.documentElement.scrollWidth), 390);
    await narrow.context.close();
  });

  test('390 px: the Copy button covers no code; the search button looks like the icons beside it; the Korean announcement takes two lines, its link whole', async () => {
    const { page, context } = await newPage(browser, { width: 390 });
    for (const route of ['/docs/api/create-a-customer', '/docs/tutorial/core-features/item']) {
      await goto(page, real.url + route);
      const overlaps = await page.evaluate(() =>
        [...document.querySelectorAll('.code-block')]
          .filter((block) => block.getClientRects().length)
          .map((block) => {
            const button = block.querySelector('.copy-button').getBoundingClientRect();
            // The first line: a fence's first line element, else (an API sample) the code's first line box.
            const code = block.querySelector('code').getBoundingClientRect();
            const first = block.querySelector('.line')?.getBoundingClientRect();
            const line = first ?? {
              top: code.top,
              bottom: code.top + parseFloat(getComputedStyle(block.querySelector('code')).lineHeight),
              left: code.left,
              right: code.right,
            };
            const visible = getComputedStyle(block.querySelector('.copy-button')).opacity !== '0';
            return { visible, overlap: button.bottom > line.top && button.top < line.bottom && button.right > line.left && button.left < line.right };
          }),
      );
      assert.ok(overlaps.length > 0, route);
      assert.deepEqual(
        overlaps.filter((o) => !o.visible || o.overlap),
        [],
        route,
      );
    }
    const look = (sel) =>
      page.locator(sel).evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, border: getComputedStyle(el).borderTopWidth }));
    assert.deepEqual(await look('.search-button'), await look('.theme-toggle'));
    await goto(page, `${real.url}/ko/`);
    const announcement = await page.locator('.announcement-text').evaluate((p) => ({
      lines: Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)),
      linkBoxes: p.querySelector('a').getClientRects().length,
    }));
    assert.deepEqual(announcement, { lines: 2, linkBoxes: 1 });
    await context.close();
  });

  test('colour mode: light whatever the OS prefers, the site not having colorMode.respectPrefersColorScheme', async () => {
    const { page, context } = await newPage(browser, { width: 1280 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await goto(page, `${real.url}/docs/tutorial/intro`);
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'light');
    await context.close();
  });
});

function firstApiPage(out) {
  const dir = path.join(out, 'docs/api');
  const slug = fs.readdirSync(dir).find((d) => fs.existsSync(path.join(dir, d, 'index.html')));
  return `/docs/api/${slug}`;
}
