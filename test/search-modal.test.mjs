// The search modal against the local index, in real Chromium, in English and Korean: lazy
// loading, opening and closing, the combobox, results, keyboard, recent and favourite searches,
// no results, errors, the stalled state, narrow screens and escaping.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { fixtureOutput } from './helpers/sharedBuild.mjs';
import { serveDir } from './helpers/server.mjs';
import { launch, openPage } from './helpers/browser.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const RECENT = '__DOCSEARCH_RECENT_SEARCHES__fixture-docs';
const FAVORITE = '__DOCSEARCH_FAVORITE_SEARCHES__fixture-docs';

describe('search modal (local index)', () => {
  let server;
  let browser;
  before(async () => {
    server = await serveDir(fixtureOutput('search-site'));
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path = '/docs/inventory/stock-levels', options) {
    const opened = await openPage(browser, options);
    await opened.page.goto(server.url + path);
    await opened.page.waitForSelector('html[data-hydrated]');
    return opened;
  }
  const modal = (page) => page.locator('.search-modal');
  /** The modal itself, not the shell shown while its code loads. */
  const ready = (page) => page.locator('.search-modal:not([aria-busy])').waitFor();
  const input = (page) => page.locator('.search-input');
  const options = (page) => page.locator('.search-modal [role="option"]');
  async function searchFor(page, query) {
    if (!(await modal(page).count())) await page.keyboard.press('Control+k');
    await ready(page);
    await input(page).fill(query);
    await page.waitForFunction(
      (q) => document.querySelector('.search-modal [role="status"]')?.textContent.match(/\d/) && document.querySelector('.search-input').value === q,
      query,
    );
  }

  it('loads nothing for search with the page, and the index on the first hover of the search button', async () => {
    // Listening from before the page loads: what the page itself requests counts too.
    const { page, context, problems } = await openPage(browser);
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(server.url + '/docs/inventory/stock-levels');
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      requests.filter((p) => p.includes('/_docsgen/search/') || /SearchModal|localProvider/.test(p)),
      [],
    );
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/_docsgen/search/index.en.json')), page.hover('.search-button')]);
    assert.ok(!requests.some((p) => p.includes('index.ko')), 'only the page language');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('opens with Ctrl+K, "/" and typing on the button; is a dialog with a combobox; closes with Escape and gives focus back', async () => {
    const { page, context } = await open();
    await page.keyboard.press('Control+k');
    await ready(page);
    assert.equal(await page.getAttribute('.search-modal', 'role'), 'dialog');
    assert.equal(await page.getAttribute('.search-modal', 'aria-modal'), 'true');
    assert.equal(await input(page).getAttribute('placeholder'), 'Search docs');
    assert.equal(await input(page).getAttribute('role'), 'combobox');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('search-input')), true);
    assert.match(await page.locator('.search-body').innerText(), /No recent searches/);
    assert.match(await page.locator('.search-footer').innerText(), /to select[\s\S]*to navigate[\s\S]*to close/);
    await input(page).type('x'.repeat(70));
    assert.equal((await input(page).inputValue()).length, 64, 'at most 64 characters');
    await page.keyboard.press('Control+k');
    await modal(page).waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'search-button', 'Ctrl+K toggles; focus back on the button');
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await page.focus('.search-button');
    await page.keyboard.type('ven');
    await modal(page).waitFor();
    await page.waitForFunction(() => document.querySelector('.search-input')?.value === 'ven');
    await options(page).first().waitFor();
    await context.close();
  });

  it('keeps what is typed while the modal code is still loading', async () => {
    const { page, context } = await open();
    await page.keyboard.press('/');
    await page.keyboard.type('warehouse');
    await options(page).first().waitFor();
    assert.equal(await input(page).inputValue(), 'warehouse');
    await context.close();
  });

  it('shows results grouped by lvl0 with highlighted titles, heading paths and snippets of 10 words', async () => {
    const { page, context, problems } = await open();
    await searchFor(page, 'warehouse');
    const groups = await page.locator('.search-group-title').allInnerTexts();
    assert.ok(groups.length >= 2 && groups.includes('Inventory'), groups.join());
    assert.equal(new Set(groups).size, groups.length, 'one group per lvl0');
    const first = options(page).first();
    assert.equal(await first.getAttribute('aria-selected'), 'true', 'the first result is active');
    assert.match(await page.locator('.search-hit-title mark').first().innerText(), /warehouse/i);
    const snippets = await page.locator('.search-hit-link:has(.search-hit-icon) .search-hit-title').evaluateAll((els) => els.map((e) => e.textContent));
    for (const s of snippets) assert.ok(s.replace(/…/g, ' ').trim().split(/\s+/).length <= 10, s);
    assert.ok(
      (await page.locator('.search-hit-path').allInnerTexts()).some((t) => t === 'Stock levels'),
      'content hits show their page',
    );
    assert.equal(await input(page).getAttribute('aria-expanded'), 'true');
    const listbox = await input(page).getAttribute('aria-controls');
    assert.equal(await page.locator(`#${listbox}`).getAttribute('role'), 'listbox');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('moves with the arrows and opens the active result with Enter, client-side', async () => {
    const { page, context } = await open();
    await page.evaluate(() => (window.__noReload = true));
    await searchFor(page, 'purchase order');
    const ids = await options(page).evaluateAll((els) => els.map((e) => e.id));
    assert.equal(await input(page).getAttribute('aria-activedescendant'), ids[0]);
    await page.keyboard.press('ArrowDown');
    assert.equal(await input(page).getAttribute('aria-activedescendant'), ids[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await input(page).getAttribute('aria-activedescendant'), ids.at(-1), 'wraps around');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const href = await page.locator(`#${ids[1]}`).getAttribute('href');
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    await page.waitForFunction((h) => location.pathname + location.hash === decodeURI(h) || location.pathname + location.hash === h, href);
    assert.equal(await page.evaluate(() => window.__noReload), true, 'no full page load');
    await context.close();
  });

  it('opens the active result in a new tab with Ctrl+Enter and stays open', async () => {
    const { page, context } = await open();
    await searchFor(page, 'vendor');
    const href = await options(page).first().getAttribute('href');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await tab.waitForLoadState();
    assert.equal(new URL(tab.url()).pathname, href);
    assert.equal(await modal(page).count(), 1);
    await context.close();
  });

  it('remembers recent searches per index name; a recent one can be starred; both can be removed', async () => {
    const { page, context } = await open();
    await searchFor(page, 'vendor');
    const title = await options(page).first().locator('.search-hit-title').innerText();
    const target = new URL(await options(page).first().getAttribute('href'), server.url).pathname;
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    // The router moves focus to the new page's heading once it is in: the modal is opened after that.
    await page.waitForFunction((path) => document.documentElement.dataset.route === path, target);
    const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), RECENT);
    assert.equal(stored.length, 1);
    assert.equal(stored[0]._highlightResult, undefined, 'no highlight data stored');
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    assert.deepEqual(await page.locator('.search-group-title').allInnerTexts(), ['Recent']);
    assert.equal(await page.locator('.search-hit-link').first().innerText(), title);
    await page.getByRole('button', { name: 'Save this search' }).click();
    assert.deepEqual(await page.locator('.search-group-title').allInnerTexts(), ['Favorites']);
    assert.equal(await page.evaluate((k) => JSON.parse(localStorage.getItem(k)).length, FAVORITE), 1);
    assert.equal(await page.evaluate((k) => JSON.parse(localStorage.getItem(k)).length, RECENT), 0);
    // Focus goes back to the box once the lists re-render (a fixed wait would race a loaded machine).
    await page.waitForFunction(() => document.activeElement?.className === 'search-input', null, { timeout: 5000 });
    await page.getByRole('button', { name: 'Remove this search from favorites' }).click();
    assert.match(await page.locator('.search-body').innerText(), /No recent searches/);
    await context.close();
  });

  it('lists 7 recent searches, or 4 when there are favourites', async () => {
    const { page, context } = await open();
    const hit = (i) => ({
      objectID: `id${i}`,
      url: '/docs/sales/shipments',
      type: 'lvl1',
      hierarchy: { lvl0: 'Sales', lvl1: `Shipment ${i}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: null,
    });
    await page.evaluate(([k, v]) => localStorage.setItem(k, JSON.stringify(v)), [RECENT, Array.from({ length: 9 }, (_, i) => hit(i))]);
    await page.keyboard.press('Control+k');
    await ready(page);
    assert.equal(await page.locator('.search-hit-link').count(), 7);
    await page.keyboard.press('Escape');
    await page.evaluate(([k, v]) => localStorage.setItem(k, JSON.stringify(v)), [FAVORITE, [hit(99)]]);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    assert.deepEqual(await page.locator('.search-group-title').allInnerTexts(), ['Recent', 'Favorites']);
    assert.equal(await page.locator('.search-group:first-child .search-hit-link').count(), 4);
    await context.close();
  });

  it('shows the start screen in its first frame, while its code still loads: 7 recent searches, or 4 with favourites', async () => {
    const hit = (i) => ({
      objectID: `id${i}`,
      url: '/docs/sales/shipments',
      type: 'lvl1',
      hierarchy: { lvl0: 'Sales', lvl1: `Shipment ${i}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: null,
    });
    // Each case on a page of its own, opened with the searches already stored and the modal's code
    // held back, so what shows is the shell.
    async function shellWith(stored) {
      const opened = await openPage(browser);
      const { page, context } = opened;
      await context.addInitScript((entries) => {
        for (const [k, v] of entries) localStorage.setItem(k, JSON.stringify(v));
      }, stored);
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route(/\/SearchModal-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // Nothing stored: the screens' code is held back too, so "No recent searches" is the shell's own.
      if (!stored.length) await page.route(/\/ModalScreens-[^/]*\.js$/, () => {});
      await page.goto(server.url + '/docs/inventory/stock-levels');
      await page.waitForSelector('html[data-hydrated]');
      await page.keyboard.press('Control+k');
      await page.locator('.search-modal[aria-busy="true"]').waitFor();
      return { ...opened, release };
    }
    {
      const { page, context, problems, release } = await shellWith([]);
      assert.match(await page.locator('.search-body').innerText(), /No recent searches/);
      assert.deepEqual(problems, []);
      release();
      await context.close();
    }
    {
      const { page, context, problems, release } = await shellWith([[RECENT, Array.from({ length: 9 }, (_, i) => hit(i))]]);
      await page.locator('.search-hit-link').first().waitFor();
      assert.deepEqual(await page.locator('.search-group-title').allInnerTexts(), ['Recent']);
      assert.equal(await page.locator('.search-hit-link').count(), 7);
      assert.deepEqual(problems, []);
      release();
      await context.close();
    }
    const { page, context, problems, release } = await shellWith([
      [RECENT, Array.from({ length: 9 }, (_, i) => hit(i))],
      [FAVORITE, Array.from({ length: 12 }, (_, i) => hit(100 + i))],
    ]);
    await page.locator('.search-hit-link').first().waitFor();
    assert.deepEqual(await page.locator('.search-group-title').allInnerTexts(), ['Recent', 'Favorites']);
    assert.equal(await page.locator('.search-group:first-child .search-hit-link').count(), 4);
    assert.equal(await page.locator('.search-group:nth-child(2) .search-hit-link').count(), 10);
    // The modal takes over with the same lists.
    release();
    await ready(page);
    assert.equal(await page.locator('.search-group:first-child .search-hit-link').count(), 4);
    assert.equal(await page.locator('.search-group:nth-child(2) .search-hit-link').count(), 10);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('loads the start screen with the page when there are stored searches, so the first Ctrl+K lists them', async () => {
    const { page, context, problems } = await openPage(browser);
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.route(/\/SearchModal-[^/]*\.js$/, () => {}); // never answered: the shell stays
    await page.goto(server.url + '/docs/inventory/stock-levels');
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    assert.equal(
      requests.some((p) => /\/ModalScreens-/.test(p)),
      false,
      'nothing stored: not loaded',
    );
    const stored = { objectID: 'id1', url: '/docs/sales/shipments', type: 'lvl1', hierarchy: { lvl0: 'Sales', lvl1: 'Shipments' }, content: null };
    await page.evaluate(([k, v]) => localStorage.setItem(k, JSON.stringify(v)), [RECENT, [stored]]);
    await Promise.all([page.waitForResponse((r) => /\/ModalScreens-[^/]*\.js$/.test(r.url())), page.reload()]);
    await page.waitForSelector('html[data-hydrated]');
    assert.equal(
      requests.some((p) => /\/SearchModal-/.test(p)),
      false,
      'not the modal',
    );
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal[aria-busy="true"]').waitFor();
    assert.deepEqual(await page.locator('.search-hit-title').allInnerTexts(), ['Shipments']);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('says when nothing matches, suggests earlier sections and links to report it', async () => {
    const { page, context } = await open();
    await searchFor(page, 'warehouse');
    await input(page).fill('xylophone');
    await page.locator('.search-no-results').waitFor();
    assert.match(await page.locator('.search-no-results').innerText(), /No results for "xylophone"/);
    const link = page.getByRole('link', { name: 'Let us know.' });
    assert.equal(await link.getAttribute('href'), 'https://example.com/report-missing?q=xylophone');
    // A query in this locale's script: no other locale is offered.
    assert.equal(await page.getByRole('link', { name: /Search the docs in/ }).count(), 0);
    assert.equal(await link.getAttribute('target'), '_blank');
    const suggestion = page.locator('.search-suggestion').first();
    const label = await suggestion.innerText();
    await suggestion.click();
    assert.equal(await input(page).inputValue(), `${label.toLowerCase()} `);
    await options(page).first().waitFor();
    await context.close();
  });

  it('offers the Korean results for a Korean query on the English site', async () => {
    const { page, context, problems } = await open();
    await page.keyboard.press('Control+k');
    await ready(page);
    await input(page).fill('재고');
    await page.locator('.search-no-results').waitFor();
    const other = page.getByRole('link', { name: 'Search the docs in 한국어' });
    assert.equal(await other.getAttribute('href'), `/ko/search?q=${encodeURIComponent('재고')}`);
    await other.click();
    await page.waitForFunction(() => document.documentElement.dataset.route === '/ko/search');
    await page.locator('.search-page-hit').first().waitFor();
    assert.equal(await page.locator('.search-page-input').inputValue(), '재고');
    assert.equal(await modal(page).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows "Unable to fetch results" when the index cannot be loaded, and recovers', async () => {
    const { page, context } = await open();
    server.setFailure(/\/_docsgen\/search\//);
    try {
      await page.keyboard.press('Control+k');
      await input(page).fill('vendor');
      await page.locator('.search-error').waitFor();
      assert.match(await page.locator('.search-error').innerText(), /Unable to fetch results\s+You might want to check your network connection\./);
    } finally {
      server.setFailure(null);
    }
    await input(page).fill('vendors');
    await options(page).first().waitFor();
    await context.close();
  });

  it('starts again from the entry when the files it names cannot be fetched (a new deployment)', async () => {
    const { page, context } = await open();
    // Every index request in order: the entry must be fetched again after a file it names failed.
    // (The modal may run more than one search per query, so which one refetches it is not fixed.)
    const requests = [];
    page.on('request', (r) => {
      const url = r.url();
      if (url.endsWith('/_docsgen/search/index.en.json')) requests.push('entry');
      else if (/\/_docsgen\/search\/en\.[0-9a-f]+\//.test(url)) requests.push('file');
    });
    server.setFailure(/\/_docsgen\/search\/en\.[0-9a-f]+\//);
    try {
      await page.keyboard.press('Control+k');
      await input(page).fill('vendor');
      await page.locator('.search-error').waitFor();
    } finally {
      server.setFailure(null);
    }
    await input(page).fill('vendors');
    await options(page).first().waitFor();
    const firstFile = requests.indexOf('file');
    assert.equal(requests.indexOf('entry'), 0, 'the entry comes first');
    assert.ok(firstFile > 0 && requests.indexOf('entry', firstFile) > firstFile, `the entry is fetched again: ${requests.join(' ')}`);
    await context.close();
  });

  it('marks the search as stalled when results take longer than 300 ms', async () => {
    const { page, context } = await open();
    server.setDelay(1500);
    try {
      await page.keyboard.press('Control+k');
      await input(page).fill('vendor');
      await page.locator('.search-modal-stalled').waitFor();
      assert.equal(await input(page).getAttribute('aria-busy'), 'true');
      await options(page).first().waitFor();
      assert.equal(await page.locator('.search-modal-stalled').count(), 0);
    } finally {
      server.setDelay(0);
    }
    await context.close();
  });

  it('keeps focus inside while open and closes on a click outside', async () => {
    const { page, context } = await open();
    await searchFor(page, 'vendor');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('.search-modal'))), true);
    }
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('.search-modal'))), true);
    await page.mouse.click(5, 300);
    await modal(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows 5-word snippets on narrow screens', async () => {
    const { page, context } = await open('/docs/inventory/stock-levels', { width: 600, height: 800 });
    await page.locator('.search-button').click();
    await searchFor(page, 'quantity');
    const texts = await page.locator('.search-hit-title').allInnerTexts();
    const content = texts.filter((t) => t.includes('…'));
    assert.ok(content.length > 0, texts.join(' | '));
    for (const t of content) assert.ok(t.replace(/…/g, ' ').trim().split(/\s+/).length <= 5, t);
    await context.close();
  });

  it('shows text from the index as text', async () => {
    const { page, context, problems } = await open();
    await searchFor(page, 'bold tag');
    const title = page.locator('.search-hit-title', { hasText: '<b>' }).first();
    assert.match(await title.innerText(), /<b>bold<\/b>/);
    assert.equal(await title.locator('b').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('links to all results on the search page', async () => {
    const { page, context } = await open();
    await searchFor(page, 'stock');
    const link = page.locator('.search-see-all a');
    assert.match(await link.innerText(), /^See all \d+ results$/);
    await link.click();
    await page.waitForFunction(() => location.pathname === '/search' && new URLSearchParams(location.search).get('q') === 'stock');
    await page.locator('.search-page-hit').first().waitFor();
    assert.equal(await modal(page).count(), 0);
    await context.close();
  });

  it('passes axe-core with results and with the start screen', async () => {
    const { page, context } = await open();
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k, JSON.stringify(v)),
      [
        RECENT,
        [
          {
            objectID: 'a',
            url: '/docs/sales/shipments',
            type: 'lvl1',
            hierarchy: { lvl0: 'Sales', lvl1: 'Shipments', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
            content: null,
          },
        ],
      ],
    );
    await page.addScriptTag({ path: AXE });
    const check = () =>
      page.evaluate(async () =>
        (await window.axe.run('.search-modal', { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })).violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      );
    await page.keyboard.press('Control+k');
    // The modal, not the shell shown while its code loads (it has the same recent searches).
    await ready(page);
    await page.locator('.search-hit-link').first().waitFor();
    assert.deepEqual(await check(), []);
    await searchFor(page, 'warehouse');
    assert.deepEqual(await check(), []);
    await context.close();
  });

  describe('on Korean pages', () => {
    it('speaks Korean and searches the Korean index only', async () => {
      const { page, context, problems } = await open('/ko/docs/inventory/stock-levels');
      await page.keyboard.press('Control+k');
      await ready(page);
      assert.equal(await input(page).getAttribute('placeholder'), '문서 검색');
      assert.match(await page.locator('.search-body').innerText(), /최근 검색 기록이 없습니다/);
      assert.match(await page.locator('.search-footer').innerText(), /선택[\s\S]*이동[\s\S]*닫기/);
      await searchFor(page, '재고');
      const hrefs = await options(page).evaluateAll((els) => els.map((e) => decodeURI(e.getAttribute('href'))));
      assert.ok(hrefs.length > 0 && hrefs.every((h) => h.startsWith('/ko/')), hrefs.join());
      assert.ok(hrefs.includes('/ko/docs/inventory/stock-levels#재고-실사하기'));
      assert.ok((await page.locator('.search-hit-title mark').allInnerTexts()).every((t) => t === '재고'));
      assert.deepEqual(problems, []);
      await context.close();
    });

    it('finds words written with particles and compounds written without spaces', async () => {
      const { page, context } = await open('/ko/docs/inventory/stock-levels');
      await searchFor(page, '선반');
      const titles = await page.locator('.search-hit-title').evaluateAll((els) => els.map((e) => e.innerHTML));
      assert.ok(
        titles.some((t) => t.includes('<mark>선반</mark>의')),
        titles.join(' | '),
      );
      await searchFor(page, '구매주문');
      assert.equal(decodeURI(await options(page).first().getAttribute('href')), '/ko/docs/purchasing/purchase-orders');
      await context.close();
    });

    it('says "no results" and "unable to fetch" in Korean', async () => {
      const { page, context } = await open('/ko/docs/inventory/stock-levels');
      await page.keyboard.press('Control+k');
      await input(page).fill('없는검색어');
      await page.locator('.search-no-results').waitFor();
      assert.match(await page.locator('.search-no-results').innerText(), /검색 결과가 없습니다: "없는검색어"/);
      assert.match(await page.locator('.search-no-results').innerText(), /알려 주세요\./);
      await page.keyboard.press('Escape');
      const other = await open('/ko/docs/sales/sales-orders');
      server.setFailure(/\/_docsgen\/search\//);
      try {
        await other.page.keyboard.press('Control+k');
        await other.page.locator('.search-input').fill('재고');
        await other.page.locator('.search-error').waitFor();
        assert.match(await other.page.locator('.search-error').innerText(), /검색 결과를 가져올 수 없습니다\s+네트워크 연결을 확인해 보세요\./);
      } finally {
        server.setFailure(null);
      }
      await other.context.close();
      await context.close();
    });
  });
});
