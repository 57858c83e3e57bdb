// A small Docusaurus 3 site in the layout most projects use (test/fixtures/docusaurus-classic:
// docs beside website/, i18n/, a blog, React pages, CSS modules, a swizzled component), built by
// `docsgen build` as it is, in docs-only mode, and with packages installed in its node_modules:
// Docusaurus's URLs, titles and descriptions, what pages and stylesheets import, watch mode, and
// nothing left in the temporary folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { CLI, ROOT } from './helpers/site.mjs';
import { buildFixture, warnings } from './helpers/docusaurusFixture.mjs';

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

  it("links an author's socials as Docusaurus does: a platform's handle to its profile, a URL as it is", () => {
    const links = (html) => [...html.matchAll(/<a href="([^"]+)" rel="noopener noreferrer">([^<]+)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`);
    const expected = [
      'GitHub https://github.com/minapark',
      'LinkedIn https://www.linkedin.com/in/mina-park/',
      // A numeric id, which YAML reads as a number.
      'Stack Overflow https://stackoverflow.com/users/82609',
      'newsletter https://news.example/stockroom',
      'Email mailto:mina@stockroom.example',
    ];
    // On the post, the author's page (its header and its posts) and the list of authors.
    for (const page of ['blog/2026/03/02/barcode-labels', 'blog/authors/all-posts-by-mina', 'blog/authors'])
      assert.deepEqual([...new Set(links(fs.readFileSync(path.join(site.out, page, 'index.html'), 'utf8')))], expected, page);
    // A handle with a slash is no handle, and a platform is no property of JavaScript's objects: named, and left out.
    for (const platform of ['mastodon', 'constructor'])
      assert.ok(
        warnings(site.log).some((l) => l.includes(`socials.${platform}`)),
        site.log,
      );
  });

  it("links each blog post to its file from the blog's editUrl, as Docusaurus does", () => {
    const post = fs.readFileSync(path.join(site.out, 'blog/2026/03/02/barcode-labels/index.html'), 'utf8');
    assert.match(post, /<a class="doc-edit-link" href="https:\/\/git\.example\/stockroom\/tree\/main\/website\/blog\/2026-03-02-barcode-labels\.md"/);
    // Not on the list of posts.
    assert.doesNotMatch(fs.readFileSync(path.join(site.out, 'blog/index.html'), 'utf8'), /doc-edit-link/);
  });

  it("describes a doc without a front matter description on its category's cards by its first line of text, as Docusaurus does", () => {
    const cards = fs.readFileSync(path.join(site.out, 'docs/category/guides/index.html'), 'utf8');
    assert.match(cards, /<h2 class="card-title">Counting stock<\/h2><p class="card-text">Count a bin, then compare with moving stock\.<\/p>/);
    // An MDX doc's imports and its components' tags are passed over.
    assert.match(cards, /<h2 class="card-title">Moving stock between bins<\/h2><p class="card-text">Drag the item to its new bin\.<\/p>/);
    const ko = fs.readFileSync(path.join(site.out, 'ko/docs/category/advanced---counting/index.html'), 'utf8');
    assert.match(ko, /<h2 class="card-title">Cycle counts<\/h2><p class="card-text">Count a few bins every day instead of the whole shop once a year\.<\/p>/);
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
    assert.match(team, /<div id="main" tabindex="-1">/, "@theme/Layout gives the skip link's target");
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
