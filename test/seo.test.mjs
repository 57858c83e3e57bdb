// SEO and sharing tags, JSON-LD, sitemap/robots, llms.txt and the published .md sources, on the
// seo-site fixture (two locales, a translated doc, a fallback doc, a blog post, a redirect).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FixtureSite } from './helpers/site.mjs';
import { headOf } from '../scripts/audit/html.mjs';
import { checkJsonLd, checkSeo, parseSitemap } from '../scripts/audit/seo.mjs';
import { BuiltSite } from '../scripts/audit/site.mjs';

const SITE = 'https://seo.example';
let site;

before(() => {
  site = new FixtureSite('seo-site');
  site.buildOk();
});
after(() => site?.cleanup());

const head = (route) => headOf(site.output(route));
const jsonLd = (route) => {
  const h = head(route);
  assert.equal(h.jsonLd.length, 1, `${route} has one JSON-LD script`);
  const data = JSON.parse(h.jsonLd[0]);
  assert.equal(data['@context'], 'https://schema.org');
  return data['@graph'] ?? [data];
};
const node = (nodes, type) => nodes.find((n) => n['@type'] === type);

describe('head tags', () => {
  test('a translated doc has an absolute canonical, hreflang alternates with x-default and the Markdown alternate', () => {
    const h = head('/docs/guide/start');
    assert.equal(h.links('canonical')[0].attrs.href, `${SITE}/docs/guide/start`);
    const alts = Object.fromEntries(
      h
        .links('alternate')
        .filter((l) => l.attrs.hreflang)
        .map((l) => [l.attrs.hreflang, l.attrs.href]),
    );
    assert.deepEqual(alts, { en: `${SITE}/docs/guide/start`, ko: `${SITE}/ko/docs/guide/start`, 'x-default': `${SITE}/docs/guide/start` });
    const md = h.links('alternate').find((l) => l.attrs.type === 'text/markdown');
    assert.equal(md?.attrs.href, '/docs/guide/start.md');
    assert.ok(site.exists('docs/guide/start.md'));
    assert.equal(
      head('/ko/docs/guide/start')
        .links('alternate')
        .find((l) => l.attrs.type === 'text/markdown')?.attrs.href,
      '/ko/docs/guide/start.md',
    );
  });

  test('Open Graph and Twitter tags carry the configured 1200x630 image as an absolute URL', () => {
    const h = head('/docs/guide/start');
    assert.equal(h.meta('property', 'og:image')[0], `${SITE}/img/card.png`);
    assert.equal(h.meta('property', 'og:image:width')[0], '1200');
    assert.equal(h.meta('property', 'og:image:height')[0], '630');
    assert.equal(h.meta('property', 'og:url')[0], `${SITE}/docs/guide/start`);
    assert.equal(h.meta('property', 'og:title')[0], 'Getting started');
    assert.equal(h.meta('property', 'og:description')[0], 'Set up your first warehouse and count its stock.');
    assert.deepEqual(h.meta('property', 'og:locale:alternate'), ['ko']);
    assert.equal(h.meta('name', 'twitter:card')[0], 'summary_large_image');
    assert.equal(h.meta('name', 'twitter:image')[0], `${SITE}/img/card.png`);
    assert.ok(site.exists('img/card.png'));
    // Every kind of page gets the image, the home page and generated pages too.
    for (const route of ['/', '/ko', '/blog', '/docs/tags', '/search'])
      assert.equal(head(route).meta('property', 'og:image')[0], `${SITE}/img/card.png`, route);
  });

  test("a page's front matter image replaces the configured one", () => {
    const h = head('/docs/guide/stock');
    assert.equal(h.meta('property', 'og:image')[0], `${SITE}/img/logo.svg`);
    assert.equal(h.meta('property', 'og:image:alt')[0], 'Stock');
  });

  test('a page without a description gets its first paragraph, and a generated page the tagline or its title', () => {
    assert.equal(head('/docs/guide/stock').meta('name', 'description')[0], 'Stock is what you keep on your shelves, counted in units of measure.');
    for (const route of ['/docs/tags', '/ko/docs/tags', '/blog/archive', '/search']) {
      const d = head(route).meta('name', 'description')[0];
      assert.ok(d && d.trim().length > 0, `${route} has a description`);
    }
  });

  test('a fallback page points its canonical and og:url at the original and has no hreflang or .md', () => {
    const h = head('/ko/docs/guide/stock');
    assert.equal(h.links('canonical')[0].attrs.href, `${SITE}/docs/guide/stock`);
    assert.equal(h.meta('property', 'og:url')[0], `${SITE}/docs/guide/stock`);
    assert.equal(h.links('alternate').filter((l) => l.attrs.hreflang).length, 0);
    assert.equal(h.links('alternate').filter((l) => l.attrs.type === 'text/markdown').length, 0);
    assert.ok(!site.exists('ko/docs/guide/stock.md'));
  });

  test('a blog post is an article with its date and tags', () => {
    const h = head('/blog/launch');
    assert.equal(h.meta('property', 'og:type')[0], 'article');
    assert.equal(h.meta('property', 'article:published_time')[0], '2026-02-01');
    assert.deepEqual(h.meta('property', 'article:tag'), ['news', 'release']);
  });
});

