#!/usr/bin/env node
// The raw (uncompressed) HTML weight of every API operation page of a built site, both locales:
// count, median, p90 and max, and the heaviest pages. An operation page is one whose page data
// says "kind":"api-operation".
//
//   node scripts/api-page-weight.mjs [dist] [--top 5] [--json]
import fs from 'node:fs';
import path from 'node:path';

/** Every operation page under `dist`: its route and its HTML size in bytes. */
export function operationPages(dist) {
  const pages = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === 'index.html') {
        const html = fs.readFileSync(file, 'utf8');
        if (!html.includes('"kind":"api-operation"')) continue;
        const route = '/' + path.relative(dist, path.dirname(file)).split(path.sep).join('/');
        pages.push({ route, bytes: Buffer.byteLength(html) });
      }
    }
  };
  walk(dist);
  return pages.sort((a, b) => a.bytes - b.bytes);
}

/** Median, p90 and max of the pages' sizes (nearest rank). */
export function weightStats(pages) {
  const sizes = pages.map((p) => p.bytes).sort((a, b) => a - b);
  const rank = (q) => sizes[Math.min(sizes.length - 1, Math.ceil(q * sizes.length) - 1)];
  return { pages: sizes.length, median: rank(0.5), p90: rank(0.9), max: sizes[sizes.length - 1] ?? 0 };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const flag = (name) => args.indexOf(`--${name}`);
  const top = flag('top') >= 0 ? Number(args[flag('top') + 1]) : 5;
  const dist = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--top') ?? 'dist');
  const pages = operationPages(dist);
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  const byLocale = { all: pages, en: pages.filter((p) => !/^\/ko\//.test(p.route)), ko: pages.filter((p) => /^\/ko\//.test(p.route)) };
  if (flag('json') >= 0) {
    console.log(JSON.stringify(Object.fromEntries(Object.entries(byLocale).map(([k, v]) => [k, weightStats(v)]))));
  } else {
    for (const [name, list] of Object.entries(byLocale)) {
      const s = weightStats(list);
      console.log(`${name}: ${s.pages} operation pages, median ${kb(s.median)}, p90 ${kb(s.p90)}, max ${kb(s.max)}`);
    }
    for (const p of pages.slice(-top).reverse()) console.log(`  ${kb(p.bytes)}  ${p.route}`);
  }
}
