// The package as npm ships it: `npm pack` (which builds lib/ and its declarations on prepack)
// gives a tarball that holds docsgen alone, installs into an empty folder from npm's cache with
// TypeScript beside it, starts a site with `docsgen init`, type-checks its config against the
// shipped declarations and builds it, with nothing of this repository around it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from './helpers/site.mjs';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const devVersion = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

function spawn(cmd, args, cwd) {
  return spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'warn' },
    shell: process.platform === 'win32',
  });
}

function run(cmd, args, cwd) {
  const r = spawn(cmd, args, cwd);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}) in ${cwd}:\n${r.stderr}\n${r.stdout}`);
  return r;
}

/** Runs the site's tsc --strict on `files` alone, with no ambient @types (mermaid's d3 types need a newer lib). */
function tsc(site, name, files, lib = ['es2022']) {
  fs.writeFileSync(
    path.join(site, name),
    JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', lib, types: [], noEmit: true, strict: true }, files }),
  );
  return spawn(path.join(site, 'node_modules/.bin/tsc'), ['--noEmit', '--strict', '-p', name], site);
}

describe('the npm package', { timeout: 300_000 }, () => {
  let tmp;
  let tarball;
  let entries;
  let site;
  let packed;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-package-'));
    // Packed from a copy of the checkout: prepack rebuilds lib/, which the other test files,
    // running beside this one, load from the checkout.
    const checkout = path.join(tmp, 'checkout');
    for (const entry of ['package.json', 'README.md', 'tsconfig.json', 'bin', 'src', 'templates', 'scripts']) {
      fs.cpSync(path.join(ROOT, entry), path.join(checkout, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(checkout, 'node_modules'), 'junction');
    run(NPM, ['pack', '--pack-destination', tmp], checkout);
    tarball = path.join(tmp, `${pkg.name}-${pkg.version}.tgz`);
    assert.ok(fs.existsSync(tarball), `npm pack wrote ${tarball}`);
    const listing = run('tar', ['-tzvf', tarball], tmp).stdout.split('\n').filter(Boolean);
    // tar's long listing: mode, owner, size, date, time, name.
    entries = listing.map((line) => {
      const fields = line.trim().split(/\s+/);
      return { file: fields.at(-1).replace(/^package\//, ''), size: Number(fields[2]) };
    });
    packed = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], tmp).stdout);

    site = path.join(tmp, 'site');
    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: 'packed-site', version: '1.0.0', private: true, type: 'module' }, null, 2));
    run(
      NPM,
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        tarball,
        `typescript@${devVersion('typescript')}`,
        `@types/react@${devVersion('@types/react')}`,
      ],
      site,
    );
  });

  after(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('holds the CLI, its threads, its declarations, the theme and the sources bundled at build time', () => {
    const files = entries.map((e) => e.file);
    for (const file of [
      'package.json',
      'bin/docsgen.js',
      'lib/cli.js',
      'lib/index.js',
      'lib/index.d.ts',
      'lib/theme.d.ts',
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
      assert.ok(files.includes(file), `${file} is in the tarball`);
    }
  });

  it('holds no site content, tests, scripts, benchmarks or test-only entry', () => {
    const stray = entries
      .map((e) => e.file)
      .filter(
        (e) =>
          /^(content|openapi|static|test|scripts|dist|node_modules|\.docsgen)\//.test(e) ||
          /^(site\.config\.ts|BENCHMARKS\.md|tsconfig\.json)$/.test(e) ||
          e === 'lib/internals.js',
      );
    assert.deepEqual(stray, []);
  });

  it('ships source maps of at most 10 % of its unpacked size', () => {
    const total = entries.reduce((sum, e) => sum + e.size, 0);
    const maps = entries.filter((e) => e.file.endsWith('.map')).reduce((sum, e) => sum + e.size, 0);
    assert.ok(total > 0);
    assert.ok(maps <= total * 0.1, `source maps are ${maps} of ${total} bytes`);
  });

  it('can be published: not private, its types and entry points in the tarball, no script needing a file it lacks', () => {
    const files = new Set(entries.map((e) => e.file));
    assert.notEqual(packed.private, true);
    const targets = [packed.types, packed.exports['.'].types, packed.exports['.'].default, packed.exports['./theme'].types, ...Object.values(packed.bin)];
    for (const target of targets) assert.ok(files.has(target.replace(/^\.\//, '')), `${target} is in the tarball`);
    // npm runs these for a package being installed; the rest (prepack, test...) only in a checkout.
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) assert.equal(packed.scripts?.[hook], undefined, `no ${hook} script`);
  });

  it('installs without the development dependencies', () => {
    assert.ok(fs.existsSync(path.join(site, 'node_modules/docsgen/lib/cli.js')));
    assert.ok(!fs.existsSync(path.join(site, 'node_modules/zod')), 'zod is bundled, not installed');
    assert.ok(!fs.existsSync(path.join(site, 'node_modules/markdown-it')), 'markdown-it is bundled, not installed');
  });

  it('runs docsgen --help and --version from the installed bin', () => {
    const help = run(path.join(site, 'node_modules/.bin/docsgen'), ['--help'], site);
    assert.match(help.stdout, /Usage: docsgen/);
    assert.match(help.stdout, /build \[options\]/);
    assert.equal(run(path.join(site, 'node_modules/.bin/docsgen'), ['--version'], site).stdout.trim(), pkg.version);
  });

  it('starts a site with npx docsgen init whose config type-checks under --strict, and builds it with npx docsgen build', () => {
    run(NPX, ['docsgen', 'init'], site);
    assert.match(fs.readFileSync(path.join(site, 'site.config.ts'), 'utf8'), /from 'docsgen'/);
    const checked = tsc(site, 'tsconfig.json', ['site.config.ts']);
    assert.equal(checked.status, 0, checked.stdout);

    const r = run(NPX, ['docsgen', 'build'], site);
    assert.match(r.stdout, /^Wrote \d+ pages/m);
    const dist = path.join(site, 'dist');
    const intro = fs.readFileSync(path.join(dist, 'docs/intro/index.html'), 'utf8');
    assert.match(intro, /<title>[^<]*My Docs<\/title>/);
    const script = /<script type="module" src="\/(assets\/main-[^"]+\.js)"/.exec(intro);
    assert.ok(script && fs.existsSync(path.join(dist, script[1])), 'the page loads a client script that was written');
  });

  it('declares the config: a wrong key or value fails tsc at its line', () => {
    fs.writeFileSync(
      path.join(site, 'wrong.config.ts'),
      "import { defineConfig } from 'docsgen';\n\nexport default defineConfig({\n  title: 42,\n  navbar: { itemz: [] },\n});\n",
    );
    const r = tsc(site, 'tsconfig.wrong.json', ['wrong.config.ts']);
    assert.notEqual(r.status, 0);
    assert.match(r.stdout, /wrong\.config\.ts\(4,3\): error TS2322/);
    assert.match(r.stdout, /wrong\.config\.ts\(5,13\): error TS2561: .*'itemz'/);
  });

  it("declares the README's sidebars.ts and the theme's props", () => {
    fs.writeFileSync(
      path.join(site, 'typed.ts'),
      [
        "import type { SidebarsConfig, UserConfig } from 'docsgen';",
        "import type { TabsProps, AdmonitionProps, ThemeProps } from 'docsgen/theme';",
        "export const sidebars = { guide: ['intro', { type: 'category', label: { en: 'Setup', ko: '설정' }, items: ['setup/install'] }], reference: [{ type: 'autogenerated', dirName: 'reference' }] } satisfies SidebarsConfig;",
        "export const tabs: TabsProps = { groupId: 'os', values: [{ value: 'mac', label: 'macOS' }] };",
        "export const note: AdmonitionProps = { type: 'tip', title: 'Tip' };",
        'export const title = (props: ThemeProps): string => props.page.title;',
        // A copy of the default Navbar tests the bundle-time constant.
        'export const versioned: boolean = __SITE_HAS_VERSIONS__;',
        "export const locales: UserConfig['locales'] = [{ code: 'en', label: 'English' }];",
        '',
      ].join('\n'),
    );
    const r = tsc(site, 'tsconfig.typed.json', ['typed.ts'], ['es2022', 'dom']);
    assert.equal(r.status, 0, r.stdout);
  });
});
