// The audit's own logic on fixtures: the link checker, the budget, page sampling, the static
// server, the HTML checker and the browser pass must pass a clean site and fail a site with a
// broken link, a missing anchor, an oversized page, an image without alt text and a console
// error. (The full audit of the real site is `npm run audit`.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FixtureSite, ROOT } from './helpers/site.mjs';
import { BuiltSite } from '../scripts/audit/site.mjs';
import { checkSiteLinks } from '../scripts/audit/links.mjs';
import { measureSite } from '../scripts/audit/budget.mjs';
import { samplePages, spreadOrder } from '../scripts/audit/sample.mjs';
import { resolveRequest, serveSite } from '../scripts/audit/server.mjs';
import { lighthousePages } from '../scripts/audit/lighthouse.mjs';

const AUDIT = path.join(ROOT, 'scripts/audit.mjs');
const audit = (...args) => spawnSync(process.execPath, [AUDIT, ...args], { encoding: 'utf8' });

/** Words that do not compress well, so the page is big when gzipped too. */
function incompressible(words) {
  return Array.from({ length: words }, () => crypto.randomBytes(6).toString('base64url')).join(' ');
}

const PARTNERS = `export const meta = { title: 'Partners', description: 'Companies that work with Seo.' };
import { useEffect } from 'react';
export default function Partners() {
  useEffect(() => { console.error('partners: deliberate console error'); }, []);
  return (
    <main id="main" tabIndex={-1}>
      <h1>Partners</h1>
      <p><a href="/docs/guide/nowhere">A page that does not exist</a></p>
      <p><a href="/docs/guide/start#no-such-heading">A heading that does not exist</a></p>
      <p><a href="#main">Back to the top</a> <a href="/docs/guide/start#install-the-app">Install</a></p>
      <img src="/img/logo.svg" width="32" height="32" />
    </main>
  );
}
`;

let clean;
let broken;

before(() => {
  clean = new FixtureSite('seo-site');
  clean.buildOk();
  broken = new FixtureSite('seo-site');
  // The build does not check the links of React pages; the audit does.
  broken.write('content/pages/partners.tsx', PARTNERS);
  broken.write(
    'content/en/docs/guide/huge.md',
    `---\ntitle: Huge\ndescription: A page far over the HTML budget.\n---\n\n${Array.from({ length: 40 }, () => incompressible(400)).join('\n\n')}\n`,
  );
  broken.buildOk();
});
after(() => {
  clean?.cleanup();
  broken?.cleanup();
});

describe('audit command', () => {
  test('a clean site passes the static checks', () => {
    const r = audit('--dist', clean.out, '--only', 'links,seo,budget');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /PASS {2}links/);
    assert.match(r.stdout, /PASS {2}seo/);
    assert.match(r.stdout, /PASS {2}budget/);
    assert.match(r.stdout, /Audit passed/);
  });

  test('a broken link and a missing anchor fail the link check, naming the page and the link', () => {
    const r = audit('--dist', broken.out, '--only', 'links');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /FAIL {2}links .*4 broken/);
    assert.match(r.stdout, /\/partners: a "\/docs\/guide\/nowhere" -> no file for \/docs\/guide\/nowhere/);
    assert.match(r.stdout, /\/partners: a "\/docs\/guide\/start#no-such-heading" -> no element with id "no-such-heading"/);
    assert.match(r.stdout, /\/ko\/partners: a "\/docs\/guide\/nowhere"/);
    assert.doesNotMatch(r.stdout, /#install-the-app|"#main"/, 'links that resolve are not reported');
  });

  test('an oversized doc fails the HTML budget; a lower JavaScript limit fails the JS budget', () => {
    const r = audit('--dist', broken.out, '--only', 'budget');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /\/docs\/guide\/huge: HTML \d+\.\d KB gzipped > 60 KB/);
    assert.doesNotMatch(r.stdout, /\/docs\/guide\/start: HTML/);
    const js = audit('--dist', clean.out, '--only', 'budget', '--budget-js', '5');
    assert.equal(js.status, 1);
    assert.match(js.stdout, /\/docs\/guide\/start: JavaScript \d+\.\d KB gzipped > 5 KB \(assets\/main-/);
  });

  test('unknown checks are refused', () => {
    const r = audit('--dist', clean.out, '--only', 'spelling');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown check spelling/);
  });
});

