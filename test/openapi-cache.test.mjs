// The caches a rebuild reads (node_modules/.cache/docsgen): API pages' content and Markdown under a
// hash of the spec's files, overlays, config and code (src/openapi/pageCache.ts), and pages' HTML
// (src/build/pageStore.ts). A rebuild from them must write the same site as a build without them,
// must really read them, and must not reuse what an edit changed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertSameSite, FixtureSite, snapshot } from './helpers/site.mjs';

describe('API pages kept between builds', () => {
  let site;
  let cache;
  let fresh;
  before(() => {
    site = new FixtureSite('openapi-multi');
    // The cache lives in the site's node_modules/.cache: without node_modules there is none.
    fs.mkdirSync(path.join(site.root, 'node_modules'));
    cache = path.join(site.root, 'node_modules/.cache/docsgen');
    const r = site.run(['build'], { DOCSGEN_NO_CACHE: '1' });
    assert.equal(r.status, 0, r.stderr);
    fresh = snapshot(site.out);
  });
  after(() => site.cleanup());

  const storeFiles = (name) => {
    const dir = path.join(cache, name);
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile()) : [];
  };
  // Each thread that wrote to a store has a pair of files there: its values (.dat) and their index.
  const writers = (name) => storeFiles(name).filter((f) => f.endsWith('.idx')).length;
  /** Changes a phrase in a store's values behind docsgen's back (same length: the index holds). */
  const tamper = (name, from, to) => {
    assert.equal(Buffer.byteLength(from), Buffer.byteLength(to));
    for (const f of storeFiles(name).filter((f) => f.endsWith('.dat'))) fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replaceAll(from, to));
  };

  it('writes the same site from the cache as without it', () => {
    assert.equal(writers('api-pages'), 0);
    // Filled by two rendering threads (each keeps files of its own), then read by one.
    const r = site.run(['build'], { DOCSGEN_WORKERS: '1' });
    assert.equal(r.status, 0, r.stderr);
    assertSameSite(snapshot(site.out), fresh);
    assert.equal(writers('api-pages'), 2);
    assert.equal(writers('pages'), 2);
    site.buildOk();
    assertSameSite(snapshot(site.out), fresh);
    // Nothing was missing: nothing was added.
    assert.deepEqual([writers('api-pages'), writers('pages')], [2, 2]);
  });

  // A phrase changed in a store behind docsgen's back must show in the next build: proof that the
  // build read the store instead of making the value again. Without the store, the first site.
  const tamperedBuild = (name, to, check) => {
    tamper(name, 'Returns pets, newest first.', to);
    site.buildOk();
    check();
    fs.rmSync(path.join(cache, name), { recursive: true });
    site.buildOk();
    assertSameSite(snapshot(site.out), fresh);
  };

  it('takes pages\' HTML from the cache', () => {
    tamperedBuild('pages', 'Kept HTML from a build (27)', () => {
      assert.match(site.output('/docs/api/list-pets'), /Kept HTML from a build \(27\)/);
      // The page's other outputs come from its content, which did not change.
      assert.match(site.read('dist/docs/api/list-pets.md'), /Returns pets, newest first\./);
    });
  });

  it('keeps pages the output thread writes, from the bytes it writes', () => {
    fs.rmSync(path.join(cache, 'pages'), { recursive: true });
    // The API thread's build: the main thread renders, the output thread writes and keeps.
    let r = site.run(['build'], { DOCSGEN_API_THREAD: '1' });
    assert.equal(r.status, 0, r.stderr);
    const keptBy = storeFiles('pages')
      .filter((f) => f.endsWith('.idx'))
      .map((f) => ({ thread: Number(path.basename(f).split('-')[1]), keys: fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).length }));
    assert.ok(keptBy.some((w) => w.thread !== 0 && w.keys > 0), JSON.stringify(keptBy));
    assertSameSite(snapshot(site.out), fresh);
    tamperedBuild('pages', 'Kept HTML from a build (28)', () => assert.match(site.output('/docs/api/list-pets'), /Kept HTML from a build \(28\)/));
  });

  it('takes API pages from the cache', () => {
    // An API page's HTML is kept under the key of its content's inputs, not of its bytes: with
    // the pages' HTML kept too, a tampered content shows in the Markdown copy only.
    tamper('api-pages', 'Returns pets, newest first.', 'Served from the cache (27).');
    site.buildOk();
    assert.match(site.read('dist/docs/api/list-pets.md'), /Served from the cache \(27\)\./);
    assert.doesNotMatch(site.output('/docs/api/list-pets'), /Served from the cache \(27\)\./);
    // Without it, the HTML is rendered again, from the kept content.
    fs.rmSync(path.join(cache, 'pages'), { recursive: true });
    site.buildOk();
    assert.match(site.output('/docs/api/list-pets'), /Served from the cache \(27\)\./);
    for (const name of ['api-pages', 'pages']) fs.rmSync(path.join(cache, name), { recursive: true });
    site.buildOk();
    assertSameSite(snapshot(site.out), fresh);
  });

  it('renders again what an edit of the spec, an overlay or the config changed', () => {
    const pets = site.read('openapi/paths/pets.yaml');
    const overlay = site.read('openapi/shop.overlay.ko.yaml');
    const config = site.read('site.config.ts');
    site.buildOk();
    site.write('openapi/paths/pets.yaml', pets.replace('Returns pets, newest first.', 'Returns pets, oldest first.'));
    site.buildOk();
    assert.match(site.output('/docs/api/list-pets'), /Returns pets, oldest first\./);
    assert.match(site.read('dist/docs/api/list-pets.md'), /Returns pets, oldest first\./);

    // Another operation's new title reaches this page through its sidebar only.
    site.write('openapi/paths/pets.yaml', pets.replace('summary: Delete a pet', 'summary: Remove a pet'));
    site.buildOk();
    assert.match(site.output('/docs/api/list-pets'), /class="sidebar-label[^"]*">Remove a pet</);
    assert.doesNotMatch(site.output('/docs/api/list-pets'), /Delete a pet/);

    site.write('openapi/shop.overlay.ko.yaml', overlay.replace('반려동물을 최신순으로 반환합니다.', '반려동물을 오래된 순으로 반환합니다.'));
    site.buildOk();
    assert.match(site.output('/ko/docs/api/list-pets'), /반려동물을 오래된 순으로 반환합니다\./);

    site.write('site.config.ts', config.replace("productName: 'Shop'", "productName: 'Store'"));
    site.buildOk();
    assert.match(site.output('/docs/api/list-pets'), /STORE_API_KEY/);

    // Back to the first inputs: the site is the first site again.
    site.write('openapi/paths/pets.yaml', pets);
    site.write('openapi/shop.overlay.ko.yaml', overlay);
    site.write('site.config.ts', config);
    site.buildOk();
    assertSameSite(snapshot(site.out), fresh);
  });
});

