// What `docsgen serve` keeps in the cache folder for its next start: each Markdown file's front
// matter (store front-matter) and the theme's bundles (store theme-bundles). A start reads them
// (values planted behind docsgen's back show), a file changed since is never served from them,
// and `docsgen clean` deletes them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FixtureSite, ROOT } from './helpers/site.mjs';
import { startServer } from '../lib/index.js';

describe('docsgen serve: the cache for the next start', () => {
  let site;
  let cache;
  before(() => {
    site = new FixtureSite('serve-site');
    fs.cpSync(path.join(ROOT, 'test/fixtures/serve-theme/templates'), path.join(site.root, 'templates'), { recursive: true });
    cache = path.join(site.root, '.docsgen/cache');
    for (const e of fs.readdirSync(site.root, { recursive: true })) age(e);
  });
  /**
   * Dates a file of the site ten minutes back, as an author's files are: a file saved just before
   * a start is rebuilt as changed once the server runs, which would hide what the start served.
   */
  const age = (rel) => {
    const past = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(path.join(site.root, rel), past, past);
  };
  const write = (rel, text) => {
    site.write(rel, text);
    age(rel);
  };
  after(() => site?.cleanup());

  /** The page at `route` from a server started afresh (and stopped again). */
  async function firstPage(route) {
    const server = await startServer({ root: site.root, port: 0, log: { info() {}, problem() {} } });
    try {
      return await (await fetch(new URL(route.slice(1), server.url))).text();
    } finally {
      await server.close();
    }
  }
  const filesOf = (store) =>
    fs
      .readdirSync(path.join(cache, store), { recursive: true })
      .map((f) => path.join(cache, store, f))
      .filter((f) => fs.statSync(f).isFile() && /\.(dat|bin)$/.test(f));
  /** Replaces text in stored values, as one-byte or two-byte strings (v8's serialization has both). */
  const plant = (store, from, to) => {
    let planted = 0;
    for (const file of filesOf(store)) {
      let bytes = fs.readFileSync(file);
      for (const encoding of ['latin1', 'utf16le']) {
        const [a, b] = [Buffer.from(from, encoding), Buffer.from(to, encoding)];
        for (let at = bytes.indexOf(a); at >= 0; at = bytes.indexOf(a, at + 1), planted++) b.copy(bytes, at);
      }
      fs.writeFileSync(file, bytes);
    }
    assert.ok(planted, `planted in ${store}`);
  };

  test('a start reads the front matter and the bundles the last one kept', async () => {
    assert.match(await firstPage('/docs/guide/start'), /<h1>Getting started<\/h1>/);
    plant('front-matter', 'Getting started', 'Gotting started');
    plant('theme-bundles', '"h1"', '"h6"');
    assert.match(await firstPage('/docs/guide/start'), /<h6>Gotting started<\/h6>/);
  });

  test('a file changed since is never served from them', async () => {
    write('content/en/docs/guide/start.md', site.read('content/en/docs/guide/start.md').replace('title: Getting started', 'title: Getting going'));
    const layout = 'templates/layouts/DocLayout.tsx';
    write(layout, site.read(layout).replace('<main id="main">', '<main id="main" data-edited="">'));
    const html = await firstPage('/docs/guide/start');
    assert.match(html, /<main id="main" data-edited=""><h1>Getting going<\/h1>/);
  });

  test('a template added to the site overrides the default theme, though no file the bundles were made from changed', async () => {
    site.remove('templates');
    assert.doesNotMatch(await firstPage('/docs/guide/start'), /by the fixture team/);
    write('templates/components/Footer.tsx', fs.readFileSync(path.join(ROOT, 'test/fixtures/theme-overrides/templates/components/Footer.tsx'), 'utf8'));
    assert.match(await firstPage('/docs/guide/start'), /by the fixture team/);
  });

  test('docsgen clean deletes them', () => {
    assert.ok(filesOf('front-matter').length && filesOf('theme-bundles').length);
    assert.equal(site.run(['clean']).status, 0);
    assert.equal(fs.existsSync(cache), false);
  });
});
