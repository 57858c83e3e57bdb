// The performance budget: what a first visit to a page costs, gzipped. JavaScript (the page's
// module scripts, module preloads and everything they import statically) at most 74 KB, CSS
// (stylesheets and their @imports) at most 25 KB, and the HTML of a doc page at most 60 KB. API
// operation pages are held to their raw (uncompressed) HTML, what the browser parses: at most
// 40 KB at the median and 80 KB for the largest.
// Measured from the files for every page; when the browser checks ran in the same audit, the
// scripts and styles each sampled page really fetched while loading are held to limits too (that
// catches chunks loaded with import() during start-up): CSS the same, JavaScript at most 90 KB,
// since a page may start work at once (the search page with a query loads the index's code).
import zlib from 'node:zlib';

export const name = 'budget';
export const title = 'performance budget';

/** KB here means 1000 bytes. apiMedian and apiMax: raw HTML of the API operation pages. */
export const DEFAULT_BUDGET = { js: 74, jsLoaded: 90, css: 25, html: 60, apiMedian: 40, apiMax: 80 };

/** Page kinds whose HTML is held to the HTML budget (tutorials and other docs). */
const HTML_KINDS = new Set(['doc']);

export function gzipSize(buffer) {
  return zlib.gzipSync(buffer, { level: 9 }).length;
}

const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
const CSS_IMPORT = /@import\s+(?:url\()?["']?([^"')\s]+)["']?\)?/g;

