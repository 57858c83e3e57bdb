// Real Docusaurus 3 sites (shared/fixtures/docusaurus: Jest and Prettier, copied from their
// repositories as they are) built by `docsgen build` in their website/ folder, with no edit:
// every doc at its Docusaurus URL, heading ids as Docusaurus's (github-slugger), no MDX source
// shown as text, partials never pages, tabs as tabs, blog posts at their dated URLs, and
// warnings only for what Docusaurus warns about or what docsgen names as unsupported.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import GithubSlugger from 'github-slugger';
import matter from 'gray-matter';
import { CLI, ROOT } from './helpers/site.mjs';
import { servedOutput } from './helpers/browser.mjs';

const FIXTURES = path.join(ROOT, '../shared/fixtures/docusaurus');

/** Copies a fixture repository into a temporary folder and builds its website/ folder, after `edit` (of the copy) if given, with `env` added to the CLI's environment. */
function buildFixture(name, from = FIXTURES, edit = undefined, env = {}) {
  const src = path.join(from, name);
  assert.ok(fs.existsSync(src), `the Docusaurus fixture ${src} is missing (shared/ beside the checkout)`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-docusaurus-${name}-`));
  fs.cpSync(src, root, { recursive: true });
  fs.chmodSync(root, 0o755);
  for (const dir of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
    if (dir.isDirectory()) fs.chmodSync(path.join(dir.parentPath ?? dir.path, dir.name), 0o755);
  const website = path.join(root, 'website');
  edit?.(website);
  const r = spawnSync(process.execPath, [CLI, 'build'], { cwd: website, encoding: 'utf8', env: { ...process.env, ...env } });
  return { root, website, out: path.join(website, 'dist'), status: r.status, log: `${r.stdout}\n${r.stderr}` };
}

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

function warnings(log) {
  return log.split('\n').filter((l) => /: warning: /.test(l));
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

describe('a Docusaurus site in the common layout (docs beside website/, i18n/, sidebars.js)', () => {
  let site;
  let tmp;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-tmpdir-'));
    site = buildFixture('docusaurus-classic', path.join(ROOT, 'test/fixtures'), undefined, { TMPDIR: tmp });
  });

  it('leaves nothing in the temporary folder, though the config imports a package that is not installed', () => {
    assert.equal(site.status, 0, site.log);
    assert.deepEqual(fs.readdirSync(tmp), []);
  });

  it('builds, and names once each thing it leaves out', () => {
    assert.equal(site.status, 0, site.log);
    const said = warnings(site.log);
    for (const thing of [
      '"remark-toc-not-installed" is not installed',
      '"@docusaurus/plugin-ideal-image" is not supported',
      '"theme" is not applied',
      'written as HTML',
    ]) {
      assert.equal(said.filter((l) => l.includes(thing)).length, 1, `${thing}: ${said.join('\n')}`);
    }
    assert.ok(!said.some((l) => /prism-react-renderer|not published/.test(l)), said.join('\n'));
  });

  it('gives docs, the blog and pages their Docusaurus URLs, and the translation to its locale', () => {
    for (const url of [
      '/docs',
      '/docs/guides/counting',
      '/docs/guides/moving',
      '/docs/reference/api-keys',
      '/docs/category/guides',
      // A generated index is named by its label as github-slugger makes it ("Advanced - Counting"),
      // once though two sidebars show its folder; an author's page by authors.yml's page.permalink.
      '/docs/category/advanced---counting',
      '/ko/docs/category/advanced---counting',
      '/docs/guides/advanced/cycle-counts',
      '/blog/authors/all-posts-by-mina',
      '/blog/2026/03/02/barcode-labels',
      '/about',
      '/ko/docs/guides/counting',
    ])
      assert.ok(fs.existsSync(path.join(site.out, url, 'index.html')), url);
    assert.match(fs.readFileSync(path.join(site.out, 'ko/docs/guides/counting/index.html'), 'utf8'), /<h1[^>]*>재고 세기/);
    // A page not translated shows the default locale's text.
    assert.match(fs.readFileSync(path.join(site.out, 'ko/docs/reference/api-keys/index.html'), 'utf8'), /<h1[^>]*>API keys/);
    assert.ok(!fs.existsSync(path.join(site.out, 'docs/_shared')), 'a partial was published');
  });

  it('renders React pages with the Docusaurus modules they import, and swizzled theme components', () => {
    const team = fs.readFileSync(path.join(site.out, 'team/index.html'), 'utf8');
    assert.match(team, /Support hours: (<!-- -->)?09:00-18:00 KST/, 'customFields reach useDocusaurusContext');
    assert.match(team, /Site: (<!-- -->)?Stockroom/, "a page gets the site's settings as its config prop");
    assert.match(team, /<div id="main" class="react-page" tabindex="-1">/, "the skip link's target");
    assert.match(team, /<button type="button" class="[^"]*counter[^"]*"/, 'a CSS module gives its class names');
    // The class the server's HTML carries is the one the stylesheet styles (minified names would differ).
    const counterClass = /<button type="button" class="([^" ]*counter[^" ]*)/.exec(team)[1];
    const styles = fs
      .readdirSync(path.join(site.out, 'assets'))
      .filter((f) => f.endsWith('.css'))
      .map((f) => fs.readFileSync(path.join(site.out, 'assets', f), 'utf8'))
      .join('\n');
    assert.ok(styles.includes(`.${counterClass}{`), `.${counterClass} is styled`);
    // An imported .svg is a component (Docusaurus's SVGR), here an image of the file published with the page.
    const logo = /<img src="(\/assets\/favicon-[^"]+\.svg)" alt="Stockroom" class="team-logo" role="img"\/>/.exec(team);
    assert.ok(logo, 'the imported svg is drawn');
    // Without a title it is decorative: alt="" and no role, which HTML forbids on such an image.
    assert.match(team, /<img src="\/assets\/favicon-[^"]+\.svg" alt="" class="team-logo-small"\/>/);
    assert.ok(fs.existsSync(path.join(site.out, logo[1])), `${logo[1]} is published`);
    assert.ok(!fs.existsSync(path.join(site.out, 'sponsors')), 'a page whose import is missing is left out');
    assert.match(
      fs.readFileSync(path.join(site.out, 'docs/guides/moving/index.html'), 'utf8'),
      /class="stockroom-admonition"/,
      'src/theme/Admonition replaces @theme/Admonition',
    );
  });

  it("names a React page's document by its Layout's title and description or its <Head>'s, with the config's titleDelimiter, and an MDX page's by its first paragraph", () => {
    const team = fs.readFileSync(path.join(site.out, 'team/index.html'), 'utf8');
    assert.match(team, /<title>Team · Stockroom<\/title>/);
    assert.match(team, /<meta name="description" content="Who runs the stockroom, and when to reach them.">/);
    assert.match(team, /<meta property="og:title" content="Team">/);
    assert.match(fs.readFileSync(path.join(site.out, 'docs/guides/counting/index.html'), 'utf8'), /<title>[^<]+ · Stockroom<\/title>/);
    // <Head>'s <title> is the whole document title and its description the page's; a <link> is named as left out.
    const contact = fs.readFileSync(path.join(site.out, 'contact/index.html'), 'utf8');
    assert.match(contact, /<title>Contact the Stockroom team<\/title>/);
    assert.match(contact, /<meta name="description" content="Phone, mail and opening hours of the Stockroom support desk.">/);
    assert.match(site.log, /<Head> from @docusaurus\/Head: <link> left out/);
    const moving = fs.readFileSync(path.join(site.out, 'docs/guides/moving/index.html'), 'utf8');
    // Its front matter's title names the document; its own "# " heading is the one title shown.
    assert.match(moving, /<title>Moving stock between bins · Stockroom<\/title>/);
    assert.deepEqual(
      [...moving.matchAll(/<h1[^>]*>([^<]*)/g)].map((m) => m[1]),
      ['Moving stock'],
    );
    assert.match(moving, /<meta name="description" content="Drag the item to its new bin.">/);
  });

  it('publishes the files pages and their stylesheets import, a path from the root found in static/, as Docusaurus does', () => {
    const team = fs.readFileSync(path.join(site.out, 'team/index.html'), 'utf8');
    const photo = /<img src="(\/assets\/team-photo-[^"]+\.gif)" alt="The stockroom team"\/>/.exec(team);
    assert.ok(photo, 'an imported .gif is published under a hashed name');
    assert.ok(fs.existsSync(path.join(site.out, photo[1])), `${photo[1]} is published`);
    // Counter.module.css: url(/img/shelf.png) is static/img/shelf.png.
    const css = fs
      .readdirSync(path.join(site.out, 'assets'))
      .filter((f) => f.endsWith('.css'))
      .map((f) => fs.readFileSync(path.join(site.out, 'assets', f), 'utf8'))
      .join('\n');
    const shelf = /url\("?(\/assets\/shelf-[^")]+\.png)"?\)/.exec(css);
    assert.ok(shelf, 'the stylesheet points at the published image');
    assert.deepEqual(fs.readFileSync(path.join(site.out, shelf[1])), fs.readFileSync(path.join(site.website, 'static/img/shelf.png')));
  });

  it('resolves links without an extension, navbar doc items and the sidebars file', () => {
    const counting = fs.readFileSync(path.join(site.out, 'docs/guides/counting/index.html'), 'utf8');
    assert.match(counting, /href="\/docs\/guides\/moving"[^>]*>moving stock/);
    assert.match(counting, /<a href="\/docs"[^>]*>Guide<\/a>/);
    assert.match(counting, /<a href="\/docs\/reference\/api-keys"[^>]*>Reference<\/a>/);
    // A docSidebar item opens its sidebar's first doc, here the first of an autogenerated folder.
    assert.match(counting, /<a href="\/docs\/guides\/counting"[^>]*>All guides<\/a>/);
    assert.match(counting, /href="\/docs\/category\/guides"/);
    // Two headings of the same text get github-slugger's -1.
    assert.match(counting, /id="count-a-bin"/);
    assert.match(counting, /id="count-a-bin-1"/);
  });

  it('rebuilds in watch mode when a doc outside the site folder changes', async () => {
    const { spawn } = await import('node:child_process');
    const port = 3400 + Math.floor(Math.random() * 500);
    const server = spawn(process.execPath, [CLI, 'serve', '--port', String(port)], { cwd: site.website, stdio: 'pipe' });
    try {
      const page = () => fetch(`http://127.0.0.1:${port}/docs/reference/api-keys/`).then((r) => r.text());
      let html = '';
      for (let i = 0; i < 100 && !html.includes('API keys'); i++) html = await page().catch(() => new Promise((r) => setTimeout(() => r(''), 100)));
      assert.match(html, /<h1[^>]*>API keys/);
      const file = path.join(site.root, 'docs/02-reference/api-keys.md');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('# API keys', '# Access keys'));
      // Polled for up to 30 s: the rebuild waits for a quiet period, and CI machines are slow.
      for (let i = 0; i < 300 && !/<h1[^>]*>Access keys/.test(html); i++) {
        await new Promise((r) => setTimeout(r, 100));
        html = await page();
      }
      assert.match(html, /<h1[^>]*>Access keys/);
    } finally {
      server.kill();
    }
  });
});

