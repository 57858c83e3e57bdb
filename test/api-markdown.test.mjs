// The Markdown copy of API pages (htmlToMarkdown: the page's HTML, whole or as parts with shared
// fragments converted once) and the cache of parsed YAML that the build's threads share.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { htmlToMarkdown, ParseCache } from '../lib/internals.js';
import { FixtureSite } from './helpers/site.mjs';

const url = (href) => (href.startsWith('/') ? `https://shop.example${href}` : href);

describe('API page Markdown', () => {
  it('keeps the reference and leaves out the controls (heading anchors, buttons, hidden text)', () => {
    const html =
      '<div class="api-endpoint"><span class="method-badge method-post">POST</span><code class="api-path">/pets/<span class="api-path-param">{id}</span></code></div>\n' +
      '<h2 id="request-body" tabindex="-1">Request body <span class="api-badge api-required">required</span> <a class="hash-link" href="#request-body" aria-label="Direct link to: Request body">#</a></h2>\n' +
      '<ul class="api-schema"><li class="api-prop"><div class="api-prop-head"><code class="api-prop-name">name</code> <span class="api-type">string</span></div>' +
      '<div class="api-prop-desc">The <em>pet</em>&#39;s name &amp; <a href="/docs/api/pet#schema-pet">kind</a>.</div>' +
      '<details class="api-children"><summary>Child properties</summary><ul class="api-schema"><li class="api-prop"><div class="api-prop-head"><code class="api-prop-name">tag_id</code> <span class="api-type">integer</span></div></li></ul></details></li></ul>\n';
    assert.equal(
      htmlToMarkdown(html, { url }),
      "POST `/pets/{id}`\n\n## Request body required\n\n- `name` string\n\n  The *pet*'s name & [kind](https://shop.example/docs/api/pet#schema-pet).\n\n  Child properties\n\n  - `tag_id` integer",
    );
  });

  it('reads highlighted code blocks as their text, entities decoded, with a fence longer than any inside', () => {
    const html =
      '<div class="code-block" data-lang="json"><pre tabindex="0" role="region" aria-label="Response example"><code class="language-json"><span class="line">{</span>\n' +
      '<span class="line">  <span class="hljs-attr">&quot;a&lt;b&quot;</span>: <span class="hljs-string">&quot;x &amp;amp; y&quot;</span>,</span>\n<span class="line"> </span>\n' +
      '<span class="line">  <span class="hljs-attr">&quot;q&quot;</span>: <span class="hljs-string">&quot;```&quot;</span></span>\n<span class="line">}</span></code></pre>' +
      '<button type="button" class="copy-button" data-copy aria-label="Copy code">Copy</button></div>\n';
    assert.equal(htmlToMarkdown(html, { url }), '````json\n{\n  "a<b": "x &amp; y",\n \n  "q": "```"\n}\n````');
  });

  it('reads code blocks with other markup inside the general way (hidden spans, comments, stray "<")', () => {
    const html = '<pre><code class="language-text">a <b>bold</b> <!-- c --> &lt;tag&gt;<span class="hash-link">#</span> z</code></pre><pre><code>x</code> tail</pre><pre>< lone</pre>';
    assert.equal(htmlToMarkdown(html, { url }), '```text\na bold  <tag> z\n```\n\n```\nx tail\n```\n\n```\n< lone\n```');
  });

  it('labels each code sample tab by its code block, hidden panels included', () => {
    const html =
      '<div class="tabs api-samples" data-tabs><div role="tablist" aria-label="Code samples"><button type="button" role="tab">curl</button><button type="button" role="tab">Python</button></div>\n' +
      '<div role="tabpanel" id="p0"><div class="code-block"><pre aria-label="curl"><code class="language-bash"><span class="line">curl <span class="hljs-string">&quot;https://x&quot;</span></span></code></pre></div></div>\n' +
      '<div role="tabpanel" id="p1" hidden><div class="code-block"><pre aria-label="Python"><code class="language-python"><span class="line"><span class="hljs-keyword">import</span> requests</span></code></pre></div></div></div>\n';
    assert.equal(htmlToMarkdown(html, { url }), 'curl:\n\n```bash\ncurl "https://x"\n```\n\nPython:\n\n```python\nimport requests\n```');
  });

  it('converts lists, tables, quotes, images and breaks', () => {
    const html =
      '<p>one<br/>two <img src="/img/a.png" alt="A [b]"> &nbsp;three <span aria-hidden="true">hidden</span><span hidden>h2</span></p><ol><li>first<p>para</p></li><li><ul><li>deep</li></ul></li></ol>' +
      '<table><tr><th>a|b</th><th>c</th></tr><tr><td>1</td></tr></table><blockquote><p>q1</p><p>q2</p></blockquote><hr><dl><dt>term</dt><dd>def</dd></dl>text <strong> </strong> after < 3 <!-- x';
    assert.equal(
      htmlToMarkdown(html, { url }),
      'one\ntwo ![A b](https://shop.example/img/a.png) three\n\n1. first\n\n   para\n2. - deep\n\n| a\\|b | c |\n| --- | --- |\n| 1 |  |\n\n> q1\n\n> q2\n\n---\n\n**term**\n\ndef\n\ntext after \\< 3 \\<!-- x',
    );
  });

  it('gives the same Markdown for a page in parts as for its joined HTML, converting a shared fragment once', () => {
    const tree = { html: '<div class="api-schema-root"><p class="api-schema-type"><span class="api-type"><a class="api-schema-link" href="/docs/api/pet#schema-pet">Pet</a></span></p><ul class="api-schema"><li class="api-prop"><code class="api-prop-name">id</code> <span class="api-type">integer</span></li></ul></div>' };
    // Text at its edge would join the paragraph around it: such a fragment is converted in place.
    const loose = { html: 'loose <em>text</em><p>and a block</p>' };
    const parts = ['<h2 id="responses">Responses</h2>\n<details class="api-response" open><summary>200 OK</summary><div class="api-response-body"><p>Before</p>', tree, '</div></details>\n<p>Lead', loose, ' tail</p>', tree];
    const whole = parts.map((p) => (typeof p === 'string' ? p : p.html)).join('');
    const expected = htmlToMarkdown(whole, { url });
    let links = 0;
    const counting = { url: (href) => (links++, url(href)), memo: new WeakMap() };
    assert.equal(htmlToMarkdown(parts, counting), expected);
    assert.ok(Array.isArray(counting.memo.get(tree)), 'the schema tree is kept converted');
    assert.equal(counting.memo.get(loose), null);
    const first = links;
    assert.equal(first, 1, 'the tree shown twice on the page is converted once');
    assert.equal(htmlToMarkdown(parts, counting), expected);
    assert.equal(links, first, 'the second page resolves no link of the shared tree again');
    assert.match(expected, /\[Pet\]\(https:\/\/shop\.example\/docs\/api\/pet#schema-pet\)/);
  });

  it('converts a fragment that closes elements opened before it in place', () => {
    const closing = { html: '<p>in</p></blockquote><p>out</p>' };
    const parts = ['<blockquote><p>quoted</p>', closing];
    const memo = new WeakMap();
    assert.equal(htmlToMarkdown(parts, { url, memo }), '> quoted\n\n> in\n\nout');
    assert.equal(memo.get(closing), null);
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
  const pages = ['docs/api/create-a-pet/index.html', 'docs/api/create-a-pet.md', 'ko/docs/api/create-a-pet/index.html', 'ko/docs/api/create-a-pet.md', 'docs/category/shopapi/index.html'];
  before(() => {
    site = new FixtureSite('openapi-multi');
    // A node_modules folder gives the site its cache folder (node_modules/.cache/docsgen).
    fs.mkdirSync(path.join(site.root, 'node_modules'));
  });
  after(() => site.cleanup());

  it('writes the cache on the first build and builds the same pages from it', () => {
    site.buildOk();
    const first = pages.map((p) => (site.exists(p) ? site.output(p) : p));
    const cacheDir = path.join(site.root, 'node_modules/.cache/docsgen');
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
