// Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { fixtureOutput, realSiteOutput } from './sharedBuild.mjs';
import { serveDir } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts Chromium. Browser tests never skip: without Chromium they fail, naming what to install. */
export async function launch() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A page that records console errors, page errors and failed same-origin requests. */
export async function openPage(browser, { width = 1280, height = 900, colorScheme } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || (msg.type() === 'warning' && /hydrat/i.test(msg.text()))) problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    if (!browsersIconFetch(req)) problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  return { page, context, problems };
}

/**
 * What most browser suites start from: test/fixtures/<name> built (once for all the files that
 * serve it), its output served, Chromium started. `close` undoes whatever of it was done.
 */
export function servedFixture(name) {
  return servedOutput(fixtureOutput(name));
}

/** The real site's one shared build, served, and Chromium, for a suite that only reads it. */
export function servedRealSite() {
  return servedOutput(realSiteOutput());
}

/** A built site's output folder served, and Chromium: `open(route)` and `close()` as above. */
export async function servedOutput(out) {
  const fx = { out };
  /** A new page at `route` of the served site, once the router has hydrated it. */
  fx.open = async (route, options) => {
    const opened = await openPage(fx.browser, options);
    await opened.page.goto(fx.server.url + route);
    await opened.page.waitForSelector('html[data-hydrated]');
    return opened;
  };
  fx.close = async () => {
    await fx.browser?.close();
    await fx.server?.close();
  };
  try {
    fx.server = await serveDir(fx.out);
    fx.browser = await launch();
  } catch (err) {
    await fx.close();
    throw err;
  }
  return fx;
}

/**
 * Chromium fetches the page's icon by itself after each load and after each history change (a
 * client-side navigation), as a request of type 'other'; a navigation that follows at once cancels
 * it. That is the browser's request, not the page's (page scripts, images and styles have their
 * own types), so its cancellation is no problem of the page.
 */
function browsersIconFetch(req) {
  return req.resourceType() === 'other' && req.failure()?.errorText === 'net::ERR_ABORTED' && /\.(svg|ico|png)$/.test(new URL(req.url()).pathname);
}
