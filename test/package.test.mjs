// The package as npm ships it: `npm pack` (which builds lib/ on prepack) gives a tarball that
// holds docsgen alone, installs into an empty folder from npm's cache, and builds a site there
// with nothing of this repository around it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from './helpers/site.mjs';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'warn' },
    shell: process.platform === 'win32',
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}) in ${cwd}:\n${r.stderr}\n${r.stdout}`);
  return r;
}

describe('the npm package', { timeout: 240_000 }, () => {
  let tmp;
  let tarball;
  let entries;
  let site;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-package-'));
    run(NPM, ['pack', '--pack-destination', tmp], ROOT);
    tarball = path.join(tmp, `${pkg.name}-${pkg.version}.tgz`);
    assert.ok(fs.existsSync(tarball), `npm pack wrote ${tarball}`);
    entries = run('tar', ['-tzf', tarball], tmp)
      .stdout.split('\n')
      .filter(Boolean)
      .map((e) => e.replace(/^package\//, ''));

    site = path.join(tmp, 'site');
    fs.mkdirSync(path.join(site, 'content/en/docs'), { recursive: true });
    fs.writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: 'packed-site', version: '1.0.0', private: true }, null, 2));
    fs.writeFileSync(path.join(site, 'site.config.ts'), "import { defineConfig } from 'docsgen';\n\nexport default defineConfig({ title: 'Packed Docs' });\n");
    fs.writeFileSync(path.join(site, 'content/en/docs/intro.md'), '---\ntitle: Intro\nsidebar_position: 1\n---\n\nWelcome. Next: [setup](./setup.md).\n');
    fs.writeFileSync(path.join(site, 'content/en/docs/setup.md'), '---\ntitle: Setup\nsidebar_position: 2\n---\n\n## Install\n\nRun it.\n');
    run(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], site);
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('holds the CLI, its threads, the theme and the sources bundled at build time', () => {
    for (const file of [
      'package.json',
      'bin/docsgen.js',
      'lib/cli.js',
      'lib/index.js',
      'lib/renderWorker.js',
      'lib/validateWorker.js',
      'templates/index.ts',
      'src/client/main.tsx',
      'src/client/devClient.ts',
      'src/client/api.ts',
      'src/client/strings.ts',
      'src/render/serverEntry.tsx',
      'src/shared/i18n/index.ts',
    ]) {
      assert.ok(entries.includes(file), `${file} is in the tarball`);
    }
  });

  it('holds no site content, tests, scripts or benchmarks', () => {
    const stray = entries.filter(
      (e) =>
        /^(content|openapi|static|test|scripts|dist|node_modules|\.docsgen)\//.test(e) ||
        /^(site\.config\.ts|BENCHMARKS\.md|tsconfig\.json)$/.test(e) ||
        e === 'lib/internals.js',
    );
    assert.deepEqual(stray, []);
  });

  it('installs without the development dependencies', () => {
    assert.ok(fs.existsSync(path.join(site, 'node_modules/docsgen/lib/cli.js')));
    assert.ok(!fs.existsSync(path.join(site, 'node_modules/typescript')), 'typescript is not installed');
  });

  it('runs docsgen --help from the installed bin', () => {
    const r = run(path.join(site, 'node_modules/.bin/docsgen'), ['--help'], site);
    assert.match(r.stdout, /Usage: docsgen/);
    assert.match(r.stdout, /build \[options\]/);
  });

  it('builds a two-page site with the installed package', () => {
    const r = run(path.join(site, 'node_modules/.bin/docsgen'), ['build'], site);
    assert.match(r.stdout, /^Wrote \d+ pages/m);
    const dist = path.join(site, 'dist');
    const intro = fs.readFileSync(path.join(dist, 'docs/intro/index.html'), 'utf8');
    const setup = fs.readFileSync(path.join(dist, 'docs/setup/index.html'), 'utf8');
    assert.match(intro, /<title>Intro \| Packed Docs<\/title>/);
    assert.match(intro, /href="\/docs\/setup"/);
    assert.match(setup, /<h2 id="install"/);
    const script = /<script type="module" src="\/(assets\/main-[^"]+\.js)"/.exec(intro);
    assert.ok(script && fs.existsSync(path.join(dist, script[1])), 'the page loads a client script that was written');
  });
});
