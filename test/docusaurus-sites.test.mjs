// Real Docusaurus 3 sites (shared/fixtures/docusaurus: Jest and Prettier, copied from their
// repositories as they are) built by `docsgen build` in their website/ folder, with no edit:
// every doc at its Docusaurus URL, heading ids as Docusaurus's (github-slugger), no MDX source
// shown as text, partials never pages, tabs as tabs, blog posts at their dated URLs, and
// warnings only for what Docusaurus warns about or what docsgen names as unsupported.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import GithubSlugger from 'github-slugger';
import matter from 'gray-matter';
import { CLI } from './helpers/site.mjs';
import { buildFixture, warnings } from './helpers/docusaurusFixture.mjs';
import { servedOutput } from './helpers/browser.mjs';

/** Every HTML page under a folder of the output. */
function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.html'))
    .map((f) => path.join(dir, f));
}

/** The doc files that are pages (not partials), as Docusaurus finds them. */
function docFiles(docsDir) {
  return fs
    .readdirSync(docsDir, { recursive: true })
    .filter((f) => /\.mdx?$/.test(f) && !f.split(path.sep).some((s) => s.startsWith('_')))
    .map((f) => ({ rel: f, fm: matter(fs.readFileSync(path.join(docsDir, f), 'utf8')).data }));
}

/** Docusaurus's URL of a doc in a flat docs folder under its version's base: the front matter slug, else the base itself for index/README, else its id or file name. */
function docusaurusUrl({ rel, fm }, base = '/docs') {
  if (typeof fm.slug === 'string') return fm.slug.startsWith('/') ? `${base}${fm.slug}` : `${base}/${fm.slug}`;
  if (/^(index|readme)\.mdx?$/i.test(rel)) return base;
  return `${base}/${fm.id ?? rel.replace(/\.mdx?$/, '')}`;
}

/**
 * The site's docs versions as Docusaurus reads versions.json (newest first): the newest at /docs,
 * the current docs (../docs) at /docs/next, the others at /docs/<name>; without versions.json,
 * the current docs at /docs.
 */
function docsVersions(site) {
  const file = path.join(site.website, 'versions.json');
  const names = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  const current = { name: 'current', dir: path.join(site.root, 'docs'), base: names.length ? '/docs/next' : '/docs' };
  return [
    current,
    ...names.map((name, i) => ({ name, dir: path.join(site.website, 'versioned_docs', `version-${name}`), base: i === 0 ? '/docs' : `/docs/${name}` })),
  ];
}

const visibleText = (html) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<code[\s\S]*?<\/code>/g, '')
    .replace(/<[^>]+>/g, ' ');

