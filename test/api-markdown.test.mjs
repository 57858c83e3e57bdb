// The Markdown copy of API pages (written by the API renderer beside each page's HTML) and the
// cache of parsed YAML that the build's threads share.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mdCode, mdFence, mdItem, mdText, ParseCache, plainText, summaryText } from '../lib/internals.js';
import { FixtureSite } from './helpers/site.mjs';

describe('Markdown pieces of API pages', () => {
  it('escapes text that would read as markup, keeping intraword underscores', () => {
    assert.equal(mdText('a *b* [c] <d> `e` \\ f_g\n  h'), 'a \\*b\\* \\[c\\] \\<d> \\`e\\` \\\\ f_g h');
  });

  it('makes code spans and fences longer than the backticks inside them', () => {
    assert.equal(mdCode('/pets/{id}'), '`/pets/{id}`');
    assert.equal(mdCode('a`b'), '``a`b``');
    assert.equal(mdCode('`x'), '`` `x ``');
    assert.equal(mdFence('{\n  "q": "```"\n}\n', 'json'), '````json\n{\n  "q": "```"\n}\n````');
    assert.equal(mdFence('plain', 'plaintext'), '```\nplain\n```');
  });

  it('reads a description as plain text (overview lists, meta descriptions), identifiers kept whole', () => {
    assert.equal(
      plainText('Moves a `released` work order to `in_progress` and *starts* its __first__ _operation_.'),
      'Moves a released work order to in_progress and starts its first operation.',
    );
    assert.equal(plainText('Lists `work_orders[3].item_id` problems.'), 'Lists work_orders[3].item_id problems.');
    // A table keeps its cells' words, not its delimiter row.
    assert.equal(plainText('| From | To |\n|---|:--:|\n| `open` | `closed` |'), 'From To open closed');
  });

  it('sums a description up by its opening prose: a table, list, code block or heading ends it', () => {
    const status =
      'Moves a shipment to another status.\nIt checks the transition.\n\n| From | Allowed next statuses |\n|---|---|\n| `pending` | `packed` |\n\nMoving to `shipped` completes it.';
    assert.equal(summaryText(status, 160), 'Moves a shipment to another status. It checks the transition.');
    assert.equal(summaryText('Two paragraphs.\n\nBoth kept.\n\n- but not\n- the list', 160), 'Two paragraphs. Both kept.');
    assert.equal(summaryText('Runs it.\n\n```json\n{"a": 1}\n```', 160), 'Runs it.');
    assert.equal(summaryText('Runs it.\n\n## Errors\n\nNone.', 160), 'Runs it.');
    // Without prose before it, the whole text is read (its delimiter rows dropped).
    assert.equal(summaryText('| a | b |\n|---|---|\n| 1 | 2 |', 160), 'a b 1 2');
    // Still cut to the length asked, at a sentence when one ends past the middle.
    assert.equal(summaryText('First sentence is here. Second one is longer than the limit allows.\n\n| x |\n|---|', 30), 'First sentence is here.');
  });

  it("indents a list item's later lines under its marker, blank lines left blank", () => {
    assert.equal(mdItem('`a` string\n\nThe a.\n\n- `b` integer\n\n  The b.'), '- `a` string\n\n  The a.\n\n  - `b` integer\n\n    The b.');
    assert.equal(mdItem('x\ny', '1. '), '1. x\n   y');
  });
});

