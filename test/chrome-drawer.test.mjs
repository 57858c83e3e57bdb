// The mobile drawer (viewport under 996 px) in Chromium: it holds the navbar links and the
// current sidebar, traps focus, makes the page behind inert, closes with Escape, its close button,
// the backdrop and on navigation, and gives focus back; keyboard-only use; English and Korean.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { focused, goto, newPage, chromeSuite, waitForRoute } from './fixtures/chrome-lib/helpers.mjs';

const LOCALES = [
  { code: 'en', prefix: '', dialog: 'Navigation menu', close: 'Close navigation menu', docs: 'Docs', locations: 'Locations' },
  { code: 'ko', prefix: '/ko', dialog: '탐색 메뉴', close: '탐색 메뉴 닫기', docs: '문서', locations: '위치' },
];

describe('mobile drawer', () => {
  const fx = chromeSuite({ longCategory: 0 });

  const drawer = (page) => page.locator('.drawer[role="dialog"]');
  const rootInert = (page) => page.evaluate(() => document.getElementById('__docsgen').hasAttribute('inert'));
  /** The drawer as its effect leaves it: the page behind inert and focus inside (it may show a moment before). */
  const drawerSettled = (page) =>
    page.waitForFunction(() => document.getElementById('__docsgen').hasAttribute('inert') && document.activeElement?.closest('.drawer') != null);

  for (const loc of LOCALES) {
    test(`${loc.code} 390px: holds the navbar links and the sidebar; Escape and the close button give focus back`, async () => {
      const { page, context, problems } = await newPage(fx.browser, { width: 390 });
      await goto(page, `${fx.url}${loc.prefix}/docs/guide/basics/items`);
      const menu = page.locator('.navbar-menu-button');
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      await menu.click();
      await drawer(page).waitFor();
      await drawerSettled(page);
      assert.equal(await drawer(page).getAttribute('aria-modal'), 'true');
      assert.equal(await drawer(page).getAttribute('aria-label'), loc.dialog);
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      assert.equal(await rootInert(page), true);
      const linkHrefs = await page.locator('.drawer-links > li > a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(linkHrefs, [`${loc.prefix}/docs/guide/intro`, `${loc.prefix}/blog`, 'https://www.acme.example', 'https://www.acme.example/pricing']);
      // A navbar dropdown's pages are listed under their link.
      const subHrefs = await page.locator('.drawer-sublinks a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(subHrefs, [`${loc.prefix}/docs/intro`, `${loc.prefix}/docs/category/basics`]);
      assert.equal(await page.locator('.drawer-links a[aria-current="page"]').textContent(), loc.docs);
      // The current sidebar, with the page marked.
      assert.equal(await page.locator('.drawer .sidebar a[aria-current="page"]').getAttribute('href'), `${loc.prefix}/docs/guide/basics/items`);
      // Focus starts inside, on the close button.
      const f = await focused(page);
      assert.equal(f.inDrawer, true);
      assert.equal(f.text, loc.close);
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'detached' });
      assert.equal(await rootInert(page), false);
      assert.equal((await focused(page)).className.includes('navbar-menu-button'), true);
      // The close button.
      await menu.click();
      await page.locator('.drawer-close').click();
      await drawer(page).waitFor({ state: 'detached' });
      assert.equal((await focused(page)).className.includes('navbar-menu-button'), true);
      // The backdrop.
      await menu.click();
      await page.mouse.click(380, 400);
      await drawer(page).waitFor({ state: 'detached' });
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`${loc.code} 390px: keyboard only: Tab stays inside, a link navigates, closes the drawer and focuses the new heading`, async () => {
      const { page, context } = await newPage(fx.browser, { width: 390 });
      await goto(page, `${fx.url}${loc.prefix}/docs/guide/basics/items`);
      await page.locator('.navbar-menu-button').focus();
      await page.keyboard.press('Enter');
      await drawer(page).waitFor();
      await drawerSettled(page);
      const count = await page.locator('.drawer a[href], .drawer button').count();
      // Twice around the whole dialog, forwards and backwards: focus never leaves it.
      for (let i = 0; i < count * 2 + 2; i++) {
        await page.keyboard.press('Tab');
        assert.equal((await focused(page)).inDrawer, true, `Tab ${i + 1} left the drawer`);
      }
      for (let i = 0; i < count + 2; i++) {
        await page.keyboard.press('Shift+Tab');
        assert.equal((await focused(page)).inDrawer, true, `Shift+Tab ${i + 1} left the drawer`);
      }
      // Shift+Tab from the first control wraps to the last.
      await page.locator('.drawer-close').focus();
      await page.keyboard.press('Shift+Tab');
      const last = await page
        .locator('.drawer a[href], .drawer button')
        .last()
        .evaluate((el) => el === document.activeElement);
      assert.equal(last, true);
      // Tab to the next sidebar link and follow it.
      await page.locator('.drawer .sidebar a[aria-current="page"]').focus();
      await page.keyboard.press('Tab');
      assert.equal((await focused(page)).text, loc.locations);
      await page.keyboard.press('Enter');
      await waitForRoute(page, `${loc.prefix}/docs/guide/basics/locations`);
      await drawer(page).waitFor({ state: 'detached' });
      assert.equal(await rootInert(page), false);
      const now = await focused(page);
      assert.equal(now.tag, 'h1');
      assert.equal(now.text, loc.locations);
      await context.close();
    });
  }

  test('a page without a sidebar: the drawer holds the navbar links only', async () => {
    const { page, context } = await newPage(fx.browser, { width: 390 });
    await goto(page, `${fx.url}/docs/intro`);
    await page.locator('.navbar-menu-button').click();
    await drawer(page).waitFor();
    assert.equal(await page.locator('.drawer .drawer-links > li > a').count(), 4);
    // The page is one of the Docs dropdown's: marked there, not on Docs as well.
    assert.deepEqual(await page.locator('.drawer-links a[aria-current="page"]').allTextContents(), ['Overview']);
    assert.equal(await page.locator('.drawer .sidebar').count(), 0);
    await context.close();
  });

  test('widening the window past 996 px closes the drawer; at 1280 px there is no menu button', async () => {
    const { page, context } = await newPage(fx.browser, { width: 390 });
    await goto(page, `${fx.url}/docs/guide/intro`);
    await page.locator('.navbar-menu-button').click();
    await drawer(page).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await drawer(page).waitFor({ state: 'detached' });
    assert.equal(await page.locator('.navbar-menu-button').isVisible(), false);
    // 995 px is still mobile, 996 px is not.
    await page.setViewportSize({ width: 995, height: 800 });
    assert.equal(await page.locator('.navbar-menu-button').isVisible(), true);
    assert.equal(await page.locator('.doc-sidebar').isVisible(), false);
    await page.setViewportSize({ width: 996, height: 800 });
    assert.equal(await page.locator('.navbar-menu-button').isVisible(), false);
    assert.equal(await page.locator('.doc-sidebar').isVisible(), true);
    await context.close();
  });
});