describe('link checker and budget', () => {
  test('the link checker resolves folders, files, fragments and absolute site URLs', () => {
    const site = new BuiltSite(clean.out);
    const { checked, broken: bad } = checkSiteLinks(site);
    assert.deepEqual(bad, []);
    assert.ok(checked > 500, `${checked} links checked`);
    assert.equal(site.fileFor('/docs/guide/start'), 'docs/guide/start/index.html');
    assert.equal(site.fileFor('https://seo.example/ko'), 'ko/index.html');
    assert.equal(site.fileFor('/docs/guide/start.md'), 'docs/guide/start.md');
    assert.equal(site.fileFor('/docs/guide/nope'), undefined);
    assert.equal(site.fileFor('https://elsewhere.example/docs/guide/start'), undefined);
  });

  test('the JavaScript budget follows static imports that are not preloaded', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-budget-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        '<!doctype html><html lang="en"><head><title>x</title><script type="module" src="/assets/a.js"></script><link rel="stylesheet" href="/assets/s.css"></head><body></body></html>',
      );
      fs.writeFileSync(path.join(dir, 'assets/a.js'), 'import{x}from"./b.js";import"./c.js";console.log(x);import("./lazy.js");');
      fs.writeFileSync(path.join(dir, 'assets/b.js'), `export const x=${JSON.stringify(incompressible(3000))};`);
      fs.writeFileSync(path.join(dir, 'assets/c.js'), 'export{};');
      fs.writeFileSync(path.join(dir, 'assets/lazy.js'), `export const y=${JSON.stringify(incompressible(3000))};`);
      fs.writeFileSync(path.join(dir, 'assets/s.css'), '@import "./t.css";body{margin:0}');
      fs.writeFileSync(path.join(dir, 'assets/t.css'), `/* ${incompressible(1000)} */`);
      const site = new BuiltSite(dir);
      const { pages, breaches } = measureSite(site, { js: 10, css: 5, html: 60 });
      const home = pages.find((p) => p.path === '/');
      assert.ok(home.js > 15_000 && home.js < 30_000, `b.js counted, lazy.js not (${home.js} bytes)`);
      assert.ok(home.css > 5_000, 'the @import is counted');
      assert.equal(breaches.length, 2);
      assert.match(breaches[0], /^\/: JavaScript [\d.]+ KB gzipped > 10 KB \(.*assets\/b\.js/);
      assert.doesNotMatch(breaches[0], /lazy\.js/);
      assert.match(breaches[1], /^\/: CSS .* > 5 KB/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('page sample and server', () => {
  test('the sample spreads over every kind and both locales, with search queries and an unknown URL', () => {
    const site = new BuiltSite(clean.out);
    const { pages, kinds, locales } = samplePages(site, { min: 20 });
    assert.ok(pages.length >= 20);
    const built = new Set(site.pages.filter((p) => p.kind !== 'redirect').map((p) => p.kind));
    assert.deepEqual(kinds, [...built].sort());
    assert.deepEqual(locales.sort(), ['en', 'ko']);
    for (const locale of ['en', 'ko']) assert.ok(pages.filter((p) => p.locale === locale).length >= 8, `${locale} sampled`);
    assert.ok(pages.some((p) => p.path === '/search?q=Getting'));
    assert.ok(pages.some((p) => p.path === '/ko/audit-no-such-page' && p.status === 404));
    assert.equal(new Set(pages.map((p) => p.path)).size, pages.length, 'no page twice');
    assert.deepEqual(spreadOrder(5), [0, 4, 2, 1, 3]);
  });

  test('Lighthouse runs on the home page, a doc and an API operation of the default locale', () => {
    const picked = lighthousePages(new BuiltSite(clean.out));
    assert.equal(picked[0].page.path, '/');
    assert.equal(picked[1].page.kind, 'doc');
    assert.equal(picked[2].page.kind, 'api-operation');
    assert.equal(picked[2].page.locale, 'en');
  });

  test('the server maps routes like a static host, with 404 pages per locale, gzip and text/markdown', async () => {
    assert.deepEqual(resolveRequest(clean.out, '/', '/docs/guide/start'), { file: path.join(clean.out, 'docs/guide/start/index.html'), status: 200 });
    assert.deepEqual(resolveRequest(clean.out, '/', '/ko/nope'), { file: path.join(clean.out, 'ko/404.html'), status: 404 });
    assert.deepEqual(resolveRequest(clean.out, '/', '/nope'), { file: path.join(clean.out, '404.html'), status: 404 });
    const server = await serveSite(clean.out);
    try {
      const md = await fetch(server.url('/docs/guide/start.md'));
      assert.equal(md.status, 200);
      assert.equal(md.headers.get('content-type'), 'text/markdown; charset=utf-8');
      assert.equal(md.headers.get('content-encoding'), 'gzip');
      assert.match(await md.text(), /^# Getting started/);
      const missing = await fetch(server.url('/ko/nope'));
      assert.equal(missing.status, 404);
      assert.match(await missing.text(), /<html lang="ko"/);
    } finally {
      await server.close();
    }
  });
});

const haveJava = spawnSync('java', ['-version']).status === 0;

describe('Nu Html Checker', { skip: !haveJava && 'no java on this machine' }, () => {
  test('reports the errors of an invalid file and none for a valid one', async () => {
    const { validateFiles } = await import('../scripts/audit/vnu.mjs');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-vnu-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'good.html'),
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Good</title></head><body><p>Fine.</p></body></html>',
      );
      fs.writeFileSync(
        path.join(dir, 'bad.html'),
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad</title></head><body><div><p>Unclosed <span id="a"></span><span id="a"></span></div></body></html>',
      );
      const errors = await validateFiles(dir, ['good.html', 'bad.html']);
      assert.ok(errors.length >= 1);
      assert.ok(
        errors.every((e) => e.file === 'bad.html'),
        JSON.stringify(errors),
      );
      assert.ok(errors.some((e) => /Duplicate ID/.test(e.message)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('browser pass', () => {
  test('axe finds the image without alt text in both modes; the console check finds the error; a not-found visit is clean', async () => {
    const { runVisits, AXE_PATH, axeFile } = await import('../scripts/audit/visits.mjs');
    const site = new BuiltSite(broken.out);
    const server = await serveSite(site.dir, { extra: { [AXE_PATH]: { type: 'text/javascript', body: axeFile() } } });
    try {
      const ctx = {
        site,
        server,
        sample: {
          pages: [
            { path: '/partners', kind: 'react-page', locale: 'en', status: 200 },
            { path: '/ko/audit-no-such-page', kind: 'not-found', locale: 'ko', status: 404 },
          ],
        },
      };
      const visits = await runVisits(ctx, { axe: true });
      assert.equal(visits.length, 4);
      const partners = visits.filter((v) => v.path === '/partners');
      assert.deepEqual(partners.map((v) => v.mode).sort(), ['dark', 'light']);
      for (const v of partners) {
        assert.equal(v.theme, v.mode, 'the colour mode was applied');
        assert.ok(
          v.violations.some((x) => x.id === 'image-alt'),
          JSON.stringify(v.violations),
        );
        assert.ok(
          v.problems.some((p) => /deliberate console error/.test(p)),
          JSON.stringify(v.problems),
        );
        assert.ok(v.bytes.js > 10_000, 'scripts loaded were measured');
      }
      const missing = visits.filter((v) => v.path === '/ko/audit-no-such-page');
      for (const v of missing) assert.deepEqual(v.problems, [], 'the expected 404 is not a problem');
    } finally {
      await server.close();
    }
  });
});