/** Measures every page of a BuiltSite; returns per-page figures and the breaches. */
export function measureSite(site, budget = DEFAULT_BUDGET) {
  const sizes = new Map();
  const sizeOf = (rel) => {
    let s = sizes.get(rel);
    if (s === undefined) sizes.set(rel, (s = gzipSize(site.bytes(rel))));
    return s;
  };
  const closures = new Map();
  /** A file and everything it imports statically (JS) or with @import (CSS). */
  const closure = (rel, pattern) => {
    const key = `${pattern === CSS_IMPORT ? 'css' : 'js'}:${rel}`;
    if (closures.has(key)) return closures.get(key);
    const seen = new Set();
    const stack = [rel];
    while (stack.length) {
      const f = stack.pop();
      if (seen.has(f) || !site.has(f)) continue;
      seen.add(f);
      const text = site.read(f);
      for (const m of text.matchAll(pattern)) {
        const target = resolveRelative(site, f, m[1]);
        if (target) stack.push(target);
      }
    }
    closures.set(key, seen);
    return seen;
  };

  const pages = [];
  const breaches = [];
  const operations = [];
  for (const page of site.pages) {
    if (page.kind === 'redirect') continue;
    const list = site.scan(page.rel).refs;
    const js = new Set();
    const css = new Set();
    const missing = [];
    for (const { tag, attrs } of list) {
      const rels = (attrs.rel ?? '').split(/\s+/);
      let target;
      let kind;
      if (tag === 'script' && attrs.src) [target, kind] = [attrs.src, 'js'];
      else if (tag === 'link' && rels.includes('modulepreload') && attrs.href) [target, kind] = [attrs.href, 'js'];
      else if (tag === 'link' && rels.includes('stylesheet') && attrs.href) [target, kind] = [attrs.href, 'css'];
      else continue;
      if (/^[a-z]+:|^\/\//i.test(target)) continue;
      const rel = site.fileFor(new URL(target, 'http://x' + site.served(page.path)).pathname);
      if (!rel) {
        missing.push(target);
        continue;
      }
      for (const f of closure(rel, kind === 'js' ? STATIC_IMPORT : CSS_IMPORT)) (kind === 'js' ? js : css).add(f);
    }
    const jsBytes = [...js].reduce((n, f) => n + sizeOf(f), 0);
    const cssBytes = [...css].reduce((n, f) => n + sizeOf(f), 0);
    const htmlBytes = sizeOf(page.rel);
    const figures = { path: page.path, kind: page.kind, js: jsBytes, css: cssBytes, html: htmlBytes };
    pages.push(figures);
    if (jsBytes > budget.js * 1000) breaches.push(`${page.path}: JavaScript ${kb(jsBytes)} gzipped > ${budget.js} KB (${[...js].join(', ')})`);
    if (cssBytes > budget.css * 1000) breaches.push(`${page.path}: CSS ${kb(cssBytes)} gzipped > ${budget.css} KB`);
    if (HTML_KINDS.has(page.kind) && htmlBytes > budget.html * 1000) breaches.push(`${page.path}: HTML ${kb(htmlBytes)} gzipped > ${budget.html} KB`);
    for (const m of missing) breaches.push(`${page.path}: loads ${m}, which is not in the output`);
    if (page.kind === 'api-operation') operations.push({ path: page.path, raw: site.bytes(page.rel).length });
  }
  const api = operationWeights(operations);
  const apiMax = budget.apiMax ?? DEFAULT_BUDGET.apiMax;
  const apiMedian = budget.apiMedian ?? DEFAULT_BUDGET.apiMedian;
  for (const p of operations) if (p.raw > apiMax * 1000) breaches.push(`${p.path}: HTML ${kb(p.raw)} raw > ${apiMax} KB (API operation page)`);
  if (api && api.median > apiMedian * 1000) breaches.push(`API operation pages: median HTML ${kb(api.median)} raw > ${apiMedian} KB`);
  return { pages, breaches, api };
}

/** Median and largest raw HTML of the operation pages (undefined without any). */
function operationWeights(operations) {
  if (!operations.length) return undefined;
  const sizes = operations.map((p) => p.raw).sort((a, b) => a - b);
  return { pages: sizes.length, median: sizes[Math.ceil(sizes.length / 2) - 1], max: sizes[sizes.length - 1] };
}

function resolveRelative(site, fromRel, spec) {
  if (/^[a-z]+:|^\/\//i.test(spec)) return undefined;
  if (!spec.startsWith('.') && !spec.startsWith('/')) return undefined;
  const url = new URL(spec, 'http://x' + site.served('/' + fromRel));
  return site.fileFor(url.pathname);
}

export function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function maxBy(list, key) {
  return list.reduce((best, p) => (!best || p[key] > best[key] ? p : best), undefined);
}

export async function run(ctx) {
  const budget = ctx.budget ?? DEFAULT_BUDGET;
  const { pages, breaches, api } = measureSite(ctx.site, budget);
  const docs = pages.filter((p) => HTML_KINDS.has(p.kind));
  const maxJs = maxBy(pages, 'js');
  const maxCss = maxBy(pages, 'css');
  const maxHtml = maxBy(docs, 'html');
  const figures = {
    pages: pages.length,
    maxJs: maxJs && { path: maxJs.path, bytes: maxJs.js },
    maxCss: maxCss && { path: maxCss.path, bytes: maxCss.css },
    maxDocHtml: maxHtml && { path: maxHtml.path, bytes: maxHtml.html },
    apiOperationHtml: api,
  };
  // What the browser really fetched while the sampled pages loaded (when the browser pass ran).
  const visits = ctx.visitResults ?? [];
  let measuredJs = 0;
  let measuredCss = 0;
  for (const v of visits) {
    measuredJs = Math.max(measuredJs, v.bytes.js);
    measuredCss = Math.max(measuredCss, v.bytes.css);
    const jsLoaded = budget.jsLoaded ?? DEFAULT_BUDGET.jsLoaded;
    if (v.bytes.js > jsLoaded * 1000) breaches.push(`${v.path} [${v.mode}, loaded in the browser]: JavaScript ${kb(v.bytes.js)} gzipped > ${jsLoaded} KB`);
    if (v.bytes.css > budget.css * 1000) breaches.push(`${v.path} [${v.mode}, loaded in the browser]: CSS ${kb(v.bytes.css)} gzipped > ${budget.css} KB`);
  }
  if (visits.length) Object.assign(figures, { measuredMaxJs: measuredJs, measuredMaxCss: measuredCss });
  const parts = [
    maxJs ? `JS max ${kb(maxJs.js)} (${maxJs.path})` : 'no pages',
    maxCss ? `CSS max ${kb(maxCss.css)}` : '',
    maxHtml ? `doc HTML max ${kb(maxHtml.html)} (${maxHtml.path})` : 'no doc pages',
    api ? `API operation HTML raw median ${kb(api.median)}, max ${kb(api.max)}` : '',
    visits.length ? `in browser: JS max ${kb(measuredJs)}, CSS max ${kb(measuredCss)}` : '',
  ].filter(Boolean);
  return {
    ok: breaches.length === 0,
    summary: `${parts.join('; ')}; limits ${budget.js}/${budget.css}/${budget.html} KB, API ${budget.apiMedian ?? DEFAULT_BUDGET.apiMedian}/${budget.apiMax ?? DEFAULT_BUDGET.apiMax} KB raw`,
    failures: breaches,
    figures,
  };
}
