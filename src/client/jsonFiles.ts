// The JSON files pages share (the site data of a locale, a sidebar category's items), fetched
// once per URL: they are named by their content's hash, so a URL's answer never changes.
const cache = new Map<string, Promise<unknown>>();

export function loadJson<T>(url: string): Promise<T> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    });
    // A failure is not kept: the next call tries again.
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p as Promise<T>;
}
