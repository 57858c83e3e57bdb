// Which pages the browser checks load: at least `min` pages spread over every kind of page and
// every locale (home, docs, API pages, blog, tags, categories, search with and without a query,
// the not-found page at an unknown URL), picked round-robin so no kind crowds out another.

/** Index order that spreads over a list: first, last, middle, quarters, ... */
export function spreadOrder(n) {
  const order = [];
  const seen = new Set();
  const push = (i) => {
    if (i >= 0 && i < n && !seen.has(i)) {
      seen.add(i);
      order.push(i);
    }
  };
  push(0);
  push(n - 1);
  for (let parts = 2; order.length < n && parts <= n * 2; parts *= 2) {
    for (let k = 1; k < parts; k += 2) push(Math.floor((k * (n - 1)) / parts));
  }
  for (let i = 0; i < n; i++) push(i);
  return order;
}

/** A word a search should find, from a page title of the locale. */
function searchTerm(site, locale) {
  const doc = site.pages.find((p) => p.kind === 'doc' && p.locale === locale && !p.fallback && p.title);
  const word = doc?.title.split(/\s+/).find((w) => w.length >= 2);
  return word ?? 'docs';
}

export function samplePages(site, { min = 48 } = {}) {
  const groups = new Map();
  for (const page of site.pages) {
    if (page.kind === 'redirect' || page.kind === 'not-found') continue;
    const key = `${page.kind}|${page.locale}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(page);
  }
  const picked = [];
  const take = (page, extra = {}) => picked.push({ path: page.path, kind: page.kind, locale: page.locale, status: 200, ...extra });
  const queues = [...groups.values()].map((list) => spreadOrder(list.length).map((i) => list[i]));
  while (picked.length < min && queues.some((q) => q.length)) {
    for (const q of queues) {
      const page = q.shift();
      if (page) take(page);
    }
  }
  const locales = [...new Set(site.pages.map((p) => p.locale).filter(Boolean))];
  const homes = new Set(site.pages.filter((p) => p.path === '/' || /^\/[a-z]{2}(-[A-Za-z]+)?$/.test(p.path)).map((p) => p.path));
  for (const page of site.pages) if (homes.has(page.path) && !picked.some((p) => p.path === page.path)) take(page);
  for (const page of site.pages) {
    if (page.kind === 'search') take(page, { path: `${page.path}?q=${encodeURIComponent(searchTerm(site, page.locale))}` });
    if (page.kind === 'not-found') {
      const prefix = page.path.replace(/\/?404$/, '');
      take(page, { path: `${prefix}/audit-no-such-page`, status: 404 });
    }
  }
  return { pages: picked, kinds: [...new Set(picked.map((p) => p.kind))].sort(), locales };
}
