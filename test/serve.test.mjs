// `docsgen serve` (dev server): a temporary copy of test/fixtures/serve-site is served on a free
// port; tests edit, add, delete, rename and break its files and check what the server serves
// then, what the live-reload connections are told, and what reaches the terminal.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { FixtureSite, ROOT } from './helpers/site.mjs';
import { startServer } from '../lib/index.js';

const TIMEOUT = 20_000;

async function waitFor(fn, what = 'condition', timeout = TIMEOUT) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A request with the path sent exactly as given (no URL normalisation). */
function raw(base, rawPath, headers = {}, method = 'GET') {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A page's live-reload connection, as the dev client opens it. */
function openEvents(base, pagePath, signature = '') {
  const url = new URL('_docsgen/dev/events', base);
  url.searchParams.set('path', pagePath);
  if (signature) url.searchParams.set('signature', signature);
  const events = [];
  const payloads = [];
  let buffer = '';
  const req = http.get(url, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let at;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!name) continue;
        payloads.push(data);
        events.push({ name, data: data ? JSON.parse(data) : undefined });
      }
    });
  });
  req.on('error', () => {});
  return {
    events,
    payloads,
    close: () => req.destroy(),
    ready: () => waitFor(() => events.some((e) => e.name === 'problems' || e.name === 'reload'), 'the first event'),
    reloaded: () => events.some((e) => e.name === 'reload'),
    lastProblems: () => [...events].reverse().find((e) => e.name === 'problems')?.data,
  };
}

const signatureOf = (html) => /data-docsgen-dev="([^"]*)"/.exec(html)?.[1] ?? '';

