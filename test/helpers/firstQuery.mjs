// What the first search of a visit costs in Chromium: every response from the keypress that
// opens the search modal until the results of the typed query are listed, with its gzip size.
// Used by test/search-scale.test.mjs and scripts/bench-search-scale.mjs.
import zlib from 'node:zlib';
import { openPage } from './browser.mjs';

/**
 * Opens `route`, then presses Ctrl+K and types `query` key by key; resolves when the results for
 * the whole query are listed, with every response received from the keypress on and its gzip size.
 */
export async function firstQuery(browser, url, query) {
  const { page, context, problems } = await openPage(browser);
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated]');
  await page.waitForLoadState('networkidle');
  const responses = [];
  page.on('response', (r) =>
    responses.push(
      r.body().then(
        (body) => ({ url: new URL(r.url()).pathname, gzip: zlib.gzipSync(body).length }),
        () => ({ url: r.url(), gzip: 0 }),
      ),
    ),
  );
  const started = Date.now();
  await page.keyboard.press('Control+k');
  await page.keyboard.type(query);
  await page.waitForFunction(
    (q) =>
      document.querySelector('.search-modal:not([aria-busy]) .search-input')?.value === q &&
      /\d/.test(document.querySelector('.search-modal [role="status"]')?.textContent ?? '') &&
      document.querySelector('.search-modal [role="option"]'),
    query,
  );
  const ms = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(responses);
  return { page, context, problems, files, gzip: files.reduce((n, f) => n + f.gzip, 0), ms };
}