describe('an unchanged API reference taken from the last build', () => {
  let site;
  let cache;
  before(() => {
    site = new FixtureSite('openapi-messy');
    fs.mkdirSync(path.join(site.root, 'node_modules'));
    cache = path.join(site.root, 'node_modules/.cache/docsgen');
  });
  after(() => site.cleanup());

  const warnings = (stderr) => stderr.split('\n').filter((l) => /: warning: /.test(l));
  const snapshotFile = () => fs.readdirSync(cache).find((f) => /^api-reference-.*\.json$/.test(f));

  it('reports the same warnings as the build that read the spec', () => {
    const first = site.buildOk();
    assert.ok(snapshotFile(), 'no snapshot of the reference was kept');
    const second = site.buildOk();
    assert.ok(warnings(first.stderr).length >= 1, first.stderr);
    assert.deepEqual(warnings(second.stderr), warnings(first.stderr));
  });

  it('is what the next build uses, until a file of the spec changes', () => {
    // A title changed in the snapshot reaches the sidebar: the routes came from it.
    const file = path.join(cache, snapshotFile());
    const snapshot = fs.readFileSync(file, 'utf8');
    const changed = snapshot.replaceAll('"label":"Replace a widget"', '"label":"Kept from the snapshot"');
    assert.notEqual(changed, snapshot);
    fs.writeFileSync(file, changed);
    site.buildOk();
    assert.match(site.output('/docs/api/replace-a-widget'), /Kept from the snapshot/);
    // An edit of the split file the root $refs: read from the spec again.
    const ops = site.read('api/ops.json');
    site.write('api/ops.json', ops.replace('"summary": "Replace a widget"', '"summary": "Swap a widget"'));
    site.buildOk();
    assert.doesNotMatch(site.output('/docs/api/swap-a-widget'), /Kept from the snapshot/);
    assert.match(site.output('/docs/api/swap-a-widget'), /Swap a widget/);
    site.write('api/ops.json', ops);
  });

  it('fails like a first build when a file of the spec is gone', () => {
    site.buildOk();
    const ops = site.read('api/ops.json');
    site.remove('api/ops.json');
    const r = site.build();
    site.write('api/ops.json', ops);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /ops\.json/);
    assert.match(r.stderr, /previous output was left untouched/);
  });
});
