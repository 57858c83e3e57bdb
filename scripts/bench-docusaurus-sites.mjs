// `npm run bench -- --docusaurus-sites`: builds the real Docusaurus 3 sites in
// ../shared/fixtures/docusaurus (Jest, Prettier) with docsgen and with Docusaurus, and prints wall
// time, CPU time (user + system of the process tree, /usr/bin/time), peak memory (process tree,
// see measureCommand in bench-compare.mjs) and the HTML files written, medians of the runs.
//
// Each tool builds a copy of the fixture's repository folder (website/ reads ../docs), made a git
// repository with the fixture in one commit, as a clone is (Jest's config shows last-update dates,
// read from git; Docusaurus 3.10 stops outside a repository); --no-git for plain copies.
// - docsgen: `node bin/docsgen.js build` in website/ of a fresh copy, without node_modules, as the
//   fixtures are; a new copy per run. The lib/ it runs is the one built last (its time is printed).
//   A site with several locales is also built with `--locale en`, beside Docusaurus's.
// - Docusaurus: a copy of the repository folder in a temporary folder, `npm install --no-audit
//   --no-fund --legacy-peer-deps` in its website/ (the site's own dependencies and
//   devDependencies, at the versions its package.json names; a package that cannot be installed is
//   dropped from the copy's package.json and named in the report), then `docusaurus build` (the
//   bin `npx docusaurus` runs), cold every run: no build/, .docusaurus/ or node_modules/.cache.
//   Built twice per site: as configured (every locale, every version in versions.json) and with
//   `--locale en`; a site with one locale is built once. When a build fails, the last lines of its
//   log are reported and the fixes an integrator would make without editing the site's content
//   are tried, each named in the report.
//
//   node scripts/bench.mjs --docusaurus-sites [--sites jest,prettier] [--only docsgen,docusaurus]
//     [--runs N (both tools; default 3 for docsgen, 1 for Docusaurus)] [--docusaurus-runs N]
//     [--timeout MIN (one Docusaurus build, default 45)] [--no-git] [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countHtml, measureCommand, tail } from './bench-compare.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = [path.join(ROOT, '../shared/fixtures/docusaurus'), path.join(ROOT, 'shared/fixtures/docusaurus')].find((d) => fs.existsSync(d));

/** The middle value, or the mean of the two middle values of an even count. */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const sec = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '—');
const mb = (n) => (Number.isFinite(n) && n > 0 ? `${(n / 1048576).toFixed(0)} MB` : '—');
const load = () => os.loadavg()[0].toFixed(1);
const progress = (line) => console.error(`  ${line} (load ${load()})`);

/**
 * Copies the fixture's repository folder to DEST, writable (the fixtures are read-only), and with
 * `git` makes the copy a git repository holding the fixture in one commit, as a clone is: Jest's
 * config shows each doc's last update (showLastUpdateTime, showLastUpdateAuthor), which both
 * tools read from git, and Docusaurus 3.10 stops outside a repository.
 */
function copyFixture(site, dest, { git = false } = {}) {
  fs.cpSync(path.join(FIXTURES, site), dest, { recursive: true });
  const chmod = (p) => {
    const st = fs.statSync(p);
    fs.chmodSync(p, st.mode | 0o200);
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) chmod(path.join(p, n));
  };
  chmod(dest);
  if (git) makeGitRepository(dest);
}

