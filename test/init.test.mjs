// `docsgen init`: a new bilingual site is written, builds without a warning and serves at once;
// a second init into it writes nothing. Then the pieces a new site leans on: a site without a
// home page gets one, and links to pages that do not exist (in content or in the config) fail.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, FixtureSite } from './helpers/site.mjs';
import { startServer } from '../lib/index.js';

const cli = (cwd, args) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
const main = (html) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

describe('docsgen init', () => {
  let parent;
  let root;
  let site;
  let built;
  before(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-init-'));
    root = path.join(parent, 'my-docs');
    const r = cli(parent, ['init', 'my-docs', '--locales', 'en,ko']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'Wrote a new site to my-docs (14 files).\nNext: cd my-docs && docsgen serve\n');
    built = cli(root, ['build']);
    // The tests below edit a copy; the site as written stays for the serve test.
    site = new FixtureSite(root);
  });
  after(() => {
    fs.rmSync(parent, { recursive: true, force: true });
    site?.cleanup();
  });

  test('writes a config, a home page, docs with a category and a blog post in each locale', () => {
    for (const locale of ['en', 'ko']) {
      for (const rel of ['pages/index.md', 'docs/intro.md', 'docs/guide/_category_.json', 'docs/guide/install.md', 'blog']) {
        assert.ok(fs.existsSync(path.join(root, 'content', locale, rel)), `${locale}/${rel}`);
      }
    }
    assert.match(
      fs.readFileSync(path.join(root, 'site.config.ts'), 'utf8'),
      /locales: \[\n {4}\{ code: 'en', label: 'English' \},\n {4}\{ code: 'ko', label: '한국어' \},/,
    );
  });

  test('the new site builds at once, without a warning', () => {
    assert.equal(built.status, 0, built.stderr);
    assert.equal(built.stderr, '');
    const out = (rel) => fs.readFileSync(path.join(root, 'dist', rel, 'index.html'), 'utf8');
    assert.match(main(out('')), /Start with the <a href="\/docs\/intro">introduction<\/a>/);
    assert.match(main(out('ko')), /<a href="\/ko\/docs\/intro">소개<\/a>부터 읽고/);
    assert.match(main(out('docs/category/guide')), /href="\/docs\/guide\/install"/);
    assert.match(main(out('blog/welcome')), /The blog of this site/);
  });

  test('init into a folder that holds a site writes nothing and says why', () => {
    const before = fs.readFileSync(path.join(root, 'content/en/docs/intro.md'), 'utf8');
    const r = cli(parent, ['init', 'my-docs']);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /^error: .*my-docs has files docsgen init would replace: site\.config\.ts, \.gitignore, content\/en\/pages\/index\.md and 5 more; nothing was written\n$/,
    );
    assert.equal(fs.readFileSync(path.join(root, 'content/en/docs/intro.md'), 'utf8'), before);
  });

  test('the new site serves at once', async () => {
    const server = await startServer({ root, port: 0, log: { info() {}, problem() {} } });
    try {
      const get = async (p) => {
        const res = await fetch(new URL(p.slice(1), server.url));
        return { status: res.status, body: await res.text() };
      };
      const home = await get('/');
      assert.equal(home.status, 200);
      assert.match(main(home.body), /<h1>My Docs<\/h1>/);
      const intro = await get('/ko/docs/guide/install');
      assert.equal(intro.status, 200);
      assert.match(main(intro.body), /여기에 제품 설치 방법을 설명하세요/);
    } finally {
      await server.close();
    }
  });

  test('a site without a home page gets one: the title, the tagline and where to start', () => {
    site.remove('content/en/pages/index.md');
    site.remove('content/ko/pages/index.md');
    site.buildOk();
    const home = main(site.output('/'));
    assert.match(home, /<h1>My Docs<\/h1><p class="lead">Documentation for my product<\/p>/);
    assert.match(home, /<li><a href="\/docs\/intro">Docs<\/a><\/li>\n<li><a href="\/blog">Blog<\/a><\/li>/);
    assert.match(main(site.output('/ko')), /<p class="lead">제품 문서<\/p>[\s\S]*<a href="\/ko\/docs\/intro">문서<\/a>/);
  });

  test('links to pages that do not exist fail the build, in the config and in content; "/" passes', () => {
    const lineIn = (rel, text) =>
      site
        .read(rel)
        .split('\n')
        .findIndex((l) => l.includes(text)) + 1;
    const config = site.read('site.config.ts');
    site.write('site.config.ts', config.replace("href: '/blog'", "href: '/news'"));
    let r = site.build();
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      new RegExp(`^site\\.config\\.ts:${lineIn('site.config.ts', "'/news'")}: error: Broken link "/news" in the site config: no page at /news, /ko/news$`, 'm'),
    );
    site.write('site.config.ts', config);
    site.write('content/en/docs/intro.md', site.read('content/en/docs/intro.md') + '\nBack [home](/), then [nowhere](/nowhere).\n');
    r = site.build();
    assert.equal(r.status, 1);
    assert.deepEqual(
      r.stderr.split('\n').filter((l) => /: error: /.test(l)),
      [`content/en/docs/intro.md:${lineIn('content/en/docs/intro.md', '(/nowhere)')}: error: Broken link "/nowhere": no page at /nowhere`],
    );
  });
});
