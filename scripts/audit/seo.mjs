// Search and sharing metadata, read from the output: every page has a title, a description, an
// absolute canonical URL and Open Graph tags with an absolute image; JSON-LD parses and has the
// shape search engines want; sitemap.xml lists exactly the indexable pages with the same hreflang
// alternates as their heads; robots.txt points at the sitemap; llms.txt and the .md files exist
// and their links resolve.
import { decodeEntities, headOf } from './html.mjs';

export const name = 'seo';
export const title = 'SEO, sharing and llms.txt';

const ABSOLUTE = /^https?:\/\//;

export function checkSeo(site) {
  const problems = [];
  const add = (where, what) => problems.push(`${where}: ${what}`);
  const heads = new Map();

  for (const page of site.pages) {
    if (page.kind === 'redirect') continue;
    const html = site.read(page.rel);
    const head = headOf(html);
    heads.set(page.rel, head);
    const where = page.path;
    if (!head.lang) add(where, '<html> has no lang');
    if (!head.title?.trim()) add(where, 'no <title>');
    const description = head.meta('name', 'description')[0];
    if (!description?.trim()) add(where, 'no meta description');
    const canonical = head.links('canonical');
    if (canonical.length !== 1) add(where, `${canonical.length} canonical links (want 1)`);
    else if (!ABSOLUTE.test(canonical[0].attrs.href)) add(where, `canonical is not absolute: ${canonical[0].attrs.href}`);
    for (const key of ['og:title', 'og:type', 'og:url', 'og:image']) {
      const v = head.meta('property', key)[0];
      if (!v) add(where, `no ${key}`);
      else if ((key === 'og:url' || key === 'og:image') && !ABSOLUTE.test(v)) add(where, `${key} is not absolute: ${v}`);
    }
    if (!head.meta('name', 'twitter:card')[0]) add(where, 'no twitter:card');
    const alternates = head.links('alternate').filter((l) => l.attrs.hreflang);
    if (alternates.length && !alternates.some((l) => l.attrs.hreflang === 'x-default')) add(where, 'hreflang alternates without x-default');
    for (const a of alternates) if (!ABSOLUTE.test(a.attrs.href ?? '')) add(where, `hreflang ${a.attrs.hreflang} is not absolute`);
    if (alternates.length && canonical[0] && !alternates.some((a) => a.attrs.href === canonical[0].attrs.href))
      add(where, 'the canonical URL is not among its hreflang alternates');
    for (const text of head.jsonLd) {
      for (const p of checkJsonLd(text)) add(where, p);
    }
    if (page.kind === 'doc' && !page.fallback) {
      const md = head.links('alternate').find((l) => l.attrs.type === 'text/markdown');
      if (!md) add(where, 'doc page without <link rel="alternate" type="text/markdown">');
      else if (!site.fileFor(md.attrs.href)) add(where, `Markdown alternate ${md.attrs.href} is not in the output`);
      if (!head.jsonLd.some((t) => /"@type":"TechArticle"/.test(t))) add(where, 'doc page without TechArticle JSON-LD');
    }
    if (page.kind === 'blog-post' && !head.jsonLd.some((t) => /"@type":"BlogPosting"/.test(t))) add(where, 'blog post without BlogPosting JSON-LD');
  }

  // robots.txt and the sitemap.
  let sitemapUrls = new Map();
  if (!site.has('robots.txt')) add('robots.txt', 'missing');
  else {
    const robots = site.read('robots.txt');
    const sm = /^Sitemap:\s*(\S+)/im.exec(robots)?.[1];
    if (!sm) add('robots.txt', 'no Sitemap line');
    else if (!site.fileFor(sm)) add('robots.txt', `Sitemap ${sm} is not in the output`);
    if (/^Disallow:\s*\/\s*$/im.test(robots)) add('robots.txt', 'disallows the whole site');
  }
  if (!site.has('sitemap.xml')) add('sitemap.xml', 'missing');
  else sitemapUrls = parseSitemap(site.read('sitemap.xml'));

  for (const [loc, alts] of sitemapUrls) {
    const rel = site.fileFor(loc);
    if (!rel) {
      add('sitemap.xml', `${loc} is not in the output`);
      continue;
    }
    const head = heads.get(rel);
    if (!head) {
      add('sitemap.xml', `${loc} is not a page`);
      continue;
    }
    if (head.meta('name', 'robots').some((c) => /noindex/i.test(c))) add('sitemap.xml', `${loc} is noindex`);
    const canonical = head.links('canonical')[0]?.attrs.href;
    if (canonical !== loc) add('sitemap.xml', `${loc} has canonical ${canonical}`);
    const headAlts = head
      .links('alternate')
      .filter((l) => l.attrs.hreflang)
      .map((l) => `${l.attrs.hreflang} ${l.attrs.href}`)
      .sort()
      .join(', ');
    const mapAlts = [...alts].sort().join(', ');
    if (headAlts !== mapAlts && (alts.length || headAlts.split(', ').length > 2))
      add('sitemap.xml', `${loc} hreflang differs from the page head (${mapAlts || 'none'} vs ${headAlts || 'none'})`);
  }
  // Every indexable page (not noindex, canonical to itself) is in the sitemap.
  for (const page of site.pages) {
    const head = heads.get(page.rel);
    if (!head || page.kind === 'not-found') continue;
    if (head.meta('name', 'robots').some((c) => /noindex/i.test(c))) continue;
    const canonical = head.links('canonical')[0]?.attrs.href;
    if (!canonical || site.fileFor(canonical) !== page.rel) continue;
    if (sitemapUrls.size && !sitemapUrls.has(canonical)) add('sitemap.xml', `indexable page ${page.path} is missing`);
  }

  // llms.txt: at the root, and its links resolve.
  const llms = [...site.files].filter((f) => /(^|\/)llms\.txt$/.test(f));
  if (!llms.includes('llms.txt')) add('llms.txt', 'missing at the site root');
  for (const f of llms) {
    const text = site.read(f);
    if (!/^# \S/.test(text)) add(f, 'does not start with "# Title"');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (site.isOwnUrl(m[1]) && !site.fileFor(m[1])) add(f, `link ${m[1]} is not in the output`);
    }
  }
  for (const f of site.files) {
    if (!f.endsWith('.md')) continue;
    const text = site.read(f);
    if (!/^# \S/.test(text)) add(f, 'does not start with "# Title"');
  }
  return { problems, sitemap: sitemapUrls.size, llms: llms.length, markdown: [...site.files].filter((f) => f.endsWith('.md')).length };
}

/** Parses JSON-LD and checks the parts search engines need; returns problems. */
export function checkJsonLd(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return [`JSON-LD does not parse: ${err.message}`];
  }
  const problems = [];
  if (data['@context'] !== 'https://schema.org') problems.push('JSON-LD without @context https://schema.org');
  const nodes = Array.isArray(data['@graph']) ? data['@graph'] : [data];
  for (const node of nodes) {
    const type = node['@type'];
    if (!type) problems.push('JSON-LD node without @type');
    if (type === 'TechArticle' || type === 'BlogPosting' || type === 'Article') {
      if (!node.headline) problems.push(`${type} without headline`);
      if (node.headline && node.headline.length > 110) problems.push(`${type} headline longer than 110 characters`);
      for (const k of ['url', 'image']) if (node[k] && !ABSOLUTE.test(node[k])) problems.push(`${type} ${k} is not absolute`);
      if (type === 'BlogPosting' && !/^\d{4}-\d{2}-\d{2}/.test(node.datePublished ?? '')) problems.push('BlogPosting without an ISO datePublished');
    }
    if (type === 'BreadcrumbList') {
      const items = node.itemListElement ?? [];
      if (items.length < 2) problems.push('BreadcrumbList with fewer than 2 items');
      items.forEach((it, i) => {
        if (it.position !== i + 1) problems.push(`BreadcrumbList item ${i + 1} has position ${it.position}`);
        if (!it.name) problems.push(`BreadcrumbList item ${i + 1} has no name`);
        if (i < items.length - 1 && !ABSOLUTE.test(it.item ?? '')) problems.push(`BreadcrumbList item ${i + 1} has no absolute URL`);
      });
    }
  }
  return problems;
}

/** loc -> ["hreflang href", ...] */
export function parseSitemap(xml) {
  const urls = new Map();
  for (const m of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = decodeEntities(/<loc>([^<]+)<\/loc>/.exec(m[1])?.[1] ?? '');
    const alts = [...m[1].matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((a) => `${a[1]} ${decodeEntities(a[2])}`);
    urls.set(loc, alts);
  }
  return urls;
}

export async function run(ctx) {
  const { problems, sitemap, llms, markdown } = checkSeo(ctx.site);
  return {
    ok: problems.length === 0,
    summary: `${ctx.site.pages.length} pages, ${sitemap} sitemap URLs, ${llms} llms.txt, ${markdown} .md files, ${problems.length} problems`,
    failures: problems,
    figures: { sitemap, llms, markdown, problems: problems.length },
  };
}
