#!/usr/bin/env node
// Benchmark of the API reference on a generated spec: N operations (default 2000) over
// resources whose schemas are deep (nested objects 8 levels down), circular (self and mutual
// references), shared (Money, Address, a list envelope, problem details) and composed (allOf,
// oneOf with a discriminator), split over a JSON root and a YAML schema file. Writes the spec,
// a minimal site.config.ts and one doc into a temp folder, then measures:
//   stage  parse + $ref check + validation + model, routes, every page's content (one process,
//          an empty cache folder: what a cold build computes, writing the cache included)
//   build  full `docsgen build` of that site, --runs times cold (dist/ and .docsgen/ moved away
//          before each), then --runs times as a rebuild (the cache folder, .docsgen/cache, kept:
//          the spec's validation and every API page's content come from it): wall, CPU of all
//          threads, peak RSS (measureBuild in bench.mjs; render workers included), phase
//          timings, output sizes
//   formats a spec of about --mb MB (default 5: thousands of schemas, circular references) with
//          its root file written as JSON and as YAML (the same document), each built cold --runs
//          times in alternation: wall, CPU, peak RSS, the YAML ÷ JSON ratios (YAML should cost at
//          most twice JSON's CPU) and the largest API page (none should pass 1.5 MB)
//   real   what the real site's API reference (openapi/) adds to its build: the real site built
//          with and without its openapi config (content links to API pages pointed at
//          /docs/intro), --runs times each, alternating, after one warm-up build each: as a
//          rebuild (cache kept), cold (.docsgen/ moved away), and with `--no-cache` (the cache
//          neither read nor written). dist/ is moved away before every build (a build always
//          writes a fresh folder; the one it replaces is deleted in the background)
//
//   node scripts/bench-api.mjs [--ops 2000] [--mb 5] [--runs 3] [--only stage,build,formats,real] [--cli bin/docsgen.js] [--against DIR] [--keep]
//     --cli      the docsgen to measure (default this checkout's bin/docsgen.js)
//     --against  another docsgen checkout (node_modules installed, lib/ built): `build` then builds
//                the generated site with both CLIs in alternation (A, B, A, B, ..., one unmeasured
//                round first), cold each time, plain `docsgen build`, and prints the medians of
//                wall time, CPU time and peak memory with this ÷ against (scripts/bench.mjs
//                --against passes it on). Only `build` runs by default then; `stage` and `real`,
//                when asked for, measure --cli alone.
//     --keep     leaves the temp folders (their paths are printed)
// Wall times on a shared machine are noisy: CPU seconds and byte sizes are printed beside them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { clearSite, measureBuild, pairedBuilds, pairedReport } from './bench.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const OPS = Number(opt('ops', 2000));
/** The size of the spec of the `formats` part, in MB (its root file, written as YAML and as JSON). */
const FORMAT_MB = Number(opt('mb', 5));

// Deterministic pseudo-random numbers, so every run benchmarks the same spec.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(rand() * list.length)];
const WORDS =
  'stock order item location shipment vendor customer build work plan line batch lot serial bin quantity price cost tax account payment memo label carrier rate route center worker status date note'.split(
    ' ',
  );
const sentence = (n = 12) => {
  const words = Array.from({ length: n }, () => pick(WORDS));
  return words[0][0].toUpperCase() + words.join(' ').slice(1) + '.';
};
const name = (i) => `Res${i}`;
const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * Writes a site whose spec has `opsWanted` operations into `dir`, its root file as JSON (the
 * default) or YAML ('openapi/bench.yaml', the same document): the size of the spec and its
 * numbers of operations and schemas.
 */
