// The benchmark's measuring tools: pageWeight reads script and stylesheet tags however a minifier
// writes them, and measureCommand counts the memory of a whole process tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pageWeight } from '../scripts/bench.mjs';
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
