// One URL policy for every URL an author writes (src/shared/urlPolicy.ts): the policy itself, then
// the openapi-multi fixture built once with unsafe URLs in its spec, its Korean overlay, a doc's
// Markdown and front matter and a blog's authors. No page, Markdown copy or llms.txt may link to
// or load them, in either locale, and each one is reported as a warning at its file and line.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSync } from 'esbuild';
import { ProblemList, getStrings, renderMarkdown, parseMarkdownSource, validateConfig } from '../lib/internals.js';
import { FixtureSite, ROOT } from './helpers/site.mjs';

// The policy module has no imports: compiled on its own, it is the code the build runs.
const policySource = buildSync({ entryPoints: [path.join(ROOT, 'src/shared/urlPolicy.ts')], bundle: true, write: false, format: 'esm', logLevel: 'silent' })
  .outputFiles[0].text;
const { isAllowedUrl } = await import(`data:text/javascript;base64,${Buffer.from(policySource).toString('base64')}`);

describe('the URL policy', () => {
  it('allows http, https and mailto URLs, paths, fragments and queries', () => {
    for (const url of [
      'https://example.com/a?b=1#c',
      'HTTP://example.com',
      'mailto:team@example.com',
      '/docs/x',
      'docs/x.md',
      './a:b',
      '../x',
      '#part',
      '?q=1',
      '//cdn.example.com/x.png',
      '',
      '/x?t=1:2',
    ]) {
      assert.equal(isAllowedUrl(url), true, url);
    }
  });

  it('refuses every other scheme however it is spelt', () => {
    const attacks = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      '\u0001\u0010 javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#0000106avascript:alert(1)',
      'javascript&colon;alert(1)',
      'java%09script:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/png;base64,AAAA',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/x',
      'tel:+100',
    ];
    for (const url of attacks) assert.equal(isAllowedUrl(url), false, JSON.stringify(url));
  });
});

