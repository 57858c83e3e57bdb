// Sidebar, doc furniture and table of contents in Chromium: collapsible categories that open on
// the active page, aria-current, the sidebar's own scroll kept across navigation and the active
// item revealed only when out of view, no sidebar on /docs/intro, breadcrumbs, previous/next,
// tags, the version badge; TOC levels (configurable), the current section while scrolling, the
// dropdown on narrow screens and keyboard use. English and Korean, 1280 and 390 px.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAndWait, focused, goto, newPage, chromeSuite, WIDTHS } from './fixtures/chrome-lib/helpers.mjs';

const LOCALES = [
  {
    code: 'en',
    prefix: '',
    basics: 'Basics',
    version: 'Version: next',
    breadcrumbs: 'Breadcrumbs',
    home: 'Home',
    items: 'Items',
    locations: 'Locations',
    shipping: 'Shipping orders',
    shippingId: 'shipping-orders',
    picking: 'picking',
    toc: 'On this page',
  },
  {
    code: 'ko',
    prefix: '/ko',
    basics: '기초',
    version: '버전: next',
    breadcrumbs: '탐색 경로',
    home: '홈',
    items: '품목',
    locations: '위치',
    shipping: '주문 출고',
    shippingId: '주문-출고',
    picking: '피킹',
    toc: '이 페이지의 내용',
  },
];

