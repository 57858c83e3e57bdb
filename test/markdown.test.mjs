// Unit tests of the Markdown stage: ids, code blocks, containers, links and the content blocks
// that feed search.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { containerTitle, getStrings, parseFenceInfo, renderMarkdown, slugify, splitHighlightedLines } from '../lib/internals.js';

function render(source, { locale = 'en', links = [], toc = [2, 3], allowHtml = false } = {}) {
  const env = {
    file: '/site/content/en/docs/a.md',
    bodyLine: 5,
    strings: getStrings(locale),
    resolveLink: (href, line) => {
      links.push({ href, line });
      return { href: href.replace(/\.md$/, ''), external: href.startsWith('http') };
    },
    resolveAsset: (src) => `/assets/media/${src.replace(/^\.\//, '')}`,
  };
  return renderMarkdown(source, env, { allowHtml, tocMin: toc[0], tocMax: toc[1] });
}

describe('heading ids', () => {
  it('keeps Hangul and Latin words, drops punctuation', () => {
    assert.equal(slugify('재고 조정하기'), '재고-조정하기');
    assert.equal(slugify('Create a BOM (v2)!'), 'create-a-bom-v2');
    assert.equal(slugify('  API 키: 만들기 '), 'api-키-만들기');
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