function generate(dir, { ops: opsWanted = OPS, format = 'json' } = {}) {
  seed = 42;
  const OPS = opsWanted;
  const RESOURCES = Math.ceil(OPS / 10);
  fs.mkdirSync(path.join(dir, 'openapi'), { recursive: true });
  const schemas = {};
  const yamlSchemas = [];
  // Shared schemas live in a YAML file reached through external $refs.
  yamlSchemas.push(
    'Money:\n  type: object\n  required: [amount, currency]\n  properties:\n    amount: { type: string, format: decimal, example: "12.50" }\n    currency: { type: string, example: USD }',
    'Address:\n  type: object\n  properties:\n    line1: { type: string }\n    city: { type: string }\n    country: { type: string, enum: [US, KR, DE, JP] }\n    geo:\n      type: [object, "null"]\n      properties:\n        lat: { type: number }\n        lng: { type: number }',
    'Problem:\n  type: object\n  properties:\n    type: { type: string, format: uri }\n    title: { type: string }\n    status: { type: integer }\n    errors:\n      type: array\n      items:\n        type: object\n        properties:\n          field: { type: string }\n          code: { type: string }',
    'ListPage:\n  type: object\n  required: [has_more]\n  properties:\n    next_cursor: { type: [string, "null"] }\n    has_more: { type: boolean }',
  );
  // A deep chain: Meta0 -> Meta1 -> ... -> Meta7.
  for (let d = 0; d < 8; d++) {
    schemas[`Meta${d}`] = {
      type: 'object',
      description: sentence(),
      properties: { key: { type: 'string' }, value: { type: 'string' }, ...(d < 7 ? { child: { $ref: `#/components/schemas/Meta${d + 1}` } } : {}) },
    };
  }
  for (const s of ['Money', 'Address', 'Problem', 'ListPage']) schemas[s] = { $ref: `./shared.yaml#/${s}` };
  const paths = {};
  const tags = [];
  let ops = 0;
  for (let r = 0; r < RESOURCES && ops < OPS; r++) {
    const n = name(r);
    const tag = `Group ${Math.floor(r / 2)}`;
    if (r % 2 === 0) tags.push({ name: tag, description: sentence(20) });
    const other = name((r * 7 + 3) % RESOURCES);
    const props = {
      id: { type: 'string', readOnly: true, description: sentence(6), example: `${kebab(n)}_1` },
      name: { type: 'string', maxLength: 120, description: sentence() },
      status: { type: 'string', enum: ['draft', 'active', 'closed'], default: 'draft', description: sentence() },
      total: { $ref: '#/components/schemas/Money' },
      address: { $ref: '#/components/schemas/Address' },
      meta: { $ref: '#/components/schemas/Meta0' },
      parent: { anyOf: [{ $ref: `#/components/schemas/${n}` }, { type: 'null' }], description: 'Self reference.' },
      related: { $ref: `#/components/schemas/${other}` },
      lines: { type: 'array', items: { $ref: `#/components/schemas/${n}Line` } },
      created_at: { type: 'string', format: 'date-time', readOnly: true },
    };
    for (let k = 0; k < 8; k++) props[`field_${k}`] = { type: pick(['string', 'integer', 'boolean', 'number']), description: sentence(8) };
    schemas[n] = { type: 'object', description: sentence(16), required: ['name'], properties: props };
    schemas[`${n}Line`] = {
      type: 'object',
      properties: {
        item: { $ref: `#/components/schemas/${other}` },
        quantity: { type: 'string', format: 'decimal' },
        price: { $ref: '#/components/schemas/Money' },
        owner: { $ref: `#/components/schemas/${n}` },
      },
    };
    schemas[`${n}Create`] = {
      allOf: [{ $ref: `#/components/schemas/${n}` }, { type: 'object', properties: { notify: { type: 'boolean', writeOnly: true } } }],
    };
    schemas[`${n}List`] = {
      allOf: [
        { $ref: '#/components/schemas/ListPage' },
        { type: 'object', properties: { data: { type: 'array', items: { $ref: `#/components/schemas/${n}` } } } },
      ],
    };
    schemas[`${n}Event`] = {
      oneOf: [{ $ref: `#/components/schemas/${n}Created` }, { $ref: `#/components/schemas/${n}Closed` }],
      discriminator: { propertyName: 'kind', mapping: { created: `#/components/schemas/${n}Created`, closed: `#/components/schemas/${n}Closed` } },
    };
    schemas[`${n}Created`] = {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string' }, at: { type: 'string', format: 'date-time' }, by: { $ref: `#/components/schemas/${n}` } },
    };
    schemas[`${n}Closed`] = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, reason: { type: 'string' } } };

    const base = `/${kebab(n)}s`;
    const ref = (s) => ({ $ref: `#/components/schemas/${s}` });
    const json = (schema, example) => ({ 'application/json': example ? { schema, example } : { schema } });
    // Real specs carry an example per response: most of their size.
    const sample = () => ({
      id: `${kebab(n)}_${Math.floor(rand() * 1e6)}`,
      name: sentence(4),
      status: pick(['draft', 'active', 'closed']),
      total: { amount: (rand() * 1000).toFixed(2), currency: 'USD' },
      address: { line1: sentence(3), city: pick(WORDS), country: pick(['US', 'KR', 'DE', 'JP']), geo: null },
      lines: Array.from({ length: 3 }, () => ({ quantity: String(Math.ceil(rand() * 10)), price: { amount: (rand() * 100).toFixed(2), currency: 'USD' } })),
      ...Object.fromEntries(Array.from({ length: 8 }, (_, k) => [`field_${k}`, sentence(7)])),
      created_at: '2026-03-14T15:42:07Z',
    });
    const errors = { 400: { $ref: '#/components/responses/BadRequest' }, 404: { $ref: '#/components/responses/NotFound' } };
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: `${kebab(n)}_1` };
    const op = (method, summary, extra) => ({
      operationId: `${method}${n}${ops}`,
      summary,
      description: sentence(30),
      tags: [tag],
      ...extra,
      responses: { ...extra.responses, ...errors },
    });
    const add = (p, method, value) => {
      if (ops >= OPS) return;
      paths[p] ??= {};
      paths[p][method] = value;
      ops++;
    };
    add(
      base,
      'get',
      op('list', `List ${n}`, {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', default: 50, maximum: 200 } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'A page.', content: json(ref(`${n}List`)) } },
      }),
    );
    add(
      base,
      'post',
      op('create', `Create ${n}`, {
        requestBody: { required: true, content: json(ref(`${n}Create`)) },
        responses: { 201: { description: 'Created.', content: json(ref(n), sample()) } },
      }),
    );
    add(
      `${base}/{id}`,
      'get',
      op('get', `Get ${n}`, { parameters: [idParam], responses: { 200: { description: 'The resource.', content: json(ref(n), sample()) } } }),
    );
    add(
      `${base}/{id}`,
      'patch',
      op('update', `Update ${n}`, {
        parameters: [idParam],
        requestBody: { content: json(ref(n)) },
        responses: { 200: { description: 'Updated.', content: json(ref(n), sample()) } },
      }),
    );
    add(`${base}/{id}`, 'delete', op('delete', `Delete ${n}`, { parameters: [idParam], responses: { 204: { description: 'Deleted.' } } }));
    for (const action of ['complete', 'cancel', 'events', 'status', 'duplicate']) {
      add(
        `${base}/{id}/${action}`,
        'post',
        op(action, `${action[0].toUpperCase()}${action.slice(1)} ${n}`, {
          parameters: [idParam],
          requestBody: { content: json(ref(`${n}Event`)) },
          responses: { 200: { description: 'Done.', content: json(ref(n), sample()) } },
        }),
      );
    }
  }
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Bench API', version: '1.0.0', description: `## Authentication\n\n${sentence(40)}\n\n## Pagination\n\n${sentence(40)}` },
    servers: [{ url: 'https://api.bench.example/v1' }],
    security: [{ Key: [] }],
    tags,
    paths,
    components: {
      securitySchemes: { Key: { type: 'http', scheme: 'bearer' } },
      responses: {
        BadRequest: { description: 'Bad request.', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        NotFound: { description: 'Not found.', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
      },
      schemas,
    },
  };
  const rootFile = `openapi/bench.${format}`;
  fs.writeFileSync(path.join(dir, rootFile), format === 'yaml' ? yaml.dump(doc, { lineWidth: 120, noRefs: true }) : JSON.stringify(doc, null, 1));
  fs.writeFileSync(path.join(dir, 'openapi/shared.yaml'), yamlSchemas.join('\n') + '\n');
  fs.writeFileSync(
    path.join(dir, 'openapi/bench.overlay.ko.yaml'),
    `overlay: 1.0.0\ninfo: { title: ko, version: 1.0.0 }\nactions:\n${tags.map((t) => `  - target: $.tags[?(@.name=='${t.name}')]\n    update: { x-displayName: '그룹 ${t.name.slice(6)}' }\n`).join('')}`,
  );
  fs.writeFileSync(
    path.join(dir, 'site.config.ts'),
    `import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Bench', url: 'https://bench.example', locales: [{ code: 'en', label: 'English' }, { code: 'ko', label: '한국어' }], openapi: { spec: '${rootFile}', categorySlug: 'bench', overlays: { ko: 'openapi/bench.overlay.ko.yaml' } } });\n`,
  );
  fs.mkdirSync(path.join(dir, 'content/en/docs'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'content/en/docs/intro.md'), '---\ntitle: Intro\n---\n\nSee the [API](/docs/category/bench).\n');
  return { ops, schemas: Object.keys(schemas).length, bytes: fs.statSync(path.join(dir, rootFile)).size };
}

