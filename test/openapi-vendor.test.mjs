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
    assert.deepEqual(
      sidebar.filter((i) => i.type === 'category' && i.href?.startsWith('/docs/api/')).map((i) => [i.label, i.items.map((x) => x.label)]),
      [
        ['Payment intents', ['List payment intents', 'Create a payment intent', 'Retrieve a payment intent', 'Confirm a payment intent']],
        ['Customers', ['Delete a customer']],
      ],
    );
    // x-tagGroups name the groups of the landing page's resources.
    assert.match(content(site.output('/docs/category/vendor')), /<h3 id="group-payments"[^>]*>Payments/);
  });

  it('checks links into the reference as errors, and leads vendor links to openapi.linkBase', () => {
    site.write(
      'site.config.ts',
      site.read('site.config.ts').replace("categorySlug: 'vendor' }", "categorySlug: 'vendor', linkBase: 'https://vendor.example' }"),
    );
    const spec = site.read('api/vendor.json');
    site.write('api/vendor.json', spec.replace('/docs/api/retrieve-a-payment-intent', '/docs/api/retrieve-a-payment'));
    const r = site.build();
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /api\/vendor\.json:\d+: error: Broken link "\/docs\/api\/retrieve-a-payment"/);
    assert.doesNotMatch(r.stderr, /warning: Broken link/);
    site.write('api/vendor.json', spec);
    site.buildOk();
    assert.match(content(site.output('/docs/api/create-a-payment-intent')), /<a href="https:\/\/vendor\.example\/docs\/payments\/confirm"/);
    assert.match(content(site.output('/docs/category/vendor')), /href="https:\/\/vendor\.example\/docs\/catalog"/);
  });
});
