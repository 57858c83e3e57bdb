// The weight of the Ianai API reference's operation pages (the real site's shared build): every
// page within the audit's budget for them (raw HTML, median and largest), a request body
// highlighted once (the JavaScript and Python tabs leave a slot the browser fills from curl's),
// shared responses' examples and large or repeated schema folds sent as links to their homes,
// and lists of objects in response examples cut to one item; while each page's Markdown copy
// keeps everything in full. Past 500 operations the landing still lists them all, but its
// sidebar no longer opens every resource; past 40 ungrouped resources they go under one heading
// in the sidebar, which an operation page sends in part.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import os from 'node:os';
import { realSiteOutput } from './helpers/sharedBuild.mjs';
import { embeddedPage, FixtureSite } from './helpers/site.mjs';
import { operationPages, weightStats } from '../scripts/api-page-weight.mjs';
import { DEFAULT_BUDGET } from '../scripts/audit/budget.mjs';

const ROUTE = '/docs/api/create-a-sales-order';

describe('API operation pages’ weight', () => {
  let out;
  let html;
  before(() => {
    out = realSiteOutput();
    html = fs.readFileSync(path.join(out, ROUTE, 'index.html'), 'utf8');
  });

  it('keeps every operation page in both locales within the audit’s budget', () => {
    const pages = operationPages(out);
    assert.ok(pages.filter((p) => p.route.startsWith('/ko/')).length > 200 && pages.length > 500, `${pages.length} pages`);
    const s = weightStats(pages);
    assert.ok(s.median <= DEFAULT_BUDGET.apiMedian * 1000, `median ${s.median}`);
    const over = pages.filter((p) => p.bytes > DEFAULT_BUDGET.apiMax * 1000);
    assert.deepEqual(over, []);
  });

  it('highlights the request body once: the other languages’ tabs hold a slot for it', () => {
    const samples = html.slice(html.indexOf('<div class="tabs api-samples"'), html.indexOf('id="response-examples"'));
    assert.ok(samples.length > 0);
    // A key of the body, as the JSON highlighter writes it: in curl's panel only.
    const key = '<span class="hljs-attr">"customer_id"</span>';
    assert.equal(samples.split(key).length - 1, 1, 'the body is written once');
    const slots = [...samples.matchAll(/<span data-api-body="api-tabpanel-0" data-body-lang="(\w+)"><\/span>/g)].map((m) => m[1]);
    assert.deepEqual(slots, ['javascript', 'python']);
    // The Markdown copy has every sample in full.
    const md = fs.readFileSync(path.join(out, `${ROUTE}.md`), 'utf8');
    for (const lang of ['bash', 'javascript', 'python']) assert.match(md, new RegExp('```' + lang + '\\n(?:(?!\\n```)[\\s\\S])*"customer_id"'), lang);
  });

  it('links shared responses’ examples and large or repeated folds to their homes, and cuts lists of objects to one item', () => {
    const shared = [...html.matchAll(/data-api-example="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(shared.length >= 5 && shared.every((u) => u.startsWith('/docs/api/errors#response-')), shared.join());
    const folds = [...html.matchAll(/<details class="api-children" data-api-tree="([^"]+)">.*?<\/details>/g)];
    assert.ok(folds.length > 3);
    for (const [whole, url] of folds) {
      // Each fold holds only the link to the schema's home, and that page shows the schema.
      assert.ok(whole.length < 400 && whole.includes(`href="${url}"`), whole);
      const [page, anchor] = url.split('#');
      assert.match(fs.readFileSync(path.join(out, page, 'index.html'), 'utf8'), new RegExp(`id="${anchor}"`));
    }
    // Money is unfolded once among the order's rows, then linked.
    assert.ok(folds.some(([, url]) => url.endsWith('#schema-money')));
    // The 201 example's order lines: one.
    const example = html.slice(html.indexOf('id="api-response-panel-0"'), html.indexOf('id="api-response-panel-1"')).replace(/<[^>]+>/g, '');
    assert.equal(example.match(/"item_id"/g)?.length, 1);
  });
});

describe('a reference of more than 500 operations in 51 resources', () => {
  it('lists every operation on its landing; its sidebar keeps the resources under one heading, sent in part', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-api-501-'));
    const tags = Array.from({ length: 51 }, (_, t) => `Resource ${t}`);
    const paths = {};
    for (let i = 0; i < 501; i++) {
      paths[`/r${i % 51}/op${i}`] = {
        get: { operationId: `op${i}`, summary: `Operation ${i}`, tags: [tags[i % 51]], responses: { 204: { description: 'Done.' } } },
      };
    }
    fs.writeFileSync(path.join(dir, 'api.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths }));
    fs.writeFileSync(path.join(dir, 'site.config.ts'), "export default { title: 'Big', url: 'https://big.example', openapi: { spec: 'api.json' } };\n");
    const site = new FixtureSite(dir);
    const sidebarOf = (html) => embeddedPage(html).sidebar.items;
    try {
      site.buildOk();
      const landing = site.output('/docs/category/api');
      const listed = new Set([...landing.matchAll(/<li><a href="(\/docs\/api\/[^"]+)"><span class="method-badge/g)].map((m) => m[1]));
      assert.equal(listed.size, 501);
      // Past 500 operations the landing's sidebar does not open every resource.
      const [resources] = sidebarOf(landing).filter((i) => i.type === 'category' && i.label === 'Resources');
      assert.ok(resources?.collapsed && resources.items.length === 0 && resources.src, JSON.stringify(resources));
      // An operation page's sidebar opens the heading on its way, with the resources around its own.
      const opened = sidebarOf(site.output('/docs/api/operation-300')).find((i) => i.label === 'Resources');
      assert.equal(opened.collapsed, false);
      assert.ok(opened.items.length < 51 && opened.gaps?.length, `${opened.items.length} resources sent, gaps ${JSON.stringify(opened.gaps)}`);
      assert.ok(opened.items.some((t) => t.items.some((o) => o.href === '/docs/api/operation-300')));
    } finally {
      site.cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
