// Real Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core.
import { chromium } from 'playwright-core';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests never skip: without Chromium they fail, naming what to install (CI installs
 * Debian's chromium). Callers still read it as a condition, so the check stays in one place.
 */
export function haveChromium() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  return true;
}

export async function launch() {
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
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  return { page, context, problems };
}