describe('sidebar, doc furniture and table of contents', () => {
  // The long category's pages share a tag: its list, like the category's index, has two pages.
  const tagged = (site) => {
    for (let i = 1; i <= 90; i++) {
      const file = `content/en/docs/guide/many/page-${String(i).padStart(2, '0')}.md`;
      site.write(file, site.read(file).replace('---\ntitle:', '---\ntags: [bulk]\ntitle:'));
    }
  };
  const fx = chromeSuite({ longCategory: 90, mutate: tagged });

  for (const loc of LOCALES) {
    test(`${loc.code} 1280px: categories open on the active page, aria-current, collapsing and lazy expanding`, async () => {
      const { page, context, problems } = await newPage(fx.browser, { width: 1280 });
      await goto(page, `${fx.url}${loc.prefix}/docs/guide/basics/items`);
      const sidebar = page.locator('.doc-sidebar .sidebar');
      assert.equal(await sidebar.getAttribute('aria-label'), loc.code === 'ko' ? '문서 사이드바' : 'Docs sidebar');
      const active = sidebar.locator('a[aria-current="page"]');
      assert.equal(await active.count(), 1);
      assert.equal((await active.textContent()).trim(), loc.items);
      const basicsToggle = sidebar.locator('.sidebar-category', { hasText: loc.basics }).locator('.sidebar-toggle').first();
      assert.equal(await basicsToggle.getAttribute('aria-expanded'), 'true');
      const manyToggle = sidebar.locator('.sidebar-category').nth(1).locator('.sidebar-toggle');
      assert.equal(await manyToggle.getAttribute('aria-expanded'), 'false');
      // A closed category is one row: no empty container for its children, nothing to control.
      assert.equal(await manyToggle.getAttribute('aria-controls'), null);
      assert.equal(await sidebar.locator('.sidebar-category').nth(1).locator('.sidebar-sublist, [id]').count(), 0);
      // Collapse and reopen the active category.
      await basicsToggle.click();
      assert.equal(await basicsToggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await active.isVisible(), false);
      await basicsToggle.click();
      assert.equal(await active.isVisible(), true);
      // A collapsed category arrives empty; opening it loads its children.
      await manyToggle.click();
      assert.equal(await manyToggle.getAttribute('aria-expanded'), 'true');
      await sidebar.locator('a', { hasText: 'Page 01' }).waitFor();
      const controlled = await manyToggle.getAttribute('aria-controls');
      assert.equal(await page.locator(`[id="${controlled}"] a`, { hasText: 'Page 01' }).count(), 1);
      // Keyboard: Enter on a focused toggle collapses it.
      await manyToggle.focus();
      await page.keyboard.press('Enter');
      assert.equal(await manyToggle.getAttribute('aria-expanded'), 'false');
      // Navigating moves aria-current and keeps what the reader opened.
      await clickAndWait(page, sidebar.locator('a', { hasText: loc.locations }), `${loc.prefix}/docs/guide/basics/locations`);
      assert.equal((await sidebar.locator('a[aria-current="page"]').textContent()).trim(), loc.locations);
      assert.deepEqual(problems, []);
      await context.close();
    });

    for (const width of WIDTHS) {
      test(`${loc.code} ${width}px: breadcrumbs, version badge, tags and previous/next`, async () => {
        const { page, context } = await newPage(fx.browser, { width });
        await goto(page, `${fx.url}${loc.prefix}/docs/guide/basics/items`);
        const crumbs = page.locator(`nav.breadcrumbs[aria-label="${loc.breadcrumbs}"]`);
        assert.deepEqual(await crumbs.locator('a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')])), [
          [loc.home, loc.prefix || '/'],
          [loc.basics, `${loc.prefix}/docs/category/basics`],
        ]);
        assert.equal(await crumbs.locator('[aria-current="page"]').textContent(), loc.items);
        // The fixture asks for the badge (docs.versionBadge); a site of one version shows none by default.
        assert.equal(await page.locator('.version-badge').textContent(), loc.version);
        const next = page.locator('.pagination-nav a[rel="next"]');
        assert.equal(await page.locator('.pagination-nav a[rel="prev"]').count(), 1);
        await clickAndWait(page, next, `${loc.prefix}/docs/guide/basics/locations`);
        assert.equal(await page.locator('main h1').textContent(), loc.locations);
        // Tags of the guide introduction, linked to their tag pages.
        await goto(page, `${fx.url}${loc.prefix}/docs/guide/intro`);
        const tags = page.locator('.tag-list a[rel="tag"]');
        assert.deepEqual(await tags.allTextContents(), ['setup', 'basics']);
        await clickAndWait(page, tags.first(), `${loc.prefix}/docs/tags/setup`);
        assert.equal(await page.locator(`main a[href="${loc.prefix}/docs/guide/intro"]`).count(), 1);
        await context.close();
      });
    }
  }

  test('/docs/intro has no sidebar, in both locales and widths', async () => {
    for (const width of WIDTHS) {
      for (const prefix of ['', '/ko']) {
        const { page, context } = await newPage(fx.browser, { width });
        await goto(page, `${fx.url}${prefix}/docs/intro`);
        assert.equal(await page.locator('.doc-sidebar').count(), 0);
        assert.equal(await page.locator('.doc-page.has-sidebar').count(), 0);
        await context.close();
      }
    }
  });

  test('1280px: the sidebar keeps its scroll across navigation and reveals the active item only when out of view', async () => {
    const { page, context } = await newPage(fx.browser, { width: 1280, height: 700 });
    await goto(page, `${fx.url}/docs/guide/many/page-30`);
    const box = page.locator('.doc-sidebar');
    const activeInView = () =>
      page.evaluate(() => {
        const s = document.querySelector('.doc-sidebar');
        const a = s.querySelector('a[aria-current="page"]');
        const sr = s.getBoundingClientRect();
        const ar = a.getBoundingClientRect();
        return ar.top >= sr.top && ar.bottom <= sr.bottom;
      });
    // Page 30 is far down a long category: the sidebar was scrolled to show it on load.
    assert.ok((await box.evaluate((el) => el.scrollTop)) > 0);
    assert.equal(await activeInView(), true);
    // Mark the element: it must be the same node after navigation (the layout stays mounted).
    await box.evaluate((el) => {
      el.dataset.marker = 'kept';
      el.scrollTop -= 60;
    });
    const before = await box.evaluate((el) => el.scrollTop);
    await page.evaluate(() => window.scrollTo(0, 400));
    await clickAndWait(page, page.locator('.doc-sidebar a', { hasText: 'Page 31' }), '/docs/guide/many/page-31');
    assert.equal(await box.evaluate((el) => el.dataset.marker), 'kept');
    assert.equal(await box.evaluate((el) => el.scrollTop), before, 'a visible active item must not scroll the sidebar');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page itself starts at the top');
    // Scrolled away so that the next page's item is hidden: navigating reveals it.
    await box.evaluate((el) => (el.scrollTop = 0));
    await clickAndWait(page, page.locator('.pagination-nav a[rel="next"]'), '/docs/guide/many/page-32');
    assert.ok((await box.evaluate((el) => el.scrollTop)) > 0);
    assert.equal(await activeInView(), true);
    await context.close();
  });

  test('a long category sends its first items and the block around the page; the rest loads when asked for', async () => {
    // Without JavaScript: the HTML holds the start of the category and the pages near this one.
    const html = fx.site.output('/docs/guide/many/page-60');
    const sidebarHtml = html.slice(html.indexOf('<nav class="sidebar"'), html.indexOf('</nav>', html.indexOf('<nav class="sidebar"')));
    const listed = [...sidebarHtml.matchAll(/href="\/docs\/guide\/many\/page-(\d+)"/g)].map((m) => Number(m[1]));
    assert.ok(listed.includes(1) && listed.includes(60) && listed.includes(50) && listed.includes(64), listed.join());
    assert.ok(!listed.includes(20) && !listed.includes(90), listed.join());
    assert.ok(listed.length <= 40, `${listed.length} links`);
    assert.match(sidebarHtml, /Show 28 more pages<\/button>/);
    assert.match(sidebarHtml, /Show 26 more pages<\/button>/);

    const { page, context, problems } = await newPage(fx.browser, { width: 1280 });
    await goto(page, `${fx.url}/docs/guide/many/page-60`);
    const sidebar = page.locator('.doc-sidebar .sidebar');
    const more = sidebar.locator('.sidebar-gap-button').first();
    // A button, reached by keyboard like the rest of the sidebar.
    await more.focus();
    await page.keyboard.press('Enter');
    await sidebar.locator('a', { hasText: 'Page 90' }).waitFor();
    assert.equal(await sidebar.locator('a[href$="/docs/guide/many/page-20"]').count(), 1);
    assert.equal(await sidebar.locator('.sidebar-gap-button').count(), 0);
    assert.equal((await sidebar.locator('a[aria-current="page"]').textContent()).trim(), 'Page 60');
    // Loaded once: the next page of the category shows it whole too.
    await clickAndWait(page, sidebar.locator('a', { hasText: 'Page 85' }), '/docs/guide/many/page-85');
    assert.equal(await sidebar.locator('a[href$="/docs/guide/many/page-02"]').count(), 1);
    assert.equal(await sidebar.locator('.sidebar-gap-button').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a long category's index and a long tag's list are cut into pages of 50, linked both ways", async () => {
    const cards = (html) => [...html.matchAll(/<li class="card">/g)].length;
    assert.equal(cards(fx.site.output('/docs/category/many-pages')), 50);
    assert.equal(cards(fx.site.output('/docs/category/many-pages/page/2')), 40);
    const tagItems = (html) => [...html.matchAll(/href="\/docs\/guide\/many\/page-\d+"><h2>/g)].length;
    assert.equal(tagItems(fx.site.output('/docs/tags/bulk')), 50);
    assert.equal(tagItems(fx.site.output('/docs/tags/bulk/page/2')), 40);
    assert.match(fx.site.output('/docs/tags/bulk/page/2'), /<title>90 docs tagged with &quot;bulk&quot; \(page 2 of 2\)/);
    assert.ok(!fx.site.exists('docs/category/many-pages/page/3/index.html'));

    const { page, context, problems } = await newPage(fx.browser, { width: 1280 });
    await goto(page, `${fx.url}/docs/category/many-pages`);
    const nav = page.locator('nav.page-numbers');
    assert.equal(await nav.locator('a[aria-current="page"]').textContent(), '1');
    await clickAndWait(page, nav.locator('a[rel="next"]'), '/docs/category/many-pages/page/2');
    assert.equal(await page.locator('.card-grid .card').count(), 40);
    assert.equal(await page.locator('.card-grid .card-title').first().textContent(), 'Page 51');
    // The sidebar still shows where the list is: its category, open.
    const category = page.locator('.doc-sidebar .sidebar a[href$="/docs/category/many-pages"]');
    assert.equal(await category.count(), 1);
    await clickAndWait(page, page.locator('nav.page-numbers a[rel="prev"]'), '/docs/category/many-pages');
    assert.equal(await page.locator('.card-grid .card').count(), 50);
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const loc of LOCALES) {
    test(`${loc.code} 1280px: the side TOC lists h2-h3 and follows the section being read`, async () => {
      const { page, context } = await newPage(fx.browser, { width: 1280 });
      await goto(page, `${fx.url}${loc.prefix}/docs/guide/intro`);
      const toc = page.locator('.doc-toc nav.toc');
      assert.equal(await toc.isVisible(), true);
      assert.equal(await page.locator('.toc-inline').isVisible(), false);
      const texts = await toc.locator('a').allTextContents();
      assert.equal(texts.length, 6);
      assert.equal(
        texts.some((t) => t.startsWith('Deep')),
        false,
        'h4 is outside the configured levels',
      );
      assert.equal(await toc.locator('.toc-level-1').count(), 3);
      await page.evaluate((id) => {
        const h = document.getElementById(id);
        window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 80);
      }, loc.shippingId);
      await page.waitForFunction((text) => document.querySelector('.doc-toc a[aria-current="location"]')?.textContent === text, loc.shipping);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => document.querySelector('.doc-toc a[aria-current="location"]') === document.querySelector('.doc-toc a'));
      // Clicking an entry scrolls to the heading and puts it in the address.
      await toc.locator('a', { hasText: loc.picking === 'picking' ? 'Picking' : '피킹' }).click();
      await page.waitForFunction((id) => decodeURIComponent(location.hash) === '#' + id, loc.picking);
      const top = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, loc.picking);
      assert.ok(top >= 0 && top < 200, `heading at ${top}px`);
      await context.close();
    });

    test(`${loc.code} 390px: the TOC is a dropdown, usable with the keyboard alone`, async () => {
      const { page, context } = await newPage(fx.browser, { width: 390 });
      await goto(page, `${fx.url}${loc.prefix}/docs/guide/intro`);
      assert.equal(await page.locator('.doc-toc').isVisible(), false);
      const details = page.locator('details.toc-inline');
      assert.equal(await details.isVisible(), true);
      assert.equal(await details.evaluate((d) => d.open), false);
      assert.equal((await details.locator('summary').textContent()).trim(), loc.toc);
      // Tab from the top of the page to the dropdown.
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.tagName === 'SUMMARY');
      }
      assert.equal(reached, true, 'the TOC summary is reachable with Tab');
      await page.keyboard.press('Enter');
      assert.equal(await details.evaluate((d) => d.open), true);
      for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
      assert.equal((await focused(page)).text, loc.picking === 'picking' ? 'Picking' : '피킹');
      await page.keyboard.press('Enter');
      await page.waitForFunction((id) => decodeURIComponent(location.hash) === '#' + id, loc.picking);
      const f = await focused(page);
      assert.equal(f.id, loc.picking, 'focus moves to the section heading');
      assert.equal(await details.evaluate((d) => d.open), false, 'choosing a section folds the dropdown');
      await context.close();
    });
  }

  test('TOC levels come from the config (toc.maxLevel 4 adds h4)', async () => {
    const config = fx.site.read('site.config.ts').replace('toc: { minLevel: 2, maxLevel: 3 }', 'toc: { minLevel: 2, maxLevel: 4 }');
    fx.site.write('site.config.ts', config);
    fx.site.buildOk();
    const { page, context } = await newPage(fx.browser, { width: 1280 });
    await goto(page, `${fx.url}/docs/guide/intro`);
    const texts = await page.locator('.doc-toc a').allTextContents();
    assert.equal(texts.filter((t) => t.startsWith('Deep')).length, 3);
    assert.equal(await page.locator('.doc-toc .toc-level-2').count(), 3);
    await context.close();
  });
});
