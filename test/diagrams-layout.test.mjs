// The Ianai site's Mermaid diagrams as a reader first sees them, in real Chromium at desktop and
// phone widths, with Mermaid slow to arrive: the source never shows, drawing moves nothing (layout
// shift at most 0.1, the box the same height before and after), a Mermaid that fails to load shows
// the source, and a page without a diagram loads no diagram code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, servedRealSite } from './helpers/browser.mjs';

/** A diagram page, opened at the heading just above its first diagram (in view on the first paint). */
const DIAGRAM_PAGE = '/docs/tutorial/core-features/salesorder#statuses';
/** A page whose diagram, drawn, was far from its source's height (a shift of 0.125 at 390 px). */
const SHIFTING_PAGE = '/docs/tutorial/integrations/shopify';
const MERMAID = /\/assets\/mermaid-[^/]+\//;

describe('Mermaid diagrams as they load', () => {
  // The real site's one build for the test files that only read it, served, and Chromium.
  let fx;
  before(async () => {
    fx = await servedRealSite();
  });
  after(() => fx?.close());

  /**
   * Opens `route` with Mermaid held back `delayMs` (or failing), watching from before the first
   * paint: whether a diagram's source was ever visible, and the layout shifts.
   */
  async function openWatched(route, { width, height, delayMs = 1500, fail = false }) {
    const opened = await openPage(fx.browser, { width, height });
    const { page } = opened;
    await page.route(MERMAID, async (r) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (fail) await r.abort();
      else await r.continue();
    });
    await page.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.__shift = 0;
      w.__sourceSeen = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      const watch = () => {
        for (const pre of document.querySelectorAll('.mermaid-source')) {
          const box = pre.getBoundingClientRect();
          if (box.height > 0 && pre.checkVisibility({ visibilityProperty: true, opacityProperty: true })) w.__sourceSeen.push(pre.textContent.slice(0, 30));
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(fx.server.url + route);
    await page.waitForSelector('html[data-hydrated]');
    return opened;
  }

  const heights = (page) => page.$$eval('.mermaid-diagram', (all) => all.map((d) => Math.round(d.getBoundingClientRect().height)));

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    it(`never shows a diagram's source, and drawing it shifts nothing, at ${width} px`, async () => {
      const { page, context, problems } = await openWatched(SHIFTING_PAGE, { width, height });
      // Scrolled to before Mermaid arrives: the reader is looking at the box when it is drawn.
      await page.evaluate(() => document.querySelector('.mermaid-diagram').scrollIntoView({ block: 'start' }));
      const diagram = page.locator('.mermaid-diagram').first();
      assert.ok(await diagram.isVisible(), 'the diagram is on screen');
      assert.equal(await diagram.getAttribute('data-drawn'), null, 'not drawn yet');
      const before = await heights(page);
      await page.waitForSelector('.mermaid-diagram[data-drawn] .mermaid-svg svg');
      await page.waitForTimeout(300);
      const drawnBox = await diagram.boundingBox();
      const svgBox = await page.locator('.mermaid-diagram[data-drawn] .mermaid-svg svg').first().boundingBox();
      assert.ok(svgBox.height > 100 && svgBox.height <= drawnBox.height + 1, `the drawing fits its box: ${svgBox.height} in ${drawnBox.height}`);
      assert.deepEqual(await page.evaluate(() => window.__sourceSeen), []);
      assert.deepEqual((await heights(page)).slice(0, 1), before.slice(0, 1), 'the box keeps its height');
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift <= 0.1, `layout shift ${shift}`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('shows the source when Mermaid cannot be loaded', async () => {
    const { page, context } = await openWatched(DIAGRAM_PAGE, { width: 1440, height: 900, delayMs: 100, fail: true });
    await page.waitForSelector('.mermaid-diagram[data-error]');
    assert.equal(await page.locator('.mermaid-diagram[data-error] .mermaid-source').first().isVisible(), true);
    assert.match(await page.locator('.mermaid-source').first().innerText(), /stateDiagram-v2/);
    await context.close();
  });

  it('loads no diagram code on a page without a diagram', async () => {
    const { page, context } = await openPage(fx.browser);
    const scripts = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(fx.server.url + '/docs/tutorial/core-features/item');
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('.mermaid-diagram').count(), 0);
    assert.ok(scripts.length > 0);
    const diagramCode = scripts.filter((s) => MERMAID.test(s) || /diagrams/i.test(s));
    assert.deepEqual(diagramCode, []);
    await context.close();
  });
});
