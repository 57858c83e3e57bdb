// Unit tests of the Markdown stage: ids, code blocks, containers, links and the content blocks
// that feed search; the Markdown Docusaurus authors write (admonition aliases, details, footnotes,
// line numbers, Mermaid, math) and the front matter checks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  closest,
  containerTitle,
  editUrlOf,
  getStrings,
  markdownExcerpt,
  parseFenceInfo,
  parseMarkdownSource,
  ProblemList,
  renderMarkdown,
  slugify,
  splitHighlightedLines,
} from '../lib/internals.js';

function render(source, { locale = 'en', links = [], toc = [2, 3], allowHtml = false, warnings = [], plugins } = {}) {
  const env = {
    warnings,
    file: '/site/content/en/docs/a.md',
    bodyLine: 5,
    strings: getStrings(locale),
    resolveLink: (href, line) => {
      links.push({ href, line });
      return { href: href.replace(/\.md$/, ''), external: href.startsWith('http') };
    },
    resolveAsset: (src) => `/assets/media/${src.replace(/^\.\//, '')}`,
  };
  return renderMarkdown(source, env, { allowHtml, tocMin: toc[0], tocMax: toc[1], plugins });
}

describe('heading ids', () => {
  it('are github-slugger\'s, as Docusaurus makes them: letters of every script kept, punctuation dropped, each space a "-"', () => {
    assert.equal(slugify('재고 조정하기'), '재고-조정하기');
    assert.equal(slugify('Create a BOM (v2)!'), 'create-a-bom-v2');
    assert.equal(slugify('API 키: 만들기'), 'api-키-만들기');
    assert.equal(slugify("The item's units"), 'the-items-units');
    assert.equal(slugify('Ship - or hold'), 'ship---or-hold');
    assert.equal(slugify('--list-different'), '--list-different');
  });

  it('take the text of code and emphasis in the heading, and repeat as github-slugger does (-1, -2, and a -1 that was taken)', () => {
    const out = render('## `--dry-run` *now*\n\n## Install\n\n## Install\n\n## Install-1\n\n## Install\n\n## Custom {#install}\n');
    assert.deepEqual(
      out.toc.map((t) => t.id),
      ['--dry-run-now', 'install', 'install-1', 'install-1-1', 'install-2', 'install'],
    );
  });

  it('makes repeated headings unique within a page and lists h2-h3 in the TOC', () => {
    const out = render('## 재고 조정\n\ntext\n\n## 재고 조정\n\n### Details\n\n#### Deep\n');
    assert.deepEqual(
      out.toc.map((t) => [t.id, t.level]),
      [
        ['재고-조정', 2],
        ['재고-조정-1', 2],
        ['details', 3],
      ],
    );
    assert.ok(out.anchors.includes('deep'), 'h4 still has an anchor');
    assert.match(
      out.html,
      /<h2 id="재고-조정-1" tabindex="-1">재고 조정 <a class="hash-link" href="#재고-조정-1" aria-label="Direct link to: 재고 조정">#<\/a><\/h2>/,
    );
  });

  it('honours explicit ids and the configured TOC levels', () => {
    const out = render('## 품목 유형 {#item-types}\n\n### Sub\n', { toc: [2, 2] });
    assert.deepEqual(out.toc, [{ id: 'item-types', text: '품목 유형', level: 2 }]);
    assert.doesNotMatch(out.html, /\{#item-types\}/);
  });
});

describe('code blocks', () => {
  it('parses language, title and line ranges', () => {
    const info = parseFenceInfo('js title="createOrder.js" {3,5-6}');
    assert.equal(info.lang, 'js');
    assert.equal(info.title, 'createOrder.js');
    assert.deepEqual([...info.lines], [3, 5, 6]);
  });

  it('closes and reopens spans that cross line breaks', () => {
    const lines = splitHighlightedLines('<span class="c">/* a\nb */</span>\nx');
    assert.deepEqual(lines, ['<span class="c">/* a</span>', '<span class="c">b */</span>', 'x']);
  });

  it('highlights at build time, marks lines and adds a copy button', () => {
    const out = render('```js title="a.js" {2}\nconst a = 1;\nconst b = "<b>";\n```\n');
    assert.match(out.html, /<div class="code-title">a\.js<\/div>/);
    assert.match(
      out.html,
      /<span class="line highlighted"><span class="hljs-keyword">const<\/span> b = <span class="hljs-string">&quot;&lt;b&gt;&quot;<\/span>;<\/span>/,
    );
    assert.match(out.html, /data-copy aria-label="Copy code to clipboard"/);
  });

  it("renders with each config's own markdown-it: one config's plugin never shows in another's pages, whichever renders first", () => {
    // A plugin that wraps the fence rule, as a site's plugin may; each config's list is its own array.
    const marked = (md) => {
      const fence = md.renderer.rules.fence;
      md.renderer.rules.fence = (...args) => fence(...args).replace('<pre ', '<pre data-marked ');
    };
    const source = '```js\nconst a = 1;\n```\n';
    const withPlugin = render(source, { plugins: [marked] }).html;
    const otherConfig = render(source, { plugins: [] }).html;
    const noPlugins = render(source).html;
    assert.match(withPlugin, /<pre data-marked /);
    assert.doesNotMatch(otherConfig, /data-marked/);
    assert.equal(noPlugins, otherConfig);
    assert.equal(withPlugin.replace('data-marked ', ''), otherConfig);
    // A second config with the same plugin, after the others: its own instance, the plugin applied once.
    assert.equal(render(source, { plugins: [marked] }).html, withPlugin);
  });
});

describe('containers', () => {
  it('reads titles in both syntaxes', () => {
    assert.equal(containerTitle('tip[Save time]', 'tip'), 'Save time');
    assert.equal(containerTitle('note Heads up', 'note'), 'Heads up');
    assert.equal(containerTitle('warning', 'warning'), undefined);
  });

  it('translates default admonition titles on Korean pages', () => {
    assert.match(render(':::danger\nx\n:::\n', { locale: 'ko' }).html, /<p class="admonition-title">위험<\/p>/);
    assert.match(render(':::info[알아 두기]\nx\n:::\n', { locale: 'ko' }).html, /<p class="admonition-title">알아 두기<\/p>/);
  });

  it('renders accessible tabs', () => {
    const out = render('::::tabs\n:::tab[curl]\none\n:::\n:::tab[JS]\ntwo\n:::\n::::\n');
    assert.match(out.html, /role="tablist"><button type="button" role="tab" id="tab-1-0" aria-controls="tabpanel-1-0" aria-selected="true"/);
    assert.match(out.html, /<div role="tabpanel" id="tabpanel-1-1" aria-labelledby="tab-1-1" tabindex="0" hidden>/);
  });
});

describe('links, HTML and blocks', () => {
  it('hands every link to the resolver with its file line', () => {
    const links = [];
    const out = render('First line.\n\nSee [x](./b.md#part) and\n[y](https://example.com).\n', { links });
    assert.deepEqual(links, [
      { href: './b.md#part', line: 7 },
      { href: 'https://example.com', line: 8 },
    ]);
    assert.match(out.html, /<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">y<\/a>/);
  });

  it('escapes raw HTML unless allowed', () => {
    assert.match(render('<script>alert(1)</script>\n').html, /&lt;script&gt;/);
    assert.match(render('<kbd>K</kbd>\n', { allowHtml: true }).html, /<kbd>K<\/kbd>/);
  });

  it('collects headings and paragraphs for search', () => {
    const out = render('Intro text.\n\n## Setup\n\n- step one\n- step two\n\n| a | b |\n|---|---|\n| c | d |\n');
    assert.deepEqual(
      out.blocks.map((b) => [b.level, b.text]),
      // A table row is one block (cells joined), the header row is left out.
      [
        [0, 'Intro text.'],
        [2, 'Setup'],
        [0, 'step one'],
        [0, 'step two'],
        [0, 'c · d'],
      ],
    );
  });

  it('turns task list items into labelled checkboxes', () => {
    const out = render('- [x] done\n- [ ] open\n');
    assert.match(out.html, /<li class="task-list-item"><input type="checkbox" disabled checked aria-label="Done"> done<\/li>/);
  });
});

describe('Markdown that Docusaurus authors write', () => {
  it('renders :::caution and :::important with their type class and a translated label', () => {
    const en = render(':::caution\nx\n:::\n\n:::important\ny\n:::\n').html;
    assert.match(en, /<div class="admonition admonition-caution" role="note"><p class="admonition-title">Caution<\/p>/);
    assert.match(en, /<div class="admonition admonition-important" role="note"><p class="admonition-title">Important<\/p>/);
    const ko = render(':::caution\nx\n:::\n\n:::important\ny\n:::\n\n:::warning\nz\n:::\n', { locale: 'ko' }).html;
    assert.deepEqual(
      [...ko.matchAll(/admonition-title">([^<]+)/g)].map((m) => m[1]),
      ['주의', '중요', '경고'],
    );
  });

  it('reports a container that opens nothing, with the admonition it was likely meant to be', () => {
    const warnings = [];
    const out = render('Intro.\n\n:::cuation\nCareful.\n:::\n', { warnings });
    assert.match(out.html, /<p>:::cuation/);
    assert.deepEqual(warnings, [{ message: 'Unknown container ":::cuation" is printed as text', line: 7, hint: 'Did you mean ":::caution"?' }]);
  });

  it('allows <details> and <summary> with raw HTML off: the body is Markdown, other HTML stays escaped', () => {
    const src =
      '<details>\n  <summary>How **counting** works</summary>\n\n    Each bin is counted <b>twice</b>.\n\n    ```bash\n    ianai count\n    ```\n\n  <details open><summary>Inner</summary>\n\n  nested\n\n  </details>\n</details>\n';
    const out = render(src);
    assert.match(
      out.html,
      /^<details class="details"><summary>How <strong>counting<\/strong> works<\/summary><div class="details-body">\n<p>Each bin is counted &lt;b&gt;twice&lt;\/b&gt;.<\/p>\n<div class="code-block" data-lang="bash">/,
    );
    assert.match(
      out.html,
      /<details class="details" open><summary>Inner<\/summary><div class="details-body">\n<p>nested<\/p>\n<\/div><\/details>\n<\/div><\/details>\n$/,
    );
    assert.deepEqual(
      out.blocks.map((b) => b.text),
      ['How counting works', 'Each bin is counted <b>twice</b>.', 'Inner', 'nested'],
    );
  });

  it('labels a <details> without a summary in the page language, and reports one left open', () => {
    const warnings = [];
    const out = render('Text.\n\n<details>\nHidden\n', { locale: 'ko', warnings });
    assert.match(out.html, /<details class="details"><summary>자세히 보기<\/summary><div class="details-body">\n<p>Hidden<\/p>\n<\/div><\/details>/);
    assert.deepEqual(warnings, [{ message: '<details> is not closed', line: 7, hint: 'End it with "</details>" on a line of its own.' }]);
  });

  it('renders footnotes with unique ids, references described by a labelled section, and back links per reference', () => {
    const out = render('A[^a] and B[^b], A again[^a].\n\n:::tip[Titled]\nx\n:::\n\n[^a]: First.\n[^b]: Second.\n', { locale: 'ko' });
    assert.match(out.html, /A<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" aria-describedby="footnote-label">1<\/a><\/sup>/);
    assert.match(out.html, /A again<sup class="footnote-ref"><a href="#fn-1" id="fnref-1-1" aria-describedby="footnote-label">1<\/a><\/sup>/);
    assert.match(out.html, /<section class="footnotes" aria-labelledby="footnote-label"><h2 class="sr-only" id="footnote-label">각주<\/h2>/);
    assert.match(
      out.html,
      /<li id="fn-1"><p>First\. <a href="#fnref-1" class="footnote-backref" aria-label="1번 참조 위치로 돌아가기">↩︎<\/a> <a href="#fnref-1-1" class="footnote-backref" aria-label="1-2번 참조 위치로 돌아가기">/,
    );
    // The notes are listed once, at the end, not again in a container's title.
    assert.equal(out.html.match(/<section class="footnotes"/g).length, 1);
    assert.deepEqual(
      out.anchors.filter((a) => /^f/.test(a)),
      ['footnote-label', 'fn-1', 'fn-2'],
    );
  });

  it('numbers code lines with showLineNumbers, from the given start, without putting numbers in the code', () => {
    assert.deepEqual(parseFenceInfo('js title="a.js" showLineNumbers=5 {2}'), { lang: 'js', title: 'a.js', lines: new Set([2]), firstLineNumber: 5 });
    assert.equal(parseFenceInfo('showLineNumbers').firstLineNumber, 1);
    assert.equal(parseFenceInfo('js').firstLineNumber, undefined);
    const out = render('```js showLineNumbers=5\nconst a = 1;\n```\n\n```py showLineNumbers\nx\n```\n').html;
    assert.match(
      out,
      /<div class="code-block line-numbers" data-lang="js"><pre [^>]*><code class="language-js" style="counter-reset: line 4"><span class="line">/,
    );
    assert.match(out, /<div class="code-block line-numbers" data-lang="py"><pre [^>]*><code class="language-py"><span class="line">x<\/span>/);
  });

  it("describes a doc by its first line of text, as Docusaurus's excerpt does: markup off, the title, imports, code and admonition fences skipped", () => {
    assert.equal(
      markdownExcerpt('# Counting stock\n\nCount a bin, then compare with [moving stock](moving.md).\nSecond line.\n'),
      'Count a bin, then compare with moving stock.',
    );
    assert.equal(
      markdownExcerpt(
        "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n  <TabItem value=\"app\">Drag the item to its **new** bin.</TabItem>\n",
      ),
      'Drag the item to its new bin.',
    );
    assert.equal(markdownExcerpt('```bash\nnpm install\n```\n\n:::tip Before you start\n\n`docsgen` needs Node 20 :rocket:\n:::\n'), 'docsgen needs Node 20');
    assert.equal(markdownExcerpt('Title\n=====\n\n## Setup {#setup}\n'), 'Setup');
    assert.equal(markdownExcerpt('![A bin with its label](./bin.png)\n'), 'A bin with its label');
    assert.equal(markdownExcerpt('# Only a title\n\n```\ncode\n```\n'), undefined);
  });

  it('keeps a Mermaid diagram as escaped source text and reports the feature', () => {
    const out = render('```mermaid\ngraph LR\n  A["<b>"] --> B\n```\n');
    assert.equal(out.html, '<div class="mermaid-diagram" data-mermaid><pre class="mermaid-source">graph LR\n  A[&quot;&lt;b&gt;&quot;] --&gt; B</pre></div>\n');
    assert.deepEqual(out.features, ['mermaid']);
    assert.equal(render('```js\nx\n```\n').features, undefined);
  });

  it('typesets $...$ and $$...$$ with KaTeX at build time, leaves prices alone, and reports bad math at its line', () => {
    const warnings = [];
    const out = render('Costs $5 and $10.\n\nEuler: $e^{i\\pi} = -1$.\n\n$$\n\\sum_{i=1}^n i\n$$\n\nThen\nbad $\\frac{1$ here.\n', { warnings });
    assert.match(out.html, /<p>Costs \$5 and \$10\.<\/p>/);
    assert.match(
      out.html,
      /Euler: <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics>.*<annotation encoding="application\/x-tex">e\^\{i\\pi\} = -1<\/annotation>/,
    );
    assert.match(
      out.html,
      /<div class="math-display"><span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML" display="block">/,
    );
    assert.match(out.html, /bad <code class="math-error">\\frac\{1<\/code> here/);
    assert.deepEqual(out.features, ['math']);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].line, 14);
    assert.match(warnings[0].message, /^Math that KaTeX cannot read is shown as its source: .*\\frac\{1/);
  });
});

describe('front matter and doc settings', () => {
  const parse = (fm, file = '/site/content/en/docs/a.md') => {
    const problems = new ProblemList();
    parseMarkdownSource(`---\n${fm}\n---\nBody\n`, file, problems);
    return problems.items.map((p) => `${p.line}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
  };

  it('accepts the keys Docusaurus documents for docs and blog posts', () => {
    const doc =
      'id: a\ntitle: A\nslug: /a\nhide_title: true\nhide_table_of_contents: true\npagination_next: b\npagination_prev: null\npagination_label: A\nsidebar_class_name: x\nsidebar_label: A\nsidebar_position: 1\ndisplayed_sidebar: docs\nkeywords: [a]\nimage: /a.png\ndraft: false\nunlisted: true\nlast_update:\n  date: 2024-01-01\n  author: Ana\ntoc_min_heading_level: 2\ntoc_max_heading_level: 4\ncustom_edit_url: null\ntags: [a]\ndescription: A';
    assert.deepEqual(parse(doc), []);
    const post =
      'title: A\nauthors: [ana]\ndate: 2024-01-01\ntags: [a]\nslug: a\nunlisted: true\ndraft: false\nkeywords: [a]\nimage: /a.png\nhide_table_of_contents: true\nlast_update:\n  author: Ana';
    assert.deepEqual(parse(post, '/site/content/ko/blog/2024-01-01-a.md'), []);
  });

  it('warns about any other key at its line, with the key it was likely meant to be', () => {
    assert.deepEqual(parse('title: A\nsidebar_postion: 2\ntitel: B\nzzz_custom: 1'), [
      '3: Unknown front matter key "sidebar_postion": did you mean "sidebar_position"?',
      '4: Unknown front matter key "titel": did you mean "title"?',
      '5: Unknown front matter key "zzz_custom" (Front matter of docs takes: title, description, keywords, image, slug, draft, unlisted, hide_table_of_contents, toc_min_heading_level, toc_max_heading_level, last_update, redirect_from, id, tags, sidebar_label, sidebar_position, sidebar_class_name, displayed_sidebar, hide_title, hide_sidebar, pagination_next, pagination_prev, pagination_label, custom_edit_url.)',
    ]);
    assert.deepEqual(parse('title: A\nauthors: [ana]\nsidebar_custom_props:\n  x: 1'), [
      '3: Front matter key "authors" is for blog posts and is ignored in docs',
      '4: Front matter key "sidebar_custom_props" is not supported and is ignored (docsgen does without it: the default theme shows no custom sidebar props.)',
    ]);
    assert.deepEqual(parse('title: A\nsidebar_label: B', '/site/content/en/blog/a.md'), [
      '3: Front matter key "sidebar_label" is for docs and is ignored in blog posts',
    ]);
  });

  it('suggests names only when they are near', () => {
    assert.equal(closest('sidbar_label', ['sidebar_label', 'slug']), 'sidebar_label');
    assert.equal(closest('idd', ['id', 'slug']), 'id');
    assert.equal(closest('color', ['id', 'slug', 'title']), undefined);
  });

  it('makes the edit URL from a base URL, a function of the file, or the front matter', () => {
    const doc = (fm = {}) => ({ path: '/ko/docs/guide/start', locale: 'ko', sourceFile: '/site/content/ko/docs/guide/시작.md', frontMatter: fm });
    const config = (editUrl) => ({ root: '/site', configFile: '/site/site.config.ts', docs: { editUrl }, sources: { docs: { ko: '/site/content/ko/docs' } } });
    const problems = new ProblemList();
    assert.equal(
      editUrlOf(config('https://github.com/o/r/edit/main'), doc(), problems),
      'https://github.com/o/r/edit/main/content/ko/docs/guide/%EC%8B%9C%EC%9E%91.md',
    );
    const fn = ({ file, docPath, locale, permalink }) => `https://cms.example/${locale}?doc=${docPath}&file=${file}&at=${permalink}`;
    assert.equal(editUrlOf(config(fn), doc(), problems), 'https://cms.example/ko?doc=guide/시작.md&file=content/ko/docs/guide/시작.md&at=/ko/docs/guide/start');
    assert.equal(editUrlOf(config(fn), doc({ custom_edit_url: 'https://elsewhere.example/x' }), problems), 'https://elsewhere.example/x');
    assert.equal(editUrlOf(config(fn), doc({ custom_edit_url: null }), problems), undefined);
    assert.equal(editUrlOf(config(undefined), doc(), problems), undefined);
    assert.deepEqual(problems.items, []);
    assert.equal(
      editUrlOf(
        config(() => 'javascript:alert(1)'),
        doc(),
        problems,
      ),
      undefined,
    );
    assert.deepEqual(
      problems.items.map((p) => [p.message, p.severity]),
      [['Unsafe URL "javascript:alert(1)" in docs.editUrl was left out', 'warning']],
    );
  });

  it("makes a blog post's edit URL from blog.editUrl: a base URL, or a function given the post's path under blog/", () => {
    const post = (fm = {}) => ({
      kind: 'blog-post',
      path: '/ko/blog/launch',
      locale: 'ko',
      sourceFile: '/site/content/ko/blog/2026-01-31-launch.md',
      frontMatter: fm,
    });
    const config = (editUrl) => ({
      root: '/site',
      configFile: '/site/site.config.ts',
      docs: {},
      blog: { editUrl },
      sources: { blog: { ko: '/site/content/ko/blog' } },
    });
    const problems = new ProblemList();
    assert.equal(
      editUrlOf(config('https://github.com/o/r/edit/main/'), post(), problems),
      'https://github.com/o/r/edit/main/content/ko/blog/2026-01-31-launch.md',
    );
    const fn = ({ blogPath, locale, permalink, file }) => `https://cms.example/${locale}?post=${blogPath}&file=${file}&at=${permalink}`;
    assert.equal(
      editUrlOf(config(fn), post(), problems),
      'https://cms.example/ko?post=2026-01-31-launch.md&file=content/ko/blog/2026-01-31-launch.md&at=/ko/blog/launch',
    );
    assert.equal(editUrlOf(config(fn), post({ custom_edit_url: null }), problems), undefined);
    // docs.editUrl does not reach the blog, nor blog.editUrl the docs.
    assert.equal(editUrlOf({ ...config(undefined), docs: { editUrl: 'https://github.com/o/r/edit/main/' } }, post(), problems), undefined);
    assert.equal(
      editUrlOf(
        config(() => 'javascript:alert(1)'),
        post(),
        problems,
      ),
      undefined,
    );
    assert.deepEqual(
      problems.items.map((p) => p.message),
      ['Unsafe URL "javascript:alert(1)" in blog.editUrl was left out'],
    );
  });
});
