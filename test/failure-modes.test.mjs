// Failures that are not an author's typo: a React page that throws while rendering, a build killed
// mid-swap, a build stopped while esbuild bundles, and routes that only collide on some systems.
// Each is reported like any other problem (file:line, relative paths), or put right by the next run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI, FixtureSite } from './helpers/site.mjs';

describe('failure modes', () => {
  let site;
  before(() => {
    site = new FixtureSite('basic');
    site.buildOk();
  });
  after(() => site.cleanup());

  const failedBuild = () => {
    const r = site.build();
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /Build failed: \d+ problems? found\. The previous output was left untouched\./);
    assert.doesNotMatch(r.stderr, /goroutine|\n\s+at /, 'no Go trace or JavaScript stack');
    return r;
  };

  it('reports a React page that throws at its source line, with the route', () => {
    site.write('content/pages/boom.tsx', 'export default function Boom() {\n  throw new Error("kaboom");\n}\n');
    try {
      const r = failedBuild();
      assert.match(r.stderr, /^content\/pages\/boom\.tsx:2: error: kaboom\n  hint: Rendering \/boom threw this error/m);
      assert.equal(r.stderr.match(/error: kaboom/g).length, 1, 'once, though it renders in every locale');
      assert.doesNotMatch(r.stderr, /\.docsgen|server-\d/);
      // Code outside the component throws when the module loads.
      site.write(
        'content/pages/boom.tsx',
        'const limit = (globalThis as any).missing.limit;\nexport default function Boom() {\n  return <main>{limit}</main>;\n}\n',
      );
      assert.match(
        failedBuild().stderr,
        /^content\/pages\/boom\.tsx:1: error: TypeError: Cannot read properties of undefined \(reading 'limit'\)\n  hint: The module/m,
      );
    } finally {
      site.remove('content/pages/boom.tsx');
    }
  });

  it('builds a page past the size limits with a warning naming its file', () => {
    // 5.3 MB of Markdown, whose ampersands make an HTML page past 10 MB (each is written "&amp;").
    const text = `${'&'.repeat(99)}\n`.repeat(23000) + `${'word '.repeat(19)}\n`.repeat(34000);
    site.write('content/en/docs/guide/huge.md', `---\ntitle: Huge\n---\n\n${text}`);
    try {
      const r = site.buildOk();
      assert.match(r.stderr, /^content\/en\/docs\/guide\/huge\.md:1: warning: This Markdown file is 5\.\d MB, more than 5\.0 MB$/m);
      assert.match(
        r.stderr,
        /^content\/en\/docs\/guide\/huge\.md:1: warning: This page's HTML \(docs\/guide\/huge\/index\.html\) is \d+\.\d MB, more than 10\.0 MB$/m,
      );
      assert.ok(fs.statSync(path.join(site.out, 'docs/guide/huge/index.html')).size > 10 * 1024 * 1024, 'the page is still written');
    } finally {
      site.remove('content/en/docs/guide/huge.md');
    }
  });

  it('lets esbuild finish the theme when the build fails before it needs it', () => {
    // A build that stopped the thread esbuild ran its plugins on could make esbuild's process
    // print a Go deadlock trace. The bundle now finishes, and its server module is removed.
    const original = site.read('content/en/docs/guide/stock.md');
    site.write('content/en/docs/guide/stock.md', original.replace('sidebar_position: 2', 'sidebar_position: two'));
    let r;
    try {
      r = failedBuild();
    } finally {
      site.write('content/en/docs/guide/stock.md', original);
    }
    assert.doesNotMatch(r.stderr, /goroutine|deadlock/);
    assert.deepEqual(
      fs.readdirSync(path.join(site.root, '.docsgen')).filter((n) => n.startsWith('server-')),
      [],
    );
  });

  it('fails, and does not hang, when a render worker dies before it is given a page', () => {
    // A config holding a function is read again by each worker; this one throws in a worker only,
    // which dies while the main thread still collects the routes.
    const config = site.read('site.config.ts');
    site.write(
      'site.config.ts',
      config
        .replace(
          "import { defineConfig } from 'docsgen';",
          "import { defineConfig } from 'docsgen';\nimport { isMainThread } from 'node:worker_threads';\nif (!isMainThread) throw new Error('not on a worker');",
        )
        .replace(
          "title: 'Fixture Docs',",
          "title: 'Fixture Docs',\n  docs: { editUrl: ({ docPath }: { docPath: string }) => `https://edit.example/${docPath}` },",
        ),
    );
    let r;
    try {
      r = spawnSync(process.execPath, [CLI, 'build', '--workers', '1'], { cwd: site.root, encoding: 'utf8', timeout: 90_000 });
    } finally {
      site.write('site.config.ts', config);
    }
    assert.equal(r.signal, null, `the build hung:\n${r.stderr}`);
    assert.equal(r.status, 1, r.stderr);
    // As the main thread reports a config that throws: the file and the message, no stack.
    assert.match(r.stderr, /site\.config\.ts: error: .*not on a worker/);
    assert.match(r.stderr, /The previous output was left untouched\./);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  it('restores the output after a build killed between the two renames of its swap', () => {
    // What kill -9 leaves there: the finished output ready beside the missing dist/, another
    // build's unfinished folder, and the modules those processes had imported.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const live = process.pid;
    const at = (rel) => path.join(site.root, rel);
    const ready = `.dist.ready-${dead}-${Date.now()}`;
    fs.cpSync(site.out, at(ready), { recursive: true });
    fs.writeFileSync(at(`${ready}/marker.txt`), 'new build');
    fs.renameSync(site.out, at(`.dist.old-${dead}-1`));
    const stale = [`.dist.old-${dead}-1`, `.dist.tmp-${dead}-1`, `.docsgen/server-${dead}-1.mjs`, `.docsgen/config-${dead}-1.mjs`];
    const running = [`.dist.tmp-${live}-1`, `.docsgen/server-${live}-1.mjs`];
    for (const rel of [...stale.slice(1), ...running]) {
      if (rel.endsWith('.mjs')) fs.writeFileSync(at(rel), 'export {};\n');
      else fs.mkdirSync(at(`${rel}/docs`), { recursive: true });
    }
    try {
      // A failed build leaves the output as it finds it: the restored one.
      site.write('content/en/docs/guide/broken.md', '---\nsidebar_position: two\n---\n# Broken\n');
      failedBuild();
      assert.equal(site.read('dist/marker.txt'), 'new build');
      assert.ok(site.exists('docs/guide/start/index.html'));
      for (const rel of [ready, ...stale]) assert.ok(!fs.existsSync(at(rel)), `${rel} is removed`);
      for (const rel of running) assert.ok(fs.existsSync(at(rel)), `${rel} of a running process is left alone`);
    } finally {
      site.remove('content/en/docs/guide/broken.md');
      for (const rel of running) site.remove(rel);
    }
  });

  it('refuses file names a URL cannot carry and names that differ only in Unicode normalisation', () => {
    site.write('content/en/docs/guide/what?.md', '# What\n');
    site.write('content/en/docs/guide/caf\u00e9.md', '# Café\n');
    site.write('content/en/docs/guide/cafe\u0301.md', '# Café again\n');
    try {
      const r = failedBuild();
      assert.match(r.stderr, /content\/en\/docs\/guide\/what\?\.md: error: The file name content\/en\/docs\/guide\/what\?\.md holds "\?", "#" or "%"/);
      assert.match(
        r.stderr,
        /error: content\/en\/docs\/guide\/caf.+\.md and content\/en\/docs\/guide\/caf.+\.md have URLs that differ only in case or Unicode normalisation/,
      );
    } finally {
      for (const name of ['what?.md', 'caf\u00e9.md', 'cafe\u0301.md']) site.remove(`content/en/docs/guide/${name}`);
    }
  });

  it('names both files of routes that differ only in case, relative to the site', (t) => {
    // Where the file system ignores case, the two files cannot both exist.
    if (fs.existsSync(path.join(site.root, 'SITE.CONFIG.TS'))) return t.skip('case-insensitive file system');
    const stock = site.read('content/en/docs/guide/stock.md');
    site.write('content/en/docs/guide/Stock.md', stock);
    site.write('content/en/docs/guide/again.md', '---\nslug: start\n---\n# Again\n');
    try {
      const r = failedBuild();
      assert.match(
        r.stderr,
        /content\/en\/docs\/guide\/stock\.md:1: error: content\/en\/docs\/guide\/Stock\.md and content\/en\/docs\/guide\/stock\.md have URLs that differ only in case/,
      );
      assert.match(
        r.stderr,
        /error: Two pages have the same URL \/docs\/guide\/start: content\/en\/docs\/guide\/again\.md and content\/en\/docs\/guide\/start\.md/,
      );
      assert.ok(!r.stderr.includes(site.root), 'no absolute path');
    } finally {
      site.remove('content/en/docs/guide/Stock.md');
      site.remove('content/en/docs/guide/again.md');
    }
  });
});