const RUNS = Number(opt('runs', 3));
const AGAINST = opt('against') && path.resolve(opt('against'));
const ONLY = (opt('only', AGAINST ? 'build' : 'stage,build,formats,real') ?? '').split(',');
const KEEP = args.includes('--keep');
const CLI = path.resolve(opt('cli', path.join(ROOT, 'bin/docsgen.js')));
const CLI_ROOT = path.dirname(path.dirname(CLI));
/** The middle value, or the mean of the two middle values of an even count. */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const s1 = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;

if (AGAINST && !fs.existsSync(path.join(AGAINST, 'lib/cli.js'))) {
  console.error(`--against ${AGAINST}: not a docsgen checkout with lib/ built (no lib/cli.js)`);
  process.exit(2);
}

/** One `docsgen build` of the site in `cwd` by --cli, after `clear` (see clearSite): wall, CPU, peak RSS, phases. */
function buildOnce(cwd, { flags = [], clear } = {}) {
  if (clear) clearSite(cwd, trashOf(cwd), { cache: clear === 'cold' });
  return measureBuild(CLI, cwd, flags);
}

/** Where clearSite moves a site's output and cache (deleted at the end, with the temp folders). */
function trashOf(dir) {
  const trash = `${dir}.trash`;
  if (!dirs.includes(trash)) dirs.push(trash);
  return trash;
}

