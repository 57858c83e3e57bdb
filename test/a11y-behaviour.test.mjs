// Accessibility and layout behaviour in Chromium: the skip link, labelled landmarks, a visible
// focus ring on every control, prefers-reduced-motion, no layout shift from the theme, the
// announcement or hydration, no horizontal overflow from 320 px, Korean typography, print styles
// and UI strings from the translation tables only.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { getStrings } from '../lib/internals.js';
import { focused, goto, newPage, chromeSuite, WIDTHS } from './fixtures/chrome-lib/helpers.mjs';

const PAGES = ['/', '/docs/guide/basics/items', '/docs/intro', '/blog/hello', '/about', '/no-such-page'];

describe('accessibility and layout behaviour', () => {
  const fx = chromeSuite({ longCategory: 0 });

  for (const prefix of ['', '/ko']) {
    for (const width of WIDTHS) {
      test(`${prefix ? 'ko' : 'en'} ${width}px: the skip link comes first and moves focus to the main content`, async () => {
        const { page, context } = await newPage(fx.browser, { width });
        await goto(page, `${fx.url}${prefix}/docs/guide/basics/items`);
        await page.keyboard.press('Tab');
        const skip = await focused(page);
        assert.equal(skip.className, 'skip-link');
        assert.equal(skip.text, prefix ? '본문으로 건너뛰기' : 'Skip to main content');
        // Visible while focused.
        const box = await page.locator('.skip-link').boundingBox();
        assert.ok(box.y >= 0 && box.height > 0);
        await page.keyboard.press('Enter');
        assert.equal((await focused(page)).id, 'main');
        // The next Tab continues inside the main content, not back at the navbar.
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => Boolean(document.activeElement.closest('main'))), true);
        await context.close();
      });
    }

    test(`${prefix ? 'ko' : 'en'}: landmarks are present and labelled`, async () => {
      const { page, context } = await newPage(fx.browser, { width: 1280 });
      for (const route of ['/docs/guide/basics/items', '/blog/hello', '/']) {
        await goto(page, fx.url + (route === '/' ? prefix || '/' : prefix + route));
        const l = await page.evaluate(() => {
          const name = (el) => el.getAttribute('aria-label') || document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent || '';
          const visible = (el) => el.getClientRects().length > 0;
          return {
            banner: [...document.querySelectorAll('header')].filter((h) => !h.closest('main, article, aside, section')).length,
            mains: document.querySelectorAll('main').length,
            navs: [...document.querySelectorAll('nav')].filter(visible).map(name),
            asides: [...document.querySelectorAll('aside')].filter(visible).map(name),
            footer: [...document.querySelectorAll('footer')].map(name),
          };
        });
        assert.equal(l.banner, 1, route);
        assert.equal(l.mains, 1, route);
        assert.ok(l.navs.length >= 2, route);
        assert.ok(l.navs.every(Boolean), `${route}: every nav has a label: ${JSON.stringify(l.navs)}`);
        assert.equal(new Set(l.navs).size, l.navs.length, `${route}: nav labels are unique: ${JSON.stringify(l.navs)}`);
        assert.ok(l.asides.every(Boolean), route);
        assert.deepEqual(l.footer, [prefix ? '바닥글' : 'Footer']);
        if (route.includes('/docs/')) assert.equal(l.asides.length, 2, `${route}: sidebar and table of contents`);
      }
      await context.close();
    });
  }

  for (const theme of ['light', 'dark']) {
    for (const width of WIDTHS) {
      test(`${theme} ${width}px: every control reached with Tab shows a focus ring`, async () => {
        const { page, context } = await newPage(fx.browser, { width, storage: { theme } });
        await goto(page, `${fx.url}/docs/guide/basics/items`);
        const missing = [];
        const seen = new Set();
        for (let i = 0; i < 45; i++) {
          await page.keyboard.press('Tab');
          const r = await page.evaluate(() => {
            const el = document.activeElement;
            const cs = getComputedStyle(el);
            const label = `${el.tagName.toLowerCase()}.${el.className || ''} ${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}`;
            const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) || /\d+px/.test(cs.boxShadow);
            return { label, ring, visible: el.getClientRects().length > 0 };
          });
          if (r.label.startsWith('body.') || seen.has(r.label)) continue;
          seen.add(r.label);
          if (!r.ring || !r.visible) missing.push(r.label);
        }
        assert.ok(seen.size > 12, `reached ${seen.size} controls`);
        assert.deepEqual(missing, []);
        await context.close();
      });
    }
  }

  test('prefers-reduced-motion turns animations and transitions off', async () => {
    const durations = async (reducedMotion) => {
      const { page, context } = await newPage(fx.browser, { width: 390, reducedMotion });
      await goto(page, `${fx.url}/docs/guide/basics/items`);
      await page.locator('.navbar-menu-button').click();
      await page.locator('.drawer').waitFor();
      const d = await page.evaluate(() => ({
        drawer: parseFloat(getComputedStyle(document.querySelector('.drawer')).animationDuration),
        toggle: parseFloat(getComputedStyle(document.querySelector('.drawer .sidebar-toggle'), '::before').transitionDuration),
      }));
      await context.close();
      return d;
    };
    const normal = await durations(undefined);
    const reduced = await durations(true);
    assert.ok(normal.drawer > 0.1 && normal.toggle > 0.1, JSON.stringify(normal));
    assert.ok(reduced.drawer < 0.001 && reduced.toggle < 0.001, JSON.stringify(reduced));
  });

  for (const storage of [{}, { theme: 'dark', 'docsgen.announcement.dismissed': 'fixture-announcement-1' }]) {
    test(`no layout shift while loading and hydrating (${Object.keys(storage).length ? 'dark theme, announcement dismissed' : 'defaults'})`, async () => {
      for (const width of WIDTHS) {
        const { page, context, problems } = await newPage(fx.browser, { width, storage });
        await page.addInitScript(() => {
          window.__shifts = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        for (const route of ['/', '/docs/guide/basics/items', '/ko/docs/guide/intro', '/blog/hello']) {
          await goto(page, fx.url + route);
          await page.waitForLoadState('networkidle');
          // Let any post-hydration effects (theme toggle state, sidebar reveal) run and paint.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const shifts = await page.evaluate(() => window.__shifts);
          // Lighthouse reports CLS to two decimals; a shift under 0.01 (seen once in about ten
          // runs, on a busy machine, never reproduced) rounds to 0. A real shift from the theme,
          // the announcement or hydration is one or two orders of magnitude larger.
          const total = shifts.reduce((a, b) => a + b, 0);
          assert.ok(total < 0.01, `${width}px ${route}: layout shifts ${JSON.stringify(shifts)}`);
        }
        assert.deepEqual(problems, []);
        await context.close();
      }
    });
  }

  test('no horizontal overflow from 320 px up', async () => {
    for (const width of [320, 390, 768, 1000]) {
      const { page, context } = await newPage(fx.browser, { width });
      for (const route of PAGES.flatMap((p) => [p, p === '/' ? '/ko' : '/ko' + p])) {
        await page.goto(fx.url + route);
        await page.waitForSelector('html[data-hydrated]');
        const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(over, 0, `${width}px ${route} overflows by ${over}px`);
      }
      await context.close();
    }
  });

  test('Korean pages use a Hangul font stack, more leading and word-based line breaks', async () => {
    const { page, context } = await newPage(fx.browser, { width: 390 });
    const style = async (route) => {
      await goto(page, fx.url + route);
      return page.evaluate(() => {
        const p = document.querySelector('.markdown p');
        const cs = getComputedStyle(p);
        return { wordBreak: cs.wordBreak, overflowWrap: cs.overflowWrap, lineHeight: parseFloat(cs.lineHeight) / parseFloat(cs.fontSize), font: cs.fontFamily };
      });
    };
    const ko = await style('/ko/docs/guide/intro');
    const en = await style('/docs/guide/intro');
    assert.equal(ko.wordBreak, 'keep-all');
    assert.equal(ko.overflowWrap, 'break-word');
    assert.ok(ko.lineHeight >= 1.7, `ko line height ${ko.lineHeight}`);
    assert.match(ko.font, /Apple SD Gothic Neo|Malgun Gothic|Noto Sans (CJK )?KR/);
    assert.ok(ko.font.indexOf('Pretendard') < ko.font.indexOf('system-ui'), 'Korean fonts come before the system UI font');
    assert.equal(en.wordBreak, 'normal');
    // Words are not split mid-syllable-block: every line of the Korean paragraph ends at a space.
    await goto(page, `${fx.url}/ko/docs/guide/intro`);
    const brokenInsideWord = await page.evaluate(() => {
      const p = document.querySelector('.markdown p');
      const text = p.firstChild;
      const range = document.createRange();
      let lastTop = null;
      let bad = 0;
      for (let i = 1; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const top = range.getClientRects()[0]?.top;
        if (lastTop !== null && top !== undefined && top > lastTop + 2) {
          // A new line starts at index i: the previous character must be a space.
          if (!/\s/.test(text.data[i - 1]) && !/\s/.test(text.data[i])) bad++;
        }
        if (top !== undefined) lastTop = top;
      }
      return bad;
    });
    assert.equal(brokenInsideWord, 0);
    await context.close();
  });

  test('print: chrome hidden, the article full width', async () => {
    const { page, context } = await newPage(fx.browser, { width: 1280 });
    await goto(page, `${fx.url}/docs/guide/intro`);
    await page.emulateMedia({ media: 'print' });
    for (const sel of ['.navbar', '.doc-sidebar', '.doc-toc', '.footer', '.announcement', '.pagination-nav', '.skip-link']) {
      assert.equal(await page.locator(sel).first().isVisible(), false, sel);
    }
    assert.equal(await page.locator('main h1').isVisible(), true);
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(255, 255, 255)');
    await context.close();
  });

  test('Korean pages show no English UI strings (every string comes from the translation tables)', async () => {
    const en = getStrings('en');
    const ko = getStrings('ko');
    const englishOnly = new Set();
    for (const [key, value] of Object.entries(en)) if (typeof value === 'string' && value !== ko[key]) englishOnly.add(value);
    const { page, context } = await newPage(fx.browser, { width: 390 });
    const found = [];
    for (const route of ['/ko/docs/guide/basics/items', '/ko/blog/hello', '/ko/no-such-page', '/ko']) {
      await goto(page, fx.url + route);
      await page.locator('.navbar-menu-button').click();
      await page.locator('.drawer').waitFor();
      const texts = await page.evaluate(() => {
        const out = [];
        for (const el of document.querySelectorAll(
          'header, footer, aside, nav, .drawer, .skip-link, .announcement, .doc-header, .toc-inline, .pagination-nav, .tag-list, .not-found',
        )) {
          for (const attr of ['aria-label', 'title', 'placeholder']) {
            for (const x of [el, ...el.querySelectorAll(`[${attr}]`)]) if (x.getAttribute(attr)) out.push(x.getAttribute(attr));
          }
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) out.push(walker.currentNode.data.trim());
        }
        return out.filter(Boolean);
      });
      for (const t of texts) if (englishOnly.has(t)) found.push(`${route}: ${t}`);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual([...new Set(found)], []);
    await context.close();
  });
});
