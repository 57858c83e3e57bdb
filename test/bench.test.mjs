// The benchmark's measuring tools: pageWeight reads script and stylesheet tags however a minifier
// writes them, measureCommand counts the memory of a whole process tree, and `--against` builds
// with two CLIs in alternation on a site cleared before every build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { clearSite, pageWeight, pairedBuilds, pairedReport } from '../scripts/bench.mjs';
import { measureCommand } from '../scripts/bench-compare.mjs';

const gz = (s) => zlib.gzipSync(Buffer.from(s), { level: 9 }).length;

test('pageWeight counts module scripts, classic scripts, script preloads and stylesheets, quoted or not', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-weight-'));
  const files = {
    'assets/a.js': 'export const a = 1;'.repeat(50),
    'assets/b.js': 'console.log("b");'.repeat(40),
    'assets/c.js': 'window.c = 3;'.repeat(30),
    'assets/d.js': 'window.d = 4;'.repeat(20),
    'assets/s.css': 'body{color:red}'.repeat(10),
    'docs/x/rel.js': 'window.rel = 5;'.repeat(10),
  };
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, f)), { recursive: true });
    fs.writeFileSync(path.join(dist, f), text);
  }
  const html = `<!doctype html><html><head>
<link rel=stylesheet href=/assets/s.css />
<script type="module" src="/assets/a.js"></script>
<link rel="modulepreload" href="/assets/b.js">
<script src=/assets/c.js defer></script>
<link data-x rel=preload href=/assets/d.js as=script>
<link rel=preload href=/assets/s.css as=style>
<link rel=prefetch href=/assets/never.js>
<script src="rel.js"></script>
<script src="https://cdn.example.com/outside.js"></script>
<script>inline()</script>
</head><body></body></html>`;
  fs.mkdirSync(path.join(dist, 'docs/x'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'docs/x/index.html'), html);
  try {
    const w = pageWeight(dist, '/docs/x');
    assert.equal(w.files, 5);
    const js = ['assets/a.js', 'assets/b.js', 'assets/c.js', 'assets/d.js', 'docs/x/rel.js'];
    assert.equal(
      w.js.gzip,
      js.reduce((n, f) => n + gz(files[f]), 0),
    );
    assert.equal(w.css.gzip, gz(files['assets/s.css']));
    assert.equal(w.html.gzip, gz(html));
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

test('measureCommand reports the peak memory of the whole process tree and its exit status', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-measure-'));
  // A parent holding 100 MB starts a child holding 150 MB; both live for a second at once.
  const hold = (mb) => `const k=[];for(let i=0;i<${mb};i++)k.push(Buffer.alloc(1048576,1));setTimeout(()=>k.length,1000);`;
  const script = `${hold(100)}require('child_process').spawn(process.execPath,['-e',${JSON.stringify(hold(150))}],{stdio:'inherit'}).on('exit',()=>process.exit(3));`;
  try {
    const r = await measureCommand(process.execPath, ['-e', script], { cwd: dir, log: path.join(dir, 'log') });
    assert.equal(r.status, 3);
    assert.ok(r.peak > 250 * 1048576, `peak ${r.peak} should cover both processes (over 250 MB)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('pairedBuilds alternates two CLIs, each build on a cold site, and pairedReport prints medians and this ÷ against', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-paired-'));
  const site = path.join(dir, 'site');
  const trash = path.join(dir, 'trash');
  const log = path.join(dir, 'log');
  fs.mkdirSync(site);
  // A stand-in for bin/docsgen.js: notes which build ran and what it found, then leaves what a
  // build leaves (an old checkout's cache included).
  const fake = (name, pages) => {
    const file = path.join(dir, `${name}.mjs`);
    fs.writeFileSync(
      file,
      `import fs from 'node:fs';
const root = process.argv[process.argv.indexOf('--root') + 1];
const left = ['dist', '.dist.tmp-1-2', '.docsgen', 'node_modules/.cache/docsgen'].filter((d) => fs.existsSync(root + '/' + d));
fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(name)} + ' ' + process.argv.slice(2, 3).join(' ') + (left.length ? ' found ' + left.join(',') : ' clean') + '\\n');
for (const d of ['dist', '.dist.tmp-1-2', '.docsgen/cache', 'node_modules/.cache/docsgen']) fs.mkdirSync(root + '/' + d, { recursive: true });
console.log('Wrote ${pages} pages and 9 files (0 copied) in 0.01 s');
console.log('peak-rss-kb 1024');
`,
    );
    return file;
  };
  const lines = [];
  const print = console.log;
  try {
    const results = pairedBuilds(site, [fake('a', 3), fake('b', 4)], { runs: 2, trash });
    assert.deepEqual(fs.readFileSync(log, 'utf8').trim().split('\n'), [
      'a build clean',
      'b build clean',
      'a build clean',
      'b build clean',
      'a build clean',
      'b build clean',
    ]);
    assert.deepEqual(
      results.map((rs) => rs.map((r) => r.pages)),
      [
        [3, 3],
        [4, 4],
      ],
    );
    assert.ok(results.flat().every((r) => r.ms > 0 && r.rss >= 1024 * 1024));
    assert.deepEqual(fs.readdirSync(site), ['node_modules'], 'the last build is cleared too');
    console.log = (line) => lines.push(line);
    const row = pairedReport('fake', results);
    console.log = print;
    const text = lines.join('\n');
    assert.match(text, /### fake \(3 and 4 HTML pages; medians of 2 paired runs\)/);
    assert.match(text, /\| \| this checkout \| against \| this ÷ against \|/);
    // Without /usr/bin/time the CPU time is unknown: a dash.
    const fig = '(?:[\\d.]+ \\w+|—)';
    for (const name of ['wall time', 'CPU time \\(user \\+ system\\)', 'peak memory'])
      assert.match(text, new RegExp(`\\| ${name} \\| ${fig} \\| ${fig} \\| (?:[\\d.]+|—) \\|`));
    // The median of two runs is their mean, not the higher one.
    const [a0, a1] = results[0].map((r) => r.ms);
    assert.match(text, new RegExp(`\\| wall time \\| ${((a0 + a1) / 2 / 1000).toFixed(2)} s \\|`));
    assert.match(text, /\| runs, wall \(s\) \| [\d.]+, [\d.]+ \| [\d.]+, [\d.]+ \| by round: [\d.]+, [\d.]+ \|/);
    assert.equal(row.length, 4);
    // clearSite with the cache kept (a rebuild) moves the output only.
    fs.mkdirSync(path.join(site, 'dist'));
    fs.mkdirSync(path.join(site, '.docsgen/cache'), { recursive: true });
    clearSite(site, trash, { cache: false });
    assert.ok(!fs.existsSync(path.join(site, 'dist')) && fs.existsSync(path.join(site, '.docsgen/cache')));
  } finally {
    console.log = print;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
