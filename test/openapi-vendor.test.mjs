// A vendor's spec as vendors write them (OpenAPI 3.0 JSON): no tags and no summaries (operationIds
// that repeat the method and path), x-tagGroups, HTML in descriptions, and links to pages of the
// vendor's own site. It builds with the default config: those links are warnings, with
// openapi.linkBase they lead to the vendor's site; the HTML is sanitised, never shown as tags.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite, pageSidebar } from './helpers/site.mjs';

function content(html) {
  const start = html.indexOf('data-docsgen-content');
  return html.slice(start, html.indexOf('</article>', start));
}

describe('API reference from a vendor spec', () => {
  let site;
  let result;
  before(() => {
    site = new FixtureSite('openapi-vendor');
    result = site.buildOk();
  });
  after(() => site.cleanup());

  it('reports links to the vendor site as warnings at their line (a JSON string is one line), and builds', () => {
    assert.match(result.stderr, /api\/vendor\.json:6: warning: Broken link "\/docs\/catalog": no page at \/docs\/catalog\n {2}hint: .*openapi\.linkBase/);
    assert.match(result.stderr, /api\/vendor\.json:6: warning: Broken link "\/docs\/keys"/);
    assert.match(result.stderr, /api\/vendor\.json:19: warning: Broken link "\/docs\/payments\/confirm"/);
    assert.doesNotMatch(result.stderr, /error:/);
  });

  it('names a missing page once when a minified spec links it from several places (all on line 1)', () => {
    const spec = site.read('api/vendor.json');
    const doc = JSON.parse(spec);
    const op = Object.values(Object.values(doc.paths)[0])[0];
    op.description = `${op.description ?? ''}\n\nSee [the catalog guide](/docs/catalog).`;
    site.write('api/vendor.json', JSON.stringify(doc));
    try {
      const r = site.buildOk();
      assert.match(r.stderr, /api\/vendor\.json:1: warning: Broken link "\/docs\/catalog": no page at \/docs\/catalog\n/);
    } finally {
      site.write('api/vendor.json', spec);
    }
  });

  it('warns of an href the URL policy refuses in the HTML of a description, at the line of the description (a JSON string)', () => {
    assert.match(result.stderr, /api\/vendor\.json:6: warning: Unsafe URL "javascript:alert\(1\)" in the description at info\.description was left out/);
    assert.equal(result.stderr.match(/Unsafe URL/g).length, 1);
  });

  it('renders HTML in descriptions through the allowlist: no literal tags, no script, no refused URL', () => {
    const page = content(site.output('/docs/api/create-a-payment-intent'));
    assert.match(page, /<p>Creates a PaymentIntent object\.<\/p>/);
    assert.match(page, /the <b>Payments<\/b> <code>guide<\/code>\.<br \/>/);
    assert.doesNotMatch(page, /&lt;\/?(p|b|a|code|br|nobr)\b|<script|<nobr/);
    const auth = content(site.output('/docs/api/authentication'));
    assert.match(auth, /<a href="\/docs\/keys">API keys<\/a> and <a>this<\/a>/);
    // Summaries, meta descriptions and search read the text.
    assert.match(
      site.output('/docs/api/retrieve-a-payment-intent'),
      /<meta name="description" content="Retrieves the details of a PaymentIntent that has previously been created\.">/,
    );
    for (const rel of ['llms.txt', '_docsgen/search/records.en.json']) {
      if (site.exists(rel)) assert.doesNotMatch(site.read(`dist/${rel}`), /<\/?p>|&lt;p/, rel);
    }
  });

  it('groups untagged operations by resource with readable labels and English titles', () => {
    const sidebar = pageSidebar(site, '/docs/api/list-payment-intents');
    const tree = (items) => items.filter((i) => i.type === 'category' && i.label !== 'Guide').map((i) => [i.label, i.href ?? null, tree(i.items)]);
    const labels = (items) => items.filter((i) => i.type === 'category' && i.label !== 'Guide').map((i) => [i.label, i.items.map((x) => x.label)]);
    // x-tagGroups are the sidebar's top level, in their order; a tag no group names follows them.
    assert.deepEqual(tree(sidebar), [
      ['Payments', null, [['Payment intents', '/docs/api/payment-intents', []]]],
      ['Customers', '/docs/api/customers', []],
    ]);
    assert.deepEqual(labels(sidebar[sidebar.findIndex((i) => i.label === 'Payments')].items), [
      ['Payment intents', ['List payment intents', 'Create a payment intent', 'Retrieve a payment intent', 'Confirm a payment intent']],
    ]);
    assert.deepEqual(labels(sidebar).slice(1), [['Customers', ['Delete a customer']]]);
    // x-tagGroups name the groups of the landing page's resources.
    assert.match(content(site.output('/docs/category/vendor')), /<h3 id="group-payments"[^>]*>Payments/);
  });

  it('checks links into the reference as errors, and leads vendor links to openapi.linkBase', () => {
    const spec = site.read('api/vendor.json');
    site.write('api/vendor.json', spec.replace('/docs/api/retrieve-a-payment-intent', '/docs/api/retrieve-a-payment-intent#nowhere'));
    const r = site.build();
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /api\/vendor\.json:35: error: Broken anchor "\/docs\/api\/retrieve-a-payment-intent#nowhere"/);
    // A link under the route base to no page of the reference: the spec's links are the vendor's.
    site.write('api/vendor.json', spec.replace('/docs/api/retrieve-a-payment-intent', '/docs/api/retrieve-a-payment'));
    const guessed = site.buildOk();
    assert.match(
      guessed.stderr,
      /api\/vendor\.json:35: warning: "\/docs\/api\/retrieve-a-payment" and 4 other links in the spec name pages that are not in the API reference: they lead to https:\/\/vendor\.example \(the host of the spec's servers\[0\]\.url\)/,
    );
    assert.doesNotMatch(guessed.stderr, /Broken link/);
    assert.match(content(site.output('/docs/api/confirm-a-payment-intent')), /<a href="https:\/\/vendor\.example\/docs\/api\/retrieve-a-payment"/);
    site.write(
      'site.config.ts',
      site.read('site.config.ts').replace("categorySlug: 'vendor' }", "categorySlug: 'vendor', linkBase: 'https://www.vendor.example' }"),
    );
    const named = site.buildOk();
    assert.doesNotMatch(named.stderr, /warning: Broken link|not in the API reference/);
    assert.match(content(site.output('/docs/api/confirm-a-payment-intent')), /<a href="https:\/\/www\.vendor\.example\/docs\/api\/retrieve-a-payment"/);
    site.write('api/vendor.json', spec);
    site.buildOk();
    assert.match(content(site.output('/docs/api/confirm-a-payment-intent')), /<a href="\/docs\/api\/retrieve-a-payment-intent"/);
    assert.match(content(site.output('/docs/api/create-a-payment-intent')), /<a href="https:\/\/www\.vendor\.example\/docs\/payments\/confirm"/);
    assert.match(content(site.output('/docs/category/vendor')), /href="https:\/\/www\.vendor\.example\/docs\/catalog"/);
  });

  it('splits a tag of more than 60 operations by resource (and such a resource by its sub-resources), in the sidebar and on pages of their own', () => {
    const spec = site.read('api/vendor.json');
    const doc = JSON.parse(spec);
    const product = { $ref: '#/components/schemas/Product' };
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Product: { type: 'object', properties: { id: { type: 'string' } } } } };
    const resources = ['products', 'prices', 'tax_codes', 'coupons', 'discounts'];
    const ok = (schema) => ({ 200: { description: 'OK', ...(schema ? { content: { 'application/json': { schema } } } : {}) } });
    doc.paths['/v1/catalog'] = { get: { tags: ['Catalog'], summary: 'Search the catalog', responses: ok() } };
    for (const r of resources) {
      for (let i = 1; i <= 14; i++) {
        doc.paths[`/v1/catalog/${r}/{id}/step${i}`] = {
          get: { tags: ['Catalog'], summary: `Step ${i} of ${r}`, responses: ok(r === 'products' ? product : undefined) },
        };
      }
    }
    // Orders, more than 60 operations still, is split by its own sub-resources.
    for (const sub of ['lines', 'refunds']) {
      for (let i = 1; i <= 31; i++)
        doc.paths[`/v1/catalog/orders/{id}/${sub}/step${i}`] = { post: { tags: ['Catalog'], summary: `Step ${i} of order ${sub}`, responses: ok() } };
    }
    site.write('api/vendor.json', JSON.stringify(doc, null, 2));
    try {
      const r = site.buildOk();
      assert.doesNotMatch(r.stderr, /error:/);
      const sidebar = pageSidebar(site, '/docs/api/step-1-of-products');
      const catalog = sidebar.find((i) => i.label === 'Catalog');
      assert.equal(catalog.href, '/docs/api/catalog');
      assert.deepEqual(
        catalog.items.map((g) => [g.label, g.href, g.items.length]),
        [
          ['Catalog', '/docs/api/catalog-catalog', 1],
          ['Products', '/docs/api/catalog-products', 14],
          ['Prices', '/docs/api/catalog-prices', 14],
          ['Tax codes', '/docs/api/catalog-tax-codes', 14],
          ['Coupons', '/docs/api/catalog-coupons', 14],
          ['Discounts', '/docs/api/catalog-discounts', 14],
          ['Orders', '/docs/api/catalog-orders', 2],
        ],
      );
      assert.deepEqual(
        catalog.items.at(-1).items.map((g) => [g.label, g.href, g.items.length]),
        [
          ['Lines', '/docs/api/catalog-orders-lines', 31],
          ['Refunds', '/docs/api/catalog-orders-refunds', 31],
        ],
      );
      assert.equal(content(site.output('/docs/api/catalog-orders-refunds')).match(/class="api-op-item/g).length, 31);
      assert.ok(catalog.items.slice(0, -1).every((g) => g.items.every((op) => op.type === 'link' && op.method === 'get')));
      // The tag's page lists its groups' operations under their headings, and leaves the schemas to them.
      const tagPage = content(site.output('/docs/api/catalog'));
      assert.match(tagPage, /<h2 id="group-tax-codes"[^>]*>Tax codes/);
      assert.match(tagPage, /<a href="\/docs\/api\/catalog-products">14 operations<\/a>/);
      assert.equal(tagPage.match(/class="api-op-item/g).length, 133);
      assert.doesNotMatch(tagPage, /id="schemas"/);
      const products = content(site.output('/docs/api/catalog-products'));
      assert.equal(products.match(/class="api-op-item/g).length, 14);
      assert.match(products, /<h3 id="schema-product"[^>]*>Product/);
      assert.doesNotMatch(content(site.output('/docs/api/catalog-prices')), /Step 1 of products/);
      // A tag under the limit is one group as before.
      assert.deepEqual(
        sidebar.find((i) => i.label === 'Customers').items.map((i) => i.type),
        ['link'],
      );
    } finally {
      site.write('api/vendor.json', spec);
    }
  });
});
