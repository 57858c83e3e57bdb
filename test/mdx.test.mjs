// MDX pages, on a site converted from a Docusaurus docs folder (test/fixtures/docusaurus-site):
// built without a warning; server-rendered like Markdown pages (headings, table of contents,
// links, search text, code, admonitions, <details>); the config's remark and rehype plugins; the
// theme's Docusaurus components; JavaScript only for pages whose components run in the browser;
// MDX errors at their file, line and column with a hint. In Chromium: tabs hydrated, synced by
// groupId on the page and across pages, selected by the query string, driven by the keyboard; a
// local component that counts clicks; <details> opening; and `docsgen serve` showing a broken
// MDX file in its overlay and recovering.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';
import { openPage, servedFixture } from './helpers/browser.mjs';
import { startServer } from '../lib/index.js';
import { loadConfig, loadMdxCompiler } from '../lib/internals.js';

/** The embedded page data of a built page. */
const pageData = (html) => JSON.parse(/<script type="application\/json" id="[^"]+">(.*?)<\/script>/s.exec(html)[1]).page;
const preloads = (html) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
/** The rendered body of a page. */
const body = (html) => /data-docsgen-content="true">(.*?)<\/article>/s.exec(html)?.[1] ?? '';

describe('MDX pages', () => {
  let site;
  let build;
  before(() => {
    site = new FixtureSite('docusaurus-site');
    build = site.buildOk();
  });
  after(() => site?.cleanup());

  it('builds the converted Docusaurus folder without a warning', () => {
    assert.doesNotMatch(build.stderr, /warning|error/i, build.stderr);
    for (const route of ['/docs/installation', '/docs/configuration', '/docs/guides', '/docs/guides/receiving', '/ko/docs/installation', '/blog/mdx-posts'])
      assert.ok(site.exists(`${route.slice(1)}/index.html`), route);
  });

  it('renders headings with ids, permalinks and a table of contents; code, admonitions and details as Markdown pages have them', () => {
    const html = site.output('/docs/installation');
    const page = pageData(html);
    assert.deepEqual(
      page.toc.map((t) => `${t.level}:${t.id}:${t.text}`),
      ['2:install-the-agent:Install the agent', '2:check:Check the agent'],
    );
    const content = body(html);
    assert.match(
      content,
      /<h2 id="check" tabindex="-1"[^>]*>Check the agent(<!-- -->)? <a href="#check" class="hash-link" aria-label="Direct link to: Check the agent">#<\/a><\/h2>/,
    );
    assert.match(content, /<div class="code-title">Terminal<\/div><pre tabindex="0" role="region" aria-label="Terminal"><code class="language-bash">/);
    assert.match(content, /<span class="hljs-built_in">sudo<\/span> apt install widget-agent/, 'fences are highlighted at build time');
    assert.match(content, /# Both lines print the agent&#x27;s state \{#not-an-id\}/, 'a heading id inside a fence stays code');
    assert.doesNotMatch(content, /import Tabs|\{\/\*|The agent runs on every warehouse computer/, 'imports and {/* comments */} are not text');
    assert.match(content, /<button[^>]*data-counter[^>]*>Scans<!-- -->: <!-- -->0<\/button>/, 'the local component is server-rendered');

    const config = body(site.output('/docs/configuration'));
    assert.match(config, /The agent listens on port <!-- -->7070<!-- -->\./, 'an exported constant is used in the text');
    assert.match(
      config,
      /<div class="admonition admonition-caution" role="note"><p class="admonition-title">Firewalls<\/p><div class="admonition-body"><p>Open port/,
    );
    assert.match(config, /<details class="details"><summary>Why this port\?<\/summary><div class="details-body"><p>It is free/);
    assert.match(
      config,
      /<sup class="footnote-ref"><a href="#fn-reload" id="fnref-reload" aria-describedby="footnote-label">1<\/a><\/sup>/,
      'footnotes as on Markdown pages',
    );
    assert.match(config, /<section class="footnotes" aria-labelledby="footnote-label"><h2 class="sr-only section-title" id="footnote-label">Footnotes<\/h2>/);
    assert.match(config, /<div class="mermaid-diagram" data-mermaid="true"><pre class="mermaid-source">flowchart LR/);
    assert.match(pageData(site.output('/docs/configuration')).contentAssets.mermaid, /\/mermaid\.esm\.min\.mjs$/, 'the page loads Mermaid');
  });

  it("resolves links per locale and runs the config's remark and rehype plugins", () => {
    const en = site.output('/docs/installation');
    assert.match(body(en), /<a href="\/docs\/configuration#ports">configuration<\/a>/);
    assert.deepEqual(pageData(en).mdx.hrefs, { './configuration.mdx#ports': '/docs/configuration#ports' });
    assert.match(
      body(site.output('/ko/docs/installation')),
      /<a href="\/ko\/docs\/configuration#ports">설정<\/a>/,
      'ko links to the ko page (a fallback of the English file)',
    );
    assert.match(body(site.output('/docs/intro')), /<a href="\/docs\/installation">installation<\/a>/, 'a .md page links to an .mdx page');
    assert.match(body(en), /<a href="https:\/\/github.com\/widget-team" target="_blank" rel="noopener noreferrer">@widget-team<\/a>/, 'remark plugin');
    assert.match(body(en), /<h2 id="install-the-agent" tabindex="-1" class="section-title">/, 'rehype plugin');
  });

  it("renders the theme's components: Admonition, CodeBlock (highlighted at build time), Details, DocCardList", () => {
    const receiving = body(site.output('/docs/guides/receiving'));
    assert.match(receiving, /<div class="admonition admonition-tip" role="note"><p class="admonition-title">Tip<\/p>/);
    assert.match(receiving, /<div class="code-title">receipt.json<\/div>.*<span class="hljs-attr">&quot;pallet&quot;<\/span>/s);
    assert.match(receiving, /<details class="details"><summary>What if a label is missing\?<\/summary><div class="details-body">/);
    assert.match(
      body(site.output('/docs/guides')),
      /<ul class="card-grid"><li class="card"><a href="\/docs\/guides\/receiving"><h2 class="card-title">Receiving stock<\/h2>/,
    );
    // Each doc's card has its description, as on Docusaurus: here its first line of text, its imports passed over
    // (the list is imported under a name of the page's own).
    assert.match(body(site.output('/docs/guides')), /Receiving stock<\/h2><p class="card-text">Scan each pallet as it arrives\.<\/p>/);
    const post = body(site.output('/blog/mdx-posts'));
    assert.match(post, /<div class="admonition admonition-info" role="note"><p class="admonition-title">New<\/p>/);
    assert.match(site.output('/blog'), /Blog posts can be MDX too: this one has an admonition\./, "the list shows the post's excerpt");
    assert.match(
      site.output('blog/rss.xml'),
      /<content:encoded><!\[CDATA\[<p>Blog posts can be MDX too[^]*<p class="admonition-title">New<\/p>/,
      "the feed holds the post's body",
    );
    const copy = site.output('docs/installation.md');
    assert.match(copy, /^# Installation\n\n> Install the Widget agent/);
    assert.doesNotMatch(copy, /^import |\{\/\*/m, 'the Markdown copy leaves out imports and comments');
  });

  it('feeds the search index with the text of MDX pages', () => {
    const records = JSON.parse(fs.readFileSync(path.join(site.out, '_docsgen/search/records.en.json'), 'utf8'));
    const of = (url) => records.filter((r) => r.url_without_anchor === url);
    assert.ok(of('/docs/guides/receiving').some((r) => r.content === 'Scan the pallet label, not the box labels.'));
    assert.ok(
      of('/docs/installation').some((r) => r.content === 'Open Task Manager and look for widget-agent.exe.'),
      'text inside a TabItem',
    );
    assert.ok(of('/docs/installation').some((r) => r.anchor === 'install-the-agent' && r.hierarchy.lvl2 === 'Install the agent'));
  });

  it('ships JavaScript only for pages whose components run in the browser', () => {
    const staticPage = site.output('/docs/guides/receiving');
    const markdownPage = site.output('/docs/intro');
    assert.equal(pageData(staticPage).pageModule, undefined, 'a page without interactive components loads no module');
    assert.deepEqual(preloads(staticPage), preloads(markdownPage), 'it preloads what a Markdown page does');
    const tabs = site.output('/docs/installation');
    assert.equal(pageData(tabs).pageModule, 'mdx:en/docs/installation.mdx');
    assert.equal(pageData(tabs).mdx.hydrate, true);
    const extra = preloads(tabs).filter((p) => !preloads(markdownPage).includes(p));
    assert.ok(
      extra.some((p) => /\/installation-\w+\.js$/.test(p)),
      `the page's chunk is preloaded: ${extra}`,
    );
    const assets = fs.readdirSync(path.join(site.out, 'assets')).filter((f) => f.endsWith('.js'));
    assert.ok(
      !assets.some((f) => fs.readFileSync(path.join(site.out, 'assets', f), 'utf8').includes('Scan the pallet label')),
      "a static page's text is in no script",
    );
  });

  it('reports MDX errors at their file, line and column, with a hint, and warnings at their line', () => {
    const files = {
      'content/en/docs/broken.mdx': '---\ntitle: Broken\n---\n\nThe total is {price *}.\n',
      'content/en/docs/theme.mdx': "import Tab from '@theme/Tab';\n\n# Theme\n\n<Tab />\n",
      'content/en/docs/undeclared.mdx': 'import Tabs from \'@theme/Tabs\';\n\n# Undeclared\n\n<Tabs>\n  <TabItem value="a">A</TabItem>\n</Tabs>\n',
      'content/en/docs/missing.mdx': "import Missing from './Missing.tsx';\n\n# Missing\n\n<Missing />\n",
    };
    try {
      for (const [rel, text] of Object.entries(files)) site.write(rel, text);
      const r = site.build();
      assert.equal(r.status, 1);
      const lines = r.stderr.split('\n');
      const expect = (line, hint) => {
        const at = lines.indexOf(line);
        assert.ok(at >= 0, `${line}\n--- in ---\n${r.stderr}`);
        assert.equal(lines[at + 1], `  hint: ${hint}`);
      };
      expect(
        'content/en/docs/broken.mdx:5:22: error: MDX: Could not parse expression with acorn',
        'Braces start a JavaScript expression in MDX. Write \\{ for a literal brace, or put the text in `code`.',
      );
      expect('content/en/docs/theme.mdx:1: error: MDX: The theme has no component "@theme/Tab"', 'Did you mean "@theme/Tabs"?');
      expect(
        'content/en/docs/undeclared.mdx:6:3: error: MDX: <TabItem> is not defined: the page neither imports nor exports it',
        "Add at the top of the file: import TabItem from '@theme/TabItem';",
      );
      expect(
        'content/en/docs/missing.mdx:1: error: MDX: Cannot find "./Missing.tsx" imported by this page',
        'The path is relative to the importing file; write the file name with its extension (./Hello.tsx).',
      );
    } finally {
      for (const rel of Object.keys(files)) site.remove(rel);
    }
    site.write('content/en/docs/warned.mdx', '# Warned\n\n:::tipp\nA typo.\n:::\n\nA [script](javascript:alert(1)) link.\n');
    try {
      const r = site.buildOk();
      assert.match(
        r.stderr,
        /^content\/en\/docs\/warned\.mdx:3: warning: Unknown container ":::tipp": its content is shown without a box\n {2}hint: Did you mean ":::tip"\?$/m,
      );
      assert.match(r.stderr, /^content\/en\/docs\/warned\.mdx:7: warning: Unsafe URL "javascript:alert\(1\)" was left out$/m);
      assert.match(body(site.output('/docs/warned')), /<p>A <!-- -->script<!-- --> link\.<\/p>/, 'the link keeps its text');
    } finally {
      site.remove('content/en/docs/warned.mdx');
    }
    site.write('content/en/docs/links.mdx', '# Links\n\nText.\n\nSee [nowhere](./nowhere.mdx).\n');
    try {
      const r = site.build();
      assert.equal(r.status, 1);
      assert.match(r.stderr, /^content\/en\/docs\/links\.mdx:5: error: Broken link "\.\/nowhere\.mdx": no page content\/en\/docs\/nowhere\.mdx$/m);
    } finally {
      site.remove('content/en/docs/links.mdx');
    }
  });
});

describe('MDX pages in Chromium', () => {
  let fx;
  let server;
  let browser;
  before(async () => {
    fx = await servedFixture('docusaurus-site');
    ({ server, browser } = fx);
  });
  after(() => fx?.close());

  const selectedTabs = (page) => page.$$eval('.tabs', (all) => all.map((tabs) => tabs.querySelector('[role="tab"][aria-selected="true"]')?.textContent));
  const visiblePanels = (page) =>
    page.$$eval('.tabs', (all) =>
      all.map((tabs) => [...tabs.querySelectorAll('[role="tabpanel"]')].filter((p) => !p.hidden).map((p) => p.textContent.trim().slice(0, 30))),
    );

  it('hydrates tabs: click and arrow keys select, every Tabs of the group follows, on this page and the next; the local component counts', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${server.url}/docs/installation`);
    await page.waitForSelector('html[data-hydrated]');
    assert.deepEqual(await selectedTabs(page), ['macOS', 'macOS']);

    await page.getByRole('tab', { name: 'Windows' }).first().click();
    assert.deepEqual(await selectedTabs(page), ['Windows', 'Windows'], 'the other Tabs of the group follows');
    const panels = await visiblePanels(page);
    assert.match(panels[0][0], /Run widget-agent-setup\.exe/);
    assert.match(panels[1][0], /Task Manager/);
    assert.equal(new URL(page.url()).searchParams.get('os'), 'win', 'queryString keeps the choice in the URL');

    // The ARIA tabs pattern: the selected tab is the one in the tab order; arrows move and select.
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Linux');
    assert.deepEqual(await selectedTabs(page), ['Linux', 'Linux']);
    await page.keyboard.press('Home');
    assert.deepEqual(await selectedTabs(page), ['macOS', 'macOS']);
    await page.keyboard.press('End');
    const tab = page.getByRole('tab', { name: 'Linux' }).first();
    assert.equal(await tab.getAttribute('tabindex'), '0');
    assert.equal(await page.getByRole('tab', { name: 'macOS' }).first().getAttribute('tabindex'), '-1');
    const panelId = await tab.getAttribute('aria-controls');
    assert.equal(await page.locator(`[id="${panelId}"]`).getAttribute('aria-labelledby'), await tab.getAttribute('id'));

    const counter = page.locator('[data-counter]');
    await counter.click();
    await counter.click();
    assert.equal(await counter.textContent(), 'Scans: 2', 'the local component is interactive');

    // Another page of the group opens on the tab chosen here (localStorage).
    await page.goto(`${server.url}/docs/configuration`);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForFunction(() => document.querySelector('.tabs [aria-selected="true"]')?.textContent === 'Linux');
    assert.deepEqual(await visiblePanels(page), [['/etc/widget/widget.yaml']]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('draws the Mermaid diagram of a hydrated MDX page', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${server.url}/docs/configuration`);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForSelector('.mermaid-diagram[data-drawn] .mermaid-svg svg', { timeout: 20_000 });
    assert.match(await page.textContent('.mermaid-svg svg'), /Scanner[\s\S]*Agent[\s\S]*Server/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('selects the tab the query string names, and opens <details>', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${server.url}/docs/installation?os=win`);
    await page.waitForSelector('html[data-hydrated]');
    await page.waitForFunction(() => document.querySelector('.tabs [aria-selected="true"]')?.textContent === 'Windows');

    for (const [path, summary] of [
      ['/docs/configuration', 'Why this port?'],
      ['/docs/guides/receiving', 'What if a label is missing?'],
      ['/docs/intro', 'Which warehouses are supported?'],
    ]) {
      await page.goto(server.url + path);
      await page.waitForSelector('html[data-hydrated]');
      const details = page.locator('details.details', { has: page.locator('summary', { hasText: summary }) });
      assert.equal(await details.evaluate((d) => d.open), false);
      await details.locator('summary').click();
      assert.equal(await details.evaluate((d) => d.open), true);
      assert.ok(await details.locator('.details-body').isVisible());
      // Opening the details may bring a diagram near the screen: its chunks load before the next page.
      await page.waitForLoadState('networkidle');
    }
    // The static page loaded no module of its own: the server's HTML stayed as it was.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
    );
    assert.ok(!scripts.some((p) => /receiving/.test(p)), scripts.join(', '));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('docsgen serve shows a broken MDX file in the overlay with its line, column and hint, and recovers when it is fixed', async () => {
    const dev = new FixtureSite('docusaurus-site');
    const devServer = await startServer({ root: dev.root, port: 0, log: { info() {}, problem() {} } });
    const { page, context } = await openPage(browser);
    const file = 'content/en/docs/configuration.mdx';
    const original = dev.read(file);
    try {
      await page.goto(new URL('docs/configuration', devServer.url).href);
      await page.waitForSelector('html[data-hydrated]');
      dev.write(file, original.replace('The agent listens on port {defaultPort}.', 'The agent listens on port {defaultPort.}'));
      const dialog = page.locator('docsgen-dev-overlay [role="alertdialog"]');
      await dialog.waitFor({ state: 'visible', timeout: 20_000 });
      const text = await dialog.innerText();
      const line = original.split('\n').findIndex((l) => l.includes('The agent listens')) + 1;
      assert.match(text, new RegExp(`content/en/docs/configuration\\.mdx:${line}:\\d+`));
      assert.match(text, /MDX: Could not parse expression with acorn/);
      assert.match(text, /Braces start a JavaScript expression in MDX/);
      assert.match(text, /\{defaultPort\.\}/, 'the code frame shows the line');

      dev.write(file, original.replace('The agent listens on port', 'The agent now listens on port'));
      await page.waitForFunction(() => document.body?.innerText.includes('The agent now listens on port 7070'), null, { timeout: 20_000 });
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    } finally {
      await context.close();
      await devServer.close();
      dev.cleanup();
    }
  });
});

describe('MDX compilers', () => {
  it("are each config's own: one config's remark and rehype plugins reach neither another's pages nor what it compiled", async () => {
    const site = new FixtureSite('docusaurus-site');
    try {
      const file = path.join(site.root, 'content/en/docs/installation.mdx');
      const withPlugins = await loadConfig(site.root);
      const compiled = (await loadMdxCompiler(withPlugins)).compile(file).code;
      // The same site after its config changed (as docsgen serve reloads it): the same file, unchanged.
      site.write(
        'site.config.ts',
        site.read('site.config.ts').replace('remarkPlugins: [remarkMentions], rehypePlugins: [rehypeSectionClass]', 'remarkPlugins: [], rehypePlugins: []'),
      );
      const plain = (await loadMdxCompiler(await loadConfig(site.root))).compile(file).code;
      assert.match(compiled, /https:\/\/github\.com\/widget-team/);
      assert.match(compiled, /section-title/);
      assert.doesNotMatch(plain, /github\.com|section-title/);
      assert.equal((await loadMdxCompiler(withPlugins)).compile(file).code, compiled);
    } finally {
      site.cleanup();
    }
  });
});

describe('MDX pages importing an installed package', () => {
  it('render a CommonJS package that requires React, as the site installed it', () => {
    const site = new FixtureSite('docusaurus-site');
    try {
      site.write('node_modules/cjs-widget/package.json', '{ "name": "cjs-widget", "version": "1.0.0", "main": "index.js" }\n');
      site.write(
        'node_modules/cjs-widget/index.js',
        "'use strict';\nconst React = require('react');\nexports.Widget = (props) => React.createElement('span', { className: 'cjs-widget' }, `Scanned by ${props.name}`);\n",
      );
      const doc = 'content/en/docs/installation.mdx';
      site.write(doc, `${site.read(doc)}\nimport { Widget } from 'cjs-widget';\n\n<Widget name="the agent" />\n`);
      site.buildOk();
      assert.match(body(site.output('/docs/installation')), /<span class="cjs-widget">Scanned by the agent<\/span>/);
    } finally {
      site.cleanup();
    }
  });
});
