// The build end to end on a fixture site: routes, locales, fallbacks, links, assets, site files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI, FixtureSite } from './helpers/site.mjs';

describe('docsgen build on the basic fixture', () => {
  let site;
  let result;
  before(() => {
    site = new FixtureSite('basic');
    result = site.buildOk();
  });
  after(() => site.cleanup());

  it('prints one line per phase without a terminal, then one summary line', () => {
    const lines = result.stdout.trim().split('\n');
    const phases = lines.slice(0, -1).map((l) => /^([a-z][\w ]*): \d+(?: ms|\.\d\d s)$/.exec(l)?.[1]);
    assert.deepEqual(phases, [
      'collect routes',
      'bundle theme',
      `render ${phases[2]?.match(/\d+/)?.[0]} pages`,
      'check links',
      'write site files',
      'write search index',
      'replace output',
    ]);
    assert.match(phases[2], /^render [1-9]\d* pages$/);
    assert.match(lines.at(-1), /^Wrote \d+ pages and \d+ files \(\d+ copied\) in \d+\.\d\d s, \d+\.\d\d ms per page$/);
  });

  it('shows ticked phases and a progress bar of pages on a terminal', () => {
    // script(1) runs the build on a pseudo-terminal, as a user's shell would.
    const r = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} build -o dist-tty`, '/dev/null'], {
      cwd: site.root,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stdout);
    const total = /Wrote (\d+) pages/.exec(r.stdout)?.[1];
    assert.match(r.stdout, /\u2713\S* collect routes \S*\d+ ms/);
    assert.match(r.stdout, /\u2713\S* render \d+ pages/);
    // The bar is redrawn in place (carriage return, erase line) and ends full.
    const redraw = new RegExp(String.raw`\r${'\x1b'}\[2K {2}rendering pages ([\u2588\u2591]+) (\d+)/(\d+)`, 'g');
    const bars = [...r.stdout.matchAll(redraw)];
    assert.ok(bars.length >= 1, r.stdout);
    const last = bars.at(-1);
    assert.equal(last[2], last[3]);
    assert.doesNotMatch(last[1], /\u2591/, 'a finished bar has no empty cells');
    assert.ok(Number(last[3]) >= Number(total), `${last[3]} routes for ${total} pages`);
  });

  it('writes every route in both locales, including generated pages', () => {
    for (const prefix of ['', '/ko']) {
      for (const route of [
        '/docs/guide/start',
        '/docs/guide/stock',
        '/docs/category/guide',
        '/docs/tags',
        '/docs/tags/setup',
        '/blog',
        '/blog/hello',
        '/blog/archive',
        '/blog/tags',
        '/blog/tags/news',
        '/blog/authors',
        '/blog/authors/ana',
        '/about',
        '/search',
      ]) {
        assert.ok(site.exists(`${(prefix + route).slice(1)}/index.html`), `${prefix}${route}`);
      }
    }
    assert.ok(site.exists('index.html') && site.exists('ko/index.html'));
    assert.ok(site.exists('404.html') && site.exists('ko/404.html'));
  });

  it('renders complete documents with lang, title, description, canonical and hreflang', () => {
    const html = site.output('/ko/docs/guide/start');
    assert.match(html, /<html lang="ko"/);
    assert.match(html, /<title>시작하기 \| Fixture Docs<\/title>/);
    assert.match(html, /<meta name="description" content="픽스처 제품의 첫 단계입니다.">/);
    assert.match(html, /<link rel="canonical" href="https:\/\/fixture.example\/ko\/docs\/guide\/start">/);
    assert.match(html, /<link rel="alternate" hreflang="en" href="https:\/\/fixture.example\/docs\/guide\/start">/);
    assert.match(html, /<link rel="alternate" hreflang="x-default" href="https:\/\/fixture.example\/docs\/guide\/start">/);
    assert.match(html, /<meta property="og:title" content="시작하기">/);
  });

  it('builds an untranslated page under /ko from the English source, with a Korean notice', () => {
    const html = site.output('/ko/docs/guide/stock');
    assert.match(html, /이 페이지는 아직 한국어로 번역되지 않았습니다/);
    assert.match(html, /<h1>Stock<\/h1>/);
    assert.match(html, /<link rel="canonical" href="https:\/\/fixture.example\/docs\/guide\/stock">/);
    assert.doesNotMatch(site.output('/docs/guide/stock'), /not translated yet/);
  });

  it('gives Korean headings readable unique ids', () => {
    const html = site.output('/ko/docs/guide/start');
    assert.match(html, /<h2 id="재고-조정하기" tabindex="-1">/);
    assert.match(html, /<h2 id="재고-조정하기-1" tabindex="-1">/);
  });

  it('rewrites relative .md links to routes of the same locale', () => {
    assert.match(site.output('/docs/guide/start'), /href="\/docs\/guide\/stock#counting-stock"/);
    assert.match(site.output('/ko/docs/guide/start'), /href="\/ko\/docs\/guide\/stock#counting-stock"/);
    assert.match(site.output('/blog/hello'), /href="\/docs\/guide\/stock"/);
  });

  it('escapes raw HTML in Markdown', () => {
    const html = site.output('/docs/guide/start');
    assert.match(html, /&lt;script&gt;alert\(&#39;x&#39;\)&lt;\/script&gt;|&lt;script&gt;alert\('x'\)&lt;\/script&gt;/);
    assert.doesNotMatch(html, /<script>alert/);
  });

  it('copies images with content-hashed names', () => {
    const m = /<img src="(\/assets\/media\/diagram-[0-9a-f]{8}\.svg)"/.exec(site.output('/docs/guide/start'));
    assert.ok(m, 'image URL is hashed');
    assert.ok(site.exists(m[1].slice(1)));
  });

  it('hashes client bundles and splits them by layout', () => {
    const html = site.output('/docs/guide/start');
    assert.match(html, /<script type="module" src="\/assets\/main-[A-Z0-9]{8}\.js"><\/script>/);
    assert.match(html, /<link rel="modulepreload" href="\/assets\/DocLayout-[A-Z0-9]{8}\.js">/);
    assert.doesNotMatch(html, /BlogLayout/);
    assert.match(site.output('/blog/hello'), /<link rel="modulepreload" href="\/assets\/BlogLayout-[A-Z0-9]{8}\.js">/);
  });

  const embedded = (html) => JSON.parse(/<script type="application\/json" id="__DOCSGEN_DATA__">(.*?)<\/script>/s.exec(html)[1]);

  it('puts the page data in the HTML (which client-side navigation fetches), the body once, and no per-page JSON', () => {
    const html = site.output('/docs/guide/stock');
    const data = embedded(html);
    assert.equal(data.page.title, 'Stock');
    assert.equal(data.page.html, undefined, 'the body is not repeated in the data');
    // The site data is one file per locale, named by every page of the locale and asked for in the head.
    const siteData = (url) => JSON.parse(site.output(url.slice(1)));
    const koData = embedded(site.output('/ko/docs/guide/stock'));
    assert.equal(embedded(site.output('/docs/guide/start')).site, data.site, 'the pages of a locale share one file');
    assert.notEqual(koData.site, data.site);
    assert.ok(html.includes(`<link rel="preload" as="fetch" href="${data.site}" crossorigin>`));
    const [en, ko] = [siteData(data.site), siteData(koData.site)];
    assert.deepEqual(
      [Object.keys(en.navbar), Object.keys(en.footer), Object.keys(ko.navbar), Object.keys(ko.footer)],
      [['en'], ['en'], ['ko'], ['ko']],
      'the site data of its own locale only',
    );
    assert.match(html.slice(html.indexOf('data-docsgen-content')), /<h2 id="counting-stock"/, 'the body is in the content element');
    assert.equal(site.exists('_docsgen/data'), false, 'no page data files');
  });

  it('writes redirects from config and front matter as static pages that carry their target', () => {
    const old = site.output('/docs/old-start');
    assert.match(old, /<meta http-equiv="refresh" content="0; url=\/docs\/guide\/start">/);
    assert.match(old, /<link rel="canonical" href="https:\/\/fixture.example\/docs\/guide\/start">/);
    assert.deepEqual(embedded(old), { redirect: '/docs/guide/start' });
    assert.match(site.output('/docs/guide/strat'), /url=\/docs\/guide\/start"/);
    assert.deepEqual(embedded(site.output('/ko/docs/guide/strat')), { redirect: '/ko/docs/guide/start' });
  });

  it('generates the category index, doc tag pages and the blog pages', () => {
    assert.match(
      site.output('/docs/category/guide'),
      /<h2 class="card-title">Getting started<\/h2><p class="card-text">First steps with the fixture product.<\/p>/,
    );
    assert.match(site.output('/ko/docs/category/guide'), /<h1>가이드<\/h1>/);
    assert.match(site.output('/docs/tags/basics'), /2 docs tagged with &quot;basics&quot;/);
    const list = site.output('/blog');
    assert.match(list, /The first post\./);
    assert.doesNotMatch(list, /The rest of the post/, 'the list shows the excerpt only');
    assert.match(site.output('/blog/hello'), /The rest of the post/);
    assert.match(site.output('/blog/authors/ana'), /Posts by Ana Lee/);
  });

  it('writes sitemap, robots, feeds and search records', () => {
    const sitemap = site.output('sitemap.xml');
    assert.match(sitemap, /<loc>https:\/\/fixture.example\/docs\/guide\/start<\/loc><xhtml:link rel="alternate" hreflang="en"/);
    assert.doesNotMatch(sitemap, /old-start|\/404|ko\/docs\/guide\/stock</, 'no redirects, 404 or fallback pages');
    assert.match(site.output('robots.txt'), /Sitemap: https:\/\/fixture.example\/sitemap.xml/);
    assert.match(site.output('blog/rss.xml'), /<item><title>Hello<\/title><link>https:\/\/fixture.example\/blog\/hello<\/link>/);
    assert.match(site.output('blog/atom.xml'), /<entry><title>Hello<\/title>/);
    const records = JSON.parse(site.output('_docsgen/search/records.en.json'));
    const heading = records.find((r) => r.url === '/docs/guide/stock#counting-stock' && r.type === 'lvl2');
    assert.deepEqual(heading.hierarchy, { lvl0: 'Guide', lvl1: 'Stock', lvl2: 'Counting stock', lvl3: null, lvl4: null, lvl5: null, lvl6: null });
    assert.equal(heading.language, 'en');
    assert.equal(heading.version, 'next');
  });

  it('keeps search record ids stable across builds', () => {
    const before = JSON.parse(site.output('_docsgen/search/records.en.json')).map((r) => r.objectID);
    site.write('content/en/docs/guide/stock.md', site.read('content/en/docs/guide/stock.md').replace('Count your shelves.', 'Count every shelf.'));
    site.buildOk();
    const afterIds = JSON.parse(site.output('_docsgen/search/records.en.json')).map((r) => r.objectID);
    assert.deepEqual(afterIds, before);
  });

  it("builds one locale with --locale: its pages are a build of all's, links to their translations included", () => {
    const one = new FixtureSite('basic');
    try {
      one.buildOk('--locale', 'ko', '--out', 'dist-ko');
      const ko = path.join(one.root, 'dist-ko');
      assert.ok(fs.existsSync(path.join(ko, 'ko/docs/guide/start/index.html')));
      assert.ok(!fs.existsSync(path.join(ko, 'docs/guide/start/index.html')));
      const start = fs.readFileSync(path.join(ko, 'ko/docs/guide/start/index.html'), 'utf8');
      assert.match(start, /<link rel="alternate" hreflang="en" href="[^"]*\/docs\/guide\/start">/);
      assert.match(start, /<a href="\/docs\/guide\/start" hrefLang="en" lang="en">/, 'the language menu leads to the English page');
      one.buildOk();
      // Only the locale's site data differs: it names no search index of a locale not built.
      const comparable = (html) => html.replace(/\/_docsgen\/site\/ko\.\w+\.json/g, 'site data');
      const pages = fs.readdirSync(path.join(ko, 'ko'), { recursive: true }).filter((f) => f.endsWith('.html'));
      assert.ok(pages.length > 5);
      for (const page of [...pages, 'llms.txt', 'docs/guide/start.md'])
        assert.equal(comparable(fs.readFileSync(path.join(ko, 'ko', page), 'utf8')), comparable(one.output(`ko/${page}`)), page);
    } finally {
      one.cleanup();
    }
  });
});

describe('docsgen build over its previous output', () => {
  let site;
  before(() => {
    site = new FixtureSite('basic');
    site.write('content/en/docs/guide/extra.md', '---\ntitle: Extra\n---\n\nA page that goes away.\n');
  });
  after(() => site?.cleanup());

  const outputFiles = (root) =>
    fs
      .readdirSync(root, { recursive: true })
      .filter((f) => fs.statSync(path.join(root, f)).isFile())
      .sort();

  it('replaces the output whole: deleted pages go, and the result equals a fresh build', () => {
    site.buildOk();
    site.remove('content/en/docs/guide/extra.md');
    site.write('content/en/docs/guide/stock.md', site.read('content/en/docs/guide/stock.md').replace('Count your shelves.', 'Count every shelf twice.'));
    site.buildOk();
    assert.match(site.output('/docs/guide/stock'), /Count every shelf twice\./);
    for (const gone of ['docs/guide/extra/index.html', 'docs/guide/extra.md', 'ko/docs/guide/extra/index.html'])
      assert.ok(!site.exists(gone), `${gone} is removed`);
    assert.deepEqual(
      fs.readdirSync(site.root).filter((n) => /^\.dist\.(tmp|ready)-/.test(n)),
      [],
      'no unfinished or unplaced folder is left',
    );

    // The same content built from nothing gives the same files, byte for byte.
    const fresh = new FixtureSite('basic');
    try {
      fresh.write('content/en/docs/guide/stock.md', site.read('content/en/docs/guide/stock.md'));
      fresh.buildOk();
      assert.deepEqual(outputFiles(site.out), outputFiles(fresh.out));
      for (const f of outputFiles(fresh.out)) {
        assert.ok(fs.readFileSync(path.join(site.out, f)).equals(fs.readFileSync(path.join(fresh.out, f))), f);
      }
    } finally {
      fresh.cleanup();
    }
  });

  it('makes no list of tags or authors for a blog that has none', () => {
    for (const file of fs.readdirSync(path.join(site.root, 'content'), { recursive: true }).filter((f) => /blog[\\/].*\.md$/.test(f))) {
      const rel = path.join('content', file);
      site.write(rel, site.read(rel).replace(/^(tags|authors):.*\n/gm, ''));
    }
    site.buildOk();
    assert.ok(site.exists('blog/hello/index.html'));
    for (const gone of ['blog/tags', 'blog/authors', 'ko/blog/tags', 'ko/blog/authors']) assert.ok(!site.exists(`${gone}/index.html`), gone);
    assert.doesNotMatch(site.read('dist/sitemap.xml'), /\/blog\/(tags|authors)/);
  });
});

describe('docsgen build with a render worker', () => {
  let site;
  before(() => {
    // Enough pages that the worker, which first reads the content and loads the theme itself,
    // still finds most of them waiting.
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-workers-src-'));
    fs.writeFileSync(
      path.join(src, 'site.config.ts'),
      "import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Workers', url: 'https://workers.example' });\n",
    );
    for (let i = 0; i < 900; i++) {
      const file = path.join(src, `content/en/docs/part-${Math.floor(i / 100)}/page-${i}.md`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const link = i % 100 > 0 ? `[the page before](./page-${i - 1}.md)` : 'the first page';
      fs.writeFileSync(file, `---\ntitle: Page ${i}\n---\n\nStock count ${i}, after ${link}.\n\n## Counting ${i}\n\n- Bin ${i}\n- Lot ${i}\n`);
    }
    site = new FixtureSite(src);
    fs.rmSync(src, { recursive: true, force: true });
  });
  after(() => site?.cleanup());

  it('renders the pages on workers, and writes what the main thread alone writes', () => {
    // (A build without --workers is every other test's; here the main thread alone is compared
    // with two workers.)
    const one = site.run(['build', '--out', 'dist-one', '--workers', '0']);
    assert.equal(one.status, 0, one.stderr);
    const shared = site.run(['build', '--workers', '2'], { DOCSGEN_DEBUG: '1' });
    const [, pages, byWorkers] = /render (\d+) pages \((\d+) by 2 workers\)/.exec(shared.stderr) ?? [];
    // With workers, every page is rendered and written by them.
    assert.ok(Number(pages) > 900 && Number(byWorkers) === Number(pages), `${byWorkers} of ${pages} pages by the workers`);
    const files = (dir) =>
      fs
        .readdirSync(path.join(site.root, dir), { recursive: true })
        .filter((f) => f.endsWith('.html') || f.endsWith('.json'))
        .sort();
    assert.deepEqual(files('dist'), files('dist-one'));
    for (const f of files('dist-one')) assert.equal(site.read(`dist/${f}`), site.read(`dist-one/${f}`), f);
    const written = (r) => /Wrote \d+ pages and (\d+) files/.exec(r.stdout)?.[1];
    assert.equal(written(shared), written(one), 'the files the workers wrote are counted');
  });
});

