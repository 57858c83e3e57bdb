// `docsgen serve --no-watch`: the production build of test/fixtures/serve-site served from dist/
// with sirv: caching, compression, exact routes with the 404 page, redirects as HTTP redirects,
// and nothing from outside dist/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { CLI, FixtureSite } from './helpers/site.mjs';
import { startServer } from '../lib/index.js';

/** A request with the path sent exactly as given; the body is returned as bytes. */
function request(base, rawPath, headers = {}, method = 'GET') {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode, headers: res.headers, body, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('docsgen serve --no-watch', () => {
  let site;
  let server;
  let base;
  const get = (p, headers, method) => request(base, p, headers, method);

  before(async () => {
    site = new FixtureSite('serve-site');
    site.buildOk();
    server = await startServer({ root: site.root, port: 0, watch: false, log: { info() {}, problem() {} } });
    base = server.url;
  });

  after(async () => {
    await server?.close();
    site?.cleanup();
  });

  test('serves the built pages with revalidated HTML and immutable hashed assets', async () => {
    const page = await get('/docs/guide/start');
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'], /^text\/html/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.equal(page.text, site.output('/docs/guide/start'));
    assert.doesNotMatch(page.text, /_docsgen\/dev/, 'no dev client in the production build');
    assert.equal((await get('/docs/guide/start/')).status, 200);
    assert.equal((await get('/')).status, 200);

    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(page.text)[1];
    const js = await get(script);
    assert.equal(js.status, 200);
    assert.match(js.headers['cache-control'], /max-age=31536000/);
    assert.match(js.headers['cache-control'], /immutable/);
    // The search index's entry is revalidated; the files it names are named for their content.
    const entry = await get('/_docsgen/search/index.en.json');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    const fragment = await get(`/_docsgen/search/${JSON.parse(entry.text).dir}/f0.json`);
    assert.equal(fragment.status, 200);
    assert.match(fragment.headers['cache-control'], /immutable/);

    const etag = page.headers.etag;
    assert.ok(etag, 'pages carry an ETag');
    assert.equal((await get('/docs/guide/start', { 'if-none-match': etag })).status, 304);

    const head = await get('/docs/guide/start', {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);

    assert.equal((await get('/sitemap.xml')).status, 200);
    assert.equal((await get('/files/readme.txt')).text, 'hello from static\n');
  });

  test('compresses text responses for clients that accept it', async () => {
    const page = await get('/docs/guide/start');
    const br = await get('/docs/guide/start', { 'accept-encoding': 'br, gzip' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(br.headers.vary, /Accept-Encoding/i);
    assert.equal(zlib.brotliDecompressSync(br.body).toString('utf8'), page.text);
    assert.ok(br.body.length < page.body.length);

    // The page's largest script (its entry may be a few hundred bytes, under the compression floor).
    const scripts = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const sizes = await Promise.all(scripts.map(async (s) => [s, (await get(s)).body.length]));
    const [script, size] = sizes.sort((a, b) => b[1] - a[1])[0];
    assert.ok(size > 1024, `a script over 1 KB (largest: ${size} bytes)`);
    const gz = await get(script, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gz.body), (await get(script)).body);

    const svg = /src="(\/assets\/media\/[^"]+\.svg)"/.exec(page.text)?.[1];
    assert.ok(svg);
    const small = await get(svg, { 'accept-encoding': 'br' });
    assert.equal(small.status, 200);
    assert.equal(small.headers['content-encoding'], undefined, 'tiny files are sent as they are');
  });

  test('unknown paths get the 404 page with status 404, per locale', async () => {
    const en = await get('/docs/nope', { 'accept-encoding': 'gzip' });
    assert.equal(en.status, 404);
    assert.equal(zlib.gunzipSync(en.body).toString('utf8'), site.output('404.html'));
    const ko = await get('/ko/docs/nope');
    assert.equal(ko.status, 404);
    assert.equal(ko.text, site.output('ko/404.html'));
    for (const p of [
      '/404',
      '/404.html',
      '/ko/404.html',
      '/Docs/guide/start',
      '/docs/guide',
      '/docs/guide/start/more',
      '/docs/guide/start.html',
      '/docs//guide/start',
      '/assets/nope.js',
    ]) {
      assert.equal((await get(p)).status, 404, p);
    }
    assert.equal((await get('/docs/guide/start', {}, 'POST')).status, 405);
  });

  test('redirect routes answer with 301 and their target', async () => {
    for (const [from, to] of [
      ['/docs/old-start', '/docs/guide/start'],
      ['/docs/old-start/', '/docs/guide/start'],
      ['/docs/old-start/index.html', '/docs/guide/start'],
      ['/docs/guide/strat', '/docs/guide/start'],
      ['/ko/docs/old-start', '/ko/docs/guide/start'],
    ]) {
      const res = await get(from);
      assert.equal(res.status, 301, from);
      assert.equal(res.headers.location, to, from);
    }
    assert.equal((await get('/docs/old-start?x=1')).headers.location, '/docs/guide/start?x=1');
  });

  test('nothing outside dist/ is served: traversal, encoded traversal, dotfiles, symlinks', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'TOPSECRET');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(site.out, 'leak.txt'));
    fs.symlinkSync(outside, path.join(site.out, 'docs/outside'), 'dir');
    fs.writeFileSync(path.join(site.out, '.env'), 'TOPSECRET=1');
    try {
      for (const p of [
        '/../site.config.ts',
        '/../../../../etc/passwd',
        '/%2e%2e/site.config.ts',
        '/..%2fsite.config.ts',
        '/docs/..%2f..%2fsite.config.ts',
        '/docs/%2e%2e/%2e%2e/site.config.ts',
        '/docs/..%5c..%5csite.config.ts',
        '/%252e%252e/site.config.ts',
        '/index.html%00.txt',
        '/.env',
        '/leak.txt',
        '/docs/outside/secret.txt',
        '/docs/outside',
      ]) {
        const res = await get(p);
        assert.ok(res.status === 404 || res.status === 400, `${p} -> ${res.status}`);
        assert.doesNotMatch(res.text, /TOPSECRET|defineConfig|root:x:0:0/, p);
      }
    } finally {
      fs.rmSync(path.join(site.out, 'leak.txt'));
      fs.rmSync(path.join(site.out, 'docs/outside'));
      fs.rmSync(path.join(site.out, '.env'));
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  test('the CLI prints the URL, binds to loopback and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--no-watch', '--port', '0'], { cwd: site.root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const url = await new Promise((resolve, reject) => {
      child.stdout.on('data', () => {
        const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    assert.equal((await request(url, '/docs/guide/start')).status, 200);
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
  });

  test('without a build it says so', async () => {
    const empty = new FixtureSite('serve-site');
    try {
      await assert.rejects(startServer({ root: empty.root, port: 0, watch: false, log: { info() {}, problem() {} } }), /run "docsgen build" first/);
    } finally {
      empty.cleanup();
    }
  });
});
