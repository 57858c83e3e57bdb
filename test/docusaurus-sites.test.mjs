// Real Docusaurus 3 sites (shared/fixtures/docusaurus: Jest and Prettier, copied from their
// repositories as they are) built by `docsgen build` in their website/ folder, with no edit:
// every doc at its Docusaurus URL, heading ids as Docusaurus's (github-slugger), no MDX source
// shown as text, partials never pages, tabs as tabs, blog posts at their dated URLs, and
// warnings only for what Docusaurus warns about or what docsgen names as unsupported.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import GithubSlugger from 'github-slugger';
import matter from 'gray-matter';
import { CLI, ROOT } from './helpers/site.mjs';

const FIXTURES = path.join(ROOT, '../shared/fixtures/docusaurus');

/** Copies a fixture repository into a temporary folder and builds its website/ folder. */
function buildFixture(name) {
  const src = path.join(FIXTURES, name);
  assert.ok(fs.existsSync(src), `the Docusaurus fixture ${src} is missing (shared/ beside the checkout)`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-docusaurus-${name}-`));
  fs.cpSync(src, root, { recursive: true });
  fs.chmodSync(root, 0o755);
  for (const dir of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
    if (dir.isDirectory()) fs.chmodSync(path.join(dir.parentPath ?? dir.path, dir.name), 0o755);
  const website = path.join(root, 'website');
  const r = spawnSync(process.execPath, [CLI, 'build'], { cwd: website, encoding: 'utf8' });
  return { root, website, out: path.join(website, 'dist'), status: r.status, log: `${r.stdout}\n${r.stderr}` };
}

/** Every HTML page under a folder of the output. */
function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.html'))
    .map((f) => path.join(dir, f));
}

/** The doc files that are pages (not partials), as Docusaurus finds them. */
function docFiles(docsDir) {
  return fs
    .readdirSync(docsDir, { recursive: true })
    .filter((f) => /\.mdx?$/.test(f) && !f.split(path.sep).some((s) => s.startsWith('_')))
    .map((f) => ({ rel: f, fm: matter(fs.readFileSync(path.join(docsDir, f), 'utf8')).data }));
}

/** Docusaurus's URL of a doc in a flat docs folder: the front matter slug, else its id, else the file name. */
function docusaurusUrl({ rel, fm }) {
  if (typeof fm.slug === 'string') return fm.slug.startsWith('/') ? `/docs${fm.slug}` : `/docs/${fm.slug}`;
  return `/docs/${fm.id ?? rel.replace(/\.mdx?$/, '')}`;
}

const visibleText = (html) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<code[\s\S]*?<\/code>/g, '')
    .replace(/<[^>]+>/g, ' ');

/** Each heading's id and text content (the anchor link's "#" left out). */
function headings(html) {
  return [...html.matchAll(/<h([2-6])[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => ({
    id: m[2],
    text: m[3]
      .replace(/<a[^>]*class="[^"]*hash-link[^"]*"[^>]*>[\s\S]*?<\/a>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .trim(),
  }));
}

function warnings(log) {
  return log.split('\n').filter((l) => /: warning: /.test(l));
}

for (const name of ['jest', 'prettier']) {
  describe(`the ${name} Docusaurus site, as it is`, () => {
    let site;
    before(() => {
      site = buildFixture(name);
    });

    it('builds with exit code 0', () => {
      assert.equal(site.status, 0, site.log);
    });

    it('publishes every doc that is not a partial at its Docusaurus URL, and no partial', () => {
      const docs = docFiles(path.join(site.root, 'docs'));
      assert.ok(docs.length > 20);
      for (const doc of docs) {
        const url = docusaurusUrl(doc);
        assert.ok(fs.existsSync(path.join(site.out, url, 'index.html')), `${doc.rel} is not at ${url}`);
      }
      const sitemap = fs.readFileSync(path.join(site.out, 'sitemap.xml'), 'utf8');
      assert.doesNotMatch(sitemap, /\/_[^/<]*</, 'a partial is in the sitemap');
      assert.ok(!fs.readdirSync(path.join(site.out, 'docs')).some((f) => f.startsWith('_')), 'a partial was published');
    });

    it('shows no import, export, JSX or HTML comment as text', () => {
      for (const file of htmlFiles(path.join(site.out, 'docs'))) {
        const text = visibleText(fs.readFileSync(file, 'utf8'));
        assert.doesNotMatch(text, /(^|\n)\s*(import\s+\w+.*from\s+['"]|export\s+(const|default)\b)/, `${file} shows an import or export`);
        assert.doesNotMatch(text, /&lt;\/?(Tabs|TabItem|TOCInline|Admonition)\b|&lt;!--/, `${file} shows JSX or an HTML comment`);
      }
    });

    it('gives every heading the id Docusaurus gives it', () => {
      // A heading written with an explicit {#id} keeps it; the rule applies to every other.
      const docsDir = path.join(site.root, 'docs');
      const custom = new Set(
        docFiles(docsDir).flatMap((d) => [...fs.readFileSync(path.join(docsDir, d.rel), 'utf8').matchAll(/\{#([^}\s]+)\}/g)].map((m) => m[1])),
      );
      let checked = 0;
      for (const file of htmlFiles(path.join(site.out, 'docs'))) {
        const slugger = new GithubSlugger();
        for (const h of headings(fs.readFileSync(file, 'utf8'))) {
          if (custom.has(h.id)) continue;
          assert.equal(h.id, slugger.slug(h.text), `${path.relative(site.out, file)}: "${h.text}"`);
          checked++;
        }
      }
      assert.ok(checked > 200, `only ${checked} heading ids checked`);
    });

    it('renders Tabs as tabs', () => {
      const withTabs = htmlFiles(path.join(site.out, 'docs')).filter((f) => fs.readFileSync(f, 'utf8').includes('role="tablist"'));
      assert.ok(withTabs.length >= 2, `${withTabs.length} doc pages have tabs`);
    });

    it('puts blog posts at their dated Docusaurus URLs', () => {
      const blogDir = path.join(site.website, 'blog');
      const posts = fs.readdirSync(blogDir).filter((f) => /^\d{4}-\d{2}-\d{2}-.+\.mdx?$/.test(f));
      assert.ok(posts.length > 5);
      for (const post of posts) {
        const fm = matter(fs.readFileSync(path.join(blogDir, post), 'utf8')).data;
        const [, y, m, d, slug] = /^(\d{4})-(\d{2})-(\d{2})-(.+)\.mdx?$/.exec(post);
        const url = fm.slug ? `/blog/${fm.slug.replace(/^\//, '')}` : `/blog/${y}/${m}/${d}/${slug}`;
        assert.ok(fs.existsSync(path.join(site.out, url, 'index.html')), `${post} is not at ${url}`);
      }
    });

    it('warns only about broken links Docusaurus warns about and what it names as unsupported', () => {
      const allowed =
        name === 'jest'
          ? /Broken (link|anchor)|is not installed here|not supported|not used|not applied|not shown|left out|not built yet/
          : /Broken anchor|is not installed here|not supported|not used|not applied|not shown|left out|not built yet/;
      for (const line of warnings(site.log)) assert.match(line, allowed, line);
    });
  });
}