describe('docsgen serve (dev server)', () => {
  let site;
  let server;
  let base;
  const logs = [];
  const allPayloads = [];
  const get = (p, init) => fetch(new URL(p.replace(/^\//, ''), base), init);
  const text = async (p) => {
    const res = await get(p);
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  /** Opens a page like a browser: fetch it, then connect with its signature. */
  const visit = async (p) => {
    const page = await text(p);
    const events = openEvents(base, p, signatureOf(page.body));
    await events.ready();
    allPayloads.push(events.payloads);
    return { page, events };
  };
  /** The overlay's problems for a page as a freshly opened page sees them. */
  const problemsFor = async (p) => {
    const { events } = await visit(p);
    events.close();
    return events.lastProblems()?.problems ?? [];
  };

  before(async () => {
    site = new FixtureSite('serve-site');
    server = await startServer({ root: site.root, port: 0, log: { info: (l) => logs.push(l), problem: (t) => logs.push(t) } });
    base = server.url;
  });

  after(async () => {
    await server?.close();
    site?.cleanup();
  });

  test('binds to the loopback address and prints the URL', () => {
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.ok(
      logs.some((l) => l.includes(base)),
      'the URL is printed',
    );
  });

  test('serves pages, sidebars, bundles, assets, static files and generated files', async () => {
    const home = await text('/');
    assert.equal(home.status, 200);
    assert.match(home.body, /Fixture home/);

    const start = await text('/docs/guide/start');
    assert.equal(start.status, 200);
    assert.match(start.headers.get('content-type'), /text\/html/);
    assert.match(start.body, /<h1[^>]*>Getting started<\/h1>/);
    assert.match(
      start.body,
      /<script type="module" src="\/_docsgen\/dev\/client\.js" data-docsgen-dev="[0-9a-f:]+"><\/script>\n<\/body>/,
      'the dev client is injected',
    );
    assert.equal((await text('/docs/guide/start/')).status, 200, 'a trailing slash names the same route');
    assert.equal((await text('/docs/guide/start/index.html')).status, 200, 'as does its index.html');

    assert.equal(start.headers.get('cache-control'), 'no-store', 'client-side navigation fetches this HTML: never a stale copy');
    assert.equal(JSON.parse(/<script type="application\/json" id="__DOCSGEN_DATA__">(.*?)<\/script>/s.exec(start.body)[1]).page.title, 'Getting started');

    const sidebarUrl = /"(\/_docsgen\/sidebar\/en-docs-\d+\.[0-9a-f]+\.json)"/.exec(start.body)?.[1];
    assert.ok(sidebarUrl, 'the page names its sidebar JSON');
    const sidebar = await text(sidebarUrl);
    assert.equal(sidebar.status, 200);
    assert.ok(Array.isArray(JSON.parse(sidebar.body)));

    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(start.body)?.[1];
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(start.body)?.[1];
    for (const asset of [script, css]) {
      const res = await text(asset);
      assert.equal(res.status, 200, asset);
      assert.match(res.headers.get('cache-control'), /immutable/);
    }
    const media = /src="(\/assets\/media\/diagram-[0-9a-f]+\.svg)"/.exec(start.body)?.[1];
    assert.ok(media, 'the image is rewritten to a hashed asset');
    const image = await text(media);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml');

    assert.equal((await text('/files/readme.txt')).body, 'hello from static\n');
    assert.equal((await text('/img/logo.svg')).status, 200);
    assert.match((await text('/sitemap.xml')).body, /<loc>https:\/\/serve\.example\/docs\/guide\/start<\/loc>/);
    assert.match((await text('/robots.txt')).body, /Sitemap: https:\/\/serve\.example\/sitemap\.xml/);
    assert.match((await text('/blog/rss.xml')).body, /<title>Hello<\/title>/);
    const records = await text('/_docsgen/search/records.en.json');
    assert.equal(records.status, 200);
    assert.ok(
      JSON.parse(records.body).some((r) => r.hierarchy.lvl1 === 'Getting started'),
      'search records cover the docs',
    );

    const api = await text('/docs/api/get-stock-list');
    assert.equal(api.status, 200);
    assert.match(api.body, /Get stock list/);
    assert.equal((await text('/ko/docs/guide/start')).status, 200);
  });

  test("unknown paths get the locale's not-found page with status 404; the route map is exact", async () => {
    const en = await text('/docs/nope');
    assert.equal(en.status, 404);
    assert.match(en.body, /<html lang="en"/);
    assert.match(en.body, /Page not found/);
    const ko = await text('/ko/docs/nope');
    assert.equal(ko.status, 404);
    assert.match(ko.body, /<html lang="ko"/);
    for (const p of [
      '/Docs/guide/start',
      '/docs/guide',
      '/docs/guide/start/extra',
      '/docs/guide/start.html',
      '/docs//guide/start',
      '/assets/nope.js',
      '/img/nope.png',
    ]) {
      assert.equal((await text(p)).status, 404, p);
    }
    assert.equal((await text('/_docsgen/data/docs~guide~start.json')).status, 404, 'no page data files: navigation fetches the HTML');
    assert.equal((await text('/_docsgen/sidebar/nope.json')).status, 404);
    assert.equal((await get('/docs/guide/start', { method: 'POST' })).status, 405);
  });

  test('redirect routes answer with 301 and their target', async () => {
    for (const [from, to] of [
      ['/docs/old-start', '/docs/guide/start'],
      ['/docs/guide/strat', '/docs/guide/start'],
      ['/ko/docs/old-start', '/ko/docs/guide/start'],
    ]) {
      const res = await get(from, { redirect: 'manual' });
      assert.equal(res.status, 301, from);
      assert.equal(res.headers.get('location'), to);
    }
  });

  test('editing a page body reloads that page, not the others', async () => {
    const file = 'content/en/docs/guide/start.md';
    const original = site.read(file);
    const start = await visit('/docs/guide/start');
    const stock = await visit('/docs/guide/stock');
    try {
      site.write(file, original.replace('Install it with the defaults.', 'Install it with the edited defaults.'));
      await waitFor(() => start.events.reloaded(), 'the edited page to reload');
      assert.match((await text('/docs/guide/start')).body, /Install it with the edited defaults\./);
      await sleep(300);
      assert.equal(stock.events.reloaded(), false, 'a page that does not show the edited one stays');
      assert.ok(
        stock.events.events.some((e) => e.name === 'changed'),
        'but hears that files changed (its router drops the pages it fetched)',
      );
      assert.ok(!start.events.events.some((e) => e.name === 'changed'), 'the reloading page needs no more');
      assert.ok(
        logs.some((l) => l.startsWith('content/en/docs/guide/start.md changed')),
        'the terminal says what changed',
      );
    } finally {
      start.events.close();
      stock.events.close();
      site.write(file, original);
    }
    await waitFor(async () => !/edited defaults/.test((await text('/docs/guide/start')).body), 'the page restored');
  });

  test('a title change reaches the pages whose sidebar shows it', async () => {
    const file = 'content/en/docs/guide/start.md';
    const original = site.read(file);
    const stock = await visit('/docs/guide/stock');
    try {
      site.write(file, original.replace('title: Getting started', 'title: Getting going'));
      await waitFor(() => stock.events.reloaded(), 'the sibling page to reload');
      const page = await text('/docs/guide/stock');
      assert.match(page.body, /Getting going/, 'the sidebar shows the new title');
      assert.doesNotMatch(page.body, /Getting started/);
    } finally {
      stock.events.close();
      site.write(file, original);
      await waitFor(async () => /Getting started/.test((await text('/docs/guide/stock')).body), 'the title to come back');
    }
  });

  test('a title change reaches the sidebar file, previous/next links, search and the locale falling back to the page; the rest stays', async () => {
    const enStart = 'content/en/docs/guide/start.md';
    const koStart = 'content/ko/docs/guide/start.md';
    const stock = 'content/en/docs/guide/stock.md';
    const originals = Object.fromEntries([enStart, koStart, stock].map((f) => [f, site.read(f)]));
    const pagination = async (p) =>
      [...(await text(p)).body.matchAll(/rel="(prev|next)"><span class="pagination-label">[^<]*<\/span><span class="pagination-title">([^<]*)</g)].map(
        (m) => `${m[1]}: ${m[2]}`,
      );
    const sidebarFiles = async (p) => {
      const urls = new Set([...(await text(p)).body.matchAll(/"(\/_docsgen\/sidebar\/[^"]+\.json)"/g)].map((m) => m[1]));
      return (await Promise.all([...urls].map(async (u) => (await text(u)).body))).join('\n');
    };
    await server.settled();
    try {
      // A body edit of the Korean page (patched into the graph), then title edits of English pages.
      site.write(koStart, originals[koStart].replace('---\n\n', '---\n\n한 번 더 고친 문단입니다.\n\n'));
      await waitFor(async () => /한 번 더 고친 문단입니다/.test((await text('/ko/docs/guide/start')).body), 'the Korean body edit');

      site.write(enStart, originals[enStart].replace('title: Getting started', 'title: Getting going'));
      await waitFor(async () => (await pagination('/docs/guide/stock')).includes('prev: Getting going'), 'the previous link with the new title');
      assert.match(await sidebarFiles('/docs/intro'), /"label":"Getting going"/, "another page's sidebar file has the new title");
      assert.doesNotMatch(await sidebarFiles('/docs/intro'), /Getting started/);
      const records = JSON.parse((await text('/_docsgen/search/records.en.json')).body);
      assert.ok(
        records.some((r) => r.hierarchy.lvl1 === 'Getting going'),
        'search has the new title',
      );
      const ko = (await text('/ko/docs/guide/start')).body;
      assert.match(ko, /한 번 더 고친 문단입니다/, 'the Korean page keeps its edit');
      assert.match(ko, /<h1[^>]*>시작하기<\/h1>/, 'and its own title');
      for (const api of ['/docs/api/get-stock-list', '/ko/docs/api/get-stock-list']) assert.equal((await text(api)).status, 200, api);

      // The Korean docs fall back to this English page: their links to it change too.
      site.write(stock, originals[stock].replace('title: Stock', 'title: Stock levels'));
      await waitFor(async () => (await pagination('/ko/docs/guide/start')).includes('next: Stock levels'), 'the Korean next link with the new title');
      assert.match(await sidebarFiles('/ko/docs/intro'), /"label":"Stock levels"/);
      assert.ok((await pagination('/docs/guide/start')).includes('next: Stock levels'));
    } finally {
      for (const [f, t] of Object.entries(originals)) site.write(f, t);
    }
    await waitFor(async () => (await pagination('/docs/guide/stock')).includes('prev: Getting started'), 'the titles to come back');
    await waitFor(async () => !/한 번 더/.test((await text('/ko/docs/guide/start')).body), 'the Korean page restored');
  });

  test('adding a page serves it; deleting it gives 404 again', async () => {
    const file = 'content/en/docs/guide/fresh.md';
    const missing = await visit('/docs/guide/fresh');
    assert.equal(missing.page.status, 404);
    try {
      site.write(file, '---\ntitle: A fresh page\n---\n\nJust added.\n');
      await waitFor(() => missing.events.reloaded(), 'the 404 page to reload');
      const added = await text('/docs/guide/fresh');
      assert.equal(added.status, 200);
      assert.match(added.body, /Just added\./);
      assert.match((await text('/docs/guide/stock')).body, /A fresh page/, 'the sidebar lists it');
    } finally {
      missing.events.close();
      site.remove(file);
    }
    await waitFor(async () => (await text('/docs/guide/fresh')).status === 404, 'the deleted page to be gone');
    assert.doesNotMatch((await text('/docs/guide/stock')).body, /A fresh page/);
  });

  test('renaming a folder moves its pages', async () => {
    const from = path.join(site.root, 'content/en/docs/guide');
    const to = path.join(site.root, 'content/en/docs/handbook');
    fs.renameSync(from, to);
    try {
      await waitFor(async () => (await text('/docs/handbook/stock')).status === 200, 'the moved page');
      assert.equal((await text('/docs/guide/stock')).status, 404);
      assert.match((await text('/docs/handbook/start')).body, /Getting started/);
    } finally {
      fs.renameSync(to, from);
    }
    await waitFor(async () => (await text('/docs/guide/stock')).status === 200, 'the page back at its place');
    assert.equal((await text('/docs/handbook/stock')).status, 404);
  });

  test('saving many times in a row ends with the last version', async () => {
    const file = 'content/en/docs/guide/stock.md';
    const original = site.read(file);
    const abs = path.join(site.root, file);
    try {
      for (let i = 0; i <= 12; i++) {
        // Some editors truncate first and write after: the server must not stop at the empty file.
        if (i % 3 === 0) fs.writeFileSync(abs, '');
        fs.writeFileSync(abs, original.replace('Count your shelves.', `Count your shelves, version ${i}.`));
        if (i % 4 === 0) await sleep(15);
      }
      await waitFor(async () => /version 12\./.test((await text('/docs/guide/stock')).body), 'the last version');
      await sleep(400);
      await server.settled();
      assert.match((await text('/docs/guide/stock')).body, /version 12\./, 'and it stays');
    } finally {
      site.write(file, original);
    }
    await waitFor(async () => /Count your shelves\./.test((await text('/docs/guide/stock')).body), 'the page restored');
  });

  test('a file emptied and written a moment later reloads its page once, with the text written', async () => {
    const file = 'content/en/docs/guide/stock.md';
    const original = site.read(file);
    const abs = path.join(site.root, file);
    const stock = await visit('/docs/guide/stock');
    try {
      // An editor (or a machine busy elsewhere) that truncates the file and writes it 20 ms later.
      fs.writeFileSync(abs, '');
      await sleep(30);
      fs.writeFileSync(abs, original.replace('Count your shelves.', 'Count your shelves, written in two steps.'));
      // The page is fetched as soon as the reload is heard, as the browser does.
      for (const until = Date.now() + TIMEOUT; !stock.events.reloaded() && Date.now() < until;) await sleep(2);
      assert.match((await text('/docs/guide/stock')).body, /written in two steps/, 'the page after the first reload has the text');
      // Emptied on purpose: served so once it stayed empty.
      fs.writeFileSync(abs, '');
      await waitFor(async () => !/Count your shelves/.test((await text('/docs/guide/stock')).body), 'the emptied page');
    } finally {
      stock.events.close();
      site.write(file, original);
    }
    await waitFor(async () => /Count your shelves\./.test((await text('/docs/guide/stock')).body), 'the page restored');
  });

  test('broken front matter shows the overlay with file, line and code frame; the page stays; fixing clears it', async () => {
    const file = 'content/en/docs/guide/start.md';
    const original = site.read(file);
    const other = await visit('/docs/guide/stock');
    try {
      site.write(file, original.replace('title: Getting started', 'title: [Getting started'));
      const overlay = await waitFor(() => other.events.lastProblems()?.problems.length && other.events.lastProblems(), 'the overlay');
      const [p] = overlay.problems;
      assert.equal(p.file, 'content/en/docs/guide/start.md');
      assert.equal(p.code, 'front-matter-syntax');
      assert.ok(p.line >= 2 && p.line <= 4, `line ${p.line}`);
      assert.match(p.message, /front matter/i);
      assert.ok(
        p.frame.some((l) => l.text.includes('title: [Getting started')),
        'the frame shows the broken line',
      );
      assert.ok(
        p.frame.some((l) => l.mark),
        'the frame marks the line',
      );
      const page = await text('/docs/guide/start');
      assert.equal(page.status, 200, 'the last good version is still served');
      assert.match(page.body, /Getting started/);
      assert.ok(
        logs.some((l) => l.includes('content/en/docs/guide/start.md:') && l.includes('title: [Getting started')),
        'the terminal shows the problem and its code frame',
      );
    } finally {
      site.write(file, original);
    }
    await waitFor(() => other.events.lastProblems()?.problems.length === 0, 'the overlay to go away');
    other.events.close();
  });

  test('a broken link shows on the page that has it; fixing it clears the overlay', async () => {
    const file = 'content/en/docs/guide/stock.md';
    const original = site.read(file);
    try {
      site.write(file, original.replace('Count your shelves.', 'Count your shelves, see [the missing page](./missing.md) and [nothing](/docs/nothing).'));
      await waitFor(async () => /missing page/.test((await text('/docs/guide/stock')).body), 'the edit');
      const problems = await problemsFor('/docs/guide/stock');
      assert.deepEqual(
        problems.map((p) => [p.code, p.file, p.line]),
        [
          ['link-broken', 'content/en/docs/guide/stock.md', 11],
          ['link-broken', 'content/en/docs/guide/stock.md', 11],
        ],
      );
      assert.ok(problems[0].frame.some((l) => l.mark && l.text.includes('./missing.md')));
      assert.deepEqual(await problemsFor('/docs/guide/start'), [], 'other pages have no overlay');
    } finally {
      site.write(file, original);
    }
    await waitFor(async () => (await problemsFor('/docs/guide/stock')).length === 0, 'the overlay to go away');
  });

  test('an invalid spec shows the overlay while the API pages stay; a fixed spec updates them', async () => {
    const file = 'openapi/api.yaml';
    const original = site.read(file);
    try {
      site.write(file, original.replace('openapi: 3.1.0', 'openapi: 9.9.9'));
      const problems = await waitFor(async () => {
        const list = await problemsFor('/docs/api/get-stock-list');
        return list.length && list;
      }, 'the spec problem');
      assert.equal(problems[0].file, 'openapi/api.yaml');
      assert.ok(problems[0].line >= 1);
      assert.equal((await text('/docs/api/get-stock-list')).status, 200, 'the last good reference is served');
      site.write(file, original.replace('description: The stock levels.', 'description: Every stock level there is.'));
      await waitFor(async () => /Every stock level there is\./.test((await text('/docs/api/get-stock-list')).body), 'the updated API page');
      assert.deepEqual(await problemsFor('/docs/api/get-stock-list'), []);
    } finally {
      site.write(file, original);
    }
    await waitFor(async () => /The stock levels\./.test((await text('/docs/api/get-stock-list')).body), 'the page restored');
  });

  test('a config change rebuilds the site; a broken config keeps the last good one on screen', async () => {
    const file = 'site.config.ts';
    const original = site.read(file);
    try {
      site.write(file, original.replace("title: 'Serve Fixture'", "title: 'Serve Fixture Renamed'"));
      await waitFor(async () => /<title>Getting started \| Serve Fixture Renamed<\/title>/.test((await text('/docs/guide/start')).body), 'the new site title');
      site.write(file, original.replace("title: 'Serve Fixture',", "title: 'Serve Fixture',,"));
      const problems = await waitFor(async () => {
        const list = await problemsFor('/docs/guide/start');
        return list.length && list;
      }, 'the config problem');
      assert.equal(problems[0].file, 'site.config.ts');
      assert.ok(problems[0].line >= 1);
      assert.equal((await text('/docs/guide/start')).status, 200);
    } finally {
      site.write(file, original);
    }
    await waitFor(async () => /<title>Getting started \| Serve Fixture<\/title>/.test((await text('/docs/guide/start')).body), 'the old title');
    assert.deepEqual(await problemsFor('/docs/guide/start'), []);
  });

  test('nothing outside the site is served: traversal, encoded traversal, source files, symlinks', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'TOPSECRET');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(site.root, 'static/leak.txt'));
    fs.symlinkSync(outside, path.join(site.root, 'static/outside'), 'dir');
    try {
      await server.settled();
      const attempts = [
        '/../site.config.ts',
        '/../../../../etc/passwd',
        '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
        '/..%2f..%2f..%2fetc%2fpasswd',
        '/img/..%2f..%2fsite.config.ts',
        '/img/%2e%2e/%2e%2e/site.config.ts',
        '/img/..%5c..%5csite.config.ts',
        '/%252e%252e/site.config.ts',
        '/img/%00logo.svg',
        '/site.config.ts',
        '/content/en/docs/guide/start.md',
        '/openapi/api.yaml',
        '/static/img/logo.svg',
        '/.docsgen/',
        '/node_modules/react/package.json',
        '/leak.txt',
        '/outside/secret.txt',
        `/${encodeURIComponent(site.root)}/site.config.ts`,
      ];
      for (const p of attempts) {
        const res = await raw(base, p);
        assert.ok(res.status === 404 || res.status === 400, `${p} -> ${res.status}`);
        assert.doesNotMatch(res.body, /TOPSECRET|defineConfig|root:x:0:0|openapi: 3/, p);
      }
      assert.equal((await raw(base, '/img/logo.svg')).status, 200, 'a file inside static/ still is');
    } finally {
      fs.rmSync(path.join(site.root, 'static/leak.txt'));
      fs.rmSync(path.join(site.root, 'static/outside'));
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  test('a request for another host name is refused (DNS rebinding)', async () => {
    assert.equal((await raw(base, '/', { host: 'attacker.example' })).status, 403);
    assert.equal((await raw(base, '/', { host: `localhost:${server.port}` })).status, 200);
  });

  test('live-reload and overlay messages hold no absolute path of the machine', () => {
    const all = allPayloads.flat().join('\n');
    assert.ok(all.includes('content/en/docs/guide/start.md'), 'the payloads were recorded');
    for (const secret of [site.root, ROOT.replace(/\/$/, ''), os.homedir(), fs.realpathSync(os.tmpdir())]) {
      assert.ok(!all.includes(secret), `no "${secret}" in the messages`);
    }
  });
});

describe('docsgen serve (dev server) with a theme of the site', () => {
  let site;
  let server;
  const layout = 'templates/layouts/DocLayout.tsx';
  const text = async (p) => {
    const res = await fetch(new URL(p.replace(/^\//, ''), server.url));
    return { status: res.status, body: await res.text() };
  };

  before(async () => {
    site = new FixtureSite('serve-site');
    fs.cpSync(path.join(ROOT, 'test/fixtures/serve-theme/templates'), path.join(site.root, 'templates'), { recursive: true });
    server = await startServer({ root: site.root, port: 0, log: { info() {}, problem() {} } });
  });

  after(async () => {
    await server?.close();
    site?.cleanup();
  });

  test('a template that throws shows the overlay with its file and line; fixing it recovers', async () => {
    assert.match((await text('/docs/guide/start')).body, /Minimal theme/, "the site's own theme is used");
    const original = site.read(layout);
    const broken = original.replace(
      '  return (\n    <main id="main">',
      '  if (page.title) throw new Error(\'The layout exploded\');\n  return (\n    <main id="main">',
    );
    assert.notEqual(broken, original);
    const line = broken.split('\n').findIndex((l) => l.includes('The layout exploded')) + 1;
    try {
      site.write(layout, broken);
      const page = await waitFor(async () => {
        const r = await text('/docs/guide/start');
        return r.status === 500 && r;
      }, 'the failing page');
      assert.match(page.body, /The layout exploded/);
      const events = openEvents(server.url, '/docs/guide/start', signatureOf(page.body));
      await events.ready();
      events.close();
      const [p] = events.lastProblems().problems;
      assert.equal(p.file, layout);
      assert.equal(p.line, line);
      assert.match(p.message, /The layout exploded/);
      assert.ok(p.frame.some((l) => l.mark && l.text.includes('The layout exploded')));
      assert.equal((await text('/docs/guide/stock')).status, 500, 'every page with that layout shows it');
      assert.equal((await text('/')).status, 200, 'pages with another layout still work');
    } finally {
      site.write(layout, original);
    }
    await waitFor(async () => (await text('/docs/guide/start')).status === 200, 'the page to recover');
  });

  test('a template that does not compile shows the esbuild error at its line', async () => {
    const original = site.read(layout);
    try {
      site.write(layout, original.replace('<h1>{page.title}</h1>', '<h1>{page.title</h1>'));
      const problems = await waitFor(async () => {
        const page = await text('/docs/guide/start');
        const events = openEvents(server.url, '/docs/guide/start', signatureOf(page.body));
        await events.ready();
        events.close();
        const list = events.lastProblems()?.problems ?? [];
        return list.some((p) => p.code === 'bundle-failed') && list;
      }, 'the compile error');
      const p = problems.find((x) => x.code === 'bundle-failed');
      assert.equal(p.file, layout);
      assert.equal(p.line, original.split('\n').findIndex((l) => l.includes('<h1>{page.title}</h1>')) + 1);
      assert.match((await text('/docs/guide/start')).body, /Minimal theme/, 'the last good bundle keeps serving');
    } finally {
      site.write(layout, original);
    }
    await waitFor(async () => {
      const page = await text('/docs/guide/start');
      const events = openEvents(server.url, '/docs/guide/start', signatureOf(page.body));
      await events.ready();
      events.close();
      return events.lastProblems()?.problems.length === 0;
    }, 'the problem to clear');
  });
});

describe('docsgen serve (dev server) startup', () => {
  test('the first page, its CSS and JS are served before the rest of the site is built; an edit then reloads it', async () => {
    const site = new FixtureSite('serve-site');
    // Saved a while ago, as an author's files are (a fresh copy would look edited during startup).
    const past = new Date(Date.now() - 10 * 60_000);
    for (const e of fs.readdirSync(site.root, { recursive: true })) fs.utimesSync(path.join(site.root, e), past, past);
    const logs = [];
    let url;
    let ready = false;
    const starting = startServer({
      root: site.root,
      port: 0,
      log: {
        info: (l) => {
          logs.push(l);
          url ??= /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(l)?.[1];
        },
        problem() {},
      },
    }).then((s) => ((ready = true), s));
    let server;
    try {
      await waitFor(() => url, 'the URL');
      const res = await fetch(new URL('docs/guide/start', url));
      const html = await res.text();
      assert.equal(res.status, 200);
      // The other locale is read once this page is sent: the server is not ready before.
      assert.equal(ready, false, 'the page came before the whole site was built');
      assert.ok(!logs.some((l) => /^Built \d+ routes/.test(l)), 'nothing says the site is built yet');
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
      assert.ok(assets.some((a) => a.endsWith('.css')) && assets.some((a) => a.endsWith('.js')), 'the page links its CSS and JS');
      for (const a of assets) assert.equal((await fetch(new URL(a.slice(1), url))).status, 200, a);
      const events = openEvents(url, '/docs/guide/start', signatureOf(html));
      server = await starting;
      await events.ready();
      // Now the Korean page is in, and the English one links to it; the open page is not reloaded for that.
      assert.equal((await fetch(new URL('ko/docs/guide/start', url))).status, 200);
      assert.match(await (await fetch(new URL('docs/guide/start', url))).text(), /hreflang="ko"/);
      assert.equal(events.reloaded(), false);
      site.write('content/en/docs/guide/start.md', site.read('content/en/docs/guide/start.md') + '\nEdited once the site was built.\n');
      await waitFor(() => events.reloaded(), 'the reload after the edit');
      assert.match(await (await fetch(new URL('docs/guide/start', url))).text(), /Edited once the site was built/);
      events.close();
    } finally {
      await (server ?? (await starting.catch(() => undefined)))?.close();
      site.cleanup();
    }
  });

  test('files saved or removed while the first build runs end up served as they are', async () => {
    const site = new FixtureSite('serve-site');
    const starting = startServer({ root: site.root, port: 0, log: { info() {}, problem() {} } });
    let server;
    try {
      await sleep(150);
      site.write(
        'content/en/docs/guide/stock.md',
        site.read('content/en/docs/guide/stock.md').replace('Count your shelves.', 'Count your shelves during startup.'),
      );
      site.remove('content/en/pages/about.md');
      server = await starting;
      const text = async (p) => {
        const res = await fetch(new URL(p.slice(1), server.url));
        return { status: res.status, body: await res.text() };
      };
      await waitFor(async () => /during startup/.test((await text('/docs/guide/stock')).body), 'the edit made during the build');
      await waitFor(async () => (await text('/about')).status === 404, 'the page removed during the build');
    } finally {
      await (server ?? (await starting.catch(() => undefined)))?.close();
      site.cleanup();
    }
  });
});
