// Korean emphasis: CommonMark alone does not close `**굵게(예)**를` (punctuation inside the closing
// `**`, Hangul right after it). markdown-it-cjk-friendly applies the CJK-friendly flanking rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getStrings, renderMarkdown } from '../lib/internals.js';

const options = { allowHtml: false, tocMin: 2, tocMax: 3 };
function html(source, locale = 'ko') {
  const env = {
    file: 'test.md',
    bodyLine: 1,
    strings: getStrings(locale),
    resolveLink: (href) => ({ href }),
    resolveAsset: (src) => src,
  };
  return renderMarkdown(source, env, options).html;
}

test('Korean emphasis closes after punctuation followed by Hangul', () => {
  assert.match(html('**굵게(예)**를 확인합니다.'), /<strong>굵게\(예\)<\/strong>를 확인합니다\./);
  assert.match(html('*기울임(예)*을 씁니다.'), /<em>기울임\(예\)<\/em>을 씁니다\./);
  assert.match(html('메뉴는 **설정 > 회사**에서 엽니다.'), /<strong>설정 &gt; 회사<\/strong>에서/);
  assert.match(html('**「중요」**입니다'), /<strong>「중요」<\/strong>입니다/);
});

test('Latin emphasis and literal asterisks behave as before', () => {
  assert.match(html('a **bold** word', 'en'), /a <strong>bold<\/strong> word/);
  assert.match(html('2 * 3 * 4', 'en'), /2 \* 3 \* 4/);
  assert.match(html('`**code**`를 그대로 둡니다'), /<code>\*\*code\*\*<\/code>를/);
  assert.match(html('snake_case_name', 'en'), /snake_case_name/);
});
