// A vendor's spec as large vendors write it (OpenAPI 3.1, YAML, form-encoded bodies, nothing but
// `openapi: { spec }` in the config): its links to the vendor's own pages, under docsgen's default
// route base, must not fail the build nor lead to the reference's own pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';

const lineOf = (text, needle) => text.slice(0, text.indexOf(needle)).split('\n').length;

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
      /api\/shop\.yaml:7: warning: "\/docs\/api\/pagination" and 5 other links in the spec name pages that are not in the API reference: they lead to https:\/\/shop\.example \(the host of the spec's servers\[0\]\.url\)\n {2}hint: Set openapi\.linkBase/,
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
      assert.match(r.stderr, new RegExp(`api/shop\\.yaml:${lineOf(own, '/docs/billing/addresses')}: warning: Broken link "/docs/billing/addresses#rules"`));
      assert.match(content(site.output('/docs/category/api')), /<a href="\/docs\/api\/customers">customers<\/a>/);
      // A link into the reference is checked, anchor included: an error at its line.
      const anchor = own.replace('(/docs/keys)', '(/docs/api/retrieve-a-customer#missing)');
      site.write('api/shop.yaml', anchor);
      const failed = site.build();
      assert.notEqual(failed.status, 0);
      assert.match(failed.stderr, new RegExp(`api/shop\\.yaml:${lineOf(anchor, '#missing')}: error: Broken anchor "/docs/api/retrieve-a-customer#missing"`));
    } finally {
      site.write('api/shop.yaml', spec);
    }
  });

  it("says that the spec's webhooks and callbacks are not shown, at their line", () => {
    const spec = site.read('api/shop.yaml');
    const callback =
      "      callbacks:\n        taxIdVerified:\n          '{$request.query.url}':\n            post:\n              responses:\n                '200': { description: OK }\n";
    const withCallback = spec.replace('      operationId: GetCustomersCustomerTaxIds\n', `      operationId: GetCustomersCustomerTaxIds\n${callback}`);
    const hooks = `${withCallback}webhooks:\n  customerCreated:\n    post:\n      responses:\n        '200': { description: OK }\n`;
    try {
      site.write('api/shop.yaml', hooks);
      const r = site.buildOk();
      assert.match(
        r.stderr,
        new RegExp(
          `api/shop\\.yaml:${lineOf(hooks, 'webhooks:')}: warning: The spec's webhook \\(customerCreated\\) is not shown: the API reference has pages for the spec's paths only`,
        ),
      );
      assert.match(
        r.stderr,
        new RegExp(`api/shop\\.yaml:${lineOf(hooks, 'callbacks:')}: warning: The callbacks of GET /v1/customers/\\{customer\\}/tax_ids are not shown`),
      );
    } finally {
      site.write('api/shop.yaml', spec);
    }
  });

  it('writes a form body in bracket notation in every language, with the required fields and those the spec gives an example for', () => {
    const md = site.read('dist/docs/api/create-a-customer.md');
    const curl = md.slice(md.indexOf('```bash'), md.indexOf('```', md.indexOf('```bash') + 3));
    assert.deepEqual(
      [...curl.matchAll(/--data-urlencode '([^']*)'/g)].map((m) => m[1]),
      [
        'email=user@example.com',
        'name=Jenny Rosen',
        'expand[]=tax_ids',
        'invoice_settings[custom_fields][0][name]=PO',
        'invoice_settings[custom_fields][0][value]=1234',
      ],
    );
    // No placeholder for the optional fields without an example, no JSON in a form field.
    assert.doesNotMatch(
      md.slice(md.indexOf('## Code samples'), md.indexOf('## Response examples')),
      /description|preferred_locales|tax_exempt|address|metadata|'[\w[\]]+=[{[]|": "[{[]/,
    );
    assert.match(md, /body: new URLSearchParams\(\{\n {4}"email": "user@example.com",\n {4}"name": "Jenny Rosen",\n {4}"expand\[\]": "tax_ids",/);
    assert.match(md, /data=\{\n {8}"email": "user@example.com",\n {8}"name": "Jenny Rosen",\n {8}"expand\[\]": "tax_ids",/);
    // The key's variable is the API's (info.title), not the site's.
    assert.match(md, /-u "\$SHOP_API_KEY_USER:\$SHOP_API_KEY"/);
    assert.doesNotMatch(site.output('/docs/api/create-a-customer'), /RESELLER/);
  });

  it('gives a GET with an empty form body no request body section, no body and no Content-Type', () => {
    const page = content(site.output('/docs/api/list-all-customers'));
    assert.doesNotMatch(page, /id="request-body"|Content-Type|URLSearchParams|data=/);
    assert.match(page, /id="query-parameters"/);
    assert.match(content(site.output('/docs/api/create-a-customer')), /id="request-body"/);
  });

  it('names enum values beside them (oneOf of {title, const}, x-enum-varnames) and shows their integer type', () => {
    const page = content(site.output('/docs/api/customers'));
    const prop = (name) => page.slice(page.indexOf(`<li><div><code>${name}</code>`)).split('</li><li><div>')[0];
    assert.match(prop('channel'), /<span class="api-type">integer<\/span>/);
    assert.match(
      prop('channel'),
      /<li><code>0<\/code> <span class="api-enum-name">EMAIL<\/span> — By email\.<\/li><li><code>1<\/code> <span class="api-enum-name">SMS<\/span><\/li>/,
    );
    assert.match(prop('tier'), /<span class="api-type">integer<\/span>/);
    assert.match(
      prop('tier'),
      /<li><code>10<\/code> <span class="api-enum-name">BRONZE<\/span><\/li><li><code>20<\/code> <span class="api-enum-name">SILVER<\/span><\/li>/,
    );
    assert.match(site.read('dist/docs/api/customers.md'), /- `2` PUSH\\?_NOTIFICATION\n/);
  });

  it('refuses a spec whose YAML aliases expand past a sane size ("billion laughs") at once, at the first alias', () => {
    const spec = site.read('api/shop.yaml');
    const levels = ['a: &a [' + Array(9).fill('"lol"').join(',') + ']'];
    for (const [prev, name] of [...'abcdefgh'].map((c, i) => [c, 'bcdefghi'[i]])) levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    const laughs = spec.replace('paths:\n', `x-laughs:\n${levels.map((l) => `  ${l}\n`).join('')}paths:\n`);
    site.write('api/shop.yaml', laughs);
    try {
      const started = Date.now();
      const r = site.build();
      assert.notEqual(r.status, 0);
      assert.match(
        r.stderr,
        new RegExp(
          `api/shop\\.yaml:${lineOf(laughs, '*a')}: error: Cannot parse shop\\.yaml: its YAML aliases expand it to [\\d,]{11} values, past the 2,000,000 a spec may reach`,
        ),
      );
      assert.ok(Date.now() - started < 20_000, `refused in ${Date.now() - started} ms`);
      // Aliases that repeat a little stay allowed.
      site.write('api/shop.yaml', spec.replace('paths:\n', 'x-small:\n  a: &a [1, 2, 3]\n  b: [*a, *a]\npaths:\n'));
      site.buildOk();
    } finally {
      site.write('api/shop.yaml', spec);
    }
  });
});
