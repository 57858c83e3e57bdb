// The OpenAPI 3.1 schema's validator that the install step compiles (src/openapi/precompiledSchema.ts):
// @readme/openapi-parser answers with it exactly as with the schema it compiles itself.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { PRECOMPILED_SCHEMA_FILE, precompiledUse, usePrecompiledSchema } from '../lib/internals.js';

const base = () => ({
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: {
    '/notes/{id}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The note', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
});

// A valid document and documents with one schema error each, of different kinds.
const documents = {
  valid: base(),
  'no version': (() => { const d = base(); delete d.info.version; return d; })(),
  'parameter in the body': (() => { const d = base(); d.paths['/notes/{id}'].get.parameters.push({ name: 'x', in: 'body', schema: {} }); return d; })(),
  'response without description': (() => { const d = base(); delete d.paths['/notes/{id}'].get.responses[200].description; return d; })(),
  'unknown operation field': (() => { const d = base(); d.paths['/notes/{id}'].get.summry = 'typo'; return d; })(),
  'server without url': (() => { const d = base(); d.servers = [{ description: 'none' }]; return d; })(),
  'tags not a list': (() => { const d = base(); d.tags = { name: 'Notes' }; return d; })(),
};

const results = async () => {
  const out = {};
  for (const [name, doc] of Object.entries(documents)) out[name] = await validate(structuredClone(doc));
  return out;
};

describe('the precompiled OpenAPI 3.1 schema', () => {
  it('is written by the install step', () => {
    assert.ok(fs.existsSync(PRECOMPILED_SCHEMA_FILE), PRECOMPILED_SCHEMA_FILE);
  });

  it('answers every document as the schema the parser compiles does, errors and all', async () => {
    const compiled = await results();
    assert.equal(compiled.valid.valid, true);
    for (const [name, r] of Object.entries(compiled)) if (name !== 'valid') assert.equal(r.valid, false, name);
    usePrecompiledSchema();
    const hits = precompiledUse.hits;
    const precompiled = await results();
    assert.equal(precompiledUse.hits - hits, Object.keys(documents).length, 'the parser validated with the precompiled schema');
    assert.deepEqual(precompiled, compiled);
  });
});
