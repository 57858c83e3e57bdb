// The store under the build's caches (src/cache/keyedStore.ts): values read back byte for byte
// (offsets are bytes; values may be Korean and span lines), one pair of files per writing thread,
// a torn index line or a value cut short left out, values written when the event loop turns (or
// when flushed), and a store that went mostly unused rewritten with what was used.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { flushStores, KeyedStore } from '../lib/internals.js';

describe('KeyedStore', () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-store-'));
  after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
  const files = (version) => fs.readdirSync(path.join(cacheDir, 'test', version));
  const indexes = (version) => files(version).filter((f) => f.endsWith('.idx'));

  it('reads back what it wrote, in this process and the next', async () => {
    const store = KeyedStore.open(cacheDir, 'test', 'v1', true);
    assert.equal(store.get('/a'), undefined);
    store.put([
      ['/a', JSON.stringify('반려동물 목록 조회 — 첫 번째')],
      ['/b', JSON.stringify({ x: 'ascii' })],
      ['/html', '<pre><code>줄 하나\n줄 둘\n</code></pre>\n'],
    ]);
    store.put([['/c', JSON.stringify('세 번째 값')]]);
    assert.equal(JSON.parse(store.get('/a')), '반려동물 목록 조회 — 첫 번째');
    assert.equal(JSON.parse(store.get('/c')), '세 번째 값');
    // Values are appended together when the event loop turns.
    assert.equal(KeyedStore.open(cacheDir, 'test', 'v1', true).has('/a'), false);
    await new Promise(setImmediate);
    const next = KeyedStore.open(cacheDir, 'test', 'v1', true);
    assert.equal(JSON.parse(next.get('/a')), '반려동물 목록 조회 — 첫 번째');
    assert.deepEqual(JSON.parse(next.get('/b')), { x: 'ascii' });
    assert.equal(JSON.parse(next.get('/c')), '세 번째 값');
    assert.equal(next.get('/html'), '<pre><code>줄 하나\n줄 둘\n</code></pre>\n');
    assert.deepEqual(
      files('v1')
        .map((f) => path.extname(f))
        .sort(),
      ['.dat', '.idx'],
    );
  });

  it('writes what every store holds back when a thread that is about to end asks', () => {
    const a = KeyedStore.open(cacheDir, 'test', 'v7', true);
    const b = KeyedStore.open(cacheDir, 'other', 'v7', true);
    a.put([['/a', '첫 번째']]);
    b.put([['/b', 'second']]);
    flushStores();
    assert.equal(KeyedStore.open(cacheDir, 'test', 'v7', true).get('/a'), '첫 번째');
    assert.equal(KeyedStore.open(cacheDir, 'other', 'v7', true).get('/b'), 'second');
  });

  it('appends at once when megabytes are waiting: a build rendering on its main thread turns the event loop only at the end', () => {
    const store = KeyedStore.open(cacheDir, 'test', 'v8', true);
    const page = 'x'.repeat(1024 * 1024);
    store.put([['/small', 'kept until the loop turns']]);
    assert.equal(KeyedStore.open(cacheDir, 'test', 'v8', true).has('/small'), false);
    for (let i = 0; i < 9; i++) store.put([[`/page-${i}`, page + i]]);
    // Nine 1 MB values are on disk without a turn of the event loop (a bound of 8 MB).
    const next = KeyedStore.open(cacheDir, 'test', 'v8', true);
    assert.equal(next.get('/small'), 'kept until the loop turns');
    assert.equal(next.get('/page-7'), page + 7);
  });

  it('leaves out an index line cut short, and a value its data file does not hold', () => {
    const idx = path.join(cacheDir, 'test', 'v1', indexes('v1')[0]);
    const size = fs.statSync(idx.replace(/\.idx$/, '.dat')).size;
    fs.appendFileSync(idx, `/beyond\t${size - 2}\t10\n/torn\t0\t`);
    const store = KeyedStore.open(cacheDir, 'test', 'v1', true);
    assert.equal(store.has('/beyond'), false);
    assert.equal(store.has('/torn'), false);
    assert.equal(JSON.parse(store.get('/c')), '세 번째 값');
  });

  it('keeps only what was used when most of it went unused', () => {
    const first = KeyedStore.open(cacheDir, 'test', 'v2', true);
    first.put(Array.from({ length: 20 }, (_, i) => [`/p${i}`, JSON.stringify(`값 ${i} `.repeat(50))]));
    first.flush();
    // The next build reads three of them and adds one.
    const next = KeyedStore.open(cacheDir, 'test', 'v2', true);
    for (const i of [0, 5, 19]) assert.ok(next.get(`/p${i}`));
    next.put([['/new', JSON.stringify('새 값')]]);
    next.compact(0);
    assert.equal(indexes('v2').length, 1);
    assert.equal(files('v2').length, 2);
    const after = KeyedStore.open(cacheDir, 'test', 'v2', true);
    for (const i of [0, 5, 19]) assert.equal(JSON.parse(after.get(`/p${i}`)), `값 ${i} `.repeat(50));
    assert.equal(JSON.parse(after.get('/new')), '새 값');
    assert.equal(after.has('/p1'), false);
    // Mostly used: left as it is.
    for (const k of ['/p0', '/p5', '/p19']) after.get(k);
    after.compact(0);
    assert.equal(KeyedStore.open(cacheDir, 'test', 'v2', true).has('/new'), true);
  });

  it('keeps values that are no UTF-8 text byte for byte, read whole or one by one, and when it compacts', () => {
    const bytes = (i) => Buffer.from([0xff, 0xfe, 0x00, 0xc3, i, 0x80]);
    const first = KeyedStore.open(cacheDir, 'test', 'v-bin', true, { readWhole: true });
    for (let i = 0; i < 10; i++) first.putBytes(`/b${i}`, bytes(i));
    first.flush();
    const whole = KeyedStore.open(cacheDir, 'test', 'v-bin', true, { readWhole: true });
    for (let i = 0; i < 10; i++) assert.deepEqual(whole.bytes(`/b${i}`), bytes(i));
    const next = KeyedStore.open(cacheDir, 'test', 'v-bin', true);
    assert.deepEqual(next.bytes('/b3'), bytes(3));
    next.compact(0);
    const after = KeyedStore.open(cacheDir, 'test', 'v-bin', true, { readWhole: true });
    assert.deepEqual(after.bytes('/b3'), bytes(3));
    assert.equal(after.has('/b4'), false);
  });

  it('keeps the latest two other versions: the two last written', () => {
    // A store of its own: the versions earlier tests wrote (within the clock's granularity of
    // these) must not take part.
    const write = (v, key = '/x') => {
      KeyedStore.open(cacheDir, 'rotation', v, true).put([[key, '1']]);
      flushStores();
    };
    for (const v of ['v3', 'v4', 'v5']) write(v);
    // Their times a minute apart, v3 the oldest: the order does not hang on how fine or steady
    // the clock is between three writes in a row.
    const past = Date.now() / 1000 - 3600;
    ['v3', 'v4', 'v5'].forEach((v, i) => fs.utimesSync(path.join(cacheDir, 'rotation', v), past + 60 * i, past + 60 * i));
    // Written again, v3 is the latest; v4 is now the oldest.
    write('v3', '/y');
    KeyedStore.open(cacheDir, 'rotation', 'v6', true);
    assert.deepEqual(fs.readdirSync(path.join(cacheDir, 'rotation')).sort(), ['v3', 'v5']);
  });
});
