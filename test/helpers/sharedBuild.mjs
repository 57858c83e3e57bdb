// One build of a site for all the test files that only read its output. Test files run in
// processes of their own, two at a time, so the output is kept on disk under a hash of all it is
// built from (docsgen's code and the site's files): the first file to ask builds it, a file that
// asks meanwhile waits for that build, and a later run with the same code and site reuses it. A
// test that edits a site builds a FixtureSite of its own instead.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CLI, FixtureSite, ROOT } from './site.mjs';

// In the checkout, not the temporary folder: scripts/test.mjs gives each test file a temporary folder of its own.
const STORE = path.join(ROOT, 'node_modules/.cache/docsgen-test-builds');
/** What a build's output depends on besides the site: the built CLI and what it bundles into pages. */
const CODE = ['package.json', 'lib', 'templates', 'src/client', 'src/shared', 'src/render/serverEntry.tsx'];
/** The real site's own files (ROOT's templates/ is the default theme, already in CODE). */
const REAL_SITE = ['site.config.ts', 'sidebars.ts', 'content', 'openapi', 'static'];
// A build not asked for in an hour goes when another is made: each is tens of MB, and every change
// of docsgen's code makes new ones. A test file asks at its start and runs for minutes at most.
const STALE_MS = 3600_000;
const LOCK_STALE_MS = 10 * 60_000;

/** The output folder of this repository's own site (the Ianai docs), built once. */
export function realSiteOutput() {
  const key = hashOf(ROOT, [...CODE, ...REAL_SITE], 'real-site');
  return path.join(
    once(key, (dir) => {
      const r = spawnSync(process.execPath, [CLI, 'build', '--out', path.join(dir, 'dist')], { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`the real site failed to build:\n${r.stderr}\n${r.stdout}`);
    }),
    'dist',
  );
}

/** The output folder of test/fixtures/<name> built as it is, once. */
export function fixtureOutput(name) {
  const fixture = path.join(ROOT, 'test/fixtures', name);
  const key = hashOf(ROOT, CODE, `fixture ${name}`, fixture);
  return path.join(
    once(key, (dir) => {
      const site = new FixtureSite(name);
      try {
        site.buildOk();
        fs.renameSync(site.out, path.join(dir, 'dist'));
      } finally {
        site.cleanup();
      }
    }),
    'dist',
  );
}

/** Runs `build(dir)` into STORE/<key> unless it is there already; other processes wait for it. */
function once(key, build) {
  const dir = path.join(STORE, key);
  const done = path.join(dir, '.built');
  if (fs.existsSync(done)) return used(dir);
  fs.mkdirSync(STORE, { recursive: true });
  const lock = `${dir}.lock`;
  while (!tryLock(lock)) {
    if (fs.existsSync(done)) return used(dir);
    sleep(200);
  }
  try {
    if (fs.existsSync(done)) return dir;
    removeStale();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    build(dir);
    fs.writeFileSync(done, '');
    return dir;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Marks a build as asked for, so removeStale keeps it. */
function used(dir) {
  const now = new Date();
  fs.utimesSync(dir, now, now);
  return dir;
}

function tryLock(lock) {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  // A lock left by a process that was killed while it built.
  try {
    if (Date.now() - fs.statSync(lock).mtimeMs > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
  } catch {}
  return false;
}

/** Builds nobody has asked for in the last hour. */
function removeStale() {
  for (const entry of fs.readdirSync(STORE)) {
    const p = path.join(STORE, entry);
    try {
      if (!entry.endsWith('.lock') && Date.now() - fs.statSync(p).mtimeMs > STALE_MS) fs.rmSync(p, { recursive: true, force: true });
    } catch {}
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A hash of the files under `base`'s `entries` (files or folders), a label and more folders. */
function hashOf(base, entries, label, ...folders) {
  const hash = crypto.createHash('sha256').update(label);
  const add = (file, name) => hash.update(`\0${name}\0`).update(fs.readFileSync(file));
  const walk = (p, name) => {
    if (!fs.existsSync(p)) return;
    if (!fs.statSync(p).isDirectory()) return add(p, name);
    for (const e of fs.readdirSync(p).sort()) {
      // A build's own leftovers in a fixture are not part of the site.
      if (e === 'dist' || e === '.docsgen' || e === 'node_modules') continue;
      walk(path.join(p, e), `${name}/${e}`);
    }
  };
  for (const e of entries) walk(path.join(base, e), e);
  for (const f of folders) walk(f, f);
  return hash.digest('hex').slice(0, 16);
}