describe('JSON-LD', () => {
  test('a doc is a TechArticle with a BreadcrumbList from its breadcrumbs', () => {
    const nodes = jsonLd('/docs/guide/start');
    const article = node(nodes, 'TechArticle');
    assert.equal(article.headline, 'Getting started');
    assert.equal(article.url, `${SITE}/docs/guide/start`);
    assert.equal(article.inLanguage, 'en');
    assert.equal(article.image, `${SITE}/img/card.png`);
    assert.equal(article.publisher.name, 'Seo');
    const crumbs = node(nodes, 'BreadcrumbList').itemListElement;
    assert.deepEqual(
      crumbs.map((c) => [c.position, c.name, c.item]),
      [
        [1, 'Home', `${SITE}/`],
        [2, 'Guide', `${SITE}/docs/category/guide`],
        [3, 'Getting started', `${SITE}/docs/guide/start`],
      ],
    );
    // Korean breadcrumbs name Korean pages.
    const ko = node(jsonLd('/ko/docs/guide/start'), 'BreadcrumbList').itemListElement;
    assert.deepEqual(
      ko.map((c) => c.item),
      [`${SITE}/ko`, `${SITE}/ko/docs/category/guide`, `${SITE}/ko/docs/guide/start`],
    );
    assert.equal(node(jsonLd('/ko/docs/guide/start'), 'TechArticle').inLanguage, 'ko');
  });

  test('a blog post is a BlogPosting with its date and authors', () => {
    const post = node(jsonLd('/blog/launch'), 'BlogPosting');
    assert.equal(post.headline, 'Launch day');
    assert.equal(post.datePublished, '2026-02-01');
    assert.deepEqual(
      post.author.map((a) => [a['@type'], a.name, a.jobTitle]),
      [['Person', 'Ana Lee', 'Writer']],
    );
    assert.equal(post.keywords, 'news, release');
  });

  test('the home pages describe the site with its search action', () => {
    const site0 = node(jsonLd('/'), 'WebSite');
    assert.equal(site0.url, `${SITE}/`);
    assert.equal(site0.potentialAction.target.urlTemplate, `${SITE}/search?q={search_term_string}`);
    assert.equal(node(jsonLd('/ko'), 'WebSite').potentialAction.target.urlTemplate, `${SITE}/ko/search?q={search_term_string}`);
  });

  test('every JSON-LD script of the site parses and passes the checks', () => {
    const built = new BuiltSite(site.out);
    let scripts = 0;
    for (const page of built.pages) {
      for (const text of headOf(built.read(page.rel)).jsonLd) {
        scripts++;
        assert.deepEqual(checkJsonLd(text), [], page.path);
      }
    }
    assert.ok(scripts >= 10);
    // The checker itself catches what it should.
    assert.match(
      checkJsonLd(
        '{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"position":2,"name":"a","item":"/x"},{"position":2,"name":"b"}]}',
      ).join('\n'),
      /position 2[\s\S]*absolute/,
    );
    assert.match(checkJsonLd('{not json').join(), /does not parse/);
  });
});

