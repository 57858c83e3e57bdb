// The real Ianai site: every route of the route map exists in both locales with an <h1>, tutorials
// are substantial, Korean pages are written in Korean, and tutorials link onwards.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { realSiteOutput } from './helpers/sharedBuild.mjs';
import { NAMED_API_PAGES } from './helpers/ianai.mjs';

const TUTORIALS = {
  'quick-start': ['account', 'list_ui', 'settings', 'user-management'],
  'core-features': [
    'bom',
    'build',
    'classification',
    'customer',
    'estimate',
    'item',
    'item-adjustment',
    'item-transfer',
    'purchaseorder',
    'receiving',
    'return',
    'salesorder',
    'shipment',
    'vendor',
  ],
  'advanced-features': [
    'advanced-manufacturing',
    'bin',
    'bom-rules',
    'custom-fields',
    'item-options',
    'lot-tracking',
    'routing',
    'salesrep',
    'script',
    'uom',
    'vendor-item',
    'workcenter',
    'workorder',
    'workplan',
  ],
  integrations: ['bigcommerce', 'qbo', 'shopify', 'troubleshooting'],
  shipping: [
    'automation-rule',
    'bridge',
    'carrier-integrations',
    'custom-shipping-mapping',
    'international',
    'shipping-basic',
    'third-party-billing',
    'troubleshooting',
    'usps-cubic-rates',
    'usps-pricing-2025',
  ],
};
const TUTORIAL_ROUTES = Object.entries(TUTORIALS).flatMap(([cat, slugs]) => slugs.map((s) => `/docs/tutorial/${cat}/${s}`));
const ROUTE_MAP = [
  '/',
  '/markdown-page',
  '/search',
  '/under-construction',
  '/blog',
  '/blog/archive',
  '/blog/authors',
  '/blog/tags',
  '/blog/first-blog-post',
  '/blog/long-blog-post',
  '/blog/welcome',
  '/docs',
  '/docs/intro',
  '/docs/usps-erp-pricing',
  '/docs/contributing/style-guide',
  '/docs/tags',
  '/docs/tags/pricing',
  '/docs/tags/shipping',
  '/docs/tags/usps',
  ...['quick-start', 'core-features', 'advanced-features', 'integrations', 'shipping', 'ianaiapi'].map((c) => `/docs/category/${c}`),
  '/docs/tutorial/intro',
  ...TUTORIAL_ROUTES,
  ...NAMED_API_PAGES.map((s) => `/docs/api/${s}`),
];

describe('the Ianai site', () => {
  let out;
  const page = (route) => fs.readFileSync(path.join(out, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');
  /** Text of the page's main content (the Markdown body), code blocks removed. */
  const bodyText = (html) => {
    const m = /data-docsgen-content="true">([\s\S]*?)<\/div><(?:div class="tag-list|\/article|nav class="pagination)/.exec(html);
    return (m ? m[1] : html)
      .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&[a-z#0-9]+;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  };

  before(() => {
    out = realSiteOutput();
  });

  it('has every route of the route map in both locales, each with one <h1>', () => {
    const missing = [];
    for (const route of ROUTE_MAP) {
      for (const r of [route, route === '/' ? '/ko' : `/ko${route}`]) {
        let html;
        try {
          html = page(r);
        } catch {
          missing.push(r);
          continue;
        }
        assert.equal((html.match(/<h1[\s>]/g) ?? []).length, 1, `${r} has exactly one h1`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('leads the misspelled routing slug to routing', () => {
    assert.match(page('/docs/tutorial/advanced-features/routinng'), /url=\/docs\/tutorial\/advanced-features\/routing"/);
    assert.match(page('/ko/docs/tutorial/advanced-features/routinng'), /url=\/ko\/docs\/tutorial\/advanced-features\/routing"/);
  });

  it('leads the style guide’s old blog address to the contributors’ docs', () => {
    assert.match(page('/blog/mdx-blog-post'), /url=\/docs\/contributing\/style-guide"/);
    assert.match(page('/ko/blog/mdx-blog-post'), /url=\/ko\/docs\/contributing\/style-guide"/);
  });

  it('has at least 400 words in every English tutorial', () => {
    const short = TUTORIAL_ROUTES.map((r) => [
      r,
      bodyText(page(r))
        .split(' ')
        .filter((w) => /[A-Za-z]/.test(w)).length,
    ]).filter(([, n]) => n < 400);
    assert.deepEqual(short, []);
  });

  it('writes every Korean page in Korean (mostly Hangul), none as an untranslated fallback', () => {
    const notKorean = [];
    for (const route of ROUTE_MAP.filter((r) => !r.startsWith('/docs/api/') && r !== '/search')) {
      const html = page(route === '/' ? '/ko' : `/ko${route}`);
      assert.doesNotMatch(html, /fallback-notice/, `/ko${route} is translated`);
      const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
      const text = main
        .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
        .replace(/<code[\s\S]*?<\/code>/g, ' ')
        .replace(/<[^>]+>/g, ' ');
      const hangul = (text.match(/[\uac00-\ud7a3]/g) ?? []).length;
      const latin = (text.match(/[A-Za-z]/g) ?? []).length;
      if (hangul < latin) notKorean.push(`/ko${route} (${hangul} Hangul, ${latin} Latin)`);
    }
    assert.deepEqual(notKorean, []);
  });

  it('keeps the placeholder page out of search and the sitemap; a customer-facing post leads the blog', () => {
    const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    assert.match(sitemap, /\/markdown-page</);
    assert.doesNotMatch(sitemap, /under-construction/);
    const searchFiles = fs.readdirSync(path.join(out, '_docsgen/search'), { recursive: true }).filter((f) => /\.json$/.test(f));
    assert.ok(searchFiles.length > 0);
    for (const f of searchFiles) assert.doesNotMatch(fs.readFileSync(path.join(out, '_docsgen/search', f), 'utf8'), /under-construction/, f);
    for (const prefix of ['', '/ko']) {
      assert.match(page(`${prefix}/under-construction`), /<meta name="robots" content="noindex">/);
      const posts = [...page(`${prefix}/blog`).matchAll(/<h2[^>]*><a href="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(posts.slice(0, 2), [`${prefix}/blog/long-blog-post`, `${prefix}/blog/first-blog-post`]);
    }
  });

  it('links every tutorial to at least one other page', () => {
    const isolated = TUTORIAL_ROUTES.filter((r) => {
      const body = /data-docsgen-content="true">([\s\S]*?)<\/div><(?:div class="tag-list|\/article)/.exec(page(r))?.[1] ?? '';
      return !/<a href="\/(docs|blog)\/[^"#]+/.test(body);
    });
    assert.deepEqual(isolated, []);
  });
});
