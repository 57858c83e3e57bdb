// The Markdown Docusaurus authors write, end to end on test/fixtures/authoring-md (a git repository
// made here, a config with a markdown-it plugin, an editUrl function and the last update shown):
// the exact warnings, what each front matter key does, the edit link and the dates from one git
// call, and in Chromium the Mermaid diagram drawn to SVG (again in dark mode), <details> opening
// and KaTeX's stylesheet loaded only where there is math.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FixtureSite, ROOT } from './helpers/site.mjs';
import { serveDir } from './helpers/server.mjs';
import { launch, openPage } from './helpers/browser.mjs';
import { axe, formatViolations } from './fixtures/chrome-lib/helpers.mjs';

const CONFIG = `import { defineConfig } from 'docsgen';
import container from ${JSON.stringify(path.join(ROOT, 'node_modules/markdown-it-container/index.mjs'))};

export default defineConfig({
  title: 'Authoring',
  url: 'https://authoring.example',
  locales: [
    { code: 'en', label: 'English' },
    { code: 'ko', label: '한국어' },
  ],
  docs: {
    editUrl: ({ locale, docPath }) => \`https://github.com/ianai/docs/edit/main/\${locale}/\${docPath}\`,
    showLastUpdateTime: true,
    showLastUpdateAuthor: true,
  },
  markdown: {
    plugins: [[container, 'spoiler', { render: (tokens, i) => (tokens[i].nesting === 1 ? '<div class="spoiler">\\n' : '</div>\\n') }]],
  },
});
`;