function makeGitRepository(dir) {
  const git = (...argv) => {
    const r = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'commit.gpgsign=false', ...argv], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${argv[0]} failed in ${dir}: ${r.stderr}`);
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'fixture');
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The locales a Docusaurus build announces ("Website will be built for all these locales: - en - fr"). */
function builtLocales(output) {
  const m = /built for all these locales:([\s\S]*?)(?:\n\s*\n|\n\[|$)/.exec(output);
  if (m) return [...m[1].matchAll(/-\s*([\w-]+)/g)].map((x) => x[1]);
  const one = /Creating an optimized production build|\[INFO\] \[(\S+)\] Creating/.exec(output);
  return one?.[1] ? [one[1]] : undefined;
}

/**
 * npm install in WEBSITE, dropping a package the registry cannot give (its name and npm's reason
 * are returned) and trying again, at most 6 times. npm would treat website/ as a workspace of the
 * repository's root package.json (Jest's, whose other workspaces use yarn's `workspace:`
 * protocol), so --no-workspaces when that root has workspaces.
 */
function npmInstall(website, notes) {
  const pkgFile = path.join(website, 'package.json');
  const rootPkg = path.join(website, '..', 'package.json');
  const flags = ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'];
  if (fs.existsSync(rootPkg) && readJson(rootPkg).workspaces) {
    flags.push('--no-workspaces');
    notes.push(
      "npm install with --no-workspaces: the repository's root package.json lists website/ as a yarn workspace (its other workspaces use `workspace:*`, which npm cannot install)",
    );
  }
  const skipped = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const started = performance.now();
    const r = spawnSync('npm', flags, { cwd: website, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } });
    if (r.status === 0) return { ms: performance.now() - started, skipped, command: `npm ${flags.join(' ')}` };
    const out = `${r.stderr}\n${r.stdout}`;
    const pkg = readJson(pkgFile);
    const direct = { ...pkg.dependencies, ...pkg.devDependencies };
    // ETARGET / E404 / a failed install script: npm names the package.
    const named = [
      ...out.matchAll(/No matching version found for (@?[^@\s]+)@/g),
      ...out.matchAll(/404[^\n]*?'(@?[^@'\s]+)@[^']*' is not in this registry/g),
      ...out.matchAll(/npm error (?:path|command)[^\n]*node_modules\/(@[^/\s]+\/[^/\s]+|[^/@\s]+)/g),
    ].map((m) => m[1]);
    const culprit = named.find((n) => n in direct);
    if (!culprit) throw new Error(`npm install failed in ${website} (exit ${r.status}), naming no package of the site's own:\n${tail(out, 30)}`);
    const reason = tail(
      out
        .split('\n')
        .filter((l) => /npm error/.test(l) && !/A complete log/.test(l))
        .join('\n'),
      3,
    );
    skipped.push({ name: culprit, spec: direct[culprit], reason });
    for (const field of ['dependencies', 'devDependencies']) if (pkg[field]) delete pkg[field][culprit];
    fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    progress(`npm install: ${culprit}@${direct[culprit]} cannot be installed, dropped from the copy's package.json`);
  }
  throw new Error(`npm install failed in ${website} after dropping ${skipped.map((s) => s.name).join(', ')}`);
}

/**
 * The fix an integrator makes for a failed build without editing the site's content, from the
 * log, or undefined: a copy that is not a git repository (--no-git) is made one; a JSON file the site imports as `@site/<file>` that one of the site's own
 * scripts writes from the network (Jest's backers.json, from fetchSupporters.js and Open
 * Collective; this machine reaches no network but the registries) is written as `[]`, what such
 * a script writes when nobody is listed.
 */