/** Each heading's id and text content (the anchor link's "#" left out). */
function headings(html) {
  return [...html.matchAll(/<h([2-6])[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => ({
    id: m[2],
    text: m[3]
      .replace(/<a[^>]*class="[^"]*hash-link[^"]*"[^>]*>[\s\S]*?<\/a>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .trim(),
  }));
}

for (const name of ['jest', 'prettier']) {
  describe(`the ${name} Docusaurus site, as it is`, () => {
    let site;
    before(() => {
      site = buildFixture(name);
    });

    it('builds with exit code 0', () => {
      assert.equal(site.status, 0, site.log);
    });

    it('publishes every doc of every version that is not a partial at its Docusaurus URL, and no partial', () => {
      const versions = docsVersions(site);
      assert.ok(versions.length > 1, 'the fixture has versioned docs');
      for (const version of versions) {
        const docs = docFiles(version.dir);
        assert.ok(docs.length > 20, `${version.name}: ${docs.length} docs`);
        for (const doc of docs) {
          const url = docusaurusUrl(doc, version.base);
          const file = path.join(site.out, url, 'index.html');
          assert.ok(fs.existsSync(file), `${version.name}/${doc.rel} is not at ${url}`);
          // The page is that version's: its version menu names it.
          if (version.name !== 'current')
            assert.match(fs.readFileSync(file, 'utf8'), new RegExp(`aria-label="Docs version: ${version.name.replace('.', '\\.')}"`), url);
        }
      }
      const sitemap = fs.readFileSync(path.join(site.out, 'sitemap.xml'), 'utf8');
      assert.doesNotMatch(sitemap, /\/_[^/<]*</, 'a partial is in the sitemap');
      assert.ok(!fs.readdirSync(path.join(site.out, 'docs')).some((f) => f.startsWith('_')), 'a partial was published');
    });

    it('shows no import, export, JSX or HTML comment as text', () => {
      for (const file of htmlFiles(path.join(site.out, 'docs'))) {
        const text = visibleText(fs.readFileSync(file, 'utf8'));
        assert.doesNotMatch(text, /(^|\n)\s*(import\s+\w+.*from\s+['"]|export\s+(const|default)\b)/, `${file} shows an import or export`);
        assert.doesNotMatch(text, /&lt;\/?(Tabs|TabItem|TOCInline|Admonition)\b|&lt;!--/, `${file} shows JSX or an HTML comment`);
      }
    });

    it('gives every heading the id Docusaurus gives it', () => {
      // A heading written with an explicit {#id} keeps it; the rule applies to every other.
      const docsDir = path.join(site.root, 'docs');
      const custom = new Set(
        docFiles(docsDir).flatMap((d) => [...fs.readFileSync(path.join(docsDir, d.rel), 'utf8').matchAll(/\{#([^}\s]+)\}/g)].map((m) => m[1])),
      );
      let checked = 0;
      for (const file of htmlFiles(path.join(site.out, 'docs'))) {
        const slugger = new GithubSlugger();
        for (const h of headings(fs.readFileSync(file, 'utf8'))) {
          if (custom.has(h.id)) continue;
          assert.equal(h.id, slugger.slug(h.text), `${path.relative(site.out, file)}: "${h.text}"`);
          checked++;
        }
      }
      assert.ok(checked > 100, `only ${checked} heading ids checked`);
    });

    it('renders Tabs as tabs', () => {
      const withTabs = htmlFiles(path.join(site.out, 'docs')).filter((f) => fs.readFileSync(f, 'utf8').includes('role="tablist"'));
      assert.ok(withTabs.length >= 2, `${withTabs.length} doc pages have tabs`);
    });

    it('puts blog posts at their dated Docusaurus URLs', () => {
      const blogDir = path.join(site.website, 'blog');
      const posts = fs.readdirSync(blogDir).filter((f) => /^\d{4}-\d{2}-\d{2}-.+\.mdx?$/.test(f));
      assert.ok(posts.length > 5);
      for (const post of posts) {
        const fm = matter(fs.readFileSync(path.join(blogDir, post), 'utf8')).data;
        const [, y, m, d, slug] = /^(\d{4})-(\d{2})-(\d{2})-(.+)\.mdx?$/.exec(post);
        const url = fm.slug ? `/blog/${fm.slug.replace(/^\//, '')}` : `/blog/${y}/${m}/${d}/${slug}`;
        assert.ok(fs.existsSync(path.join(site.out, url, 'index.html')), `${post} is not at ${url}`);
        // A post with no title and no heading is named by its file name without the date.
        const text = fs.readFileSync(path.join(blogDir, post), 'utf8');
        if (!fm.title && !/^# /m.test(text))
          assert.match(fs.readFileSync(path.join(site.out, url, 'index.html'), 'utf8'), new RegExp(`<h1[^>]*>${slug}</h1>`), post);
      }
    });

    if (name === 'jest') {
      const read = (url) => fs.readFileSync(path.join(site.out, url, 'index.html'), 'utf8');

      it("keeps the old .html URLs of every page working (the client-redirects plugin's fromExtensions)", () => {
        for (const [file, to] of [
          ['docs/api.html', '/docs/api'],
          ['docs/29.7/api.html', '/docs/29.7/api'],
          ['blog.html', '/blog'],
          ['ja/docs/api.html', '/ja/docs/api'],
        ])
          assert.match(fs.readFileSync(path.join(site.out, file), 'utf8'), new RegExp(`<meta http-equiv="refresh" content="0; url=${to}">`), file);
        assert.ok(!fs.existsSync(path.join(site.out, '.html')) && !fs.existsSync(path.join(site.out, 'ja.html')), 'no redirect for a home page');
        for (const notFound of ['404.html', 'ja/404.html'])
          assert.doesNotMatch(fs.readFileSync(path.join(site.out, notFound), 'utf8'), /Redirecting/, notFound);
      });

      it('marks older and unreleased versions with a banner to the same page in the newest, which is their canonical URL', () => {
        assert.doesNotMatch(read('/docs/api'), /version-banner/);
        // Jest's versions show their badge (Docusaurus's default with several versions); Prettier's config turns it off.
        assert.match(read('/docs/29.7/api'), /class="badge version-badge">Version(<!-- -->)?: (<!-- -->)?29\.7</);
        // The version menu ends with the config's dropdownItemsAfter: archived versions and the page of all versions.
        assert.match(
          read('/docs/api'),
          /<li class="version-list-more"><a href="https:\/\/jest-archive-august-2023\.netlify\.app\/docs\/29\.6\/getting-started\/">29\.6/,
        );
        assert.match(read('/docs/api'), /<a href="\/versions">All versions<\/a>/);
        for (const [url, kind] of [
          ['/docs/29.7/api', 'unmaintained'],
          ['/docs/next/api', 'unreleased'],
        ]) {
          const html = read(url);
          assert.match(html, new RegExp(`version-banner-${kind}`), url);
          assert.match(html, /class="version-banner-link" href="\/docs\/api"/, url);
          assert.match(html, /<link rel="canonical" href="https:\/\/jestjs\.io\/docs\/api">/, url);
        }
        // A page only an old version has is its own canonical page, and the sitemap lists it alone of that version's.
        assert.match(read('/docs/29.7/tutorial-react'), /<link rel="canonical" href="https:\/\/jestjs\.io\/docs\/29\.7\/tutorial-react">/);
        const sitemap = fs.readFileSync(path.join(site.out, 'sitemap.xml'), 'utf8');
        assert.match(sitemap, /docs\/29\.7\/tutorial-react</);
        assert.doesNotMatch(sitemap, /docs\/29\.7\/api</);
        // llms.txt lists the newest version and links each other version's own.
        const llms = fs.readFileSync(path.join(site.out, 'llms.txt'), 'utf8');
        assert.match(llms, /\(https:\/\/jestjs\.io\/docs\/api\.md\)/);
        assert.doesNotMatch(llms, /docs\/(29\.7|30\.0|next)\/(?!llms\.txt)/);
        assert.match(llms, /\(https:\/\/jestjs\.io\/docs\/29\.7\/llms\.txt\)/);
        const old = fs.readFileSync(path.join(site.out, 'docs/29.7/llms.txt'), 'utf8');
        const links = [...old.matchAll(/\(https:\/\/jestjs\.io(\/docs\/[^)]+)\)/g)].map((m) => m[1]);
        assert.ok(links.length > 20 && links.every((l) => l.startsWith('/docs/29.7/')), links.join(' '));
      });

      it('in Chromium: the version menu keeps the page, the banner leads to the newest, search answers from the version read', async () => {
        const fx = await servedOutput(site.out);
        try {
          const problems = [];
          const open = async (route) => {
            const opened = await fx.open(route);
            problems.push(opened.problems);
            return opened.page;
          };
          let page = await open('/docs/29.7/api');
          await page.click('.version-button');
          await page.click('.version-list a:text-is("30.4")');
          await page.waitForFunction(() => location.pathname === '/docs/api');
          await page.click('.version-button');
          await page.click('.version-list a:text-is("Next")');
          await page.waitForFunction(() => location.pathname === '/docs/next/api');
          await page.click('.version-banner-link');
          await page.waitForFunction(() => location.pathname === '/docs/api');

          // A page the other version lacks leads to that version's first page.
          page = await open('/docs/29.7/tutorial-react');
          const target = await page.locator('.version-list a:text-is("30.4")').getAttribute('href');
          assert.notEqual(target, '/docs/tutorial-react');
          assert.ok(fs.existsSync(path.join(site.out, target, 'index.html')), target);

          const searchFrom = async (route, query) => {
            const p = await open(route);
            await p.click('.search-button');
            await p.fill('.search-input', query);
            await p.waitForSelector('.search-modal [role="option"]');
            return p.locator('.search-modal a[href*="/docs/"]').evaluateAll((as) => as.map((a) => new URL(a.href).pathname));
          };
          const fromOld = await searchFrom('/docs/29.7/api', 'mock functions');
          assert.ok(fromOld.length > 0, 'no doc hits');
          assert.ok(
            fromOld.every((h) => h.startsWith('/docs/29.7/')),
            fromOld.join(' '),
          );
          const fromNewest = await searchFrom('/docs/api', 'mock functions');
          assert.ok(fromNewest.length > 0 && fromNewest.every((h) => !/^\/docs\/(29\.7|30\.0|next)\//.test(h)), fromNewest.join(' '));
          // No hydration warning or failed request on any of these pages.
          assert.deepEqual(problems.flat(), []);
        } finally {
          await fx.close();
        }
      });
    }

    if (name === 'prettier')
      it('leaves the version badge out where the config says badge: false', () => {
        assert.doesNotMatch(fs.readFileSync(path.join(site.out, 'docs/api/index.html'), 'utf8'), /version-badge/);
        assert.doesNotMatch(fs.readFileSync(path.join(site.out, 'docs/next/api/index.html'), 'utf8'), /version-badge/);
      });

    it('warns only about broken links Docusaurus warns about and what it names as unsupported', () => {
      // Jest's config says onBrokenLinks: 'warn'; Prettier's throws on a broken link. A copy is no git repository.
      const named = 'not installed|not supported|not used|not applied|not shown|not added|left out|no last update dates|Broken anchor';
      const allowed = new RegExp(name === 'jest' ? `${named}|Broken link` : named);
      for (const line of warnings(site.log)) assert.match(line, allowed, line);
    });

    if (name === 'prettier')
      it('renders the same pages on a render worker as on the main thread (the home page, whose config is not sendable to a thread, included)', () => {
        // The build above renders on the main thread (MDX files do not count towards a worker).
        const r = spawnSync(process.execPath, [CLI, 'build', '--workers', '1', '--out', 'dist-worker'], { cwd: site.website, encoding: 'utf8' });
        assert.equal(r.status, 0, r.stderr);
        const pages = (dir) =>
          htmlFiles(dir)
            .map((f) => path.relative(dir, f))
            .sort();
        const onWorker = pages(path.join(site.website, 'dist-worker'));
        assert.ok(onWorker.includes('index.html'), 'the home page is rendered on the worker');
        assert.deepEqual(onWorker, pages(site.out));
      });
  });
}
