// `docsgen index` against a local stand-in for Algolia, with the real algoliasearch client:
// the first push, the diff against the live index, the atomic replacement (copy settings ->
// temporary index -> move), the dry run, an interrupted reindex, and where the admin key may
// come from. The search hosts' first entry refuses connections in most runs, so every run
// also exercises the client's fallover to the next host.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FixtureSite, pageSiteData, ROOT } from './helpers/site.mjs';
import { refusedPort, runCli, startAlgoliaServer } from './helpers/algolia-server.mjs';

const INDEX = 'fixture_docs';
const ADMIN_SECRET = 'admin-5ec2e7-never-publish';

describe('docsgen index', () => {
  let server;
  let site;
  let dead;
  const env = (extra = {}) => ({ ALGOLIA_TEST_HOSTS: [dead, server.urls[0]].join(','), ALGOLIA_ADMIN_KEY: server.adminKey, ...extra });
  const index = (args = [], extra) => runCli(site.root, ['index', ...args], env(extra));
  const builtRecords = () =>
    ['en', 'ko']
      .flatMap((l) => JSON.parse(fs.readFileSync(path.join(site.out, `_docsgen/search/records.${l}.json`), 'utf8')))
      .sort((a, b) => a.objectID.localeCompare(b.objectID));
  const ids = (records) =>
    records
      .map((r) => r.objectID)
      .sort()
      .join(',');
  const otherIndices = () => [...server.indices.keys()].filter((n) => n !== INDEX);

  before(async () => {
    server = await startAlgoliaServer({ hosts: 2, adminKey: ADMIN_SECRET });
    dead = await refusedPort();
    site = new FixtureSite('algolia-site');
    // The admin key is in the environment of the build too: it must not reach any output file.
    const r = await runCli(site.root, ['build'], env());
    assert.equal(r.status, 0, r.stderr);
  });
  after(async () => {
    await server?.close();
    site?.cleanup();
  });

  test('the first push creates the index with every record and the settings, in one move', async () => {
    const r = await index();
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const records = builtRecords();
    assert.ok(records.length > 0);
    assert.deepEqual(server.records(INDEX), records);
    assert.match(r.stdout, new RegExp(`Changes: ${records.length} added, 0 changed, 0 removed`));
    assert.match(r.stdout, /Uploaded \d+\/\d+ records/);
    assert.match(r.stdout, /Done:/);

    const s = server.settings(INDEX);
    assert.deepEqual(
      s.searchableAttributes.map((a) => a.replace(/^unordered\((.*)\)$/, '$1')),
      ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content'],
    );
    assert.ok(s.attributesForFaceting.includes('language') && s.attributesForFaceting.includes('version'));
    assert.equal(s.distinct, true);
    assert.equal(s.attributeForDistinct, 'url_without_anchor');
    assert.ok(s.attributesToSnippet.includes('content:10'));
    assert.equal(s.highlightPreTag, '<mark>');
    assert.equal(s.highlightPostTag, '</mark>');
    assert.equal(s.queryLanguages[0], 'ko', 'Korean first, so the engine segments Hangul');
    assert.ok(s.queryLanguages.includes('en'));

    // Readers never saw a partial index: the live name went from absent straight to complete.
    assert.deepEqual(
      server.history.get(INDEX).map((h) => h.ids),
      [ids(records)],
    );
    assert.deepEqual(otherIndices(), [], 'the temporary index is gone');
    // Writes carry the admin key; it came from the environment.
    assert.ok(server.writes().every((e) => e.key === ADMIN_SECRET));
  });

  test('the admin key from the build environment appears in no output file', () => {
    const leaks = [];
    const walk = (dir) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (fs.readFileSync(p).includes(ADMIN_SECRET)) leaks.push(path.relative(site.root, p));
      }
    };
    walk(site.out);
    if (fs.existsSync(path.join(site.root, '.docsgen'))) walk(path.join(site.root, '.docsgen'));
    assert.deepEqual(leaks, []);
    // ...while the public search key does reach the pages (the browser needs it).
    assert.ok(JSON.stringify(pageSiteData(site, '/')).includes(server.searchKey));
  });

  test('running again without changes writes nothing', async () => {
    server.clearLog();
    const r = await index();
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /up to date/);
    assert.deepEqual(server.writes(), []);
  });

  test('after a content change it prints what it adds, changes and removes, and swaps atomically', async () => {
    const before = builtRecords();
    // Settings made in the dashboard (synonyms) must survive: they are copied to the temporary index.
    server.indices.get(INDEX).synonyms = [{ objectID: 'syn-1', type: 'synonym', synonyms: ['stock', 'inventory'] }];
    site.write('content/en/docs/guide/stock.md', site.read('content/en/docs/guide/stock.md').replace('Count the shelves', 'Count the racks'));
    site.remove('content/en/docs/guide/orders.md');
    site.write('content/en/docs/guide/returns.md', '---\ntitle: Returns\n---\n\nA return puts stock back into the warehouse.\n');
    const historyBefore = server.history.get(INDEX).length;

    const r = await index(['--rebuild']);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const after = builtRecords();
    const old = new Map(before.map((x) => [x.objectID, JSON.stringify(x)]));
    const now = new Set(after.map((x) => x.objectID));
    const added = after.filter((x) => !old.has(x.objectID));
    const changed = after.filter((x) => old.has(x.objectID) && old.get(x.objectID) !== JSON.stringify(x));
    const removed = before.filter((x) => !now.has(x.objectID));
    assert.ok(added.length && changed.length && removed.length, 'the edit adds, changes and removes records');
    assert.match(r.stdout, /Building the site/);
    assert.match(r.stdout, new RegExp(`Changes: ${added.length} added, ${changed.length} changed, ${removed.length} removed`));
    assert.ok(r.stdout.includes(`+ ${added[0].url}`));
    assert.ok(r.stdout.includes(`- ${removed[0].url}`));
    assert.ok(r.stdout.includes(`~ ${changed[0].url}`));

    assert.deepEqual(server.records(INDEX), after);
    // One new state for the live name: old -> new, nothing in between.
    assert.deepEqual(
      server.history
        .get(INDEX)
        .slice(historyBefore)
        .map((h) => h.ids),
      [ids(after)],
    );
    assert.deepEqual(
      server.indices.get(INDEX).synonyms.map((s) => s.objectID),
      ['syn-1'],
    );
    assert.deepEqual(otherIndices(), []);
  });

  test('--dry-run prints the differences and writes nothing', async () => {
    const live = builtRecords();
    const stale = { ...live[0], objectID: 'stale-record', url: '/docs/gone', url_without_anchor: '/docs/gone' };
    const edited = { ...live[1], content: 'An older text' };
    const seeded = [stale, edited, ...live.slice(2)];
    server.seed(INDEX, seeded, server.settings(INDEX));
    server.clearLog();
    const r = await index(['--dry-run']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Changes: 1 added, 1 changed, 1 removed/);
    assert.ok(r.stdout.includes(`+ ${live[0].url}`));
    assert.ok(r.stdout.includes('- /docs/gone'));
    assert.ok(r.stdout.includes(`~ ${edited.url}`));
    assert.match(r.stdout, /Dry run: nothing was written/);
    assert.deepEqual(server.writes(), []);
    assert.deepEqual(
      server.records(INDEX).map((x) => x.objectID),
      seeded.map((x) => x.objectID).sort(),
    );
  });

  test('an upload that fails part-way leaves the live index as it was, says so and exits non-zero', async () => {
    // Enough records for three batches, so the failure comes after some records were uploaded.
    const real = builtRecords();
    const many = Array.from({ length: 2500 }, (_, i) => ({ ...real[i % real.length], objectID: `bulk-${String(i).padStart(5, '0')}`, language: 'en' }));
    const enFile = path.join(site.out, '_docsgen/search/records.en.json');
    const saved = fs.readFileSync(enFile, 'utf8');
    fs.writeFileSync(enFile, JSON.stringify(many));
    const liveBefore = server.records(INDEX);
    const settingsBefore = structuredClone(server.settings(INDEX));
    const historyBefore = server.history.get(INDEX).length;
    // Every batch after the first fails, on every host.
    const first = many[0].objectID;
    server.setFault((e) =>
      e.path.endsWith('/batch') && /_tmp_/.test(e.path) && !e.body.requests.some((q) => q.body.objectID === first) ? { status: 500 } : undefined,
    );
    server.clearLog();
    try {
      const r = await index([], { ALGOLIA_TEST_HOSTS: server.urls.join(',') });
      assert.notEqual(r.status, 0);
      assert.match(r.stdout, /Uploaded 1000\/\d+ records/, 'the first batch went through');
      assert.match(r.stderr, /reindexing failed while uploading the records/);
      assert.match(r.stderr, /The live index "fixture_docs" was left unchanged/);
      assert.match(r.stderr, /The temporary index "fixture_docs_tmp_\w+" was deleted/);
      assert.deepEqual(server.records(INDEX), liveBefore);
      assert.deepEqual(server.settings(INDEX), settingsBefore);
      assert.equal(server.history.get(INDEX).length, historyBefore, 'the live index never changed');
      assert.deepEqual(otherIndices(), []);
      assert.ok(
        server.log.some((e) => e.path.endsWith('/batch') && e.host === 1),
        'the failing batch was retried on the other host',
      );
    } finally {
      server.setFault(undefined);
      fs.writeFileSync(enFile, saved);
    }
  });

  test('Ctrl+C during the upload stops, deletes the temporary index and leaves the live one', async () => {
    const liveBefore = server.records(INDEX);
    const historyBefore = server.history.get(INDEX).length;
    let arrived;
    const batchArrived = new Promise((r) => (arrived = r));
    server.setFault((e) => {
      if (!(e.path.endsWith('/batch') && /_tmp_/.test(e.path))) return undefined;
      arrived();
      return { hang: true };
    });
    // A new page, so the rebuilt records differ from the live index and there is something to upload.
    site.write('content/en/docs/guide/interrupt.md', '---\ntitle: Cycle counts\n---\n\nA cycle count checks one bin at a time.\n');
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/docsgen.js'), 'index', '--rebuild'], { cwd: site.root, env: { ...process.env, ...env() } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise((r) => child.on('close', (code, signal) => r({ code, signal })));
    try {
      await batchArrived;
      child.kill('SIGINT');
      const { code } = await exited;
      assert.equal(code, 130);
      assert.match(stderr, /Interrupted/);
      assert.match(stderr, /reindexing failed while uploading the records: interrupted/);
      assert.match(stderr, /The live index "fixture_docs" was left unchanged/);
      assert.match(stderr, /The temporary index "fixture_docs_tmp_\w+" was deleted/);
      assert.deepEqual(server.records(INDEX), liveBefore);
      assert.equal(server.history.get(INDEX).length, historyBefore);
      assert.deepEqual(otherIndices(), []);
    } finally {
      server.setFault(undefined);
      child.kill('SIGKILL');
      site.remove('content/en/docs/guide/interrupt.md');
    }
  });

  test('a host that answers 500 is asked once, then held back for the rest of the run', async () => {
    await server.hosts[1].setMode('error');
    server.clearLog();
    try {
      const r = await index(['--dry-run'], { ALGOLIA_TEST_HOSTS: [server.urls[1], server.urls[0]].join(',') });
      assert.equal(r.status, 0, r.stderr);
      const hosts = server.log.map((e) => e.host);
      assert.equal(hosts.filter((h) => h === 1).length, 1, `requests by host: ${hosts}`);
      assert.ok(hosts.filter((h) => h === 0).length >= 2, `requests by host: ${hosts}`);
    } finally {
      await server.hosts[1].setMode('ok');
    }
  });

  test('without the admin key in the environment it refuses to write, and reads no file for it', async () => {
    server.clearLog();
    const r = await runCli(site.root, ['index'], { ALGOLIA_TEST_HOSTS: server.urls[0] });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /ALGOLIA_ADMIN_KEY environment variable/);
    assert.deepEqual(server.log, []);
    // A dry run still shows the records, and says why it cannot compare.
    const dry = await runCli(site.root, ['index', '--dry-run'], { ALGOLIA_TEST_HOSTS: server.urls[0] });
    assert.equal(dry.status, 0);
    assert.match(dry.stdout, /cannot compare with the live index/);
  });

  test('the variable named by search.adminKeyEnv holds the key; the search key is refused as admin key', async () => {
    const named = await index(['--dry-run'], { ALGOLIA_ADMIN_KEY: '', ALGOLIA_TEST_KEY_ENV: 'DOCS_SEARCH_ADMIN', DOCS_SEARCH_ADMIN: ADMIN_SECRET });
    assert.equal(named.status, 0, named.stderr);
    assert.match(named.stdout, /Dry run: nothing was written/);
    const publicKey = await index(['--dry-run'], { ALGOLIA_ADMIN_KEY: server.searchKey });
    assert.equal(publicKey.status, 1);
    assert.match(publicKey.stderr, /same as search\.algolia\.searchApiKey/);
  });

  test('a wrong admin key or unreachable hosts end with a clear error before any write', async () => {
    const wrong = await index([], { ALGOLIA_ADMIN_KEY: 'not-the-key' });
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /cannot read the live index "fixture_docs": Invalid Application-ID or API key \(HTTP 403\)/);
    const down = await index([], { ALGOLIA_TEST_HOSTS: [dead, await refusedPort()].join(',') });
    assert.equal(down.status, 1);
    assert.match(down.stderr, /no search host answered \(127\.0\.0\.1:\d+ unreachable, 127\.0\.0\.1:\d+ unreachable\)/);
    assert.match(down.stderr, /Nothing was written/);
  });

  test('a site without search.algolia gets a hint instead of a stack trace', async () => {
    const config = site.read('site.config.ts');
    site.write('site.config.ts', config.replace(/search: \{[\s\S]*?\n  \},\n/, ''));
    try {
      const r = await index();
      assert.equal(r.status, 1);
      assert.match(r.stderr, /site\.config\.ts: error: docsgen index needs a hosted search index/);
      assert.match(r.stderr, /hint: add search: \{ algolia:/);
    } finally {
      site.write('site.config.ts', config);
    }
  });
});