function buildFix(website, output) {
  if (/not a git repository/.test(output) && !fs.existsSync(path.join(website, '..', '.git')))
    return {
      label: 'the copy made a git repository',
      note: 'the copy is made a git repository with the fixture in one commit, as a clone is (the config reads last-update dates from git)',
      apply: () => makeGitRepository(path.join(website, '..')),
    };
  for (const [, rel] of output.matchAll(/Can't resolve '@site\/([^']+\.json)'/g)) {
    const file = path.join(website, rel);
    if (fs.existsSync(file)) continue;
    const base = path.basename(rel);
    const writer = fs
      .readdirSync(website)
      .filter((n) => /\.[cm]?js$/.test(n) && !n.startsWith('docusaurus.config'))
      .find((n) => fs.readFileSync(path.join(website, n), 'utf8').includes(base));
    if (!writer) continue;
    return {
      label: `${rel} written as []`,
      note: `\`@site/${rel}\` is written by the site's own \`${writer}\` (run before its builds, from the network, which this machine does not reach); the copy gets \`[]\` in its place`,
      apply: () => fs.writeFileSync(file, '[]\n'),
    };
  }
  return undefined;
}

async function docsgenSite(site, cli, runs, tmp, logDir, git, argv = []) {
  const results = [];
  const name = `docsgen-${site}${argv.length ? `-${argv.join('-').replace(/\W+/g, '-')}` : ''}`;
  for (let i = 0; i < runs; i++) {
    const copy = path.join(tmp, `${name}-${i}`);
    copyFixture(site, copy, { git });
    const website = path.join(copy, 'website');
    const log = path.join(logDir, `${name}-${i}.log`);
    const r = await measureCommand(process.execPath, [cli, 'build', ...argv], { cwd: website, log, env: { NO_COLOR: '1' } });
    const dist = path.join(website, 'dist');
    r.html = fs.existsSync(dist) ? countHtml(dist) : 0;
    // The locales it wrote: the default at the root, the others in dist/<locale>/.
    r.locales = fs.existsSync(dist)
      ? fs
          .readdirSync(dist, { withFileTypes: true })
          .filter((e) => e.isDirectory() && /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(e.name) && fs.existsSync(path.join(dist, e.name, 'index.html')))
          .map((e) => e.name)
      : [];
    // What docsgen says it left out (React pages whose imports are not installed, and the like).
    r.leftOut = [...new Set(r.output.split('\n').filter((l) => /warning: .*(left out|not built)/.test(l)))];
    progress(`${name} run ${i + 1}: exit ${r.status}, ${sec(r.ms)}, CPU ${sec(r.cpuMs)}, ${mb(r.peak)}, ${r.html} HTML files`);
    results.push(r);
    fs.rmSync(copy, { recursive: true, force: true });
    if (r.status !== 0) {
      r.failure = tail(r.output, 15);
      break;
    }
  }
  return results;
}

async function docusaurusBuild(website, argv, { runs, logDir, name, timeoutMs }) {
  const bin = path.join(website, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const results = [];
  for (let i = 0; i < runs; i++) {
    for (const d of ['build', '.docusaurus', 'node_modules/.cache']) fs.rmSync(path.join(website, d), { recursive: true, force: true });
    const log = path.join(logDir, `${name}-${i}.log`);
    const r = await measureCommand(process.execPath, [bin, 'build', ...argv], {
      cwd: website,
      log,
      timeoutMs,
      env: { NO_UPDATE_NOTIFIER: '1', BROWSERSLIST_IGNORE_OLD_DATA: '1' },
    });
    const out = path.join(website, 'build');
    r.html = r.status === 0 && fs.existsSync(out) ? countHtml(out) : 0;
    r.locales = builtLocales(r.output);
    r.localesDone = (r.output.match(/\[SUCCESS\] Generated static files/g) ?? []).length;
    r.log = log;
    progress(`Docusaurus ${name} run ${i + 1}: exit ${r.status}, ${sec(r.ms)}, CPU ${sec(r.cpuMs)}, ${mb(r.peak)}, ${r.html} HTML files`);
    results.push(r);
    if (r.status !== 0) break;
  }
  return results;
}

/** Installs the site's dependencies in a copy and builds it as configured and with --locale en. */
async function docusaurusSite(site, { runs, tmp, logDir, timeoutMs, git }) {
  const copy = path.join(tmp, `docusaurus-${site}`);
  copyFixture(site, copy, { git });
  const website = path.join(copy, 'website');
  const pkg = readJson(path.join(website, 'package.json'));
  const spec = pkg.dependencies?.['@docusaurus/core'] ?? pkg.devDependencies?.['@docusaurus/core'];
  const notes = [];
  const failures = [];
  progress(`Docusaurus ${site}: npm install in ${website}`);
  const install = npmInstall(website, notes);
  const version = (name) => {
    const f = path.join(website, 'node_modules', name, 'package.json');
    return fs.existsSync(f) ? readJson(f).version : undefined;
  };
  const versions = { core: version('@docusaurus/core'), faster: version('@docusaurus/faster'), react: version('react') };
  progress(`Docusaurus ${site}: @docusaurus/core ${versions.core} (package.json: ${spec}), npm install ${sec(install.ms)}`);

  const fixes = [];
  const variants = [];
  // --locale en first: on a site with several locales it is the shorter build, where a failure
  // (and its fix) shows soonest; the build as configured follows with the fixes found.
  const plan = [
    ['--locale en', ['--locale', 'en']],
    ['as configured', []],
  ];
  let siteLocales;
  for (const [label, argv] of plan) {
    if (label === 'as configured' && siteLocales?.length === 1) {
      notes.push(`one locale (${siteLocales[0]}): the build as configured is the --locale en build`);
      variants.push({ label, same: '--locale en' });
      continue;
    }
    let results = await docusaurusBuild(website, argv, { runs, logDir, name: `docusaurus-${site}-${label.replace(/\W+/g, '-')}`, timeoutMs });
    for (let tries = 0; results.at(-1).status !== 0 && tries < 3; tries++) {
      const failed = results.at(-1);
      // The first error lines (webpack prints the cause well above the last lines), then the end.
      const lines = failed.output.split('\n');
      const causes = lines.filter((l) => /Can't resolve|\[ERROR\]|\[cause\]/.test(l));
      const errors = (causes.length ? causes : lines.filter((l) => /Error:/.test(l))).slice(0, 6);
      failures.push({
        what: `\`docusaurus build ${argv.join(' ')}\``.replace(' `', '`'),
        status: failed.status,
        after: failed.ms,
        tail: [...errors, ...(errors.length ? ['...'] : []), tail(failed.output, 10)].join('\n'),
      });
      const fix = buildFix(website, failed.output);
      if (!fix) break;
      fix.apply();
      fixes.push(fix.label);
      notes.push(fix.note);
      progress(`Docusaurus ${site} ${label}: failed; retrying with ${fix.label}`);
      results = await docusaurusBuild(website, argv, { runs, logDir, name: `docusaurus-${site}-${label.replace(/\W+/g, '-')}-fixed`, timeoutMs });
    }
    const ok = results.at(-1).status === 0;
    if (label === '--locale en' && ok) {
      // Which locales the config names: from .docusaurus/i18n.json, written by every build.
      const i18n = path.join(website, '.docusaurus/i18n.json');
      if (fs.existsSync(i18n)) siteLocales = readJson(i18n).locales;
    }
    variants.push({ label, argv, results: ok ? results : [], failed: ok ? undefined : results.at(-1), fixes: [...fixes] });
  }
  fs.rmSync(copy, { recursive: true, force: true });
  return { spec, versions, install, notes, failures, variants, siteLocales };
}

const summary = (rs) => ({
  ms: median(rs.map((r) => r.ms)),
  cpu: median(rs.map((r) => r.cpuMs ?? NaN)),
  peak: median(rs.map((r) => r.peak)),
  html: rs[0].html,
  runs: rs.map((r) => (r.ms / 1000).toFixed(1)).join(', '),
});

/** What a fixture holds: versions, locales named in its config file, docs and blog files. */
function describeFixture(site) {
  const website = path.join(FIXTURES, site, 'website');
  const versions = fs.existsSync(path.join(website, 'versions.json')) ? readJson(path.join(website, 'versions.json')) : [];
  const count = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((n) => /\.mdx?$/.test(n)).length : 0);
  return { versions, docs: count(path.join(FIXTURES, site, 'docs')), blog: count(path.join(website, 'blog')) };
}

export async function benchDocusaurusSites({ args = {}, cli = path.join(ROOT, 'bin/docsgen.js') } = {}) {
  if (!FIXTURES) throw new Error('fixtures not found (expected ../shared/fixtures/docusaurus)');
  const sites = (args.sites ?? 'jest,prettier').split(',');
  const only = (args.only ?? 'docsgen,docusaurus').split(',');
  const docsgenRuns = Number(args.runs ?? 3);
  const docusaurusRuns = Number(args['docusaurus-runs'] ?? args.runs ?? 1);
  const timeoutMs = Number(args.timeout ?? 45) * 60_000;
  const git = !args['no-git'];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docusaurus-sites-'));
  const logDir = path.join(tmp, 'logs');
  fs.mkdirSync(logDir);
  const started = new Date();
  const loadStart = os.loadavg();
  const commit = spawnSync('git', ['-C', ROOT, 'log', '-1', '--format=%h'], { encoding: 'utf8' }).stdout?.trim();
  const dirty = spawnSync('git', ['-C', ROOT, 'status', '--porcelain', '--untracked-files=no', 'src'], { encoding: 'utf8' }).stdout?.trim();
  const rows = [];
  const sections = [];
  const libCli = path.join(path.dirname(cli), '../lib/cli.js');
  const libBuilt = fs.existsSync(libCli) ? `${fs.statSync(libCli).mtime.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '(no lib/cli.js)';
  try {
    const docsgen = {};
    const docsgenEn = {};
    if (only.includes('docsgen'))
      for (const site of sites) {
        progress(`docsgen ${site}: ${docsgenRuns} run(s)`);
        docsgen[site] = await docsgenSite(site, cli, docsgenRuns, tmp, logDir, git);
        // Several locales: also the default one alone, beside Docusaurus's --locale en.
        const first = docsgen[site].find((r) => r.status === 0);
        if (first?.locales.length) docsgenEn[site] = await docsgenSite(site, cli, docsgenRuns, tmp, logDir, git, ['--locale', 'en']);
      }
    const docusaurus = {};
    if (only.includes('docusaurus'))
      for (const site of sites) {
        try {
          docusaurus[site] = await docusaurusSite(site, { runs: docusaurusRuns, tmp, logDir, timeoutMs, git });
        } catch (err) {
          docusaurus[site] = { error: err.message };
        }
      }

    for (const site of sites) {
      const d = describeFixture(site);
      const what = `${site} (${d.docs} docs, versions.json: ${d.versions.join(', ') || 'none'}, ${d.blog} blog posts)`;
      const g = docsgen[site];
      // docsgen builds every version of versions.json beside the current docs, as Docusaurus does.
      const docsBuilt = d.versions.length ? `current docs and ${d.versions.join(', ')}` : 'current docs';
      if (g) {
        const ok = g.filter((r) => r.status === 0);
        if (ok.length) {
          const s = summary(ok);
          const locales = ok[0].locales.length ? `every locale (default + ${ok[0].locales.join(', ')})` : 'its one locale';
          rows.push([what, `docsgen (${commit}${dirty ? ' + uncommitted src/' : ''})`, `${docsBuilt}, ${locales}`, s, ok.length]);
        } else rows.push([what, 'docsgen', `${docsBuilt}, every locale`, undefined, 0, `failed (exit ${g.at(-1).status}, after ${sec(g.at(-1).ms)})`]);
        const en = (docsgenEn[site] ?? []).filter((r) => r.status === 0);
        if (en.length)
          rows.push([what, `docsgen (${commit}${dirty ? ' + uncommitted src/' : ''})`, `\`--locale en\`: ${docsBuilt}, en`, summary(en), en.length]);
        else if (docsgenEn[site]) rows.push([what, 'docsgen', '`--locale en`', undefined, 0, `failed (exit ${docsgenEn[site].at(-1).status})`]);
        if (ok.length && ok[0].leftOut.length)
          sections.push(`docsgen, ${site}: what it says it left out:\n\n${ok[0].leftOut.map((l) => `- ${l.trim()}`).join('\n')}`);
        const failed = g.find((r) => r.status !== 0);
        if (failed) sections.push(`docsgen, ${site}: exit ${failed.status}, after ${sec(failed.ms)}; last lines:\n\n\`\`\`\n${failed.failure}\n\`\`\``);
      }
      const u = docusaurus[site];
      if (u?.error) sections.push(`Docusaurus, ${site}: not built: ${u.error}`);
      else if (u) {
        const label = `Docusaurus ${u.versions.core}${u.versions.faster ? ' (Faster)' : ''}`;
        for (const v of u.variants) {
          if (v.same) continue;
          const oneLocale = u.variants.some((x) => x.same);
          const builds =
            v.label === '--locale en'
              ? `\`--locale en\`${oneLocale ? ' (= as configured: one locale)' : ''}: every version, en`
              : 'as configured: every version, every locale';
          const extra = v.fixes.length ? ` (with ${v.fixes.join(', ')})` : '';
          if (v.results.length) {
            const s = summary(v.results);
            const locales = v.label === 'as configured' ? (v.results[0].locales ?? u.siteLocales) : undefined;
            rows.push([what, label + extra, `${builds}${locales ? ` (${locales.join(', ')})` : ''}`, s, v.results.length]);
          } else {
            const f = v.failed;
            const why = /killed/.test(String(f.status)) ? `stopped at the ${timeoutMs / 60_000}-minute limit` : `failed (exit ${f.status})`;
            const done = f.locales?.length > 1 ? `, ${f.localesDone} of ${f.locales.length} locales built` : '';
            rows.push([what, label + extra, builds, undefined, 0, `${why} after ${sec(f.ms)}${done}; peak memory ${mb(f.peak)}`]);
          }
        }
        sections.push(
          [
            `Docusaurus, ${site}: \`@docusaurus/core\` ${u.spec} in website/package.json, installed ${u.versions.core}${u.versions.faster ? `, @docusaurus/faster ${u.versions.faster}` : ''}, React ${u.versions.react}; \`${u.install.command}\` took ${sec(u.install.ms)}.`,
            ...u.install.skipped.map((s) => `- not installable, dropped: ${s.name}@${s.spec}: ${s.reason.replaceAll('\n', ' ')}`),
            ...u.notes.map((n) => `- ${n}`),
            ...u.failures.map(
              (f) =>
                `- ${f.what} failed (exit ${f.status}, after ${sec(f.after)}); its error lines and the last lines of its log:\n\n\`\`\`\n${f.tail}\n\`\`\``,
            ),
          ].join('\n'),
        );
      }
    }

    const loadEnd = os.loadavg();
    console.log(
      `\n## Real Docusaurus sites (${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; load ${loadStart.map((x) => x.toFixed(1)).join(', ')} at the start, ${loadEnd.map((x) => x.toFixed(1)).join(', ')} at the end)\n`,
    );
    console.log('| site | tool | builds | wall time | CPU (user + sys) | peak memory | HTML files | runs (s) |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [what, tool, builds, s, n, failed] of rows)
      console.log(
        s
          ? `| ${what} | ${tool} | ${builds} | ${sec(s.ms)} | ${sec(s.cpu)} | ${mb(s.peak)} | ${s.html} | ${s.runs}${n > 1 ? ' (median)' : ''} |`
          : `| ${what} | ${tool} | ${builds} | ${failed} | | | | |`,
      );
    console.log(
      "\nBoth tools build every version in versions.json beside the current docs. As configured, both build every locale of the config (Docusaurus each locale as a full client and server bundle, one after the other); the `--locale en` rows build the default locale alone with both tools. docsgen builds without node_modules and leaves out, naming it, what needs the site's packages (below).",
    );
    console.log(
      `Cold builds: docsgen in a fresh copy of the repository folder each run; Docusaurus with build/, .docusaurus/ and node_modules/.cache removed. Copies ${git ? 'are git repositories (the fixture in one commit)' : 'are plain folders (--no-git)'}. docsgen's lib/ built ${libBuilt}.`,
    );
    console.log("Peak memory: the process tree (sum of RSS polled every 100 ms, at least the largest process's high-water mark).\n");
    for (const s of sections) console.log(`${s}\n`);
  } finally {
    if (args.keep) console.log(`Kept ${tmp} (logs in ${logDir}).`);
    else {
      for (const n of fs.readdirSync(tmp)) if (n !== 'logs') fs.rmSync(path.join(tmp, n), { recursive: true, force: true });
      console.log(`Build logs: ${logDir}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = Object.fromEntries(
    process.argv
      .slice(2)
      .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true']] : acc), []),
  );
  await benchDocusaurusSites({ args });
}
