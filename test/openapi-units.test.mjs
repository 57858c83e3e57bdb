// Small pieces of the API stage: slugs, JSONPath targets, pointer-to-line in YAML and JSON,
// tracing the validator's code frame back to a pointer, and the JSON highlighter.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignSlugs, highlight, highlightJson, kebab, lineOfPointer, parseJsonPath, pointerAtLine } from '../lib/internals.js';

describe('openapi units', () => {
  it('kebab-cases summaries: lowercase, every run of other characters one dash', () => {
    assert.equal(kebab('Update work order status (bulk)'), 'update-work-order-status-bulk');
    assert.equal(kebab('Update shipping rate for a shipment'), 'update-shipping-rate-for-a-shipment');
    assert.equal(kebab('  Get BOM explosion!  '), 'get-bom-explosion');
    assert.equal(kebab('Café crème'), 'cafe-creme');
    assert.equal(kebab('품목 목록'), '');
  });

  it('keeps every slug within 64 characters, told apart by what stays when operations are added or moved', () => {
    const long = 'Retrieve the payment method configuration of a connected account for the customer portal';
    const op = (method, path, summary, operationId) => ({ key: `${method} ${path}`, method, path, summary, operationId });
    const ops = [
      op('get', '/v1/a', long, 'GetPaymentMethodConfigurationsConfigurationForTheCustomerPortalSession'),
      op('post', '/v1/a', long, 'PostA'),
      op('get', '/v1/b', long),
      op('get', '/v1/c', long),
    ];
    const tag = { name: 'Payment method configurations of connected accounts for the customer portal sessions' };
    const slugs = assignSlugs({ tags: [tag], operations: ops }, []);
    const all = [...slugs.operations.values(), ...slugs.tags.values()];
    for (const s of all) assert.ok(s.length <= 64, `${s} is ${s.length} characters`);
    assert.equal(new Set(all).size, all.length);
    assert.deepEqual([...slugs.operations.values()].slice(0, 3), [
      'retrieve-the-payment-method-configuration-of-a-connected',
      'retrieve-the-payment-method-configuration-of-a-connected-post-a',
      'retrieve-the-payment-method-configuration-of-a-connected-get',
    ]);
    // The fourth, neither its operationId nor its method free, takes a hash of its method and path:
    // the same whatever operations come before it.
    const fourth = slugs.operations.get('get /v1/c');
    assert.match(fourth, /^retrieve-the-payment-method-configuration-of-a-connected-[a-z0-9]{6}$/);
    assert.equal(
      assignSlugs({ tags: [], operations: [op('get', '/v1/x', long), op('get', '/v1/y', long), op('get', '/v1/c', long)] }, []).operations.get('get /v1/c'),
      fourth,
    );
  });

  it('parses the JSONPath subset used by overlays', () => {
    assert.deepEqual(parseJsonPath("$.paths['/items/{id}'].get"), [
      { kind: 'key', key: 'paths' },
      { kind: 'key', key: '/items/{id}' },
      { kind: 'key', key: 'get' },
    ]);
    assert.deepEqual(parseJsonPath("$.tags[?(@.name=='Sales order')]"), [
      { kind: 'key', key: 'tags' },
      { kind: 'filter', path: ['name'], op: '==', value: 'Sales order' },
    ]);
    assert.deepEqual(
      parseJsonPath('$.components.schemas.Money.properties.amount'),
      ['components', 'schemas', 'Money', 'properties', 'amount'].map((key) => ({ kind: 'key', key })),
    );
    assert.deepEqual(parseJsonPath('$.servers[0].url'), [
      { kind: 'key', key: 'servers' },
      { kind: 'index', index: 0 },
      { kind: 'key', key: 'url' },
    ]);
    assert.deepEqual(parseJsonPath('$.paths.*'), [{ kind: 'key', key: 'paths' }, { kind: 'all' }]);
    assert.throws(() => parseJsonPath('$..description'), /recursive descent/);
    assert.throws(() => parseJsonPath('paths'), /must start with \$/);
  });

  it('finds the line of a pointer in block YAML, through lists and flow values', () => {
    const yaml = [
      '# comment',
      'openapi: 3.1.0',
      'paths:',
      '  /a:',
      '    get:',
      '      tags: [A, B]',
      '      parameters:',
      '        - name: x',
      '          in: query',
      '        - $ref: "#/p"',
      '      responses:',
      "        '200':",
      '          description: >-',
      '            ok: fine',
      '  /b:',
      '    post: {}',
    ].join('\n');
    assert.equal(lineOfPointer(yaml, ['openapi']), 2);
    assert.equal(lineOfPointer(yaml, ['paths', '/a', 'get', 'parameters', '0', 'in']), 9);
    assert.equal(lineOfPointer(yaml, ['paths', '/a', 'get', 'parameters', '1', '$ref']), 10);
    assert.equal(lineOfPointer(yaml, ['paths', '/a', 'get', 'responses', '200', 'description']), 13);
    assert.equal(lineOfPointer(yaml, ['paths', '/a', 'get', 'tags', '1']), 6);
    assert.equal(lineOfPointer(yaml, ['paths', '/b', 'post']), 16);
    // A missing key names its deepest existing parent.
    assert.equal(lineOfPointer(yaml, ['paths', '/a', 'get', 'missing']), 5);
  });

  it('finds the line of a pointer through anchors, aliases and flow collections over several lines', () => {
    const yaml = ['base: &b', '  x: 1', 'use:', '  <<: *b', '  y: 2', 'list:', '  - {a: 1,', '     b: [p,', '       q]}', 'ref: *b'].join('\n');
    assert.equal(lineOfPointer(yaml, ['use', 'y']), 5);
    assert.equal(lineOfPointer(yaml, ['list', '0', 'b', '1']), 9);
    // Inside an alias or a merged key: the line of the key that holds it.
    assert.equal(lineOfPointer(yaml, ['ref', 'x']), 10);
    assert.equal(lineOfPointer(yaml, ['use', 'x']), 3);
  });

  it('finds the line of a pointer in JSON', () => {
    const json = JSON.stringify({ openapi: '3.0.3', paths: { '/a': { get: { responses: { 200: { description: 'x' } } } } }, list: [1, { k: true }] }, null, 2);
    assert.equal(lineOfPointer(json, ['paths', '/a', 'get', 'responses', '200']), 7);
    assert.equal(lineOfPointer(json, ['list', '1', 'k']), 17);
    assert.equal(lineOfPointer('{"a": {"b": 1}}', ['a', 'b']), 1);
  });

  it('traces a line of JSON.stringify(doc, null, 2) back to its pointer', () => {
    const doc = { openapi: '3.1.0', info: {}, paths: { '/a': { get: { responsesx: {}, tags: ['x', 'y'] } } } };
    const lines = JSON.stringify(doc, null, 2).split('\n');
    const at = (needle) => pointerAtLine(doc, lines.findIndex((l) => l.includes(needle)) + 1);
    assert.deepEqual(at('"responsesx"'), ['paths', '/a', 'get', 'responsesx']);
    assert.deepEqual(at('"y"'), ['paths', '/a', 'get', 'tags', '1']);
    assert.deepEqual(at('"info"'), ['info']);
  });

  it('highlights JSON with the classes highlight.js uses (without its unstyled punctuation spans)', () => {
    // What the theme shows is the same: tokens, classes that carry colour, text.
    const normalize = (html) =>
      html
        .replace(/<span class="hljs-punctuation">([^<]*)<\/span>/g, '$1')
        .replace(/<span class="hljs-literal"><span class="hljs-keyword">(\w+)<\/span><\/span>/g, '<span class="hljs-keyword">$1</span>')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'");
    const samples = [
      { a: 'x"y<b>&\'', b: [1, -2.5e3, true, null, false], c: {}, d: [], 'e f': { g: 'true 12 null' }, n: 1.25, u: 'ü 한글\n' },
      [{ id: 'so_1', lines: [{ quantity: '2.5' }] }],
      'plain string',
    ];
    for (const value of samples) {
      const code = JSON.stringify(value, null, 2);
      assert.equal(highlightJson(code), normalize(highlight(code, 'json')));
    }
  });
});