describe('a Docusaurus site in docs-only mode (routeBasePath "/", blog: false)', () => {
  it('publishes the docs at the site root and no blog', () => {
    const site = buildFixture('docusaurus-classic', path.join(ROOT, 'test/fixtures'), (website) => {
      const file = path.join(website, 'docusaurus.config.ts');
      const config = fs
        .readFileSync(file, 'utf8')
        .replace("path: '../docs',", "path: '../docs', routeBasePath: '/',")
        .replace(/blog: \{[^}]*\},/, 'blog: false,')
        .replace("{ to: '/blog', label: 'News' },", '')
        .replace("to: '/docs/guides/counting'", "to: '/guides/counting'");
      fs.writeFileSync(file, config);
    });
    assert.equal(site.status, 0, site.log);
    for (const url of ['/guides/counting', '/reference/api-keys', '/category/guides', '/ko/guides/counting'])
      assert.ok(fs.existsSync(path.join(site.out, url, 'index.html')), url);
    // The doc with slug "/" is the home page.
    assert.match(fs.readFileSync(path.join(site.out, 'index.html'), 'utf8'), /<h1[^>]*>Welcome to Stockroom/);
    assert.ok(!fs.existsSync(path.join(site.out, 'blog')), 'a blog was published');
  });
});

describe('the same site with its packages installed', () => {
  let site;
  before(() => {
    site = buildFixture('docusaurus-classic', path.join(ROOT, 'test/fixtures'), (website) => {
      const write = (rel, text) => {
        fs.mkdirSync(path.dirname(path.join(website, rel)), { recursive: true });
        fs.writeFileSync(path.join(website, rel), text);
      };
      // Docusaurus's npm2yarn transforms asynchronously; docsgen converts npm commands itself.
      write('node_modules/@docusaurus/remark-plugin-npm2yarn/package.json', '{ "name": "@docusaurus/remark-plugin-npm2yarn", "main": "index.js" }\n');
      write(
        'node_modules/@docusaurus/remark-plugin-npm2yarn/index.js',
        "module.exports = () => async (tree) => { tree.children.unshift({ type: 'paragraph', children: [{ type: 'text', value: 'The site copy of npm2yarn ran' }] }); };\n",
      );
      // A remark plugin that runs asynchronously, as Docusaurus lets plugins do: it ends every file
      // (pages and the partial intro.md imports) with a sentence.
      write('node_modules/remark-checked/package.json', '{ "name": "remark-checked", "main": "index.js" }\n');
      write(
        'node_modules/remark-checked/index.js',
        "module.exports = () => async (tree) => { await new Promise((r) => setTimeout(r, 1)); tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Checked asynchronously.' }] }); };\n",
      );
      const config = path.join(website, 'docusaurus.config.ts');
      fs.writeFileSync(
        config,
        fs
          .readFileSync(config, 'utf8')
          .replace(
            "import npm2yarn from '@docusaurus/remark-plugin-npm2yarn';",
            "import npm2yarn from '@docusaurus/remark-plugin-npm2yarn';\nimport checked from 'remark-checked';",
          )
          .replace('remarkPlugins: [remarkToc, [npm2yarn, { sync: true }]]', 'remarkPlugins: [remarkToc, [npm2yarn, { sync: true }], checked]'),
      );
      // A package of the site's that a doc beside website/ imports.
      write('node_modules/stock-badge/package.json', '{ "name": "stock-badge", "main": "index.js" }\n');
      write(
        'node_modules/stock-badge/index.js',
        "const React = require('react');\nexports.StockBadge = ({ count }) => React.createElement('span', { className: 'stock-badge' }, `${count} in stock`);\n",
      );
      const doc = path.join(website, '../docs/guides/01-counting.md');
      fs.writeFileSync(
        doc,
        fs
          .readFileSync(doc, 'utf8')
          .replace(
            '# Counting stock\n',
            "# Counting stock\n\nimport { StockBadge } from 'stock-badge';\n\n<StockBadge count={3} />\n\n```bash npm2yarn\nnpm install stockroom-cli\n```\n",
          ),
      );
    });
  });

  it('builds: the packages a doc outside the site folder imports are found in its node_modules, and npm2yarn runs once', () => {
    assert.equal(site.status, 0, site.log);
    const counting = fs.readFileSync(path.join(site.out, 'docs/guides/counting/index.html'), 'utf8');
    assert.match(counting, /<span class="stock-badge">3 in stock<\/span>/);
    assert.doesNotMatch(counting, /The site copy of npm2yarn ran/);
    assert.equal(counting.match(/yarn add stockroom-cli/g)?.length, 1, 'one yarn tab');
  });

  it("runs the config's asynchronous remark plugins on every MDX file, partials included", () => {
    const intro = fs.readFileSync(path.join(site.out, 'docs/index.html'), 'utf8');
    // The page's own sentence and its partial's.
    assert.equal(intro.match(/<p>Checked asynchronously\.<\/p>/g)?.length, 2, intro);
    assert.match(fs.readFileSync(path.join(site.out, 'docs/guides/moving/index.html'), 'utf8'), /<p>Checked asynchronously\.<\/p>/);
  });
});
