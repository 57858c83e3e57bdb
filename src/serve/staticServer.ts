// `docsgen serve --no-watch`: the finished build in dist/, served as a static host would, with
// sirv sending the files. This module decides which file a request gets (exact routes, the 404
// page with status 404, redirects as HTTP redirects) and the caching and compression around it.
//
// Redirects: the build writes each redirect route as a small HTML page whose embedded data says
// {"redirect": "<target>"} (the client router reads it too). A request for such a page is
// answered with 301 and the target instead of the page.
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import type { SiteConfig } from '../types.ts';
import { loadConfig } from '../config/loadConfig.ts';
import { isExternal, withBase } from '../shared/paths.ts';
import { redirectTargetOf } from '../output/siteFiles.ts';
import { compressResponse, IMMUTABLE, redirect, refuseForeignHost, requestSitePath, send, sendText } from './http.ts';
import { listen, type Logger, type RunningServer } from './listen.ts';
import { existsOutside, fileInside } from '../shared/safePath.ts';

/** A file of a local search index's content-named folder (see src/shared/search/indexFile.ts). */
const HASHED_SEARCH_FILE = /^\/_docsgen\/search\/[^/]+\.[0-9a-f]{12}\/[^/]+$/;

const REVALIDATE = 'no-cache';
/** Redirect pages are a few hundred bytes; a real page is far larger and is never read to check. */
const MAX_REDIRECT_PAGE = 4096;

export async function startStaticServer(options: { root: string; outDir: string; port: number; host: string; log: Logger }): Promise<RunningServer> {
  const dir = path.resolve(options.root, options.outDir);
  if (!fs.existsSync(path.join(dir, 'index.html')) && !fs.existsSync(path.join(dir, '404.html'))) {
    throw new Error(`No build in ${path.relative(options.root, dir) || '.'}/: run "docsgen build" first (or serve without --no-watch).`);
  }
  let config: SiteConfig | undefined;
  try {
    config = await loadConfig(options.root);
  } catch {
    options.log.problem('warning: the site config could not be loaded; serving at "/" with English only');
  }
  const base = config?.basePath ?? '/';
  const prefixes = (config?.locales ?? []).filter((l) => l.code !== config?.defaultLocale).map((l) => `/${l.code}`);

  const files = sirv(dir, {
    dev: true, // look files up per request: a new build may replace the folder while serving
    etag: true,
    extensions: [],
    dotfiles: false,
    setHeaders(res: ServerResponse, pathname: string) {
      // Assets, and a search index's chunks and fragments, are named for their content.
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') || HASHED_SEARCH_FILE.test(pathname) ? IMMUTABLE : REVALIDATE);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });

  function notFound(req: IncomingMessage, res: ServerResponse, sitePath: string): void {
    const prefix = prefixes.find((p) => sitePath === p || sitePath.startsWith(p + '/')) ?? '';
    const page = fileInside(dir, `${prefix}/404.html`) ?? fileInside(dir, '/404.html');
    compressResponse(req, res);
    if (!page) return sendText(req, res, 404, 'Not found');
    send(req, res, 404, fs.readFileSync(page.file), 'text/html; charset=utf-8', { 'Cache-Control': REVALIDATE });
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    if (refuseForeignHost(req, res, options.host)) return;
    const parsed = requestSitePath(req, res, base);
    if (!parsed) return;
    const { sitePath } = parsed;
    const found = resolveFile(sitePath);
    if (!found || isNotFoundPage(found)) return notFound(req, res, sitePath);
    const target = redirectTarget(found);
    if (target !== undefined)
      return redirect(req, res, 301, (isExternal(target) ? target : withBase(base, target)) + (parsed.query ? `?${parsed.query}` : ''), 'public, max-age=3600');
    compressResponse(req, res);
    // sirv gets exactly the file chosen here, so it never picks another candidate.
    req.url = found.split('/').map(encodeURIComponent).join('/');
    files(req, res, () => notFound(req, res, sitePath));
  }

  /** The file for a site path: itself, or the route's index.html; undefined also when refused. */
  function resolveFile(sitePath: string): string | undefined {
    const candidates = sitePath.endsWith('/') ? [sitePath + 'index.html'] : [sitePath, sitePath + '/index.html'];
    for (const rel of candidates) {
      if (existsOutside(dir, rel)) return undefined; // a symlink out of the tree: refuse outright
      if (fileInside(dir, rel)) return rel;
    }
    return undefined;
  }

  function isNotFoundPage(rel: string): boolean {
    return rel === '/404.html' || prefixes.some((p) => rel === `${p}/404.html`);
  }

  /** The target when the resolved file is a redirect page (a route's small index.html). */
  function redirectTarget(rel: string): string | undefined {
    if (!rel.endsWith('/index.html')) return undefined;
    const file = path.join(dir, rel);
    try {
      if (fs.statSync(file).size > MAX_REDIRECT_PAGE) return undefined;
      return redirectTargetOf(fs.readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
  }

  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      options.log.problem(`error: ${(err as Error).message}`);
      if (!res.headersSent) sendText(req, res, 500, 'Internal error');
    }
  });
  const running = await listen(server, options.port, options.host);
  options.log.info(`Serving ${path.relative(options.root, dir) || '.'}/ at ${running.url}${base.slice(1)} (production build, not watching)`);
  return running;
}
