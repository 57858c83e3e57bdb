// Pages' HTML kept between builds (node_modules/.cache/docsgen/pages), under the key of what a
// page's HTML is made from (PreparedPage.key: its route, page data and translations), in a store
// per version of everything else the HTML depends on: docsgen's code, the bundles and the React
// they import, the site data and the config. A rebuild renders with React only the pages whose
// inputs changed; every page is still prepared (content, page data), so links, anchors, search
// records and Markdown copies come out as they would without the store.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Route, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import type { RenderedRoute, SiteBundles, SiteRenderer } from '../render/siteRenderer.ts';
import { codeHash, jsonKey, KeyedStore, siteCacheDir } from '../cache/keyedStore.ts';

/** The store for this site, config and bundles (undefined without a cache folder). */
export function openPageStore(config: SiteConfig, site: unknown, bundles: SiteBundles, prune: boolean): KeyedStore | undefined {
  const cacheDir = siteCacheDir(config.root);
  if (!cacheDir) return undefined;
  // DOCSGEN_SHARED_PARTS=off renders what the tests compare with the shared parts: never from here.
  const env = process.env.DOCSGEN_SHARED_PARTS ?? '';
  const version = crypto.createHash('sha256').update(`${codeHash()}\0${bundlesKey(bundles)}\0${jsonKey(site)}\0${jsonKey(config)}\0${env}`).digest('hex');
  return KeyedStore.open(cacheDir, 'pages', version.slice(0, 32), prune);
}

/**
 * A route's page: rendered, or its HTML from the store. Kept HTML comes as the bytes it is written
 * as: decoding it only to encode it again cost more than reading it. A page rendered here comes
 * with the key to keep it under: whatever writes it keeps the bytes it encodes (FileWriter.keepIn),
 * which on a first build spared the main thread encoding 50 MB of pages a second time.
 */
export async function renderKept(renderer: SiteRenderer, route: Route, problems: ProblemList, pages: KeyedStore | undefined): Promise<Omit<RenderedRoute, 'html'> & { html: string | Uint8Array; keepAs?: string }> {
  if (!pages) return renderer.renderRoute(route, problems);
  const prepared = renderer.preparePage(route, problems);
  const html = pages.bytes(prepared.key);
  if (html !== undefined) return { route, page: prepared.page, content: prepared.content, html };
  // Counted as used here too: another thread may append it (see KeyedStore.compact).
  pages.use([prepared.key]);
  return { ...(await renderer.renderPrepared(prepared)), keepAs: prepared.key };
}

/**
 * What pages' HTML takes from the bundles: the server bundle's code, the client's file names and
 * preloads, and the React the server bundle imports (it is not bundled).
 */
function bundlesKey(bundles: SiteBundles): string {
  const { entry, css, preloads } = bundles.client;
  const require = createRequire(import.meta.url);
  const react = ['react', 'react-dom'].map((name) => (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version);
  return crypto
    .createHash('sha256')
    .update(fs.readFileSync(bundles.serverFile))
    .update(JSON.stringify({ entry, css, preloads: [...preloads], react }))
    .digest('hex');
}
