#!/usr/bin/env node
// The floor a static-site generator is measured against: every Markdown file under SITE/content
// read, its front matter parsed (gray-matter), its body rendered (markdown-it, default options)
// and written as an HTML page (a folder and index.html per page, as docsgen writes them) under
// SITE/dist. No theme, no links, no search: what any tool has to do at least. Prints the line
// "Wrote N pages" that scripts/bench.mjs reads.
//   node scripts/bench-floor.mjs build --root SITE
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';

const root = process.argv[process.argv.indexOf('--root') + 1];
const content = path.join(root, 'content');
const out = path.join(root, 'dist');
const md = new MarkdownIt();
let pages = 0;
for (const entry of fs.readdirSync(content, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const { data, content: body } = matter(fs.readFileSync(file, 'utf8'), {});
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${md.utils.escapeHtml(String(data.title ?? ''))}</title></head><body>${md.render(body)}</body></html>`;
  const dir = path.join(out, path.relative(content, file).replace(/\.md$/, ''));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  pages++;
}
console.log(`Wrote ${pages} pages`);