describe('API page Markdown copies', () => {
  let site;
  before(() => {
    site = new FixtureSite('openapi-multi');
    site.buildOk();
  });
  after(() => site.cleanup());

  it('holds the reference: endpoint, schema trees with nested and circular properties, examples and every code sample', () => {
    const md = site.read('dist/docs/api/create-a-pet.md');
    assert.match(md, /^# Create a pet\n\nPOST `\/pets`\n\nServer `https:\/\/api\.shop\.example\/v1`\n\nCreates a cat or a dog\.\n\n## Authentication\n/);
    assert.match(md, /^## Request body required$/m);
    assert.match(
      md,
      /^One of · Discriminator: `petType`\n\n- \*\*Cat\*\* `petType = "cat"`\n\n {2}All of: \[PetBase\]\(https:\/\/shop\.example\/docs\/api\/pets#schema-petbase\)$/m,
    );
    // A nested property sits under its parent's item, its own contents one level deeper.
    assert.match(
      md,
      /^ {2}- `price` \[Money\]\(https:\/\/shop\.example\/docs\/api\/orders#schema-money\)\n\n {4}An amount of money\.\n\n {4}Child properties\n\n {4}- `amount` string decimal required\n\n {6}Example: `"12\.50"`$/m,
    );
    assert.match(md, /^ {6}Circular reference to \[Category\]\(https:\/\/shop\.example\/docs\/api\/categories#schema-category\)$/m);
    assert.match(md, /^\*\*400\*\* Something went wrong\.\n\nCommon response: \[Problem\]\(https:\/\/shop\.example\/docs\/api\/errors#response-problem\)/m);
    for (const lang of ['curl:\n\n```bash\ncurl -X POST', 'JavaScript:\n\n```javascript\n', 'Python:\n\n```python\nimport os'])
      assert.ok(md.includes(lang), lang);
    assert.doesNotMatch(md, /<\/?(?:div|span|details|summary|code|a|p|ul|li)\b/, 'no HTML');
    assert.doesNotMatch(md, /\n{3,}/, 'no runs of blank lines');
  });

  it("links into the page's own locale, descriptions' site links included", () => {
    assert.match(site.read('dist/ko/docs/api/create-a-pet.md'), /\[Pet\]\(https:\/\/shop\.example\/ko\/docs\/api\/pets#schema-pet\)/);
    assert.match(site.read('dist/docs/category/shopapi.md'), /Read \[Getting started\]\(https:\/\/shop\.example\/docs\/guide\/start\) first\./);
    assert.match(site.read('dist/ko/docs/category/shopapi.md'), /\[시작하기\]\(https:\/\/shop\.example\/ko\/docs\/guide\/start\)/);
  });

  it("lists a tag's operations as links to their pages", () => {
    const md = site.read('dist/docs/api/pets.md');
    assert.match(md, /^## Operations\n\n- \[GET [^\]]+\]\(https:\/\/shop\.example\/docs\/api\/[a-z-]+\) `\/pets`/m);
    assert.match(md, /^- \[POST Create a pet\]\(https:\/\/shop\.example\/docs\/api\/create-a-pet\) `\/pets`$/m);
  });
});

describe('parsed YAML cache', () => {
  let dir;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-parse-cache-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('parses a file once: later caches read the JSON while its text is unchanged', () => {
    let parses = 0;
    const parse = (doc) => () => (parses++, doc);
    const first = new ParseCache(dir, '/spec/api.yaml');
    const a = first.parse('/spec/a.yaml', 'a: 1', parse({ a: 1, list: [true, null, 'x'] }));
    assert.deepEqual(a.doc, { a: 1, list: [true, null, 'x'] });
    first.save();
    assert.equal(parses, 1);

    const second = new ParseCache(dir, '/spec/api.yaml');
    const b = second.parse('/spec/a.yaml', 'a: 1', parse({ other: true }));
    assert.equal(parses, 1, 'read from the cache');
    assert.deepEqual(b.doc, { a: 1, list: [true, null, 'x'] });
    assert.notEqual(b.doc, a.doc, 'each reader gets its own copy');
    assert.deepEqual(JSON.parse(b.json), b.doc);
    second.parse('/spec/a.yaml', 'a: 2', parse({ a: 2 }));
    assert.equal(parses, 2, 'changed text is parsed again');
    // Another spec root has a cache of its own.
    new ParseCache(dir, '/other/api.yaml').parse('/spec/a.yaml', 'a: 1', parse({ a: 1 }));
    assert.equal(parses, 3);
  });

  it('never caches what JSON cannot hold (a YAML date stays a date)', () => {
    let parses = 0;
    const date = new Date('2026-01-02T00:00:00Z');
    const first = new ParseCache(dir, '/spec/dates.yaml');
    assert.equal(first.parse('/spec/d.yaml', 'd: 2026-01-02', () => (parses++, { d: date })).json, undefined);
    first.save();
    const again = new ParseCache(dir, '/spec/dates.yaml').parse('/spec/d.yaml', 'd: 2026-01-02', () => (parses++, { d: date }));
    assert.equal(parses, 2);
    assert.ok(again.doc.d instanceof Date);
  });

  it('is off without a cache folder', () => {
    let parses = 0;
    const cache = new ParseCache(undefined, '/spec/api.yaml');
    cache.parse('/spec/a.yaml', 'a: 1', () => (parses++, { a: 1 }));
    cache.save();
    new ParseCache(undefined, '/spec/api.yaml').parse('/spec/a.yaml', 'a: 1', () => (parses++, { a: 1 }));
    assert.equal(parses, 2);
  });
});

describe('API pages built from cached YAML', () => {
  let site;
  const pages = [
    'docs/api/create-a-pet/index.html',
    'docs/api/create-a-pet.md',
    'ko/docs/api/create-a-pet/index.html',
    'ko/docs/api/create-a-pet.md',
    'docs/category/shopapi/index.html',
  ];
  before(() => {
    site = new FixtureSite('openapi-multi');
  });
  after(() => site.cleanup());

  it('writes the cache on the first build and builds the same pages from it', () => {
    site.buildOk();
    const first = pages.map((p) => (site.exists(p) ? site.output(p) : p));
    const cacheDir = path.join(site.root, '.docsgen/cache/openapi-parse');
    const cached = fs.readdirSync(cacheDir).filter((f) => f.startsWith('yaml-'));
    assert.equal(cached.length, 1);
    const files = Object.keys(JSON.parse(fs.readFileSync(path.join(cacheDir, cached[0]), 'utf8')).files);
    assert.ok(files.some((f) => f.endsWith('shop.yaml')) && files.some((f) => f.endsWith('shop.overlay.ko.yaml')) && files.length > 3, files.join(', '));
    site.buildOk();
    assert.deepEqual(
      pages.map((p) => (site.exists(p) ? site.output(p) : p)),
      first,
    );
  });

  it('reads an edited file again', () => {
    const spec = site.read('openapi/shop.yaml');
    assert.match(spec, /summary: Pets, orders/);
    site.write('openapi/shop.yaml', spec.replace(/summary: Pets, orders.*/, 'summary: Edited summary of the shop.'));
    site.buildOk();
    assert.match(site.output('docs/category/shopapi/index.html'), /Edited summary of the shop\./);
  });
});
