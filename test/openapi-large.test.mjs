// A spec of more than 5 MB (the size of Stripe's or GitHub's) built with nothing but
// `openapi: { spec }` in the config: every operation gets its page, and the build reports no
// problem, since nothing in the spec is wrong.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';

const RESOURCES = 250;
const FIELDS = 36;
const WORDS = 'stock warehouse order shipment carrier invoice quantity reserved batch supplier customer location status price currency line item'.split(' ');

/** A description of `n` words, different for each (i, j): the spec is not one string repeated. */
const text = (i, j, n) => Array.from({ length: n }, (_, k) => WORDS[(i * 7 + j * 3 + k * 5) % WORDS.length]).join(' ') + '.';

function bigSpec() {
  const schemas = {};
  const paths = {};
  for (let i = 0; i < RESOURCES; i++) {
    const name = `Resource${i}`;
    const properties = {};
    for (let j = 0; j < FIELDS; j++) {
      const type = ['string', 'integer', 'boolean', 'number'][j % 4];
      properties[`field_${j}`] = { type, description: text(i, j, 48) + ` See [the guide](https://docs.example.com/guides/r${i}).` };
    }
    schemas[name] = { type: 'object', required: ['field_0', 'field_1'], properties };
    const ref = { $ref: `#/components/schemas/${name}` };
    const tags = [`Group ${i % 20}`];
    paths[`/v1/resources-${i}`] = {
      get: {
        operationId: `list${name}`,
        summary: `List resource ${i}`,
        description: text(i, 0, 60),
        tags,
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 }, description: text(i, 1, 20) }],
        responses: { 200: { description: 'The list.', content: { 'application/json': { schema: { type: 'array', items: ref } } } } },
      },
      post: {
        operationId: `create${name}`,
        summary: `Create resource ${i}`,
        description: text(i, 2, 60),
        tags,
        requestBody: { required: true, content: { 'application/json': { schema: ref } } },
        responses: { 201: { description: 'Created.', content: { 'application/json': { schema: ref } } } },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Large API', version: '1.0.0' }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } };
}

describe('a spec of more than 5 MB with a default config', () => {
  it('builds every operation page and reports no problem', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-api-large-'));
    const json = JSON.stringify(bigSpec(), null, 2);
    assert.ok(json.length > 5 * 1024 * 1024, `the spec is ${(json.length / 1048576).toFixed(1)} MB`);
    fs.writeFileSync(path.join(dir, 'api.json'), json);
    fs.writeFileSync(path.join(dir, 'site.config.ts'), "export default { title: 'Large', url: 'https://large.example', openapi: { spec: 'api.json' } };\n");
    const site = new FixtureSite(dir);
    try {
      const r = site.buildOk();
      assert.doesNotMatch(r.stdout + r.stderr, /warning|error/i);
      const apiDir = path.join(site.out, 'docs/api');
      for (let i = 0; i < RESOURCES; i += 37) {
        for (const slug of [`list-resource-${i}`, `create-resource-${i}`]) {
          const html = fs.readFileSync(path.join(apiDir, slug, 'index.html'), 'utf8');
          assert.match(html, new RegExp(`/v1/resources-${i}\\b`), slug);
          assert.match(html, /field_35/, `${slug} lists the last field`);
        }
      }
      const pages = fs.readdirSync(apiDir).filter((d) => fs.existsSync(path.join(apiDir, d, 'index.html')));
      assert.ok(pages.length >= RESOURCES * 2, `${pages.length} pages under /docs/api`);
    } finally {
      site.cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
