// Test harness: copies a fixture site to a temporary folder, builds it with the real CLI, lets a
// test edit files and rebuild, and reads the output. Fixtures are folders under test/fixtures/
// holding a site.config.ts and a content/ tree.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandSidebarItems } from '../../lib/internals.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = path.join(ROOT, 'bin/docsgen.js');

export class FixtureSite {
  /** Copies test/fixtures/<name> (or an absolute folder) into a fresh temporary folder. */
  constructor(name) {
    const src = path.isAbsolute(name) ? name : path.join(ROOT, 'test/fixtures', name);
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-${path.basename(name)}-`));
    // A replaced output that an earlier build of `src` is still deleting is not part of the site.
    fs.cpSync(src, this.root, { recursive: true, filter: (from) => !/[\\/]\.dist\.old-\d+-\d+$/.test(from) });
    this.out = path.join(this.root, 'dist');
  }

  /** Runs the CLI in the site folder; returns { status, stdout, stderr }. */
  run(args, env = {}) {
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: this.root, encoding: 'utf8', env: { ...process.env, ...env } });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  build(...args) {
    return this.run(['build', ...args]);
  }

  /** Builds and throws with the CLI's output if the build failed. */
  buildOk(...args) {
    const r = this.build(...args);
    if (r.status !== 0) throw new Error(`build failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
    return r;
  }

  write(rel, text) {
    const file = path.join(this.root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }

  read(rel) {
    return fs.readFileSync(path.join(this.root, rel), 'utf8');
  }

  remove(rel) {
    fs.rmSync(path.join(this.root, rel), { recursive: true, force: true });
  }

  /** A file of the build output, by output path ('docs/a/index.html') or route ('/docs/a'). */
  output(relOrRoute) {
    let rel = relOrRoute;
    if (rel.startsWith('/')) rel = rel === '/' ? 'index.html' : `${rel.slice(1)}/index.html`;
    return fs.readFileSync(path.join(this.out, rel), 'utf8');
  }

  exists(rel) {
    return fs.existsSync(path.join(this.out, rel));
  }

  cleanup() {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/** The text content of the first element matching a simple tag/class/id selector in HTML. */
export function textOf(html, re) {
  const m = re.exec(html);
  return m
    ? m[1]
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
}

/** Every file of an output folder, by path relative to it. */
export function snapshot(dir) {
  const files = new Map();
  for (const rel of fs.readdirSync(dir, { recursive: true })) {
    const p = path.join(dir, rel);
    if (fs.statSync(p).isFile()) files.set(rel, fs.readFileSync(p, 'utf8'));
  }
  return files;
}

/** Two snapshots hold the same files with the same bytes. */
export function assertSameSite(actual, expected) {
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
  for (const [rel, text] of expected) assert.equal(actual.get(rel), text, `${rel} differs`);
}

/** The page data a built page embeds, its sidebar tree in full form as the browser reads it. */
export function embeddedPage(html) {
  const json = /<script type="application\/json" id="__DOCSGEN_DATA__">([\s\S]*?)<\/script>/.exec(html)[1];
  const { page } = JSON.parse(json.replace(/\\u003c/gi, '<'));
  if (page.sidebar) page.sidebar.items = expandSidebarItems(page.sidebar.items);
  return page;
}

/** The site data a built page loads: its locale's shared file, which the page names (`site`). */
export function pageSiteData(site, route) {
  const json = /<script type="application\/json" id="__DOCSGEN_DATA__">([\s\S]*?)<\/script>/.exec(site.output(route))[1];
  const { site: url } = JSON.parse(json.replace(/\\u003c/gi, '<'));
  return JSON.parse(fs.readFileSync(path.join(site.out, url), 'utf8'));
}

/**
 * The sidebar a page is shown with, every category's items included (a page carries the top level
 * and its own category; the rest load from the sidebar JSON files named in `src`).
 */
export function pageSidebar(site, route) {
  const page = embeddedPage(site.output(route));
  const expand = (items) =>
    items.map((i) => {
      if (i.type !== 'category') return i;
      const all = i.src ? JSON.parse(fs.readFileSync(path.join(site.out, i.src), 'utf8')) : i.items;
      const { lazy: _lazy, src: _src, gaps: _gaps, ...rest } = i;
      return { ...rest, items: expand(all) };
    });
  return expand(page.sidebar.items);
}
