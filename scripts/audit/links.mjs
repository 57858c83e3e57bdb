// Every internal link and anchor of the output resolves: a second check beside the build's own,
// done on the files a visitor gets (theme links, generated pages, React pages and head links
// included, which the build's Markdown link check never sees). Reads a[href], area[href],
// link[href], script[src], img[src], source/srcset and og:url/og:image on the site's own address.

export const name = 'links';
export const title = 'internal links and anchors';

/** Links of one page: [{ href, tag }] worth resolving (tagList: scan(html).refs). */
export function linksOf(tagList) {
  const out = [];
  for (const { tag, attrs } of tagList) {
    if ((tag === 'a' || tag === 'area') && attrs.href !== undefined) out.push({ href: attrs.href, tag });
    else if (tag === 'link' && attrs.href) out.push({ href: attrs.href, tag: `link[rel=${attrs.rel ?? ''}]` });
    else if ((tag === 'script' || tag === 'img' || tag === 'source' || tag === 'iframe') && attrs.src) out.push({ href: attrs.src, tag });
    if ((tag === 'img' || tag === 'source') && attrs.srcset) {
      for (const part of attrs.srcset.split(',')) {
        const url = part.trim().split(/\s+/)[0];
        if (url) out.push({ href: url, tag: `${tag}[srcset]` });
      }
    }
    if (tag === 'meta' && /^og:(url|image)$/.test(attrs.property ?? '') && attrs.content) out.push({ href: attrs.content, tag: `meta[${attrs.property}]` });
  }
  return out;
}

/**
 * Checks every HTML page of a BuiltSite. Returns { checked, broken: [{ page, href, reason }] }.
 * Fragments must name an id in the target page ('#' and '#top' always work).
 */
export function checkSiteLinks(site) {
  const idsFor = (rel) => site.scan(rel).ids;
  const broken = [];
  let checked = 0;
  for (const page of site.pages) {
    const list = site.scan(page.rel).refs;
    const pageUrl = new URL(site.served(page.path), 'http://site.invalid');
    for (const { href, tag } of linksOf(list)) {
      const result = resolveLink(site, page, pageUrl, href, idsFor);
      if (result === undefined) continue;
      checked++;
      if (result !== true) broken.push({ page: page.path, href, tag, reason: result });
    }
  }
  return { checked, broken };
}

/** true when the link resolves, a reason when it does not, undefined when it is not internal. */
function resolveLink(site, page, pageUrl, href, idsFor) {
  const raw = href.trim();
  if (!raw) return 'empty href';
  if (/^(mailto|tel|data|javascript|blob):/i.test(raw)) return undefined;
  let url;
  let own = false;
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw)) {
    if (!site.isOwnUrl(raw)) return undefined;
    own = true;
    url = new URL(raw);
  } else {
    url = new URL(raw, pageUrl);
    if (url.origin !== pageUrl.origin) return undefined;
  }
  let rel;
  if (own) {
    rel = site.fileFor(url.origin + url.pathname);
  } else {
    // A fragment-only link stays on the page it is in, wherever that page is served.
    rel = raw.startsWith('#') ? page.rel : site.fileFor(url.pathname);
  }
  if (!rel) return `no file for ${url.pathname}`;
  const fragment = url.hash.slice(1);
  if (!fragment || fragment === 'top' || !rel.endsWith('.html')) return true;
  let id = fragment;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    /* keep as written */
  }
  return idsFor(rel).has(id) ? true : `no element with id "${id}" in ${rel}`;
}

export async function run(ctx) {
  const { checked, broken } = checkSiteLinks(ctx.site);
  const failures = broken.map((b) => `${b.page}: ${b.tag} "${b.href}" -> ${b.reason}`);
  return {
    ok: broken.length === 0,
    summary: `${checked} links on ${ctx.site.pages.length} pages, ${broken.length} broken`,
    failures,
    figures: { links: checked, broken: broken.length },
  };
}