function summary(results) {
  const cpu = results.map((r) => r.cpu).filter(Number.isFinite);
  return {
    ms: median(results.map((r) => r.ms)),
    cpu: cpu.length ? median(cpu) : NaN,
    rss: median(results.map((r) => r.rss)),
    maxRss: Math.max(...results.map((r) => r.rss)),
    runs: results.map((r) => (r.ms / 1000).toFixed(2)).join(', '),
  };
}

/** Bytes and counts of the built output's API pages (do not depend on the machine's load). */
function apiOutput(dist, routeBase) {
  const dir = path.join(dist, routeBase);
  let html = 0,
    md = 0,
    pages = 0,
    largest = 0;
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name.endsWith('.md')) md += fs.statSync(p).size;
    else if (fs.existsSync(path.join(p, 'index.html'))) {
      const size = fs.statSync(path.join(p, 'index.html')).size;
      html += size;
      largest = Math.max(largest, size);
      pages++;
    }
  }
  return { pages, html, md, largest };
}

const dirs = [];
if (ONLY.includes('stage') || ONLY.includes('build')) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-api-'));
  dirs.push(dir);
  const spec = generate(dir);
  console.log(`spec: ${spec.ops} operations, ${spec.schemas} schemas, ${(spec.bytes / 1e6).toFixed(1)} MB (${dir})`);

  if (ONLY.includes('stage')) {
    // Stage timings in a child process, so that module loading and caches start cold; it fills the
    // site's cache folder, moved away after it.
    const stage = spawnSync(process.execPath, ['--input-type=module', '-e', STAGE_SCRIPT(dir)], { cwd: CLI_ROOT, encoding: 'utf8' });
    process.stdout.write(stage.stdout);
    if (stage.status !== 0) {
      process.stderr.write(stage.stderr);
      process.exit(1);
    }
    clearSite(dir, trashOf(dir));
  }

  if (ONLY.includes('build') && AGAINST) {
    console.log(`\nA (this): ${CLI}\nB (against): ${path.join(AGAINST, 'bin/docsgen.js')}`);
    const results = pairedBuilds(dir, [CLI, path.join(AGAINST, 'bin/docsgen.js')], {
      runs: RUNS,
      trash: trashOf(dir),
      log: (line) => console.error(`  API spec, ${line}`),
    });
    pairedReport(`${spec.ops}-operation API spec, cold builds`, results);
  } else if (ONLY.includes('build')) {
    const report = (label, results) => {
      const s = summary(results);
      const mid = results.find((r) => r.ms === s.ms);
      console.log(
        `\n${label}, ${results[0].pages} pages, median of ${RUNS}: ${s1(s.ms)} wall (runs ${s.runs}), ${s1(s.cpu)} CPU of all threads, peak RSS ${mb(s.rss)} (largest ${mb(s.maxRss)})`,
      );
      console.log(`  phases of the median run: ${mid.phases.join('; ')}`);
    };
    // Cold: what CI does on a fresh clone. Rebuild: what an author's second build does (the
    // last cold build filled the cache).
    const cold = [];
    for (let i = 0; i < RUNS; i++) cold.push(buildOnce(dir, { clear: 'cold' }));
    const out = apiOutput(path.join(dir, 'dist'), 'docs/api');
    const rebuild = [];
    for (let i = 0; i < RUNS; i++) rebuild.push(buildOnce(dir, { clear: 'output' }));
    report('cold build (no .docsgen/: validated, every API page rendered, the cache written)', cold);
    report("rebuild (.docsgen/cache kept: validation and API pages' content read from it)", rebuild);
    console.log(
      `  API pages: ${out.pages} under /docs/api, HTML ${(out.html / 1e6).toFixed(1)} MB (${(out.html / out.pages / 1e3).toFixed(1)} kB a page, largest ${(out.largest / 1e3).toFixed(0)} kB), Markdown copies ${(out.md / 1e6).toFixed(1)} MB`,
    );
  }
}