describe('sitemap.xml and robots.txt', () => {
  test('robots.txt allows crawling and points at the sitemap', () => {
    const robots = site.read('dist/robots.txt');
    assert.match(robots, /^User-agent: \*$/m);
    assert.doesNotMatch(robots, /^Disallow: \/\s*$/m);
    assert.match(robots, new RegExp(`^Sitemap: ${SITE}/sitemap.xml$`, 'm'));
  });

  test('the sitemap lists indexable pages only, with the alternates of their heads', () => {
    const urls = parseSitemap(site.read('dist/sitemap.xml'));
    for (const loc of ['/', '/ko', '/docs/guide/start', '/ko/docs/guide/start', '/docs/guide/stock', '/blog/launch', '/about'])
      assert.ok(urls.has(SITE + loc), `${loc} listed`);
    for (const loc of ['/ko/docs/guide/stock', '/docs/old-start', '/search', '/ko/search', '/404', '/ko/blog/launch'])
      assert.ok(!urls.has(SITE + loc), `${loc} not listed`);
    assert.deepEqual(urls.get(`${SITE}/docs/guide/start`).sort(), [
      `en ${SITE}/docs/guide/start`,
      `ko ${SITE}/ko/docs/guide/start`,
      `x-default ${SITE}/docs/guide/start`,
    ]);
    // Redirect and utility pages say noindex.
    assert.deepEqual(head('/search').meta('name', 'robots'), ['noindex']);
    assert.match(site.output('/docs/old-start'), /<meta name="robots" content="noindex">/);
  });

  test("the audit's SEO check finds the sitemap, heads, llms.txt and .md files consistent", () => {
    const result = checkSeo(new BuiltSite(site.out));
    assert.deepEqual(result.problems, []);
    assert.equal(result.llms, 2);
    // Docs: 2 English, 1 Korean (the other is a fallback); API: root, the guide's Authentication
    // page (the spec has a security scheme), tag and 2 operations per locale.
    assert.equal(result.markdown, 13);
  });
});

