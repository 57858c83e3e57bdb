// The real site's API reference (openapi/ianai.yaml and its Korean overlay), through the API
// stage directly (a full site build is covered elsewhere): the pages the tutorials and the
// specification name exist in both locales, and they render.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { getStrings, loadApiReference, loadConfig, ProblemList } from '../lib/internals.js';
import { ROOT } from './helpers/site.mjs';
import { NAMED_API_PAGES } from './helpers/ianai.mjs';
import yaml from 'js-yaml';

describe('the Ianai API reference', () => {
  let ref;
  let problems;
  const routes = new Map();
  before(async () => {
    const config = await loadConfig(ROOT);
    problems = new ProblemList();
    ref = await loadApiReference(config, problems);
    for (const [locale, prefix] of [
      ['en', ''],
      ['ko', '/ko'],
    ]) {
      const r = ref.forLocale(locale, prefix);
      routes.set(locale, new Map(r.routes.map((x) => [x.path, x])));
      routes.set(`${locale}:sidebar`, r.sidebar);
    }
  });

  it('parses and validates without errors', () => {
    assert.ok(ref, problems.items.map((p) => p.message).join('\n'));
    assert.deepEqual(problems.errors, []);
  });

  it('has the named pages and the API category page, in English and Korean', () => {
    for (const [locale, prefix] of [
      ['en', ''],
      ['ko', '/ko'],
    ]) {
      for (const slug of NAMED_API_PAGES) assert.ok(routes.get(locale).has(`${prefix}/docs/api/${slug}`), `${prefix}/docs/api/${slug}`);
      const root = routes.get(locale).get(`${prefix}/docs/category/ianaiapi`);
      assert.ok(root, `${prefix}/docs/category/ianaiapi`);
      assert.equal(root.sidebarId, 'api');
    }
    assert.equal(routes.get('en').get('/docs/category/ianaiapi').title, 'API reference');
    assert.equal(routes.get('ko').get('/ko/docs/category/ianaiapi').title, 'API 레퍼런스');
  });

  it('gives every operation page the same key in both locales and a Korean title and description', () => {
    const en = [...routes.get('en').values()].filter((r) => r.kind === 'api-operation');
    const ko = new Map([...routes.get('ko').values()].map((r) => [r.key, r]));
    assert.ok(en.length >= 250, `${en.length} operations`);
    const untranslated = en.filter((r) => !/[가-힣]/.test(ko.get(r.key)?.title ?? '')).map((r) => r.path);
    assert.deepEqual(untranslated, []);
    // Every description too (the overlay's): a Korean page's meta description is Korean.
    const englishOnly = en.filter((r) => r.description && !/[가-힣]/.test(ko.get(r.key)?.description ?? '')).map((r) => r.path);
    assert.deepEqual(englishOnly, []);
  });

  it("writes the Korean pages' fields, parameters and responses in Korean (the overlay's translations)", () => {
    const english = new Map();
    for (const route of routes.get('ko').values()) {
      if (route.kind !== 'api-operation') continue;
      const { html } = ref.renderContent(route, getStrings('ko'));
      const texts = [
        ...html.matchAll(/<li><div>.*?<\/div><div>(.*?)<\/div>|<div class="api-prop-desc">(.*?)<\/div>|<span class="api-response-desc">(.*?)<\/span>/g),
      ].map((m) => (m[1] ?? m[2] ?? m[3]).replace(/<code>.*?<\/code>|<[^>]+>/g, ''));
      for (const t of texts) if (/[A-Za-z]{3,}/.test(t) && !/[가-힣]/.test(t)) english.set(t, route.path);
    }
    assert.deepEqual([...english].slice(0, 10), []);
  });

  it('groups the sidebar by x-tagGroups, in their order, then by tag with method badges', () => {
    const sidebar = routes.get('en:sidebar');
    assert.deepEqual(sidebar[0], { type: 'link', label: 'API reference', href: '/docs/category/ianaiapi' });
    const groups = yaml.load(fs.readFileSync(path.join(ROOT, 'openapi/ianai.yaml'), 'utf8'))['x-tagGroups'];
    assert.ok(groups.length > 3);
    // Then the changelog and the guide; the earlier releases last.
    assert.deepEqual(sidebar[1], { type: 'link', label: 'API changelog', href: '/docs/api/changelog' });
    assert.deepEqual(
      sidebar.slice(3, -1).map((i) => i.label),
      groups.map((g) => g.name),
    );
    assert.deepEqual(sidebar.at(-1).items, [{ type: 'link', label: 'API 1.9.0', href: '/docs/api/1.9.0' }]);
    const vendor = sidebar.flatMap((i) => i.items ?? []).find((i) => i.href === '/docs/api/vendor');
    assert.equal(vendor.type, 'category');
    assert.ok(vendor.items.length > 3 && vendor.items.every((i) => i.method));
  });

  it('describes each page by its opening prose, never by a flattened table', () => {
    assert.equal(routes.get('en').get('/docs/api/update-shipment-status').description, 'Moves a shipment to another status as it goes through the warehouse.');
    // Markdown read as text, not stripped of its characters: "Items > Items", not "Items Items".
    assert.match(routes.get('en').get('/docs/api/item').description, /listed under Items > Items\./);
    for (const locale of ['en', 'ko']) {
      const residue = [...routes.get(locale).values()].filter((r) => /-{3}|\|/.test(r.description ?? '')).map((r) => `${r.path}: ${r.description}`);
      assert.deepEqual(residue, []);
    }
  });

  it('renders the bulk status page and the Korean root page', () => {
    const page = ref.renderContent(routes.get('en').get('/docs/api/update-work-order-status-bulk'), getStrings('en'));
    assert.match(page.html, /<span class="method-badge method-(post|patch|put)">/);
    assert.ok(page.toc.some((t) => t.id === 'request-body'));
    const root = ref.renderContent(routes.get('ko').get('/ko/docs/category/ianaiapi'), getStrings('ko'));
    // The landing page is an index of the guide's pages and the resources.
    for (const slug of ['authentication', 'pagination', 'errors', 'rate-limits', 'versioning', 'common-schemas']) {
      assert.ok(routes.get('ko').has(`/ko/docs/api/${slug}`), slug);
      assert.match(root.html, new RegExp(`<a href="/ko/docs/api/${slug}">`), slug);
    }
    assert.equal(routes.get('ko').get('/ko/docs/api/authentication').title, '인증');
    assert.equal(routes.get('en').get('/docs/api/rate-limits').title, 'Rate limits');
    const auth = ref.renderContent(routes.get('ko').get('/ko/docs/api/authentication'), getStrings('ko'));
    assert.ok(auth.anchors.includes('security-apikey'));
  });
});
