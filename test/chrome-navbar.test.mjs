// The navbar in Chromium: logo, title and links, the current section, the language dropdown
// (same page in the other locale, home where there is no counterpart), the colour mode (stored
// under `theme`, applied before first paint), the announcement bar, the search button and
// keyboard-only use; in English and Korean, at 1280 and 390 px.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAndWait, focused, goto, newPage, chromeSuite, waitForRoute, WIDTHS } from './fixtures/chrome-lib/helpers.mjs';

const LOCALES = [
  {
    code: 'en',
    prefix: '',
    docs: 'Docs',
    blog: 'Blog',
    home: 'Home',
    basics: 'Basics',
    items: 'Items',
    other: { code: 'ko', prefix: '/ko', label: '한국어', items: '품목' },
  },
  {
    code: 'ko',
    prefix: '/ko',
    docs: '문서',
    blog: '블로그',
    home: '홈',
    basics: '기초',
    items: '품목',
    other: { code: 'en', prefix: '', label: 'English', items: 'Items' },
  },
];
const ANNOUNCEMENT_KEY = 'docsgen.announcement.dismissed';

describe('navbar', () => {
  const fx = chromeSuite({ longCategory: 0 });

  for (const loc of LOCALES) {
    for (const width of WIDTHS) {
      test(`${loc.code} ${width}px: logo, title, links and the current section`, async () => {
        const { page, context, problems } = await newPage(fx.browser, { width });
        await goto(page, `${fx.url}${loc.prefix}/docs/guide/basics/items`);
        const brand = page.locator('.navbar-brand');
        assert.equal(await brand.getAttribute('href'), loc.prefix || '/');
        assert.equal((await brand.textContent()).trim(), 'Acme Docs');
        assert.equal(await brand.locator('img').getAttribute('src'), '/img/logo.svg');
        // The top-level links (the dropdown's links are tested below).
        const links = page.locator('.navbar-links > li > a, .navbar-links > li > .navbar-dropdown > a');
        const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        assert.deepEqual(hrefs, [`${loc.prefix}/docs/guide/intro`, `${loc.prefix}/blog`, 'https://www.acme.example', 'https://www.acme.example/pricing']);
        // The marketing home is named as readers look for it.
        assert.equal((await links.nth(2).textContent()).trim(), loc.home);
        const current = page.locator('.navbar-nav a[aria-current="page"]');
        if (width === 1280) {
          assert.equal(await links.first().isVisible(), true);
          assert.equal(await page.locator('.navbar-menu-button').isVisible(), false);
          assert.equal((await current.textContent()).trim(), loc.docs);
        } else {
          // Under 996 px the links live in the drawer; the menu button replaces them.
          assert.equal(await links.first().isVisible(), false);
          assert.equal(await page.locator('.navbar-menu-button').isVisible(), true);
        }
        if (width === 1280) {
          await clickAndWait(page, page.locator('.navbar-nav a', { hasText: loc.blog }), `${loc.prefix}/blog`);
          assert.equal((await current.textContent()).trim(), loc.blog);
        }
        // A footer column's title links to its section where the config says so.
        const columnLink = page.locator('.footer-title a');
        assert.equal(await columnLink.count(), 1);
        assert.equal((await columnLink.textContent()).trim(), loc.docs);
        await clickAndWait(page, columnLink, `${loc.prefix}/docs/category/basics`);
        assert.equal((await page.locator('main h1').textContent()).trim(), loc.basics);
        assert.deepEqual(problems, []);
        await context.close();
      });

      test(`${loc.code} ${width}px: the language menu opens the same page in the other locale`, async () => {
        const { page, context, problems } = await newPage(fx.browser, { width });
        await goto(page, `${fx.url}${loc.prefix}/docs/guide/basics/items`);
        const button = page.locator('.language-button');
        assert.equal(await button.getAttribute('aria-expanded'), 'false');
        assert.equal(await page.locator('.language-list').isVisible(), false);
        await button.click();
        assert.equal(await button.getAttribute('aria-expanded'), 'true');
        const labels = await page.locator('.language-list a').allTextContents();
        assert.deepEqual(labels, ['English', '한국어']);
        // A page embeds only its own locale's navbar and footer: the other one's come with the page fetched.
        const chrome = () =>
          page.evaluate(() => [...document.querySelectorAll('.navbar-links a, footer a')].map((a) => `${a.textContent} ${a.getAttribute('href')}`));
        const before = await chrome();
        assert.equal(await page.locator('.language-list a[aria-current]').textContent(), loc.code === 'en' ? 'English' : '한국어');
        await clickAndWait(page, page.locator('.language-list a', { hasText: loc.other.label }), `${loc.other.prefix}/docs/guide/basics/items`);
        assert.equal(await page.locator('main h1').textContent(), loc.other.items);
        assert.equal(await page.evaluate(() => document.documentElement.lang), loc.other.code);
        assert.equal(await page.locator('.language-list').isVisible(), false);
        const switched = await chrome();
        assert.notDeepEqual(switched, before);
        await goto(page, page.url());
        assert.deepEqual(await chrome(), switched, 'the navbar and footer as a full load of the page shows them');
        // The UI strings follow the locale.
        assert.equal(await page.locator('.skip-link').textContent(), loc.other.code === 'ko' ? '본문으로 건너뛰기' : 'Skip to main content');
        assert.deepEqual(problems, []);
        await context.close();
      });
    }

    test(`${loc.code}: a page without a counterpart switches to the other locale's home`, async () => {
      const { page, context } = await newPage(fx.browser);
      // The English post is tagged "news", the Korean one "소식": neither tag page exists in the other locale.
      const tagPage = loc.code === 'en' ? '/blog/tags/news' : `/ko/blog/tags/${encodeURIComponent('소식')}`;
      await goto(page, fx.url + tagPage);
      await page.locator('.language-button').click();
      const other = page.locator('.language-list a', { hasText: loc.other.label });
      assert.equal(await other.getAttribute('href'), loc.other.prefix || '/');
      await clickAndWait(page, other, loc.other.prefix || '/');
      assert.equal(await page.evaluate(() => document.documentElement.lang), loc.other.code);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    test(`${width}px: switching language keeps the section being read: the heading with the same id, else the one in the same place`, async () => {
      const { page, context, problems } = await newPage(fx.browser, { width });
      const readAt = async (path, id) => {
        await goto(page, fx.url + path);
        await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
        await page.waitForTimeout(100);
      };
      // Clicks where the element is, as a reader does: Playwright's click would first scroll the
      // sticky navbar 'into view' and so move the page.
      const clickInPlace = async (locator) => {
        const box = await locator.boundingBox();
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      };
      const switchTo = async (label, route) => {
        await clickInPlace(page.locator('.language-button'));
        await clickInPlace(page.locator('.language-list a', { hasText: label }));
        await waitForRoute(page, route);
      };
      /** The heading at the top of the viewport (under the navbar) and the URL's hash. */
      const atTop = () =>
        page
          .waitForFunction(() => {
            const h = document.getElementById(decodeURIComponent(location.hash.slice(1)));
            const top = h?.getBoundingClientRect().top;
            return top !== undefined && top >= 0 && top < 200 && { hash: decodeURIComponent(location.hash), text: h.textContent.replace('#', '').trim() };
          })
          .then((r) => r.jsonValue());
      // Ids differ (Korean headings have Korean ids): the second section is the second section.
      await readAt('/docs/guide/basics/items', 'details');
      await switchTo('한국어', '/ko/docs/guide/basics/items');
      assert.deepEqual(await atTop(), { hash: '#자세히', text: '자세히' });
      // And back.
      await switchTo('English', '/docs/guide/basics/items');
      assert.deepEqual(await atTop(), { hash: '#details', text: 'Details' });
      // A heading with the same id wins over the place (the Korean page has a section more before it).
      await readAt('/docs/guide/basics/locations', 'details');
      await switchTo('한국어', '/ko/docs/guide/basics/locations');
      assert.deepEqual(await atTop(), { hash: '#details', text: '자세히' });
      // Above the first heading, the other page opens at its top.
      await goto(page, `${fx.url}/docs/guide/basics/items`);
      await switchTo('한국어', '/ko/docs/guide/basics/items');
      assert.equal(await page.evaluate(() => location.hash + scrollY), '0');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('1280px: a navbar link with a dropdown: hover shows it, the button opens it from the keyboard, Escape closes it', async () => {
    const { page, context, problems } = await newPage(fx.browser, { width: 1280 });
    await goto(page, `${fx.url}/docs/guide/basics/items`);
    const list = page.locator('.navbar-dropdown-list');
    const toggle = page.locator('.navbar-dropdown-toggle');
    assert.equal(await list.isVisible(), false);
    assert.equal(await toggle.getAttribute('aria-label'), 'Docs menu');
    await page.locator('.navbar-dropdown > a').hover();
    await list.waitFor({ state: 'visible' });
    await page.mouse.move(600, 600);
    await list.waitFor({ state: 'hidden' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).text, 'Overview');
    await page.keyboard.press('Escape');
    assert.equal((await focused(page)).className, 'navbar-dropdown-toggle');
    assert.equal(await list.isVisible(), false);
    // A page of the dropdown: Docs is the current section, and the page is marked in the list.
    await toggle.click();
    await clickAndWait(page, list.locator('a', { hasText: 'Overview' }), '/docs/intro');
    assert.equal(await list.isVisible(), false);
    assert.equal(await page.locator('.navbar-dropdown > a').getAttribute('aria-current'), 'page');
    assert.equal(await list.locator('a[aria-current="page"]').textContent(), 'Overview');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('keyboard only: skip link first, then the navbar; the language menu works with arrows, Enter and Escape', async () => {
    const { page, context } = await newPage(fx.browser, { width: 1280 });
    await goto(page, `${fx.url}/docs/guide/basics/items`);
    const order = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      order.push(f.className.split(' ')[0] || f.text);
    }
    assert.deepEqual(order, [
      'skip-link',
      'Read the guide',
      'announcement-close',
      'navbar-brand',
      'Docs',
      'navbar-dropdown-toggle',
      'Blog',
      'Home',
      'Pricing',
      'search-button',
      'language-button',
      'theme-toggle',
    ]);
    // The skip link moves focus (not only the scroll position) to the main content.
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    assert.equal((await focused(page)).id, 'main');
    // Language menu: open with ArrowDown, move with arrows, Escape closes and returns focus.
    await page.locator('.language-button').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.language-list'));
    assert.equal((await focused(page)).text, 'English');
    await page.keyboard.press('ArrowDown');
    // Focus moves in a React effect: wait for it rather than reading it at once (slow machines).
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === '한국어');
    await page.keyboard.press('Escape');
    assert.equal((await focused(page)).className, 'language-button');
    assert.equal(await page.locator('.language-list').isVisible(), false);
    // Enter opens; Tab moves through the list; Enter follows the link.
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.language-list').isVisible(), true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === '한국어');
    await page.keyboard.press('Enter');
    await waitForRoute(page, '/ko/docs/guide/basics/items');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
    // Tabbing out of an open menu closes it.
    await page.locator('.language-button').focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    assert.equal(await page.locator('.language-list').isVisible(), false);
    await context.close();
  });

  for (const width of WIDTHS) {
    test(`${width}px: colour mode is light by default, toggles, is stored under "theme" and applied before first paint`, async () => {
      const { page, context, problems } = await newPage(fx.browser, { width });
      await goto(page, `${fx.url}/docs/guide/intro`);
      const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
      const toggle = page.locator('.theme-toggle');
      assert.equal(await theme(), 'light');
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
      const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await toggle.click();
      assert.equal(await theme(), 'dark');
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
      const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(darkBg, lightBg);
      // Keyboard: Space toggles back.
      await toggle.focus();
      await page.keyboard.press('Space');
      assert.equal(await theme(), 'light');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
      await toggle.click();

      // Reload with the client bundle held back: the inline head script alone must apply the theme.
      await page.route('**/assets/**/*.js', (route) => route.abort());
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload({ waitUntil: 'domcontentloaded' });
      assert.equal(await theme(), 'dark');
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), darkBg);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // With the bundle: hydrates without a mismatch, and the toggle shows the stored state.
      const fresh = await newPage(fx.browser, { width, storage: { theme: 'dark' } });
      await goto(fresh.page, `${fx.url}/ko/docs/guide/intro`);
      assert.equal(await fresh.page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark');
      // The toggle reads the stored choice in an effect after hydration.
      await fresh.page.locator('.theme-toggle[aria-pressed="true"]').waitFor();
      assert.equal(await fresh.page.locator('.theme-toggle').getAttribute('aria-label'), '다크 모드');
      assert.deepEqual(fresh.problems, []);
      await fresh.context.close();
      assert.deepEqual(
        problems.filter((p) => !/ERR_FAILED|net::|Failed to load resource|module script/i.test(p)),
        [],
      );
      await context.close();
    });

    test(`${width}px: with colorMode.respectPrefersColorScheme a reader who has not chosen follows the OS, before first paint`, async () => {
      const { page, context, problems } = await newPage(fx.browser, { width });
      await page.emulateMedia({ colorScheme: 'dark' });
      const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
      // The inline head script alone decides: no bundle, no flash of the light theme.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${fx.url}/docs/guide/intro`, { waitUntil: 'domcontentloaded' });
      assert.equal(await theme(), 'dark');
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await goto(page, `${fx.url}/docs/guide/intro`);
      assert.equal(await theme(), 'dark');
      await page.locator('.theme-toggle[aria-pressed="true"]').waitFor();
      // The OS setting changes while the page is open: the page follows.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
      assert.equal(await page.locator('.theme-toggle').getAttribute('aria-pressed'), 'false');
      // A choice, once made, wins over the OS.
      await page.locator('.theme-toggle').click();
      assert.equal(await theme(), 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.reload();
      await page.waitForSelector('html[data-hydrated]');
      assert.equal(await theme(), 'dark');
      assert.deepEqual(
        problems.filter((p) => !/ERR_FAILED|net::|Failed to load resource|module script/i.test(p)),
        [],
      );
      await context.close();
    });

    test(`${width}px: the announcement is dismissible, remembered per id and hidden before first paint`, async () => {
      const { page, context } = await newPage(fx.browser, { width });
      await goto(page, `${fx.url}/ko/docs/guide/intro`);
      const bar = page.locator('.announcement');
      assert.equal(await bar.isVisible(), true);
      assert.equal(await bar.getAttribute('aria-label'), '공지');
      assert.equal(await bar.locator('a').getAttribute('href'), '/ko/docs/guide/intro');
      await page.locator('.announcement-close').click();
      assert.equal(await bar.isVisible(), false);
      assert.equal(await page.evaluate((k) => localStorage.getItem(k), ANNOUNCEMENT_KEY), 'fixture-announcement-1');
      // Focus is not lost with the button.
      assert.notEqual((await focused(page)).tag, 'body');
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload({ waitUntil: 'domcontentloaded' });
      assert.equal(await page.locator('.announcement').isVisible(), false);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();

      // A different (older) dismissed id does not hide the current announcement.
      const other = await newPage(fx.browser, { width, storage: { [ANNOUNCEMENT_KEY]: 'an-older-announcement' } });
      await goto(other.page, `${fx.url}/`);
      assert.equal(await other.page.locator('.announcement').isVisible(), true);
      assert.equal(await other.page.locator('.announcement a').getAttribute('href'), '/docs/guide/intro');
      await other.context.close();
    });

    test(`${width}px: the search button, Ctrl+K and "/" open the search dialog; Escape closes it`, async () => {
      const { page, context } = await newPage(fx.browser, { width });
      await goto(page, `${fx.url}/docs/guide/intro`);
      const dialog = page.locator('[role="dialog"]');
      await page.locator('.search-button').click();
      await dialog.first().waitFor();
      await page.keyboard.press('Escape');
      await dialog.first().waitFor({ state: 'detached' });
      await page.keyboard.press('Control+k');
      await dialog.first().waitFor();
      await page.keyboard.press('Escape');
      await dialog.first().waitFor({ state: 'detached' });
      await page.locator('main h1').click();
      await page.keyboard.press('/');
      await dialog.first().waitFor();
      await context.close();
    });
  }
});
