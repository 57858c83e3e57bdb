// The Ianai site's API releases: 1.9.0's reference beside the current 2.0.0 one, the changelog in
// both languages with its feed, and the badges on the operation pages. The operations 2.0.0 added
// are read here from the two specs' own files, not from docsgen.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import yaml from 'js-yaml';
import { realSiteOutput } from './helpers/sharedBuild.mjs';
import { CLI, FixtureSite, ROOT } from './helpers/site.mjs';
import { diffSpecFiles } from '../lib/internals.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** "POST /work-orders/bulk" for every operation of a spec whose root lists its paths as $refs into ./paths. */
function operationsOf(rootFile) {
  const root = yaml.load(fs.readFileSync(rootFile, 'utf8'));
  const out = new Set();
  for (const [p, item] of Object.entries(root.paths)) {
    let value = item;
    if (item.$ref) {
      const [file, pointer] = item.$ref.split('#/');
      value = yaml.load(fs.readFileSync(path.resolve(path.dirname(rootFile), file), 'utf8'))[pointer];
    }
    for (const m of METHODS) if (value[m]) out.add(`${m.toUpperCase()} ${p}`);
  }
  return out;
}

const page = (dist, p) => fs.readFileSync(path.join(dist, p, 'index.html'), 'utf8');
const article = (html) => /<article[^]*<\/article>/.exec(html)[0];
/** The links of a list that follows the heading with this id, up to the next heading. */
function sectionLinks(html, id) {
  const start = html.indexOf(`<h3 id="${id}"`);
  assert.ok(start >= 0, `no section ${id}`);
  const end = html.indexOf('<h', start + 3);
  return [...html.slice(start, end).matchAll(/<a href="([^"]+)">([^]*?)<\/a>/g)].map((m) => ({
    href: m[1],
    text: m[2]
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

describe('API releases on the Ianai site', () => {
  let dist;
  const current = path.join(ROOT, 'openapi/ianai.yaml');
  const previous = path.join(ROOT, 'openapi/releases/1.9.0/ianai.yaml');
  before(() => {
    dist = realSiteOutput();
  });

  it('lists in both languages the operations 2.0.0 added, each linking its page, which says "Added in 2.0.0"', () => {
    const before19 = operationsOf(previous);
    const added = [...operationsOf(current)].filter((op) => !before19.has(op)).sort();
    assert.ok(added.length >= 3, 'the bulk work order operations');
    for (const [prefix, badge] of [
      ['', 'Added in 2.0.0'],
      ['/ko', '2.0.0에서 추가'],
    ]) {
      const html = article(page(dist, `${prefix}/docs/api/changelog`));
      const links = sectionLinks(html, 'v2-0-0-added');
      assert.deepEqual(links.map((l) => l.text.split(' ').slice(0, 2).join(' ')).sort(), added);
      for (const l of links) {
        assert.ok(l.href.startsWith(`${prefix}/docs/api/`) && !l.href.includes('1.9.0'), l.href);
        assert.ok(page(dist, l.href).includes(`>${badge}</a>`), `${l.href} has its badge`);
      }
    }
  });

  it('marks each breaking change the diff finds, links every operation to a page that exists, and feeds them', () => {
    const diff = diffSpecFiles(previous, current);
    const breaking = diff.operations.changed.flatMap((op) => op.changes.filter((c) => c.breaking).map(() => `${op.method} ${op.path}`));
    assert.ok(breaking.length > 0);
    for (const prefix of ['', '/ko']) {
      const html = article(page(dist, `${prefix}/docs/api/changelog`));
      const shown = sectionLinks(html, 'v2-0-0-breaking').map((l) => l.text.split(' ').slice(0, 2).join(' '));
      assert.deepEqual(shown.sort(), [...breaking].sort());
      for (const [, href] of html.matchAll(/href="(\/[^"#]*)/g)) assert.ok(fs.existsSync(path.join(dist, href, 'index.html')), `${href} exists`);
      const feed = fs.readFileSync(path.join(dist, `${prefix}/docs/api/changelog/atom.xml`), 'utf8');
      assert.match(feed, new RegExp(`<id>https://docs\\.ianai\\.com${prefix}/docs/api/changelog#v2-0-0</id>`));
      assert.match(feed, /customer_po/);
    }
    // The Korean page is written in Korean: its notes and the changes' words.
    const ko = article(page(dist, '/ko/docs/api/changelog'));
    assert.match(ko, /호환되지 않는 변경/);
    assert.match(ko, /요청 본문 필드 <code>quantity<\/code>: 필수로 변경/);
  });

  it('publishes only the built locale’s changelog feed in a build of one locale', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-ko-only-'));
    try {
      const r = spawnSync(process.execPath, [CLI, 'build', '--locale', 'ko', '--no-cache', '--out', out], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.match(
        fs.readFileSync(path.join(out, 'ko/docs/api/changelog/atom.xml'), 'utf8'),
        /<id>https:\/\/docs\.ianai\.com\/ko\/docs\/api\/changelog#v2-0-0<\/id>/,
      );
      assert.ok(!fs.existsSync(path.join(out, 'docs')), 'nothing of the English site');
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it('publishes 1.9.0 under /docs/api/1.9.0, out of search and the sitemap, and leads from the landing page to the changelog', () => {
    const landing = page(dist, '/docs/category/ianaiapi');
    assert.match(landing, /<a href="\/docs\/api\/changelog">/);
    const old = page(dist, '/docs/api/1.9.0/create-a-work-order');
    assert.match(old, /<meta name="robots" content="noindex/);
    assert.match(old, /API 1\.9\.0/);
    // 1.9.0 had no bulk operations: their pages exist for 2.0.0 only.
    assert.ok(fs.existsSync(path.join(dist, 'docs/api/bulk-create-work-orders/index.html')));
    assert.ok(!fs.existsSync(path.join(dist, 'docs/api/1.9.0/bulk-create-work-orders')));
    assert.doesNotMatch(fs.readFileSync(path.join(dist, 'sitemap.xml'), 'utf8'), /\/1\.9\.0\//);
    assert.match(page(dist, '/ko/docs/api/1.9.0/create-a-work-order'), /생략하면 품목 기본 BOM의 배치 수량이 됩니다/);
  });
});

describe('openapi.releases in a site config', () => {
  it('refuses a release that has the current spec’s version, naming the config', () => {
    const site = new FixtureSite('openapi-multi');
    try {
      const config = fs.readFileSync(path.join(site.root, 'site.config.ts'), 'utf8');
      site.write(
        'site.config.ts',
        config.replace(
          "overlays: { ko: 'openapi/shop.overlay.ko.yaml' },",
          "overlays: { ko: 'openapi/shop.overlay.ko.yaml' },\n    releases: [{ version: '1.4.0', spec: 'openapi/shop.yaml' }],",
        ),
      );
      const r = site.build();
      assert.equal(r.status, 1);
      assert.match(r.stderr, /site\.config\.ts: error: openapi\.releases lists 1\.4\.0, the version of the current spec \(openapi\/shop\.yaml\)/);
    } finally {
      site.cleanup();
    }
  });
});