// A spec of about --mb MB (thousands of schemas, circular references) with its root written as
// YAML and as JSON, each built cold --runs times in alternation: YAML should cost at most twice
// the CPU of JSON, and no page of the reference should pass 1.5 MB.
if (ONLY.includes('formats')) {
  const sites = {};
  let probe;
  for (const format of ['json', 'yaml']) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-api-${format}-`));
    dirs.push(dir);
    // The operation count that makes the JSON root about --mb MB (the YAML one is the same document).
    if (!probe) {
      const first = generate(dir, { ops: 500 });
      probe = Math.max(100, Math.round((500 * FORMAT_MB * 1e6) / first.bytes));
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir);
    }
    sites[format] = { dir, spec: generate(dir, { ops: probe, format }) };
  }
  const { json, yaml: y } = sites;
  console.log(
    `\nformats: ${json.spec.ops} operations, ${json.spec.schemas} schemas; root file JSON ${(json.spec.bytes / 1e6).toFixed(1)} MB, YAML ${(y.spec.bytes / 1e6).toFixed(1)} MB`,
  );
  const results = { json: [], yaml: [] };
  for (let i = 0; i < RUNS; i++) for (const format of ['json', 'yaml']) results[format].push(buildOnce(sites[format].dir, { clear: 'cold' }));
  const sj = summary(results.json);
  const sy = summary(results.yaml);
  for (const [label, s, site] of [
    ['JSON', sj, json],
    ['YAML', sy, y],
  ]) {
    const out = apiOutput(path.join(site.dir, 'dist'), 'docs/api');
    console.log(
      `  ${label}: ${s1(s.ms)} wall (runs ${s.runs}), ${s1(s.cpu)} CPU, peak RSS ${mb(s.rss)}; ${out.pages} API pages, largest ${(out.largest / 1e6).toFixed(2)} MB${out.largest > 1.5e6 ? ' (over 1.5 MB)' : ''}`,
    );
  }
  console.log(
    `  YAML ÷ JSON: ${(sy.ms / sj.ms).toFixed(2)} wall, ${(sy.cpu / sj.cpu).toFixed(2)} CPU (at most 2 wanted), ${(sy.rss / sj.rss).toFixed(2)} peak RSS`,
  );
}

if (ONLY.includes('real')) {
  // The real site twice: as it is, and without its API reference. Content links to API pages
  // would be broken links without it: they point at /docs/intro in that copy (same page count).
  const copy = (name) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-bench-real-${name}-`));
    dirs.push(dir);
    for (const f of ['content', 'static', 'openapi', 'site.config.ts']) fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
    return dir;
  };
  const withApi = copy('api');
  const without = copy('noapi');
  const config = path.join(without, 'site.config.ts');
  const text = fs.readFileSync(config, 'utf8');
  const stripped = text.replace(/\n  openapi: \{[\s\S]*?\n  \},/, '');
  if (stripped === text) throw new Error('bench-api: no openapi block found in site.config.ts');
  fs.writeFileSync(config, stripped);
  fs.rmSync(path.join(without, 'openapi'), { recursive: true });
  for (const file of fs.readdirSync(path.join(without, 'content'), { recursive: true })) {
    const p = path.join(without, 'content', file);
    if (!/\.mdx?$/.test(p)) continue;
    const md = fs.readFileSync(p, 'utf8');
    const relinked = md.replace(/\]\(\/docs\/(?:api\/[^)\s]*|category\/ianaiapi[^)\s]*)\)/g, '](/docs/intro)');
    if (relinked !== md) fs.writeFileSync(p, relinked);
  }
  // Warm-up: the first build of each fills the cache folder and the OS file cache.
  buildOnce(withApi, { clear: 'cold' });
  buildOnce(without, { clear: 'cold' });
  /** RUNS builds of each copy, alternating. */
  const pair = (options) => {
    const a = [],
      b = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(buildOnce(withApi, options));
      b.push(buildOnce(without, options));
    }
    return [summary(a), summary(b), a[0].pages, b[0].pages];
  };
  const [sa, sb, pagesA, pagesB] = pair({ clear: 'output' });
  const [sac, sbc] = pair({ clear: 'cold' });
  const [san, sbn] = pair({ clear: 'output', flags: ['--no-cache'] });
  const out = apiOutput(path.join(withApi, 'dist'), 'docs/api');
  console.log(`\nreal site, median of ${RUNS} (after a warm-up build each; dist/ moved away before every build):`);
  console.log(`  with the API reference:    ${pagesA} pages, ${s1(sa.ms)} wall (runs ${sa.runs}), ${s1(sa.cpu)} CPU, peak RSS ${mb(sa.rss)}`);
  console.log(`  without it:                ${pagesB} pages, ${s1(sb.ms)} wall (runs ${sb.runs}), ${s1(sb.cpu)} CPU, peak RSS ${mb(sb.rss)}`);
  console.log(
    `  added by the API reference: ${s1(sa.ms - sb.ms)} wall, ${s1(sa.cpu - sb.cpu)} CPU (a rebuild: the spec is unchanged, .docsgen/cache holds its validation and pages' content)`,
  );
  console.log(
    `  cold (.docsgen/ moved away): with ${s1(sac.ms)} (runs ${sac.runs}), without ${s1(sbc.ms)} (runs ${sbc.runs}): added ${s1(sac.ms - sbc.ms)} wall, ${s1(sac.cpu - sbc.cpu)} CPU, peak RSS ${mb(sac.rss)} against ${mb(sbc.rss)}`,
  );
  console.log(
    `  with --no-cache (the cache neither read nor written): with ${s1(san.ms)} (runs ${san.runs}), without ${s1(sbn.ms)} (runs ${sbn.runs}): added ${s1(san.ms - sbn.ms)} wall, ${s1(san.cpu - sbn.cpu)} CPU`,
  );
  console.log(
    `  API pages: ${out.pages} under /docs/api, HTML ${(out.html / 1e6).toFixed(1)} MB (${(out.html / out.pages / 1e3).toFixed(1)} kB a page), Markdown copies ${(out.md / 1e6).toFixed(1)} MB`,
  );
}