/** Commits the site's content as `who` at `date`. */
function commit(root, who, date) {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: who,
    GIT_AUTHOR_EMAIL: `${who}@example.com`,
    GIT_COMMITTER_NAME: who,
    GIT_COMMITTER_EMAIL: `${who}@example.com`,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
  for (const args of [
    ['add', 'content'],
    ['commit', '-q', '-m', `by ${who}`],
  ]) {
    const r = spawnSync('git', args, { cwd: root, env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
}

describe('Markdown authoring on a Docusaurus-style site', () => {
  let site;
  let result;
  let gitCalls;
  let tmp;
  before(() => {
    site = new FixtureSite('authoring-md');
    site.write('site.config.ts', CONFIG);
    spawnSync('git', ['init', '-q'], { cwd: site.root });
    commit(site.root, 'Ana', '2024-03-05T10:00:00Z');
    site.write('content/en/docs/plain.md', site.read('content/en/docs/plain.md') + '\nOne more line.\n');
    commit(site.root, 'Min', '2024-06-10T10:00:00Z');
    // A git on the PATH that logs each call, to count the build's.
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-git-'));
    gitCalls = path.join(tmp, 'calls.log');
    const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    fs.writeFileSync(path.join(tmp, 'git'), `#!/bin/sh\necho "$*" >> ${JSON.stringify(gitCalls)}\nexec ${JSON.stringify(realGit)} "$@"\n`, { mode: 0o755 });
    result = site.run(['build', '--workers', '0'], { PATH: `${tmp}${path.delimiter}${process.env.PATH}` });
    if (result.status !== 0) throw new Error(result.stderr + result.stdout);
  });
  after(() => {
    site.cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('reports what it does not understand, each warning once at its place', () => {
    const warnings = result.stderr.split('\n').filter((l) => /: warning: /.test(l));
    assert.deepEqual(warnings, [
      'content/en/docs/typo.md:3: warning: Unknown front matter key "sidebar_postion": did you mean "sidebar_position"?',
      'content/en/docs/typo.md:4: warning: Unknown front matter key "zzz_custom"',
      'content/en/docs/typo.md:5: warning: Front matter key "authors" is for blog posts and is ignored in docs',
      'docs: warning: docs/ holds 1 Markdown file that is not published: only content/ is read',
      'content/en/docs/typo.md:8: warning: Unknown container ":::cuation" is printed as text',
      "content/en/docs/typo.md:12: warning: Math that KaTeX cannot read is shown as its source: Unexpected end of input in a macro argument, expected '}' at end of input: \\frac{1",
    ]);
    assert.match(
      result.stderr,
      /docs: warning: docs\/ holds 1 Markdown file that is not published: only content\/ is read\n {2}hint: Move it to content\/en\/docs\//,
    );
  });

  it('renders the admonition aliases, details, footnotes, titled and numbered code and a config plugin', () => {
    const html = site.output('/docs/features');
    assert.match(html, /<p class="admonition-title">Caution<\/p>/);
    assert.match(html, /<div class="admonition admonition-important" role="note"><p class="admonition-title">Read this<\/p>/);
    assert.match(
      html,
      /<details class="details"><summary>How counting <strong>works<\/strong><\/summary><div class="details-body">\n<p>Each bin is counted twice.<\/p>/,
    );
    assert.match(html, /<div class="code-block line-numbers" data-lang="js"><div class="code-title">count.js<\/div>/);
    assert.match(html, /<li id="fn-2"><p>Until the period closes\./);
    assert.match(html, /<div class="spoiler">\n<p>Hidden by a plugin from the config.<\/p>\n<\/div>/);
    const ko = site.output('/ko/docs/features');
    assert.match(ko, /<p class="admonition-title">주의<\/p>[\s\S]*<p class="admonition-title">중요<\/p>/);
    assert.match(ko, /<h2 class="sr-only" id="footnote-label">각주<\/h2>/);
  });

  it('links KaTeX’s stylesheet and publishes its fonts and Mermaid only for pages that use them', () => {
    const katexLink = /<link rel="stylesheet" href="\/assets\/katex-[\d.]+\/katex\.min\.css">/;
    assert.match(site.output('/docs/features'), katexLink);
    assert.doesNotMatch(site.output('/ko/docs/features'), katexLink);
    const plain = site.output('/docs/basics');
    assert.doesNotMatch(plain, /katex|mermaid/i);
    assert.match(
      site.output('/docs/features'),
      /"contentAssets":\{"styles":\["\/assets\/katex-[\d.]+\/katex\.min\.css"\],"mermaid":"\/assets\/mermaid-[\d.]+\/mermaid\.esm\.min\.mjs"\}/,
    );
    const assets = fs.readdirSync(path.join(site.out, 'assets'));
    const katex = assets.find((a) => a.startsWith('katex-'));
    const mermaid = assets.find((a) => a.startsWith('mermaid-'));
    assert.ok(fs.existsSync(path.join(site.out, 'assets', katex, 'fonts/KaTeX_Main-Regular.woff2')));
    assert.ok(fs.existsSync(path.join(site.out, 'assets', mermaid, 'mermaid.esm.min.mjs')));
    assert.ok(fs.readdirSync(path.join(site.out, 'assets', mermaid, 'chunks/mermaid.esm.min')).some((f) => /^flowDiagram-.*\.mjs$/.test(f)));
  });

  it('honours id, hide_title, sidebar_class_name, pagination_* and keywords', () => {
    const html = site.output('/docs/basics');
    assert.match(html, /<h1 class="sr-only">Plain page<\/h1>/);
    assert.match(html, /<li class="sidebar-basics"><a class="active" href="\/docs\/basics" aria-current="page">/);
    // pagination_prev: null drops the previous link; pagination_next names a doc by id.
    assert.match(html, /<nav class="pagination-nav" aria-label="Docs pages"><span><\/span><a class="pagination-link next" href="\/docs\/features" rel="next">/);
    assert.match(site.output('/docs/features'), /<meta name="keywords" content="markdown, docusaurus">/);
  });

  it('keeps unlisted pages out of the sidebar, sitemap, search, lists and feeds, and drafts out of the build', () => {
    const hidden = site.output('/docs/hidden');
    assert.match(hidden, /<meta name="robots" content="noindex">/);
    assert.match(hidden, /<div class="admonition admonition-caution unlisted-notice" role="note"><p class="admonition-title">Unlisted page<\/p>/);
    assert.doesNotMatch(site.output('/docs/features'), /href="\/docs\/hidden"/);
    const sitemap = site.read('dist/sitemap.xml');
    assert.match(sitemap, /\/docs\/features/);
    assert.doesNotMatch(sitemap, /hidden|secret/);
    assert.doesNotMatch(site.read('dist/_docsgen/search/records.en.json'), /Only readers with the link/);
    assert.match(site.output('/blog/secret'), /<meta name="robots" content="noindex">/);
    for (const file of ['dist/blog/index.html', 'dist/blog/rss.xml', 'dist/blog/archive/index.html']) assert.doesNotMatch(site.read(file), /Secret post/, file);
    assert.ok(!site.exists('docs/draft/index.html'));
    // Docusaurus's single-author keys.
    assert.match(site.output('/blog/news'), /Ana Kim/);
  });

  it('keeps footnote ids unique on a page that lists several posts', () => {
    const ids = [...site.output('/blog').matchAll(/ id="([^"]*f(?:n|ootnote)[^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(ids.sort(), ['fn-news-1', 'fn-update-1', 'fnref-news-1', 'fnref-update-1', 'news-footnote-label', 'update-footnote-label']);
    assert.match(site.output('/blog/news'), /<li id="fn-1"><p>Twice as fast since 2\.0\./);
  });

  it('links "Edit this page" and shows the last commit’s date and author, read with one git call', () => {
    const calls = fs.readFileSync(gitCalls, 'utf8').trim().split('\n');
    assert.equal(calls.length, 1, calls.join('\n'));
    assert.match(calls[0], /^-c core.quotePath=false log /);
    const meta = (route) => /<div class="doc-meta">([\s\S]*?)<\/div>/.exec(site.output(route))?.[1].replace(/<!-- -->/g, '');
    assert.match(meta('/docs/features'), /href="https:\/\/github.com\/ianai\/docs\/edit\/main\/en\/features.md"[^>]*>.*Edit this page<\/a>/);
    assert.match(meta('/docs/features'), /Last updated on <time dateTime="2024-03-05T10:00:00.000Z">March 5, 2024<\/time> by Ana</);
    // The front matter's author wins over git's; the date is the later commit's.
    assert.match(meta('/docs/basics'), /Last updated on <time dateTime="2024-06-10T10:00:00.000Z">June 10, 2024<\/time> by Docs team</);
    assert.match(
      meta('/ko/docs/features'),
      /이 페이지 편집<\/a><p class="doc-last-update">최종 수정: <time dateTime="2024-03-05T10:00:00.000Z">2024년 3월 5일<\/time> \(Ana\)<\/p>/,
    );
  });

  describe('in Chromium', () => {
    let server;
    let browser;
    before(async () => {
      server = await serveDir(site.out);
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('draws the Mermaid diagram to SVG, and again in dark mode, with no axe violation in either theme; the page without one loads neither Mermaid nor KaTeX', async () => {
      const { page, context, problems } = await openPage(browser);
      const requests = [];
      page.on('request', (req) => requests.push(new URL(req.url()).pathname));
      await page.goto(server.url + '/docs/basics');
      await page.waitForSelector('html[data-hydrated]');
      assert.deepEqual(
        requests.filter((r) => /mermaid|katex|diagrams/.test(r)),
        [],
      );
      // Client-side navigation to the page with the diagram and the math.
      await page.click('.sidebar a[href="/docs/features"]');
      await page.waitForSelector('.mermaid-diagram[data-drawn="default"] .mermaid-svg svg');
      assert.equal(await page.isVisible('.mermaid-source'), false);
      assert.match(await page.textContent('.mermaid-svg svg'), /Count[\s\S]*Post/);
      // KaTeX's stylesheet came with the page: the MathML copy is hidden, the HTML shown.
      assert.equal(await page.$eval('.katex-mathml', (el) => getComputedStyle(el).position), 'absolute');
      await page.click('.details > summary');
      assert.equal(formatViolations(await axe(page)), '', 'axe, light theme');
      await page.click('button.theme-toggle');
      await page.waitForSelector('.mermaid-diagram[data-drawn="dark"] .mermaid-svg svg');
      assert.equal(formatViolations(await axe(page)), '', 'axe, dark theme');
      assert.ok(requests.some((r) => /\/assets\/mermaid-[\d.]+\/mermaid\.esm\.min\.mjs$/.test(r)));
      assert.deepEqual(problems, []);
      await context.close();
    });

    it('shows the diagram’s source without JavaScript, and opens <details> on a click', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(server.url + '/docs/features');
      assert.match(await page.textContent('.mermaid-source'), /graph LR\s+Count --> Post/);
      assert.equal(await page.isVisible('.details-body'), false);
      await page.click('.details > summary');
      assert.equal(await page.isVisible('.details-body pre'), true);
      await context.close();
    });
  });
});
