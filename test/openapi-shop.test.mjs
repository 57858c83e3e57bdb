// A vendor's spec as large vendors write it (OpenAPI 3.1, YAML, form-encoded bodies, nothing but
// `openapi: { spec }` in the config): its links to the vendor's own pages, under docsgen's default
// route base, must not fail the build nor lead to the reference's own pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';

function content(html) {
  const start = html.indexOf('data-docsgen-content');
  return html.slice(start, html.indexOf('</article>', start));
}

describe('API reference from a form-encoded vendor spec with the default config', () => {
  let site;
  let result;
  before(() => {
    site = new FixtureSite('openapi-shop');
    result = site.buildOk();
  });
  after(() => site.cleanup());

  it("leads the vendor's links to the host of its servers, with one warning at the first link that names openapi.linkBase", () => {
    assert.doesNotMatch(result.stderr, /error:|Broken link/);
    assert.match(
      result.stderr,
      /api\/shop\.yaml:7: warning: "\/docs\/api\/pagination" and 5 other links in the spec lead to pages that are not in the API reference: they lead to https:\/\/shop\.example \(the host of the spec's servers\[0\]\.url\)\n {2}hint: Set openapi\.linkBase/,
    );
    assert.equal(result.stderr.match(/warning:/g).length, 1);
    const create = content(site.output('/docs/api/create-a-customer'));
    assert.match(create, /<a href="https:\/\/shop\.example\/docs\/api\/customers\/object"/);
    assert.match(create, /<a href="https:\/\/shop\.example\/docs\/billing\/addresses#rules"/);
    assert.match(content(site.output('/docs/api/authentication')), /<a href="https:\/\/shop\.example\/docs\/keys"/);
    assert.match(site.read('dist/docs/api/create-a-customer.md'), /\]\(https:\/\/shop\.example\/docs\/api\/customers\/object\)/);
  });

  it("never leads a vendor's link to the reference's page of the same path", () => {
    assert.ok(site.exists('docs/api/customers/index.html'));
    const landing = content(site.output('/docs/category/api'));
    assert.match(landing, /<a href="https:\/\/shop\.example\/docs\/api\/customers"/);
    assert.doesNotMatch(landing, /<a href="\/docs\/api\/customers">customers</);
  });

  it('leads them to openapi.linkBase when the config names it, without a warning', () => {
    const config = site.read('site.config.ts');
    site.write('site.config.ts', config.replace("spec: 'api/shop.yaml'", "spec: 'api/shop.yaml', linkBase: 'https://www.shop.example/'"));
    try {
      const r = site.buildOk();
      assert.doesNotMatch(r.stderr, /warning:|error:/);
      assert.match(content(site.output('/docs/api/create-a-customer')), /<a href="https:\/\/www\.shop\.example\/docs\/api\/customers\/object"/);
    } finally {
      site.write('site.config.ts', config);
    }
  });

  it('without a host for them, builds and says so once, naming openapi.linkBase', () => {
    const spec = site.read('api/shop.yaml');
    site.write('api/shop.yaml', spec.replace('  - url: https://api.shop.example/', '  - url: /'));
    try {
      const r = site.buildOk();
      assert.match(
        r.stderr,
        /api\/shop\.yaml:7: warning: "\/docs\/api\/pagination" and 5 other links .* the spec names no host for them[^\n]*\n {2}hint: Set openapi\.linkBase/,
      );
      assert.equal(r.stderr.match(/warning:/g).length, 1);
    } finally {
      site.write('api/shop.yaml', spec);
    }
  });

  it('places a broken link of a spec written for this site at its own line in the YAML (literal, folded and quoted text)', () => {
    const spec = site.read('api/shop.yaml');
    // No link under the route base is left that the reference lacks: the links are this site's.
    const own = spec
      .replace('[pagination](/docs/api/pagination)', '[pagination](/docs/guide/pagination)')
      .replaceAll('/docs/api/customers/object', '/docs/api/retrieve-a-customer');
    try {
      site.write('api/shop.yaml', own);
      const r = site.buildOk();
      assert.doesNotMatch(r.stderr, /not in the API reference/);
      assert.match(r.stderr, /api\/shop\.yaml:7: warning: Broken link "\/docs\/guide\/pagination"/);
      assert.match(r.stderr, /api\/shop\.yaml:43: warning: Broken link "\/docs\/billing\/addresses#rules"/);
      assert.match(content(site.output('/docs/category/api')), /<a href="\/docs\/api\/customers">customers<\/a>/);
      // A link into the reference is checked, anchor included: an error at its line.
      site.write('api/shop.yaml', own.replace('(/docs/keys)', '(/docs/api/retrieve-a-customer#missing)'));
      const failed = site.build();
      assert.notEqual(failed.status, 0);
      assert.match(failed.stderr, /api\/shop\.yaml:98: error: Broken anchor "\/docs\/api\/retrieve-a-customer#missing"/);
    } finally {
      site.write('api/shop.yaml', spec);
    }
  });
});
