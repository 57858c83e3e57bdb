// The API reference end to end on a small split spec (paths and schemas in other files, a
// circular schema, oneOf with a discriminator, allOf, 3.1 type arrays, a shared response) with a
// Korean overlay: routes, page content, sidebar, Korean pages, search records, link checking.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FixtureSite, pageSidebar } from './helpers/site.mjs';

/** The rendered body of a page (what the API stage produced), without the layout around it. */
function content(html) {
  const start = html.indexOf('data-docsgen-content');
  assert.ok(start > 0, 'page has a content element');
  return html.slice(start, html.indexOf('</article>', start));
}

function text(html) {
  return decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

/** Code as the reader sees it: tags removed without adding spaces. */
function code(html) {
  return decode(html.replace(/<[^>]+>/g, ''));
}

function decode(s) {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('API reference from a multi-file spec', () => {
  let site;
  let result;
  before(() => {
    site = new FixtureSite('openapi-multi');
    result = site.buildOk();
  });
  after(() => site.cleanup());

  it('writes one page per operation (slug from the summary), one per tag and the root page, in both locales', () => {
    const ops = ['list-pets', 'create-a-pet', 'get-a-pet', 'delete-a-pet', 'get-a-category', 'create-an-order', 'upload-files', 'check-health'];
    for (const prefix of ['', '/ko']) {
      for (const slug of [...ops, 'pets', 'categories', 'orders'])
        assert.ok(site.exists(`${prefix.slice(1)}${prefix ? '/' : ''}docs/api/${slug}/index.html`), `${prefix}/docs/api/${slug}`);
      assert.ok(site.exists(`${prefix.slice(1)}${prefix ? '/' : ''}docs/category/shopapi/index.html`));
    }
  });

  it('shows the method, path and server URL (server variables filled in)', () => {
    const c = content(site.output('/docs/api/get-a-pet'));
    assert.match(c, /<span class="method-badge method-get">GET<\/span><code class="api-path">\/pets\/<span class="api-path-param">\{petId\}<\/span><\/code>/);
    assert.match(c, /<code>https:\/\/api\.shop\.example\/v1<\/code>/);
  });

  it('lists parameters by location with type, format, required, default and allowed values', () => {
    const c = content(site.output('/docs/api/list-pets'));
    assert.ok(c.indexOf('id="query-parameters"') < c.indexOf('id="header-parameters"'));
    const t = text(c);
    assert.match(t, /limit integer int32 How many pets to return\. Default: 20 · minimum: 1 maximum: 100/);
    assert.match(t, /status string required Only pets with this status\. Allowed values: "available" , "pending" , "sold" · Example: "available"/);
    assert.match(t, /X-Trace string A trace id echoed back\./);
    // Array and object parameters show how their style sends them.
    assert.match(t, /filter object Match on fields of the pet\. Sent as: filter\[color\]=black&filter\[age\]=2/);
    assert.match(t, /ids array of string Only these pets\. Sent as: ids=pet_1/);
    // A path-level parameter applies to the path's operations.
    assert.match(text(content(site.output('/docs/api/get-a-pet'))), /petId string required The pet's id\./);
  });

  it('renders the request body as a schema tree: variants with discriminator values, allOf merged, nested objects in <details>', () => {
    const c = content(site.output('/docs/api/create-a-pet'));
    const body = c.slice(c.indexOf('id="request-body"'), c.indexOf('id="responses"'));
    assert.match(body, /One of · Discriminator: <code>petType<\/code>/);
    assert.match(body, /<summary>Cat <code>petType = &quot;cat&quot;<\/code><\/summary>/);
    assert.match(body, /<summary>Dog <code>petType = &quot;dog&quot;<\/code><\/summary>/);
    assert.match(body, /All of: <a class="api-schema-link" href="\/docs\/api\/pets#schema-petbase">PetBase<\/a>/);
    // Properties of both allOf parts, in one list; readOnly ones are left out of a request.
    assert.match(text(body), /lives integer Lives left\. Default: 9/);
    assert.doesNotMatch(text(body), /Unique id of the pet/);
    assert.match(body, /<details class="api-children"><summary>Child properties<\/summary><ul class="api-schema">.*?<li><div><code>amount<\/code>/s);
    // 3.1 type arrays read as nullable.
    assert.match(text(body), /nickname string nullable What the family calls it\./);
  });

  it('shows circular references as links instead of expanding them', () => {
    const c = content(site.output('/docs/api/get-a-category'));
    assert.match(
      c,
      /<p class="api-circular">Circular reference to <a class="api-schema-link" href="\/docs\/api\/categories#schema-category">Category<\/a><\/p>/,
    );
    // parent is anyOf [Category, null]: shown as a nullable Category.
    assert.match(text(c), /parent Category nullable The parent category, null at the top\. Circular reference to Category/);
  });

  it('reads schemas right: a named array as "array of", const variants as allowed values, "One of" said once', () => {
    const t = text(content(site.output('/docs/api/get-a-category')));
    assert.match(t, /siblings array of Category Categories side by side\./);
    assert.match(t, /visibility string Who sees the category\. Allowed values: "public" — Everyone, in the shop\. "hidden" — Staff only\./);
    assert.doesNotMatch(t, /visibility.{0,80}(One of|Option 1)/);
    assert.match(
      t,
      /icon Image URL \| Emoji How the category is drawn\. Variants One of Image URL string uri Emoji emoji string Allowed values: "cat" , "dog"/,
    );
    assert.equal(t.match(/One of/g).length, 1);
  });

  it('renders a shared schema once, on the overview of the first tag whose operations use it, and links to it', () => {
    const pages = ['pets', 'categories', 'orders'].map((slug) => content(site.output(`/docs/api/${slug}`)));
    assert.match(pages[0], /<h3 id="schema-pet"/);
    assert.match(pages[0], /<h3 id="schema-petbase"/);
    // Category is reached from Pet, but the Categories operations use it directly.
    assert.doesNotMatch(pages[0], /id="schema-category"/);
    assert.match(pages[1], /<h3 id="schema-category"/);
    // Money is used inside Pet and Order only: shown once, next to the closest of them.
    assert.equal(pages.filter((p) => p.includes('<h3 id="schema-money"')).length, 1);
    assert.match(pages[2], /<h3 id="schema-money"/);
    // Schemas of shared responses live on the common schemas page.
    assert.match(content(site.output('/docs/api/common-schemas')), /<h3 id="schema-problem"/);
  });

  it('lists responses by status code with schema and example; shared responses link to the root page', () => {
    const c = content(site.output('/docs/api/create-a-pet'));
    assert.match(c, /<details class="api-response" id="response-201" open><summary><span class="api-status api-status-2xx">201<\/span>/);
    assert.match(c, /<span class="hljs-attr">"lives"<\/span>: <span class="hljs-number">9<\/span>/);
    assert.match(
      c,
      /<details class="api-response" id="response-400"><summary>.*?Common response: <a href="\/docs\/api\/errors#response-problem">Problem<\/a>/s,
    );
    const order = content(site.output('/docs/api/create-an-order'));
    assert.match(text(order), /Headers Location string uri URL of the order\./);
    // writeOnly properties are left out of a response, readOnly ones out of a request.
    const response = order.slice(order.indexOf('id="response-201"'));
    assert.doesNotMatch(text(response), /A note for the warehouse/);
    assert.match(text(order.slice(0, order.indexOf('id="responses"'))), /note string write-only A note for the warehouse/);
  });

  it('builds a request example from the schema when the spec has none', () => {
    const c = content(site.output('/docs/api/create-a-pet'));
    const example = code(c.slice(c.indexOf('id="api-tabpanel-0"'), c.indexOf('id="api-tabpanel-1"')));
    assert.match(example, /"petType": "cat"/);
    assert.match(example, /"name": "Tom"/);
    assert.doesNotMatch(example, /\n  "id":/, 'readOnly id is not part of a request');
  });

  it('builds highlighted code samples (curl, fetch, requests) from the operation', () => {
    const c = content(site.output('/docs/api/create-an-order'));
    const samples = c.slice(c.indexOf('id="code-samples"'));
    assert.match(
      samples,
      /<div class="tabs api-samples" data-tabs><div role="tablist" aria-label="Code samples"><button type="button" role="tab" id="api-tab-0" aria-controls="api-tabpanel-0" aria-selected="true" tabindex="0">curl<\/button>/,
    );
    const t = code(samples);
    assert.ok(
      t.includes(
        'curl -X POST "https://api.shop.example/v1/orders" \\\n  -H "Authorization: Bearer $SHOP_API_KEY" \\\n  -H "Idempotency-Key: {Idempotency-Key}" \\\n  -H "Content-Type: application/json" \\\n  --data \'{\n',
      ),
      t,
    );
    assert.ok(
      t.includes(
        'const response = await fetch("https://api.shop.example/v1/orders", {\n  method: "POST",\n  headers: {\n    Authorization: `Bearer ${process.env.SHOP_API_KEY}`,',
      ),
    );
    assert.ok(
      t.includes(
        'response = requests.post(\n    "https://api.shop.example/v1/orders",\n    headers={\n        "Authorization": f"Bearer {os.environ[\'SHOP_API_KEY\']}",\n        "Idempotency-Key": "{Idempotency-Key}",',
      ),
    );
    assert.match(samples, /class="hljs-/);
    const list = code(content(site.output('/docs/api/list-pets')));
    assert.match(list, /\/v1\/pets\?status=available"/, 'required query parameter with its example');
    const upload = code(content(site.output('/docs/api/upload-files')));
    assert.match(upload, /-F "file=@document\.pdf"/);
    assert.match(upload, /files=\{"file": open\("document\.pdf", "rb"\)\}/);
    assert.match(text(content(site.output('/docs/api/check-health'))), /No authentication required\./);
  });

  it('marks deprecated operations on the page and in the sidebar', () => {
    const c = content(site.output('/docs/api/delete-a-pet'));
    assert.match(c, /<div class="admonition admonition-warning" role="note"><p class="admonition-title">Deprecated<\/p>/);
    const items = pageSidebar(site, '/docs/api/delete-a-pet');
    assert.deepEqual(items[0], { type: 'link', label: 'Shop API', href: '/docs/category/shopapi' });
    // The guide's pages come next, before the resources.
    assert.deepEqual(
      items[1].items.map((i) => i.href),
      ['authentication', 'pagination', 'errors', 'rate-limits', 'versioning', 'common-schemas'].map((s) => `/docs/api/${s}`),
    );
    const pets = items.find((i) => i.label === 'Pets');
    assert.equal(pets.href, '/docs/api/pets');
    assert.deepEqual(
      pets.items.map((i) => [i.label, i.method, i.deprecated ?? false]),
      [
        ['List pets', 'get', false],
        ['Create a pet', 'post', false],
        ['Get a pet', 'get', false],
        ['Delete a pet', 'delete', true],
      ],
    );
  });

  it('has a tag overview listing its operations and a root page with the API guide and components', () => {
    const tag = content(site.output('/docs/api/pets'));
    assert.match(tag, /Pets for sale, <strong>cats<\/strong> and dogs\./);
    assert.match(
      tag,
      /<a class="api-op-link" href="\/docs\/api\/list-pets"><span class="method-badge method-get">GET<\/span><span class="api-op-title">List pets<\/span><\/a>/,
    );
    const root = site.output('/docs/category/shopapi');
    assert.match(root, /<h1>Shop API<\/h1>/);
    // The landing page is an index: the guide's pages and the resources, as cards.
    for (const id of ['guide', 'resources']) assert.match(content(root), new RegExp(`id="${id}"`), id);
    for (const slug of ['authentication', 'pagination', 'errors', 'rate-limits', 'versioning', 'common-schemas'])
      assert.match(content(root), new RegExp(`<li class="card" id="${slug}"><a href="/docs/api/${slug}">`), slug);
    assert.doesNotMatch(content(root), /id="security-bearerauth"|id="response-problem"/);
    // Each section of the spec's introduction is a page; the shared material goes with it.
    assert.match(content(site.output('/docs/api/authentication')), /id="security-bearerauth"/);
    assert.match(content(site.output('/docs/api/errors')), /id="common-responses".*id="response-problem"/s);
    assert.match(content(site.output('/docs/api/common-schemas')), /<h3 id="schema-problem"/);
    assert.match(site.output('/docs/api/rate-limits'), /<h1>Rate limits<\/h1>/);
    assert.match(text(content(root)), /Version 1\.4\.0/);
  });

  it('builds Korean pages at the same slugs with overlay translations, Korean labels and English fallback', () => {
    const ko = site.output('/ko/docs/api/list-pets');
    assert.match(ko, /<h1>반려동물 목록 조회<\/h1>/);
    const c = text(content(ko));
    assert.match(c, /반려동물을 최신순으로 반환합니다\./);
    assert.match(c, /쿼리 매개변수/);
    assert.match(c, /필수/);
    // Not translated: falls back to the English text.
    assert.match(c, /How many pets to return\./);
    // Translated through $.components.schemas.Money.properties.currency (a $ref into another file):
    // in the page's Markdown copy (the page folds the pets' tree, which is large, to Pet's home).
    assert.match(site.read('dist/ko/docs/api/list-pets.md'), /ISO 4217 통화 코드입니다\./);
    // Removed by the overlay in Korean only.
    assert.doesNotMatch(c, /X-Trace/);
    // A description beside a $ref is translated where it stands; the schema it refers to keeps its own.
    const order = text(content(site.output('/ko/docs/api/create-an-order')));
    assert.match(order, /세금을 포함한 주문 총액입니다\./);
    assert.doesNotMatch(order, /The order's total/);
    assert.match(text(content(site.output('/ko/docs/api/create-a-pet'))), /An amount of money\./);
    assert.doesNotMatch(text(content(site.output('/ko/docs/api/create-a-pet'))), /주문 총액/);
    assert.match(text(content(site.output('/docs/api/create-an-order'))), /The order's total, tax included\./);
    assert.match(site.output('/ko/docs/api/get-a-pet'), /<h1>Get a pet<\/h1>/);
    assert.match(site.output('/ko/docs/api/pets'), /<h1>반려동물<\/h1>/);
    assert.match(site.output('/ko/docs/api/authentication'), /<h1>인증<\/h1>/);
    assert.match(content(site.output('/ko/docs/category/shopapi')), /<h3 class="card-title">인증<\/h3>/);
    assert.match(content(ko), /href="\/ko\/docs\/api\/pets#schema-pet"/);
    assert.match(site.output('/ko/docs/api/list-pets'), /<link rel="alternate" hreflang="en" href="https:\/\/shop\.example\/docs\/api\/list-pets">/);
  });

  it('reports overlay targets that match nothing as warnings with file and line', () => {
    assert.match(result.stderr + result.stdout, /openapi\/shop\.overlay\.ko\.yaml:\d+: warning: Overlay target \$\.paths\['\/nowhere'\]\.get matches nothing/);
  });

  it('feeds the search records', () => {
    const records = JSON.parse(fs.readFileSync(path.join(site.out, '_docsgen/search/records.en.json'), 'utf8'));
    const page = records.filter((r) => r.url_without_anchor === '/docs/api/list-pets');
    assert.ok(page.some((r) => r.type === 'lvl1' && r.hierarchy.lvl0 === 'Shop API' && r.hierarchy.lvl1 === 'List pets'));
    // The page's fixed outline (Parameters, Query parameters, Responses) is no hit; its text is the operation's.
    assert.deepEqual(
      page.filter((r) => r.type !== 'lvl1' && r.type !== 'content'),
      [],
    );
    assert.ok(page.some((r) => r.type === 'content' && r.content?.startsWith('limit: How many pets')));
    const ko = JSON.parse(fs.readFileSync(path.join(site.out, '_docsgen/search/records.ko.json'), 'utf8'));
    assert.ok(ko.some((r) => r.url === '/ko/docs/api/list-pets' && r.hierarchy.lvl1 === '반려동물 목록 조회'));
  });

  it('loads no more JavaScript on an API page than on a doc page', () => {
    const scripts = (html) => [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((m) => m[1]).sort();
    assert.deepEqual(scripts(site.output('/docs/api/create-a-pet')), scripts(site.output('/docs/guide/start')));
    assert.doesNotMatch(content(site.output('/docs/api/create-a-pet')), /<script/);
  });

  it('checks links in spec descriptions: a broken anchor into the reference is an error at its line, a broken link elsewhere a warning, a link under the route base to no page a vendor link', () => {
    const spec = site.read('openapi/paths/pets.yaml');
    const lineOf = (text, needle) => text.slice(0, text.indexOf(needle)).split('\n').length;
    const withGuide = spec.replace('Returns pets, newest first.', 'Returns pets, see [the guide](/docs/guide/missing).');
    site.write('openapi/paths/pets.yaml', withGuide);
    const outside = site.build();
    const withAnchor = spec.replace('Returns pets, newest first.', 'Returns pets, see [a pet](/docs/api/create-a-pet#nowhere).');
    site.write('openapi/paths/pets.yaml', withAnchor);
    const anchor = site.build();
    const withVendor = spec.replace('Returns pets, newest first.', 'Returns pets, see [a pet](/docs/api/missing).');
    site.write('openapi/paths/pets.yaml', withVendor);
    const vendor = site.build();
    site.write('openapi/paths/pets.yaml', spec);
    assert.equal(outside.status, 0, outside.stderr);
    assert.match(
      outside.stderr,
      new RegExp(`openapi/paths/pets\\.yaml:${lineOf(withGuide, '/docs/guide/missing')}: warning: Broken link "/docs/guide/missing"`),
    );
    assert.notEqual(anchor.status, 0);
    assert.match(
      anchor.stderr,
      new RegExp(`openapi/paths/pets\\.yaml:${lineOf(withAnchor, '/docs/api/create')}: error: Broken anchor "/docs/api/create-a-pet#nowhere"`),
    );
    // No page of the reference has that path: the link is the API vendor's, and the build says where it leads.
    assert.equal(vendor.status, 0, vendor.stderr);
    assert.match(
      vendor.stderr,
      new RegExp(
        `openapi/paths/pets\\.yaml:${lineOf(withVendor, '/docs/api/missing')}: warning: "/docs/api/missing" and 1 other link in the spec name pages that are not in the API reference: they lead to https://shop\\.example[^\\n]*\\n  hint: Set openapi\\.linkBase`,
      ),
    );
  });
});
