// The build cache as a user meets it: one folder (.docsgen/cache) with one subfolder per store,
// every store keyed by the same rule (contents, config, docsgen's version), so another docsgen
// version reads none of what this one kept; `docsgen clean` deletes the folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FixtureSite } from './helpers/site.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A copy of docsgen (its code unchanged) whose package.json gives another release. */
function otherRelease(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...pkg, version: `${pkg.version}-next` }));
  for (const d of ['bin', 'lib']) fs.cpSync(path.join(ROOT, d), path.join(dir, d), { recursive: true });
  for (const d of ['src', 'templates', 'node_modules']) fs.symlinkSync(path.join(ROOT, d), path.join(dir, d));
  return path.join(dir, 'bin/docsgen.js');
}

describe('the build cache folder', () => {
  let site;
  let cache;
  let pkgDir;
  before(() => {
    site = new FixtureSite('openapi-multi');
    cache = path.join(site.root, '.docsgen/cache');
    pkgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-release-'));
  });
  after(() => {
    site.cleanup();
    fs.rmSync(pkgDir, { recursive: true, force: true });
  });

  const filesOf = (store) =>
    fs
      .readdirSync(path.join(cache, store), { recursive: true })
      .map((f) => path.join(cache, store, f))
      .filter((f) => fs.statSync(f).isFile());
  const warnings = (stderr) => stderr.split('\n').filter((l) => /: warning: /.test(l));

  it('keeps every store in a subfolder, and another docsgen version reads none of them', () => {
    const first = site.buildOk();
    assert.deepEqual(fs.readdirSync(cache).sort(), ['api-pages', 'openapi-parse', 'openapi-validation']);
    // Values planted behind docsgen's back: this docsgen shows them, so it read every store.
    const planted = {
      code: 'openapi-invalid',
      message: 'Planted in the validation cache',
      file: path.join(site.root, 'openapi/shop.yaml'),
      line: 1,
      severity: 'warning',
    };
    for (const f of filesOf('openapi-validation')) fs.writeFileSync(f, JSON.stringify([...JSON.parse(fs.readFileSync(f, 'utf8')), planted]));
    for (const f of filesOf('api-pages').filter((f) => f.endsWith('.dat')))
      fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replaceAll('Returns pets, newest first.', 'Served from the cache (27).'));
    const tampered = site.buildOk();
    assert.match(tampered.stderr, /Planted in the validation cache/);
    assert.match(site.output('/docs/api/list-pets'), /Served from the cache \(27\)\./);
    const parseKeys = () => filesOf('openapi-parse').flatMap((f) => Object.values(JSON.parse(fs.readFileSync(f, 'utf8')).files).map((e) => e.hash));
    const before = { parse: parseKeys(), validation: filesOf('openapi-validation'), pages: fs.readdirSync(path.join(cache, 'api-pages')) };

    // The same code under another release: every store misses (its client bundle's file names
    // differ, so pages are compared by what they say).
    const cli = otherRelease(pkgDir);
    const r = spawnSync(process.execPath, [cli, 'build'], { cwd: site.root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /Planted/);
    assert.match(site.output('/docs/api/list-pets'), /Returns pets, newest first\./);
    assert.deepEqual(warnings(r.stderr), warnings(first.stderr));
    const parse = parseKeys();
    assert.ok(parse.length > 0 && parse.every((k) => !before.parse.includes(k)), 'new parse keys');
    assert.ok(
      filesOf('openapi-validation').some((f) => !before.validation.includes(f)),
      'a new validation result',
    );
    assert.ok(
      fs.readdirSync(path.join(cache, 'api-pages')).some((v) => !before.pages.includes(v)),
      'a new page store version',
    );
  });

  it('is deleted by docsgen clean', () => {
    assert.ok(fs.existsSync(cache));
    const r = site.run(['clean']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Deleted the cache: \.docsgen[/\\]cache/);
    assert.ok(!fs.existsSync(cache));
    assert.match(site.run(['clean']).stdout, /No cache to delete/);
    // The next build makes it again.
    site.buildOk();
    assert.ok(fs.readdirSync(cache).length > 0);
  });
});
