#!/usr/bin/env node
// Local search as sites grow: the shared benchmark corpus (../shared/bench/gen-corpus.mjs, layout
// neutral) at 400, 2,000 and 10,000 pages per locale, built by docsgen. Prints per size and
// locale:
//   - the index: files, the entry's size, all files' size (raw and gzip);
//   - the index build: ms per page of LocaleIndexBuilder (adding the pages' records, then
//     cutting the files), median of 3, from the built records file (linear: the same at every size);
//   - in Chromium, against the built site served locally: the first query of a visit (Ctrl+K,
//     typed key by key): bytes transferred from the keypress on (gzip of every response, the
//     modal's and the engine's code included; the budget is 300 KB) and ms to its results listed.
//   node scripts/bench-search-scale.mjs [--sizes 400,2000,10000] [--runs 3]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'bin/docsgen.js');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']] : acc), []),
);
const sizes = (args.sizes ?? '400,2000,10000').split(',').map(Number);
const runs = Number(args.runs ?? 3);
const corpusScript = [path.join(ROOT, '../shared/bench/gen-corpus.mjs'), path.join(ROOT, 'shared/bench/gen-corpus.mjs')].find((f) => fs.existsSync(f));
if (!corpusScript) {
  console.log('gen-corpus.mjs not found (expected ../shared/bench/gen-corpus.mjs)');
  process.exit(0);
}
const { LocaleIndexBuilder, MemoryFiles, pagesOf } = await import(path.join(ROOT, 'lib/internals.js'));
const QUERY = { en: 'inventory', ko: '재고' };
const BUDGET = 300 * 1024;

/** The middle value, or the mean of the two middle values of an even count. */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (n) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`);

/** Every file under the search folder of a locale's index, with the entry. */
function indexSizes(dist, locale) {
  const searchDir = path.join(dist, '_docsgen/search');
  const entryText = fs.readFileSync(path.join(searchDir, `index.${locale}.json`));
  const dir = path.join(searchDir, JSON.parse(entryText.toString()).dir);
  let raw = entryText.length;
  let gzip = zlib.gzipSync(entryText).length;
  const names = fs.readdirSync(dir);
  for (const name of names) {
    const text = fs.readFileSync(path.join(dir, name));
    raw += text.length;
    gzip += zlib.gzipSync(text).length;
  }
  return { files: names.length + 1, entry: entryText.length, entryGzip: zlib.gzipSync(entryText).length, raw, gzip };
}

/** ms per page of the index build for a locale, from its records file (median of `runs`). */
function buildMsPerPage(dist, locale) {
  const records = JSON.parse(fs.readFileSync(path.join(dist, `_docsgen/search/records.${locale}.json`), 'utf8'));
  const pages = new Set(records.map((r) => r.url_without_anchor)).size;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const out = new MemoryFiles();
    const builder = new LocaleIndexBuilder(locale, out);
    for (const page of pagesOf(records)) builder.addPage(page);
    builder.finish();
    if (out.files.size < 3) throw new Error('no index files');
    times.push(performance.now() - t);
  }
  return { pages, ms: median(times) / pages };
}

const { CHROMIUM, launch } = await import(path.join(ROOT, 'test/helpers/browser.mjs'));
const { serveDir } = await import(path.join(ROOT, 'test/helpers/server.mjs'));
const { firstQuery } = await import(path.join(ROOT, 'test/helpers/firstQuery.mjs'));
const browser = fs.existsSync(CHROMIUM) ? await launch() : undefined;
if (!browser) console.log('(Chromium not installed: first-query bytes and time not measured)');

console.log(
  `Corpus layout neutral; ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}. First query typed key by key: en "${QUERY.en}", ko "${QUERY.ko}"; median of ${runs} fresh browser contexts.\n`,
);
console.log(
  '| pages per locale | locale | index files | entry (gzip) | all files (gzip) | index build, ms per page | first query: bytes (gzip) | first query: ms to results |',
);
console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
try {
  for (const size of sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-search-${size}-`));
    try {
      const g = spawnSync(process.execPath, [corpusScript, '--pages', String(size), '--out', dir, '--layout', 'neutral'], { encoding: 'utf8' });
      if (g.status !== 0) throw new Error(`gen-corpus failed:\n${g.stderr}`);
      fs.writeFileSync(
        path.join(dir, 'site.config.ts'),
        "import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Inventory Docs', locales: [{ code: 'en', label: 'English' }, { code: 'ko', label: '한국어' }] });\n",
      );
      const b = spawnSync(process.execPath, [CLI, 'build'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
      if (b.status !== 0) throw new Error(`build failed:\n${b.stderr.slice(-4000)}`);
      const dist = path.join(dir, 'dist');
      const category = fs.readdirSync(path.join(dir, 'content/en/docs')).find((d) => !d.startsWith('_'));
      const slug = fs
        .readdirSync(path.join(dir, 'content/en/docs', category))
        .find((f) => f.endsWith('.md'))
        .replace(/\.md$/, '');
      const server = browser ? await serveDir(dist) : undefined;
      try {
        for (const locale of ['en', 'ko']) {
          const files = indexSizes(dist, locale);
          const build = buildMsPerPage(dist, locale);
          let bytes = '–';
          let ms = '–';
          if (server) {
            const results = [];
            for (let i = 0; i < runs; i++) {
              const run = await firstQuery(browser, `${server.url}${locale === 'ko' ? '/ko' : ''}/docs/${category}/${slug}`, QUERY[locale]);
              results.push(run);
              await run.context.close();
            }
            const gzip = median(results.map((r) => r.gzip));
            bytes = `${kb(gzip)}${gzip > BUDGET ? ' (over 300 KB)' : ''}`;
            ms = `${median(results.map((r) => r.ms))} ms`;
          }
          console.log(
            `| ${size} | ${locale} | ${files.files} | ${kb(files.entry)} (${kb(files.entryGzip)}) | ${kb(files.raw)} (${kb(files.gzip)}) | ${build.ms.toFixed(3)} (${build.pages} pages) | ${bytes} | ${ms} |`,
          );
        }
      } finally {
        await server?.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await browser?.close();
}
