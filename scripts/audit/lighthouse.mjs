// Lighthouse on the home page, a tutorial and an API page, mobile and desktop: performance at
// least 0.95, accessibility, best practices and SEO 1.0. Runs one page at a time in headless
// Chromium started by chrome-launcher (nothing else should compete for the CPU while it
// measures); loads only from the local server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROME_FLAGS, CHROMIUM } from './visits.mjs';

export const name = 'lighthouse';

/** Runs of a page and form factor at most (see the comment where they are taken). */
const MAX_RUNS = 3;
export const title = 'Lighthouse (mobile and desktop)';

export const THRESHOLDS = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 };

/** The pages Lighthouse runs on: the home page, the main tutorial (or a doc), an API operation. */
export function lighthousePages(site) {
  const pick = (pred) => site.pages.find(pred);
  const spread = (list) => list[Math.floor(list.length / 2)];
  const defaultLocale = site.pages.find((p) => p.path === '/')?.locale;
  const own = (p) => p.locale === defaultLocale && !p.fallback;
  const docs = site.pages.filter((p) => p.kind === 'doc' && own(p));
  const api = site.pages.filter((p) => p.kind === 'api-operation' && own(p));
  return [
    { label: 'home', page: pick((p) => p.path === '/') },
    { label: 'tutorial', page: docs.find((p) => p.path === '/docs/tutorial/intro') ?? docs.find((p) => p.path.includes('/tutorial/')) ?? docs[0] },
    { label: 'API page', page: api.find((p) => p.path === '/docs/api/create-a-customer') ?? spread(api) },
  ];
}

export async function run(ctx) {
  const targets = lighthousePages(ctx.site);
  const failures = [];
  const rows = [];
  const missing = targets.filter((t) => !t.page).map((t) => t.label);
  for (const m of missing) failures.push(`no ${m} in this build: not measured`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROME_FLAGS],
    logLevel: 'silent',
  });
  try {
    for (const target of targets.filter((t) => t.page)) {
      for (const formFactor of ['mobile', 'desktop']) {
        const url = ctx.server.url(target.page.path);
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(THRESHOLDS) };
        const once = async () => (await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined))?.lhr;
        let lhr = await once();
        let runs = 1;
        // Performance is timed, and a busy or slow machine can cost a run its score (the same page
        // scored 0.98 and 0.91 on one machine the same hour): up to two more runs decide, and the
        // best one counts. A real regression fails all three. The other categories do not vary.
        const perf = (r) => r?.categories.performance?.score ?? 0;
        while (lhr && perf(lhr) < THRESHOLDS.performance && runs < MAX_RUNS) {
          const again = await once();
          runs++;
          if (perf(again) > perf(lhr)) lhr = again;
        }
        if (!lhr) {
          failures.push(`${target.label} ${formFactor}: Lighthouse returned no result`);
          continue;
        }
        if (lhr.runtimeError) failures.push(`${target.label} ${formFactor}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const scores = {};
        for (const [id, min] of Object.entries(THRESHOLDS)) {
          const cat = lhr.categories[id];
          const score = cat?.score ?? 0;
          scores[id] = score;
          if (score < min) failures.push(`${target.page.path} ${formFactor}: ${id} ${score.toFixed(2)} < ${min}${explain(lhr, cat)}`);
        }
        const metric = (id) => lhr.audits[id]?.numericValue;
        rows.push({
          page: target.page.path,
          label: target.label,
          formFactor,
          scores,
          lcpMs: Math.round(metric('largest-contentful-paint') ?? 0),
          tbtMs: Math.round(metric('total-blocking-time') ?? 0),
          cls: Number((metric('cumulative-layout-shift') ?? 0).toFixed(3)),
          runs,
        });
        ctx.progress?.(`${rows.length}/${targets.filter((t) => t.page).length * 2}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  const table = rows.map(
    (r) =>
      `${r.label} ${r.formFactor}: perf ${r.scores.performance.toFixed(2)}, a11y ${r.scores.accessibility.toFixed(2)}, bp ${r.scores['best-practices'].toFixed(2)}, seo ${r.scores.seo.toFixed(2)} (LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}${r.runs > 1 ? `, best of ${r.runs} runs` : ''})`,
  );
  return { ok: failures.length === 0, summary: `${rows.length} runs`, details: table, failures, figures: { runs: rows } };
}

/** The audits that cost a category its points, with what they say. */
function explain(lhr, cat) {
  if (!cat) return '';
  const failing = cat.auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1 && lhr.audits[ref.id]?.scoreDisplayMode !== 'notApplicable')
    .map((ref) => {
      const a = lhr.audits[ref.id];
      const items =
        a.details?.items
          ?.slice(0, 2)
          .map((it) => it.node?.snippet ?? it.url ?? it.source?.url ?? '')
          .filter(Boolean) ?? [];
      return `${ref.id} (${a.score?.toFixed?.(2) ?? a.score}${a.displayValue ? `, ${a.displayValue}` : ''})${items.length ? ': ' + items.join(' ; ').slice(0, 200) : ''}`;
    });
  return failing.length ? `\n      ${failing.join('\n      ')}` : '';
}
