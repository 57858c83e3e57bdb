// The cache a rebuild reads (.docsgen/cache): API pages' content and Markdown under a hash of the
// spec's files, overlays, config and docsgen's code (src/openapi/pageCache.ts). A rebuild from it
// must write the same site as a build without it, must really read it, and must not reuse what an
// edit changed.
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
    cache = path.join(site.root, '.docsgen/cache');
    const r = site.run(['build', '--no-cache']);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(!fs.existsSync(cache), '--no-cache writes no cache');
    fresh = snapshot(site.out);
  });
  after(() => site.cleanup());

  const storeFiles = (name) => {
    const dir = path.join(cache, name);
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true })
          .map((f) => path.join(dir, f))
          .filter((f) => fs.statSync(f).isFile())
      : [];
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
    // Filled by the render workers (each keeps files of its own), then read by one.
    const r = site.run(['build', '--workers', '2']);
    assert.equal(r.status, 0, r.stderr);
    assertSameSite(snapshot(site.out), fresh);
    const filled = writers('api-pages');
    assert.ok(filled >= 1, `${filled} writers`);
    site.buildOk('--workers', '1');
    assertSameSite(snapshot(site.out), fresh);
    // Nothing was missing: nothing was added.
    assert.equal(writers('api-pages'), filled);
  });

  it('takes API pages from the cache', () => {
    // A phrase changed in the store behind docsgen's back shows in the next build: proof that the
    // build read the store instead of rendering the page again.
    tamper('api-pages', 'Returns pets, newest first.', 'Served from the cache (27).');
    site.buildOk();
    assert.match(site.read('dist/docs/api/list-pets.md'), /Served from the cache \(27\)\./);
    assert.match(site.output('/docs/api/list-pets'), /Served from the cache \(27\)\./);
    // Deleting the cache is always safe: the pages are rendered again.
    fs.rmSync(cache, { recursive: true });
    site.buildOk();
    assertSameSite(snapshot(site.out), fresh);
  });

  it('renders again what an edit of the spec, an overlay or the config changed', () => {
    const pets = site.read('openapi/paths/pets.yaml');
    const overlay = site.read('openapi/shop.overlay.ko.yaml');
    const config = site.read('site.config.ts');
    const root = site.read('openapi/shop.yaml');
    site.buildOk();
    site.write('openapi/paths/pets.yaml', pets.replace('Returns pets, newest first.', 'Returns pets, oldest first.'));
    site.buildOk();
    assert.match(site.output('/docs/api/list-pets'), /Returns pets, oldest first\./);
    assert.match(site.read('dist/docs/api/list-pets.md'), /Returns pets, oldest first\./);

    // Another operation's new title reaches this page through its sidebar only.
    site.write('openapi/paths/pets.yaml', pets.replace('summary: Delete a pet', 'summary: Remove a pet'));
    site.buildOk();
    assert.match(site.output('/docs/api/list-pets'), /<span[^>]*>Remove a pet<\/span>/);
    assert.doesNotMatch(site.output('/docs/api/list-pets'), /Delete a pet/);

    site.write('openapi/shop.overlay.ko.yaml', overlay.replace('반려동물을 최신순으로 반환합니다.', '반려동물을 오래된 순으로 반환합니다.'));
    site.buildOk();
    assert.match(site.output('/ko/docs/api/list-pets'), /반려동물을 오래된 순으로 반환합니다\./);

    // The samples' key variable is named from the spec's title.
    site.write('openapi/shop.yaml', root.replace('title: Shop API', 'title: Store API'));
    site.buildOk();
    assert.match(site.output('/docs/api/list-pets'), /STORE_API_KEY/);

    // Back to the first inputs: the site is the first site again.
    site.write('openapi/paths/pets.yaml', pets);
    site.write('openapi/shop.overlay.ko.yaml', overlay);
    site.write('openapi/shop.yaml', root);
    site.write('site.config.ts', config);
    site.buildOk();
    assertSameSite(snapshot(site.out), fresh);
  });
});

describe('a spec validated by an earlier build', () => {
  let site;
  before(() => {
    site = new FixtureSite('openapi-messy');
  });
  after(() => site.cleanup());

  const warnings = (stderr) => stderr.split('\n').filter((l) => /: warning: /.test(l));

  it('reports the same warnings as the build that validated it', () => {
    const first = site.buildOk();
    assert.ok(fs.readdirSync(path.join(site.root, '.docsgen/cache')).length > 0, 'the cache was written');
    const second = site.buildOk();
    assert.ok(warnings(first.stderr).length >= 1, first.stderr);
    assert.deepEqual(warnings(second.stderr), warnings(first.stderr));
  });

  it('fails like a first build when a file of the spec is gone', () => {
    const ops = site.read('api/ops.json');
    site.remove('api/ops.json');
    const r = site.build();
    site.write('api/ops.json', ops);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /ops\.json/);
    assert.match(r.stderr, /previous output was left untouched/);
  });
});