describe('llms.txt and Markdown sources', () => {
  test('/llms.txt lists the docs with one-line descriptions and links to their .md, and the blog as optional', () => {
    const text = site.read('dist/llms.txt');
    assert.match(text, /^# Seo Docs\n\n> Stock, orders and builds for small makers\n/);
    assert.match(
      text,
      /\n## Guide\n\n- \[Getting started\]\(https:\/\/seo\.example\/docs\/guide\/start\.md\): Set up your first warehouse and count its stock\.\n- \[Stock\]\(https:\/\/seo\.example\/docs\/guide\/stock\.md\): Stock is what you keep on your shelves/,
    );
    assert.match(text, /\[한국어\]\(https:\/\/seo\.example\/ko\/llms\.txt\)/);
    assert.match(
      text,
      /\n## Optional\n\n- \[Blog\]\(https:\/\/seo\.example\/blog\): News from the Seo team\n- \[Launch day\]\(https:\/\/seo\.example\/blog\/launch\)/,
    );
  });

  test('/ko/llms.txt lists the Korean docs, and the untranslated one by its English source', () => {
    const text = site.read('dist/ko/llms.txt');
    assert.match(text, /^# Seo Docs\n\n> 작은 제조사를 위한 재고, 주문, 생산\n/);
    assert.match(text, /## 가이드\n\n- \[시작하기\]\(https:\/\/seo\.example\/ko\/docs\/guide\/start\.md\): 첫 창고를 만들고 재고를 셉니다\./);
    assert.match(text, /- \[Stock\]\(https:\/\/seo\.example\/docs\/guide\/stock\.md\)/);
    assert.match(text, /\[English\]\(https:\/\/seo\.example\/llms\.txt\)/);
  });

  test('a .md starts with the title and description, keeps code as written and makes links absolute', () => {
    const md = site.read('dist/docs/guide/start.md');
    assert.match(
      md,
      /^# Getting started\n\n> Set up your first warehouse and count its stock\.\n\nRead \[the stock page\]\(https:\/\/seo\.example\/docs\/guide\/stock#counting-stock\) next, or browse \[all tags\]\(https:\/\/seo\.example\/docs\/tags\)\./,
    );
    assert.match(md, /# a link-like text in code stays as written: \[x\]\(\.\/stock\.md\)/);
    assert.match(md, /`\[y\]\(\.\/stock\.md\)`/);
    assert.match(md, /^\[ref\]: https:\/\/seo\.example\/docs\/guide\/stock$/m);
    const img = /!\[Warehouse plan\]\((https:\/\/seo\.example\/(assets\/media\/plan-[0-9a-f]+\.svg))\)/.exec(md);
    assert.ok(img, 'image made absolute');
    assert.ok(site.exists(img[2]), 'the image URL is a file of the output');
    assert.doesNotMatch(md, /^---$/m, 'front matter is not published');
    assert.match(site.read('dist/ko/docs/guide/start.md'), /^# 시작하기\n\n> 첫 창고를 만들고 재고를 셉니다\.\n/);
  });
});

describe('API pages', () => {
  test('an API page publishes a Markdown rendering of its reference, linked from its head', () => {
    const h = head('/docs/api/count-stock');
    assert.equal(h.links('alternate').find((l) => l.attrs.type === 'text/markdown')?.attrs.href, '/docs/api/count-stock.md');
    assert.equal(node(jsonLd('/docs/api/count-stock'), 'TechArticle').headline, 'Count stock');
    const md = site.read('dist/docs/api/count-stock.md');
    assert.match(md, /^# Count stock\n\nPOST `\/stock\/count`\n/);
    assert.match(md, /^## Request body required$/m);
    assert.match(md, /^- `item_id` string required\n\n {2}The item counted\.$/m);
    assert.match(md, /\[StockLevel\]\(https:\/\/seo\.example\/docs\/api\/stock#schema-stocklevel\)/);
    assert.match(md, /```json\n\{\n {2}"item_id": "itm_1",\n {2}"quantity": 12\n\}\n```/);
    // Every code sample, not only the tab shown first; no buttons or heading anchors.
    for (const lang of ['curl:\n\n```bash', 'JavaScript:\n\n```javascript', 'Python:\n\n```python']) assert.ok(md.includes(lang), lang);
    assert.doesNotMatch(md, /Copy code|Direct link| #$/m);
    assert.match(site.read('dist/ko/docs/api/count-stock.md'), /^# Count stock\n/);
  });

  test('llms.txt lists the API reference by tag, linking each page to its Markdown', () => {
    const text = site.read('dist/llms.txt');
    assert.match(
      text,
      /\n## Seo API: Stock\n\n- \[Stock\]\(https:\/\/seo\.example\/docs\/api\/stock\.md\): Stock levels by item and bin\.\n- \[Get stock list\]\(https:\/\/seo\.example\/docs\/api\/get-stock-list\.md\): Returns stock levels, largest first\./,
    );
    assert.match(text, /- \[Count stock\]\(https:\/\/seo\.example\/docs\/api\/count-stock\.md\): Records a stock count for one bin\./);
    assert.ok(text.indexOf('## Guide') < text.indexOf('## Seo API'), 'docs come before the API');
  });
});

describe('config', () => {
  test('a configured social image that is not in static/ fails the build with a hint', () => {
    const broken = new FixtureSite('seo-site');
    try {
      broken.write('site.config.ts', broken.read('site.config.ts').replace("'/img/card.png'", "'/img/missing.png'"));
      const r = broken.build();
      assert.notEqual(r.status, 0);
      assert.match(r.stderr + r.stdout, /social image "\/img\/missing\.png" does not exist in static\//);
    } finally {
      broken.cleanup();
    }
  });
});