describe('Markdown links and images', () => {
  const env = (refusedUrls) => ({
    file: '/site/a.md',
    bodyLine: 5,
    strings: getStrings('en'),
    resolveLink: (href) => ({ href }),
    resolveAsset: (src) => src,
    refusedUrls,
  });
  const options = { allowHtml: false, tocMin: 2, tocMax: 3 };

  it('keeps the text of a refused link or image and records its URL and line', () => {
    const refused = [];
    const md = 'First line.\n\n[run](javascript:alert(1)) and ![pic](data:image/png;base64,AAAA) and <javascript:alert(2)>\n[ok](https://example.com)';
    const { html } = renderMarkdown(md, env(refused), options);
    assert.doesNotMatch(html, /(?:href|src)="(?:javascript|data):/i);
    assert.match(html, /run and pic and javascript:alert\(2\)/);
    assert.match(html, /<a href="https:\/\/example.com"/);
    assert.deepEqual(refused, [
      { url: 'javascript:alert(1)', line: 7 },
      { url: 'data:image/png;base64,AAAA', line: 7 },
      { url: 'javascript:alert(2)', line: 7 },
    ]);
  });

  it('reports the front matter URLs of a Markdown file where it is read', () => {
    const problems = new ProblemList();
    const src = parseMarkdownSource('---\ntitle: A\nimage: " javascript:alert(1)"\n---\n\nText [x](JAVASCRIPT:alert(1)).\n', '/site/a.md', problems);
    assert.equal(src.frontMatter.image, undefined);
    // The link in the body is reported where the page is rendered (see the site below).
    assert.deepEqual(
      problems.warnings.map((p) => `${p.file}:${p.line}`),
      ['/site/a.md:3'],
    );
  });
});

describe('the site config', () => {
  it('refuses a javascript: link with an error naming the key and its line', () => {
    const source = "export default {\n  title: 'T',\n  navbar: {\n    items: [{ label: 'X', href: 'javascript:alert(1)' }],\n  },\n};\n";
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-config-')), 'site.config.ts');
    fs.writeFileSync(file, source);
    try {
      assert.throws(
        () => validateConfig({ title: 'T', navbar: { items: [{ label: 'X', href: 'javascript:alert(1)' }] } }, file, ROOT),
        (err) => err.problems.some((p) => p.message.includes('navbar.items[0].href') && p.line === 4),
      );
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

const DATA_URL = 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==';

describe('a site with unsafe URLs in its spec, overlay, Markdown, front matter and authors', () => {
  let site;
  let output;
  /** File line (1-based) of the first line of `rel` that includes `text`. */
  const lineOf = (rel, text) =>
    site
      .read(rel)
      .split('\n')
      .findIndex((l) => l.includes(text)) + 1;
  /** The build's warning lines about refused URLs at `rel`:`line`. */
  const warningsAt = (rel, line) => output.split('\n').filter((l) => l.startsWith(`${rel}:${line}: warning: Unsafe URL`));
  const pages = (route) => [site.output(route), site.output(`/ko${route}`)];
  /** Every URL a page gives a browser to follow or load that the policy refuses (the favicon's "data:," is docsgen's own). */
  const unsafeUrls = (html) => {
    const urls = [
      ...[...html.matchAll(/\s(?:href|src|srcset|action|formaction)="([^"]*)"/gi)].map((m) => m[1]),
      ...[...html.matchAll(/<meta (?:property|name)="(?:og|twitter):image" content="([^"]*)"/g)].map((m) => m[1]),
    ].map((u) =>
      u
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    for (const m of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
      JSON.stringify(JSON.parse(m[1]), (key, value) => {
        if (typeof value === 'string' && /^(url|image|item|logo|urlTemplate)$/.test(key)) urls.push(value);
        return value;
      });
    }
    return urls.filter((u) => u !== 'data:,' && !isAllowedUrl(u));
  };

  before(() => {
    site = new FixtureSite('openapi-multi');
    const spec = site.read('openapi/shop.yaml');
    site.write(
      'openapi/shop.yaml',
      spec
        .replace(
          'first.\n\n    ## Authentication',
          'first.\n    See <a href="&#106;avascript:alert(13)">the console</a> and <img src="javascript:alert(14)" alt="a chart">.\n\n    ## Authentication',
        )
        .replace(
          '  summary: Pets, orders and categories for the fixture shop.\n',
          `  summary: Pets, orders and categories for the fixture shop.\n  contact:\n    name: Shop support\n    url: javascript:alert(1)\n  termsOfService: " JavaScript:alert(1)"\n`,
        )
        .replace(
          '    description: Pets for sale, **cats** and dogs.\n',
          `    description: Pets for sale, **cats** and dogs. Read [the care guide](javascript:alert(3)).\n    externalDocs:\n      description: Pet care\n      url: ${DATA_URL}\n`,
        )
        .replace(
          '    description: Orders of pets.\n',
          '    description: Orders of pets.\n    externalDocs:\n      description: Order guide\n      url: https://shop.example/orders-guide\n',
        )
        .replace(
          '    description: Categories nest; a category has a parent and children.\n',
          '    description: Categories nest; a category has a parent and children.\n    externalDocs:\n      url: "\\tjava\\tscript:alert(2)"\n',
        ),
    );
    site.write(
      'openapi/shop.overlay.ko.yaml',
      site.read('openapi/shop.overlay.ko.yaml') +
        `  - target: $.tags[?(@.name=='Orders')]\n    update:\n      externalDocs:\n        url: JAVASCRIPT:alert(4)\n  - target: $.info.contact\n    update:\n      url: "&#106;avascript:alert(5)"\n`,
    );
    site.write(
      'content/en/docs/guide/unsafe.md',
      '---\ntitle: Unsafe links\nimage: javascript:alert(6)\n---\n\nA [script link](javascript:alert(7)) and ![a picture](data:image/svg+xml;base64,AAAA) and <javascript:alert(8)>.\n\nA [spaced one]( JavaScript:alert(9)) and a [safe one](https://example.com/safe).\n',
    );
    site.write('content/en/blog/authors.yml', 'jo:\n  name: Jo\n  url: javascript:alert(10)\n  image_url: javascript:alert(11)\n');
    site.write(
      'content/en/blog/2026-01-02-hello.md',
      '---\ntitle: Hello\nauthors:\n  - jo\n  - name: Kim\n    url: " javascript:alert(12)"\n---\n\nHello from the shop, a first post long enough to be a description.\n',
    );
    const r = site.buildOk();
    output = `${r.stdout}\n${r.stderr}`;
  });
  after(() => site?.cleanup());

  it('info.contact.url javascript:alert(1): the contact name is plain text, warned at the spec line', () => {
    for (const html of pages('/docs/category/shopapi')) {
      assert.match(html, /<dd>Shop support<\/dd>/);
      assert.doesNotMatch(html, /href="[^"]*alert/i);
    }
    assert.equal(warningsAt('openapi/shop.yaml', lineOf('openapi/shop.yaml', 'url: javascript:alert(1)')).length, 1, output);
  });

  it('info.termsOfService " JavaScript:alert(1)": shown as text, never as a link, warned at the spec line', () => {
    for (const html of pages('/docs/category/shopapi')) assert.doesNotMatch(html, /<a href="\s*JavaScript/i);
    const [warning] = warningsAt('openapi/shop.yaml', lineOf('openapi/shop.yaml', 'termsOfService:'));
    assert.match(warning ?? output, /" JavaScript:alert\(1\)" in info\.termsOfService/);
  });

  it('tags[].externalDocs.url as a data: URL and as "\\tjava\\tscript:": no link, the description stays, warned at the spec lines', () => {
    const pets = pages('/docs/api/pets');
    for (const html of pets) {
      assert.doesNotMatch(html, /href="data:text/);
      assert.match(html, /<p>Pet care<\/p>/);
    }
    for (const html of pages('/docs/api/categories')) assert.doesNotMatch(html, /href="\s*java/i);
    assert.equal(warningsAt('openapi/shop.yaml', lineOf('openapi/shop.yaml', `url: ${DATA_URL}`)).length, 1, output);
    assert.equal(warningsAt('openapi/shop.yaml', lineOf('openapi/shop.yaml', 'java\\tscript')).length, 1, output);
  });

  it('a legitimate externalDocs link stays in English, and the Korean overlay cannot replace it with JAVASCRIPT:', () => {
    const [en, ko] = pages('/docs/api/orders');
    assert.match(en, /<a href="https:\/\/shop.example\/orders-guide" target="_blank" rel="noopener noreferrer">Order guide<\/a>/);
    assert.doesNotMatch(ko, /href="javascript/i);
    assert.equal(warningsAt('openapi/shop.overlay.ko.yaml', lineOf('openapi/shop.overlay.ko.yaml', 'JAVASCRIPT:alert(4)')).length, 1, output);
    assert.equal(warningsAt('openapi/shop.overlay.ko.yaml', lineOf('openapi/shop.overlay.ko.yaml', '&#106;avascript')).length, 1, output);
  });

  it('a javascript: link in a spec description keeps its text, warned at the description line', () => {
    const [en, ko] = pages('/docs/api/pets');
    assert.match(en, /Read the care guide\./);
    for (const html of [en, ko]) assert.doesNotMatch(html, /href="javascript/i);
    assert.equal(warningsAt('openapi/shop.yaml', lineOf('openapi/shop.yaml', '[the care guide]')).length, 1, output);
    for (const md of ['docs/api/pets.md', 'ko/docs/api/pets.md']) assert.doesNotMatch(fs.readFileSync(path.join(site.out, md), 'utf8'), /\]\(\s*javascript/i);
  });

  it('an unsafe href or src in HTML in a spec description is dropped and warned at its line', () => {
    const [en, ko] = pages('/docs/category/shopapi');
    assert.match(en, /See <a>the console<\/a> and <img alt="a chart" \/>/);
    for (const html of [en, ko]) assert.doesNotMatch(html, /alert\(1[34]\)/);
    // The second line of a block scalar (description: |), a line past its key's.
    const line = lineOf('openapi/shop.yaml', 'the console');
    assert.equal(lineOf('openapi/shop.yaml', '  description: |'), line - 2);
    assert.deepEqual(
      warningsAt('openapi/shop.yaml', line).map((w) => /"(.*?)" in the description at info\.description was left out$/.exec(w)?.[1]),
      ['javascript:alert(13)', 'javascript:alert(14)'],
      output,
    );
  });

  it('Markdown links, images and autolinks with unsafe URLs keep their text, warned at their lines', () => {
    for (const html of pages('/docs/guide/unsafe')) {
      assert.match(html, /A script link and a picture and javascript:alert\(8\)\./);
      assert.match(html, /A spaced one and a <a href="https:\/\/example.com\/safe"/);
    }
    const rel = 'content/en/docs/guide/unsafe.md';
    assert.equal(warningsAt(rel, 6).length, 3, output);
    assert.equal(warningsAt(rel, 8).length, 1, output);
    const copy = fs.readFileSync(path.join(site.out, 'docs/guide/unsafe.md'), 'utf8');
    assert.match(copy, /A script link and a picture and javascript:alert\(8\)\./);
    assert.match(copy, /\[safe one\]\(https:\/\/example.com\/safe\)/);
  });

  it('a front matter image javascript: is left out of og:image, twitter:image and the JSON-LD, warned at its line', () => {
    for (const html of pages('/docs/guide/unsafe')) {
      assert.doesNotMatch(html, /og:image|twitter:image/);
      const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)[1]);
      assert.ok(jsonLd['@graph'].every((node) => node.image === undefined));
    }
    assert.equal(warningsAt('content/en/docs/guide/unsafe.md', 3).length, 1, output);
  });

  it("blog authors' url and image_url (authors.yml and front matter) are left out of the pages and JSON-LD, warned at their lines", () => {
    for (const html of [site.output('/blog/hello'), site.output('/blog/authors/jo')]) assert.doesNotMatch(html, /alert\(1[012]\)/);
    assert.equal(warningsAt('content/en/blog/authors.yml', 3).length, 1, output);
    assert.equal(warningsAt('content/en/blog/authors.yml', 4).length, 1, output);
    assert.equal(warningsAt('content/en/blog/2026-01-02-hello.md', 6).length, 1, output);
  });

  it('no page in either locale, no Markdown copy and no llms.txt gives a browser an unsafe URL', () => {
    const offenders = [];
    for (const rel of fs.readdirSync(site.out, { recursive: true })) {
      const file = path.join(site.out, rel);
      if (rel.endsWith('.html')) for (const u of unsafeUrls(fs.readFileSync(file, 'utf8'))) offenders.push(`${rel}: ${u}`);
      if (rel.endsWith('.md') || rel.endsWith('llms.txt')) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/\]\(\s*<?([^)\s>]*)|<([a-z][a-z0-9+.-]*:[^\s>]*)>/gi)) {
          const u = m[1] ?? m[2];
          if (!isAllowedUrl(u)) offenders.push(`${rel}: ${u}`);
        }
      }
    }
    assert.deepEqual(offenders, []);
  });
});
