// Docusaurus fixture sites copied to a temporary folder and built by the real CLI in their
// website/ folder, for test/docusaurus-sites.test.mjs and test/docusaurus-classic.test.mjs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, ROOT } from './site.mjs';

/** The real Docusaurus sites beside the checkout (Jest, Prettier). */
export const FIXTURES = path.join(ROOT, '../shared/fixtures/docusaurus');

/** Copies a fixture repository into a temporary folder and builds its website/ folder, after `edit` (of the copy) if given, with `env` added to the CLI's environment. */
export function buildFixture(name, from = FIXTURES, edit = undefined, env = {}) {
  const src = path.join(from, name);
  assert.ok(fs.existsSync(src), `the Docusaurus fixture ${src} is missing (shared/ beside the checkout)`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-docusaurus-${name}-`));
  fs.cpSync(src, root, { recursive: true });
  fs.chmodSync(root, 0o755);
  for (const dir of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
    if (dir.isDirectory()) fs.chmodSync(path.join(dir.parentPath ?? dir.path, dir.name), 0o755);
  const website = path.join(root, 'website');
  edit?.(website);
  const r = spawnSync(process.execPath, [CLI, 'build'], { cwd: website, encoding: 'utf8', env: { ...process.env, ...env } });
  return { root, website, out: path.join(website, 'dist'), status: r.status, log: `${r.stdout}\n${r.stderr}` };
}

/** The warning lines of a build's output. */
export function warnings(log) {
  return log.split('\n').filter((l) => /: warning: /.test(l));
}
