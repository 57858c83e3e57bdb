// The spec's YAML reader (src/openapi/blockYaml.ts) against js-yaml, which it must equal: on every
// YAML file of the project, and on cases of each construct it reads itself; and on what it leaves
// to js-yaml, which must then read the file (or report the error, with the line).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import yaml from 'js-yaml';
import { loadYaml, readBlockYaml } from '../lib/internals.js';
import { ROOT } from './helpers/site.mjs';

/** Reads `text` itself (not through js-yaml), giving what js-yaml gives. */
function readsLikeJsYaml(text, json = true) {
  const read = readBlockYaml(text, json);
  assert.ok(read, `the reader left this to js-yaml:\n${text}`);
  assert.deepEqual(read.value, yaml.load(text, { json }), text);
}

/** Leaves `text` to js-yaml, and loadYaml gives what js-yaml gives (or throws as it does). */
function leftToJsYaml(text, json = true) {
  assert.equal(readBlockYaml(text, json), undefined, `the reader read this itself:\n${text}`);
  let expected;
  try {
    expected = { value: yaml.load(text, { json }) };
  } catch (err) {
    expected = { error: err.message };
  }
  let actual;
  try {
    actual = { value: loadYaml(text, 'case.yaml', json) };
  } catch (err) {
    actual = { error: err.message.replace(' in "case.yaml"', '') };
  }
  assert.deepEqual(actual, expected);
}

describe('the spec\'s YAML reader', () => {
  it('reads every YAML file of the project as js-yaml does', () => {
    const files = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (/\.ya?ml$/.test(entry.name)) files.push(p);
      }
    };
    for (const dir of ['openapi', 'content', 'test/fixtures']) walk(path.join(ROOT, dir));
    let readItself = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const read = readBlockYaml(text, true);
      if (read) readItself++;
      assert.deepEqual(loadYaml(text, file, true), yaml.load(text, { json: true }), file);
    }
    // The real spec's files are all read without js-yaml.
    const spec = files.filter((f) => f.startsWith(path.join(ROOT, 'openapi')));
    assert.ok(spec.length > 50);
    for (const file of spec) assert.ok(readBlockYaml(fs.readFileSync(file, 'utf8'), true), file);
    assert.ok(readItself >= spec.length);
  });

  it('reads block collections, scalars and comments itself', () => {
    const cases = [
      'a: 1\nb: two\nc:\n  d: true\n  e: null\n',
      '# comment\n---\nkey: value # trailing comment\n\n\nother: x\n',
      'list:\n  - a\n  - b\n  -   c\ncompact:\n- x\n- y\n',
      'items:\n  - name: a\n    in: query\n    schema:\n      type: string\n  - name: b\n    required: true\n',
      '- a\n- b: 1\n  c: 2\n-\n  d: 3\n- \n',
      "quoted: 'it''s'\ndouble: \"tab\\there \\\"q\\\" \\u00e9 \\x41\"\n'200': ok\n\"4XX\": error\n",
      'nums: [1, -2, 3.5, 1e3, 0x1F, 0o17, .inf, -.Inf, .nan]\nwords: [null, ~, true, False, yes, no, on]\n',
      'flow: { type: string, example: "12.50", enum: [a, b], nested: { x: [] , y: {} } }\n',
      'urls: [https://a.example/x?y=1, "b, c"]\nurl: https://a.example:8080/path#frag\n',
      'date: 2026-04-15\nquoted_date: "2026-04-15"\nstamp: 2001-12-14t21:59:43.10-05:00\n',
      'keys:\n  200: ok\n  1.0: one\n  true: yes\n  null: nothing\n  /pets/{id}: path\n  $ref: x.yaml#/A\n  application/json: j\n',
      'literal: |\n  line one\n    indented\n\n  line three\nnext: 1\n',
      'strip: |-\n  a\n  b\n\n\nclip: |\n  a\n\n\nfolded: >\n  one\n  two\n\n  three\nfstrip: >-\n  x\n  y\nlast: z\n',
      'comment_after: | # note\n  text\n',
      'block_in_list:\n  - |\n    code\n    more\n  - >-\n    folded\n    text\n',
      'plain: this is a long\n  description that goes on\n\n  and a new paragraph\nafter: 1\n',
      'below:\n  a scalar on its own line\nalso:\n  "quoted below"\n',
      'markdown: |\n  # Heading inside\n  - not a list\n  key: not a key\n',
      'empty:\nempty_list: []\nempty_map: {}\nspaces:    x   \n',
      'dup: 1\ndup: 2\n',
      'unicode: 한국어 — “quotes” and é\nkorean_key_한: 값\n',
      'colon: a:b\nhash: a#b\ndash: -x\nq: ?x\n',
      // No line break at the end of the file; a blank line first; a dash with more spaces.
      'a: |\n  text',
      'k: |\n\n  after blank\n',
      '- |\n  a\n-  b\n',
    ];
    for (const text of cases) readsLikeJsYaml(text);
    readsLikeJsYaml('a: 1\nb: 2\n', false);
  });

  it('leaves the rest to js-yaml, which reads it or reports the error', () => {
    const cases = [
      'anchor: &a 1\nalias: *a\n',
      'tagged: !!str 1\n',
      'merge:\n  <<: {a: 1}\n',
      '? complex\n: key\n',
      'tab:\tx\n',
      'crlf: x\r\ny: 2\r\n',
      'multi_flow: [a,\n  b]\n',
      "multi_quote: 'a\n  b'\n",
      'keep: |+\n  a\n\n',
      'explicit: |2\n   a\n',
      'folded_indent: >\n  a\n    more\n  b\n',
      'trailing_comma: [a, b, ]\n',
      'bad: a: b\n',
      'bad_indent:\n  a: 1\n   b: 2\n',
      'just a scalar\n',
      '---\na: 1\n---\nb: 2\n',
      'emoji: 😀\n',
      'proto:\n  __proto__: x\n',
      'x: 1\n  y: 2\n',
      'list:\n- - nested\n',
      'unclosed: "abc\n',
      'folded_blank_first: >\n\n  text\n',
      'comment_below_block: |\n  a\n # shallower than the text\n',
    ];
    for (const text of cases) leftToJsYaml(text);
    // Without `json`, a repeated key is js-yaml's error.
    leftToJsYaml('dup: 1\ndup: 2\n', false);
    assert.throws(() => loadYaml('dup: 1\ndup: 2\n', 'case.yaml', false), /duplicated mapping key/);
    // A syntax error keeps js-yaml's message and line.
    assert.throws(() => loadYaml('a: 1\nb: [1, 2\nc: 3\n', 'spec.yaml', true), (err) => err.mark?.line >= 1);
  });
});