describe('docsgen build with the sidebar, the navbar links and the footer rendered once', () => {
  let site;
  before(() => {
    // Docs and API sidebars in two locales, a base path, a category page and a link whose
    // address needs escaping in HTML: every way a page marks its own link in a shared list. The
    // navbar has a link per section (one current on each page) and an external one; the footer
    // has columns in both locales.
    site = new FixtureSite('openapi-multi');
    const navbar =
      "navbar: { items: [{ label: { en: 'Guide', ko: '가이드' }, href: '/docs/guide/start' }, { label: { en: 'API', ko: 'API' }, href: '/docs/category/shopapi' }, { label: { en: 'Shop', ko: '쇼핑몰' }, href: 'https://shop.example/store' }] },";
    const footer =
      "footer: { columns: [{ title: { en: 'Docs', ko: '문서' }, items: [{ label: { en: 'Start', ko: '시작' }, href: '/docs/guide/start' }, { label: { en: 'Status', ko: '상태' }, href: 'https://status.shop.example' }] }], copyright: { en: 'Shop Inc.', ko: '쇼핑 주식회사' } },";
    site.write(
      'site.config.ts',
      site
        .read('site.config.ts')
        .replace("url: 'https://shop.example',", "url: 'https://shop.example',\n  basePath: '/shop-docs/',")
        .replace(/  navbar: .*\n/, `  ${navbar}\n  ${footer}\n`),
    );
    site.write('content/en/docs/guide/_category_.json', JSON.stringify({ label: 'Guide', position: 1, link: { type: 'generated-index' } }));
    site.write('content/en/docs/guide/returns.md', "---\ntitle: Returns\nslug: /guide/o'brien&returns\n---\n\nSee [the start](./start.md).\n");
    site.write('content/en/docs/guide/deep/refunds.md', '---\ntitle: Refunds\n---\n\nRefunds, [returns](../returns.md).\n');
    site.write('content/ko/docs/guide/start.md', '---\ntitle: 시작하기\n---\n\n가이드를 시작합니다.\n');
  });
  after(() => site?.cleanup());

  it("marks the current page in the sidebar and the navbar, and gives every page its locale's footer", () => {
    site.buildOk('--out', 'dist-full');
    const pages = fs
      .readdirSync(path.join(site.root, 'dist-full'), { recursive: true })
      .filter((f) => f.endsWith('.html'))
      .sort();
    let marked = 0;
    for (const f of pages) {
      const html = site.read(`dist-full/${f}`);
      if (/class="[^"]*\bactive" href="[^"]*" aria-current="page"/.test(html)) marked++;
    }
    assert.ok(
      site.read("dist-full/docs/guide/o'brien&returns/index.html").includes('href="/shop-docs/docs/guide/o&#x27;brien&amp;returns" aria-current="page"'),
    );
    assert.ok(marked > 20, `${marked} pages mark their sidebar link`);
    // Each section's pages mark their own navbar link; every page has the footer of its locale.
    assert.match(site.read('dist-full/docs/api/list-pets/index.html'), /<a href="\/shop-docs\/docs\/category\/shopapi" aria-current="page">API<\/a>/);
    assert.match(site.read('dist-full/docs/guide/start/index.html'), /<a href="\/shop-docs\/docs\/guide\/start" aria-current="page">Guide<\/a>/);
    assert.match(site.read('dist-full/ko/docs/api/list-pets/index.html'), /<p class="footer-copyright">쇼핑 주식회사<\/p>/);
  });

  it("makes API pages' Markdown copies on a render worker as on the main thread", () => {
    const shared = site.run(['build', '--out', 'dist-thread', '--workers', '0']);
    assert.equal(shared.status, 0, shared.stderr);
    const local = site.run(['build', '--out', 'dist-local', '--workers', '1']);
    assert.equal(local.status, 0, local.stderr);
    const copies = fs.readdirSync(path.join(site.root, 'dist-local/docs/api')).filter((f) => f.endsWith('.md'));
    assert.ok(copies.length > 5, `${copies.length} API Markdown copies`);
    for (const prefix of ['', 'ko/'])
      for (const f of copies) assert.equal(site.read(`dist-thread/${prefix}docs/api/${f}`), site.read(`dist-local/${prefix}docs/api/${f}`), prefix + f);
    assert.match(site.read('dist-thread/docs/api/' + copies[0]), /^# .+\n\n/);
  });
});