if (KEEP) console.log(`\nkept: ${dirs.join(' ')}`);
else for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });

function STAGE_SCRIPT(site) {
  return `
import { loadConfig, loadApiReference, ProblemList, getStrings, formatProblem } from './lib/internals.js';
const site = ${JSON.stringify(site)};
const cpu0 = process.cpuUsage();
let t = performance.now();
const config = await loadConfig(site);
const problems = new ProblemList();
const ref = await loadApiReference(config, problems);
const load = performance.now() - t;
for (const p of problems.errors.slice(0, 5)) console.log(formatProblem(p, site));
if (!ref) process.exit(1);
t = performance.now();
const routes = [];
for (const l of config.locales) routes.push(...ref.forLocale(l.code, l.code === config.defaultLocale ? '' : '/' + l.code).routes);
const route = performance.now() - t;
t = performance.now();
let bytes = 0, max = 0;
for (const r of routes) { const c = ref.renderContent(r, getStrings(r.locale)); bytes += c.html.length; max = Math.max(max, c.html.length); }
const render = performance.now() - t;
const cpu = process.cpuUsage(cpu0);
const rss = process.resourceUsage().maxRSS / 1024;
console.log('parse + refs + validate + model + overlay: ' + load.toFixed(0) + ' ms (' + problems.warnings.length + ' warnings)');
console.log('routes and sidebars: ' + route.toFixed(0) + ' ms, ' + routes.length + ' routes');
console.log('render all pages: ' + render.toFixed(0) + ' ms, ' + (render / routes.length).toFixed(2) + ' ms per page, ' + (bytes / 1e6).toFixed(1) + ' MB HTML (largest page ' + (max / 1e3).toFixed(0) + ' kB)');
console.log('total: ' + (load + route + render).toFixed(0) + ' ms wall, ' + ((cpu.user + cpu.system) / 1000).toFixed(0) + ' ms CPU, peak RSS ' + rss.toFixed(0) + ' MB');
`;
}
