// A site's templates/ laid over the default theme file by file: the basic fixture with
// test/fixtures/theme-overrides/templates (a footer that replaces the default one, a table of
// contents that wraps the original), built once; then served, with the overrides edited.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FixtureSite, ROOT } from './helpers/site.mjs';
import { startServer } from '../lib/index.js';

function withOverrides() {
  const site = new FixtureSite('basic');
  fs.cpSync(path.join(ROOT, 'test/fixtures/theme-overrides/templates'), path.join(site.root, 'templates'), { recursive: true });
  return site;
}

describe('theme overrides (build)', () => {
  let site;
  let page;
  before(() => {
    site = withOverrides();
    site.buildOk();
    page = site.output('/docs/guide/start');
  });
  after(() => site?.cleanup());

  test('templates/components/Footer.tsx replaces the footer and nothing else', () => {
    assert.match(
      page,
      /<footer class="site-footer">Fixture Docs<!-- -->, by the fixture team <span[^>]*class="[^"]*external-icon"/,
      "the site's footer, with the default theme's icon it imports",
    );
    assert.doesNotMatch(page, /class="footer"/, 'the default footer is gone');
    assert.match(page, /class="navbar/, 'the navbar is the default theme');
    assert.match(page, /class="sidebar/, 'the sidebar is the default theme');
    assert.match(page, /<link rel="stylesheet"/, "the default theme's styles are kept");
  });

  test('an override that imports the original wraps it, its other exports kept', () => {
    const wrapped = /<div class="toc-wrapper" data-items="(\d+)">([\s\S]*?)<\/div>/.exec(page);
    assert.ok(wrapped, 'the wrapper is rendered');
    assert.ok(Number(wrapped[1]) >= 2, 'with the headings');
    assert.match(wrapped[2], /class="toc-list"[\s\S]*href="#install-the-app"/, "the original's list inside it");
  });

  test('the browser bundle hydrates with the same overrides', () => {
    const scripts = fs.readdirSync(path.join(site.out, 'assets')).filter((f) => f.endsWith('.js'));
    const text = scripts.map((f) => fs.readFileSync(path.join(site.out, 'assets', f), 'utf8')).join('\n');
    assert.match(text, /by the fixture team/);
    assert.match(text, /toc-wrapper/);
  });
});

describe('theme overrides (serve)', () => {
  let site;
  let server;
  const problems = [];
  const footer = 'templates/components/Footer.tsx';
  const get = async (p) => (await fetch(new URL(p.replace(/^\//, ''), server.url))).text();
  const waitFor = async (fn, what) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  before(async () => {
    site = withOverrides();
    server = await startServer({ root: site.root, port: 0, log: { info() {}, problem: (text) => problems.push(text) } });
  });
  after(async () => {
    await server?.close();
    site?.cleanup();
  });

  test('editing an override rebuilds the theme: the footer becomes a wrapper of the original', async () => {
    assert.match(await get('/docs/guide/start'), /by the fixture team/);
    site.write(
      footer,
      [
        "import type { ComponentProps } from 'react';",
        "import { Footer as OriginalFooter } from 'docsgen/theme-original/components/Footer';",
        '',
        'export function Footer(props: ComponentProps<typeof OriginalFooter>) {',
        '  return (',
        '    <>',
        '      <p className="site-notice">Wrapped footer</p>',
        '      <OriginalFooter {...props} />',
        '    </>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    const html = await waitFor(async () => {
      const body = await get('/docs/guide/start');
      return body.includes('Wrapped footer') && body;
    }, 'the wrapping footer');
    assert.match(html, /<p class="site-notice">Wrapped footer<\/p><footer class="footer"/, 'the original footer follows the notice');
  });

  test('an import of a file the default theme lacks names it; removing the override brings the default back', async () => {
    site.write(footer, "export { Footer } from 'docsgen/theme-original/components/Fotter';\n");
    const problem = await waitFor(() => problems.find((t) => t.includes('Fotter')), 'the bundle problem');
    assert.match(problem, /^templates\/components\/Footer\.tsx:1:\d*:? ?error: .*The default theme has no file "components\/Fotter"/m);
    site.remove(footer);
    const html = await waitFor(async () => {
      const body = await get('/docs/guide/start');
      return !body.includes('Wrapped footer') && body;
    }, 'the default footer');
    assert.match(html, /<footer class="footer"/);
  });
});
