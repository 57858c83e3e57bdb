// `docsgen serve` on a site with docs versions (two snapshots made with `docsgen version`): a
// change to versions.json alone rebuilds the site, and a body edit of a versioned doc is patched
// into the route table rather than collecting every route again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI } from './helpers/site.mjs';
import { startServer } from '../lib/index.js';

const cli = (cwd, args) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });

async function waitFor(fn, what, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('docsgen serve (dev server) with docs versions', () => {
  let site;
  let server;
  const logs = [];
  const status = async (p) => (await fetch(new URL(p.slice(1), server.url))).status;
  const text = async (p) => (await fetch(new URL(p.slice(1), server.url))).text();

  before(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-serve-versions-'));
    assert.equal(cli(os.tmpdir(), ['init', site, '--locales', 'en']).status, 0);
    for (const name of ['1.0', '2.0']) {
      const r = cli(site, ['version', name]);
      assert.equal(r.status, 0, r.stdout + r.stderr);
    }
    server = await startServer({ root: site, port: 0, log: { info: (l) => logs.push(l), problem: (l) => logs.push(l) } });
  });

  after(async () => {
    await server?.close();
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  test('a body edit of a versioned doc is patched in and served', async () => {
    const file = path.join(site, 'versioned_docs/version-1.0/intro.md');
    assert.equal(await status('/docs/1.0/intro'), 200);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8') + '\nA paragraph only version 1.0 has.\n');
    await waitFor(async () => (await text('/docs/1.0/intro')).includes('only version 1.0 has'), 'the edited page');
    const line = logs.find((l) => l.startsWith('versioned_docs/version-1.0/intro.md changed'));
    assert.match(line, /patched/);
    assert.doesNotMatch(line, /collected/);
    assert.doesNotMatch(await text('/docs/intro'), /only version 1.0 has/, 'the same page of version 2.0 is another file');
  });

  test('a change to versions.json alone rebuilds the site', async () => {
    assert.equal(await status('/docs/1.0/intro'), 200);
    // 2.0 is left out: 1.0 becomes the last version, published at the docs' base path.
    fs.writeFileSync(path.join(site, 'versions.json'), JSON.stringify(['1.0'], null, 2) + '\n');
    await waitFor(async () => (await status('/docs/1.0/intro')) === 404, 'version 1.0 at the base path');
    assert.match(await text('/docs/intro'), /only version 1.0 has/);
  });
});
