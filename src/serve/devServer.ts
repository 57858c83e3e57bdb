// `docsgen serve`: the site in memory (DevSite), served over HTTP with live reload. Every
// response comes from the route table, the bundles, the generated files or static/; nothing else
// under the site folder is reachable. Open pages hold a server-sent-events connection: after a
// rebuild each one learns whether its page changed (reload) or only its problems did (overlay),
// and that files changed (its client router then fetches pages afresh: every page is no-store).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import type { SiteProblem } from '../errors.ts';
import { findConfigFile } from '../config/loadConfig.ts';
import { findDocusaurusConfig } from '../config/docusaurus/configFile.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { escapeHtml } from '../shared/html.ts';
import { withBase } from '../shared/paths.ts';
import { DevSite, type RebuildResult } from './devSite.ts';
import { GeneratedFiles } from './generatedFiles.ts';
import { contentType, IMMUTABLE, NO_STORE, redirect, refuseForeignHost, requestSitePath, send, sendText } from './http.ts';
import type { PageView, SiteState } from './pages.ts';
import { formatForTerminal, ProblemPresenter, problemId, type OverlayProblem } from './problems.ts';
import { isInside, parseRequestPath, routeOfPath } from '../shared/safePath.ts';
import { staticFile as staticFileOf } from '../output/staticFiles.ts';
import { RebuildQueue, watchSite } from './watcher.ts';
import { listen, type Logger, type RunningServer } from './listen.ts';

const DEV = '/_docsgen/dev/';
const MAX_OVERLAY = 20;
const HEARTBEAT_MS = 15_000;
/** A request waits at most this long for a rebuild in progress before being served as things are. */
const SETTLE_MS = 3_000;
/** Modification times are coarse on some file systems: a file this much older than the first build may be newer. */
const MTIME_SLACK_MS = 2_000;
/** The rest of the site is read once the first page is sent, or after this long without a request... */
const FIRST_PAGE_WAIT_MS = 200;
/** ...and once no request (but live-reload connections) came for this long, or at most after the second. */
const QUIET_MS = 100;
const MAX_QUIET_WAIT_MS = 2_000;

interface Client {
  res: ServerResponse;
  path: string;
  signature: string;
  problems: string;
}

export async function startDevServer(options: { root: string; port: number; host: string; log: Logger }): Promise<RunningServer> {
  const { root, log } = options;
  // A folder without a site is a mistake on the command line, not something to watch for.
  if (!findConfigFile(root) && !findDocusaurusConfig(root))
    throw new Error(`No site config (site.config.ts or docusaurus.config.*) in ${root}: pass --root with the site folder.`);
  const serverId = crypto.randomBytes(8).toString('hex');
  const presenter = new ProblemPresenter(root);
  const clients = new Set<Client>();
  let base = '/';

  const inject = (html: string, signature: string) => {
    const tag = `<script type="module" src="${withBase(base, DEV + 'client.js')}" data-docsgen-dev="${escapeHtml(signature)}"></script>\n`;
    const at = html.lastIndexOf('</body>');
    return at < 0 ? html + tag : html.slice(0, at) + tag + html.slice(at);
  };
  const site = new DevSite(root, inject);
  // Not quiet(): a search request waits for the records being made.
  const generated = new GeneratedFiles(site.pages, () => queue.settled());
  // Bundled while the site builds.
  const devClientBundle = bundleDevClient();
  let devClient!: Uint8Array;
  /** Signatures of pages served before the rest of the site was in, which need no reload for it. */
  const provisional = new Set<string>();

  // ------------------------------------------------------------ rebuilds
  /** A bug rather than a problem of the site: the whole stack, paths relative. */
  const internalError = (err: unknown) => log.problem(`internal error: ${presenter.scrub((err as Error)?.stack ?? String(err))}`);
  const printed = new Set<string>();
  const printedByPage = new Map<string, Set<string>>();
  const printProblems = (items: SiteProblem[], seen: Set<string>) => {
    const now = new Set(items.map(problemId));
    for (const p of items) if (!seen.has(problemId(p))) log.problem(formatForTerminal(presenter.present(p)));
    seen.clear();
    for (const id of now) seen.add(id);
  };
  const report = (r: RebuildResult, reloaded: number) => {
    const had = printed.size;
    printProblems(site.globalProblems(), printed);
    if (had && !printed.size) log.info('✓ problems fixed');
    if (r.files.length) {
      const what = r.files.length > 3 ? `${r.files.slice(0, 3).join(', ')} and ${r.files.length - 3} more` : r.files.join(', ');
      log.info(
        `${what} changed: ${r.steps.join(', ') || 'nothing to rebuild'} in ${Math.round(r.ms)} ms${reloaded ? `, reloading ${reloaded} page${reloaded > 1 ? 's' : ''}` : ''}`,
      );
      if (process.env.DOCSGEN_DEBUG) log.info(`  ${r.timings.join(', ')}`);
    }
  };

  const queue = new RebuildQueue(async (events) => {
    try {
      const result = await site.apply(events);
      provisional.clear();
      base = site.state?.config.basePath ?? base;
      const t = performance.now();
      const reloaded = await notify(result.files.length > 0);
      if (process.env.DOCSGEN_DEBUG) result.timings.push(`notify ${(performance.now() - t).toFixed(1)}`);
      report(result, reloaded);
    } catch (err) {
      internalError(err);
    }
  });
  // The server listens at once; requests wait for the first build, which has the default
  // locale's pages, and a request for anything else waits for the rest of the site too.
  const buildStarted = Date.now();
  const firstBuilt = queue.exclusive(() => site.start());
  let firstPageSent!: () => void;
  const firstPage = new Promise<void>((resolve) => (firstPageSent = resolve));
  const completed = firstBuilt.then(async (first) => {
    base = site.state?.config.basePath ?? '/';
    report(first, 0);
    if (process.env.DOCSGEN_DEBUG) log.info(`  first locale: ${first.timings.join(', ')}`);
    if (!site.partial) {
      // Nothing more to read: what the next start reads is kept once the first page is sent.
      void Promise.race([firstPage, sleep(FIRST_PAGE_WAIT_MS)])
        .then(() => site.complete())
        .catch(internalError);
      return first;
    }
    // The first page a browser asks for, and its stylesheet and scripts, are served before the
    // rest of the site is read (parts of which hold the event loop for a while).
    await Promise.race([firstPage, sleep(FIRST_PAGE_WAIT_MS)]);
    for (const until = performance.now() + MAX_QUIET_WAIT_MS; performance.now() < until;) {
      if (!answering && performance.now() - lastRequestAt >= QUIET_MS) break;
      await sleep(QUIET_MS / 2);
    }
    const rest = await site.complete();
    await notify(false, true);
    report(rest, 0);
    if (process.env.DOCSGEN_DEBUG) log.info(`  the rest: ${rest.timings.join(', ')}`);
    return { ...rest, ms: Date.now() - buildStarted };
  });
  const devClientReady = devClientBundle.then((bundle) => (devClient = bundle));

  // ------------------------------------------------------------ pages and problems
  const view = async (state: SiteState | undefined, routePath: string): Promise<PageView | { type: 'down'; signature: string; problems: SiteProblem[] }> =>
    state ? site.pages.view(state, routePath) : { type: 'down', signature: 'down', problems: [] };

  /** The overlay's problems for a page: the site's errors, then the page's own. */
  const overlayFor = (ins: { problems: SiteProblem[] }, routePath: string) => {
    const errors = [...site.globalProblems(), ...ins.problems].filter((p) => p.severity !== 'warning');
    let seen = printedByPage.get(routePath);
    if (!seen) printedByPage.set(routePath, (seen = new Set()));
    printProblems(ins.problems, seen);
    const problems: OverlayProblem[] = errors.slice(0, MAX_OVERLAY).map((p) => presenter.present(p));
    return { problems, more: Math.max(0, errors.length - MAX_OVERLAY) };
  };

  /**
   * After a rebuild: reload the pages that changed, update the overlay of the others. When files
   * changed, the others also hear 'changed': pages the client router fetched before may be stale.
   */
  async function notify(filesChanged: boolean, adopt = false): Promise<number> {
    const state = site.state;
    const byPath = new Map<string, Client[]>();
    for (const c of clients) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c]);
    let reloaded = 0;
    for (const [routePath, list] of byPath) {
      const ins = await view(state, routePath);
      const overlay = JSON.stringify(overlayFor(ins, routePath));
      for (const c of list) {
        // With the rest of the site in, a page differs only by its links to it: no reload.
        if (adopt && ins.type === 'page') c.signature = ins.signature;
        if (c.signature !== ins.signature) {
          event(c.res, 'reload', {});
          reloaded++;
          continue;
        }
        if (filesChanged) event(c.res, 'changed', {});
        if (c.problems !== overlay) {
          c.problems = overlay;
          c.res.write(`event: problems\ndata: ${overlay}\n\n`);
        }
      }
    }
    return reloaded;
  }

  /** Resolves when no rebuild is due and no request is being answered: rendering ahead gives way to both. */
  async function quiet(): Promise<void> {
    for (await queue.settled(); answering; await queue.settled()) await sleep(QUIET_MS / 4);
  }

  // ------------------------------------------------------------ HTTP
  /** Requests being answered (live-reload connections aside) and when the last one came, to find a quiet moment. */
  let answering = 0;
  let lastRequestAt = 0;
  const server = http.createServer((req, res) => {
    if (!req.url?.includes(DEV + 'events')) {
      answering++;
      lastRequestAt = performance.now();
      res.once('close', () => answering--);
    }
    handle(req, res).catch((err) => {
      internalError(err);
      if (!res.headersSent) sendText(req, res, 500, 'Internal error (see the terminal)');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (refuseForeignHost(req, res, options.host)) return;
    await firstBuilt;
    await devClientReady;
    const parsed = requestSitePath(req, res, base);
    if (!parsed) return;
    const { sitePath } = parsed;
    if (sitePath === DEV + 'client.js') return send(req, res, 200, devClient, contentType('.js'), { 'Cache-Control': NO_STORE });
    if (sitePath === DEV + 'events') return openEvents(req, res, new URLSearchParams(parsed.query));

    // A request right after a save gets the rebuilt site.
    await Promise.race([queue.settled(), new Promise((r) => setTimeout(r, SETTLE_MS).unref())]);
    if (site.partial && !servedBeforeComplete(sitePath)) {
      // Waiting for the rest is no request the rest waits for (see `completed`).
      answering--;
      await completed.finally(() => answering++);
    }
    const state = site.state;
    if (!state) return sendErrorPage(req, res, site.globalProblems(), 'en', 'down');
    const { renderer } = state;

    if (sitePath.startsWith('/assets/')) {
      const bundled = renderer.client.files.get(sitePath.slice(1));
      if (bundled) return send(req, res, 200, bundled, contentType(sitePath), { 'Cache-Control': IMMUTABLE });
      const media = site.pages.assets.get(sitePath);
      // Files of the site, or of a library docsgen publishes (KaTeX, Mermaid) from its own dependencies.
      if (media && (isInside(root, media) || renderer.assets.isLibrary(media))) return sendFile(req, res, media, NO_STORE);
      return notFound(req, res, state, sitePath);
    }
    if (sitePath.startsWith('/_docsgen/sidebar/') || sitePath.startsWith('/_docsgen/site/')) {
      const json = renderer.dataFiles.get(sitePath.slice(1));
      return json === undefined ? sendText(req, res, 404, 'Not found') : send(req, res, 200, json, contentType('.json'), { 'Cache-Control': NO_STORE });
    }
    const file = await generated.get(state, sitePath);
    if (file) return send(req, res, 200, file.body, file.type, { 'Cache-Control': NO_STORE });

    const routePath = routeOfPath(sitePath);
    if (state.graph.byPath.has(routePath)) return sendPage(req, res, state, routePath, parsed.query);
    const staticFile = staticFileOf(root, sitePath);
    if (staticFile) return sendFile(req, res, staticFile.file, NO_STORE);
    return notFound(req, res, state, routePath);
  }

  /** While only the default locale is in (no API pages): its pages, the bundles and its sidebars. */
  function servedBeforeComplete(sitePath: string): boolean {
    if (sitePath.startsWith('/assets/') || sitePath.startsWith('/_docsgen/sidebar/') || sitePath.startsWith('/_docsgen/site/')) return true;
    return site.state?.graph.byPath.has(routeOfPath(sitePath)) === true;
  }

  async function sendPage(req: IncomingMessage, res: ServerResponse, state: SiteState, routePath: string, query: string): Promise<void> {
    const ins = await site.pages.view(state, routePath);
    if (site.partial && ins.type === 'page') provisional.add(ins.signature);
    firstPageSent();
    if (ins.type === 'page' && !site.partial) site.pages.prefetch(state, ins.links, quiet, () => site.state === state);
    if (ins.type === 'redirect') return redirect(req, res, 301, ins.location + (query ? `?${query}` : ''));
    if (ins.type === 'error') return sendErrorPage(req, res, ins.problems, ins.locale, ins.signature);
    const status = ins.route.kind === 'not-found' ? 404 : ins.status;
    return send(req, res, status, ins.html, contentType('.html'), { 'Cache-Control': NO_STORE });
  }

  /** The locale's not-found page with status 404: inspect falls back to it for a path that is no route. */
  function notFound(req: IncomingMessage, res: ServerResponse, state: SiteState, sitePath: string): Promise<void> {
    return sendPage(req, res, state, sitePath, '');
  }

  function sendErrorPage(req: IncomingMessage, res: ServerResponse, problems: SiteProblem[], locale: string, signature: string): void {
    const strings = getStrings(locale).devServer;
    const list = problems.slice(0, MAX_OVERLAY).map((p) => presenter.present(p));
    const html =
      `<!doctype html>\n<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(strings.renderFailed)}</title></head><body><main style="font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:50rem;padding:0 1rem">` +
      `<h1>${escapeHtml(strings.renderFailed)}</h1><p>${escapeHtml(strings.fixToDismiss)}</p>` +
      `<ul>${list.map((p) => `<li><code>${escapeHtml(p.file ? `${p.file}${p.line ? `:${p.line}` : ''}` : p.code)}</code> ${escapeHtml(p.message)}</li>`).join('')}</ul></main></body></html>\n`;
    send(req, res, 500, inject(html, signature), contentType('.html'), { 'Cache-Control': NO_STORE });
  }

  function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cache: string): void {
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch {
      return sendText(req, res, 404, 'Not found');
    }
    res.writeHead(200, { 'Content-Type': contentType(file), 'Content-Length': String(size), 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' });
    if (req.method === 'HEAD') return void res.end();
    fs.createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  async function openEvents(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': NO_STORE, Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 1000\n\n');
    event(res, 'hello', { id: serverId });
    // The page's location.pathname: percent-encoded, with the base path.
    const page = parseRequestPath(query.get('path') ?? '/');
    const pathname = page.ok ? page.path : '/';
    const routePath = routeOfPath(base !== '/' && pathname.startsWith(base) ? pathname.slice(base.length - 1) : pathname);
    const client: Client = { res, path: routePath, signature: query.get('signature') ?? '', problems: '' };
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    req.on('close', () => {
      clearInterval(heartbeat);
      clients.delete(client);
    });
    await Promise.race([queue.settled(), new Promise((r) => setTimeout(r, SETTLE_MS).unref())]);
    if (res.destroyed) return;
    clients.add(client);
    const ins = await view(site.state, routePath);
    if (res.destroyed) return;
    // The page was served before the last rebuild: it is out of date (one served before the
    // rest of the site was in is not).
    if (client.signature && client.signature !== ins.signature && !provisional.has(client.signature)) return void event(res, 'reload', {});
    client.signature = ins.signature;
    client.problems = JSON.stringify(overlayFor(ins, routePath));
    res.write(`event: problems\ndata: ${client.problems}\n\n`);
  }

  // Settled below; a failure while listening must not leave it unhandled.
  completed.catch(() => {});
  const running = await listen(server, options.port, options.host);
  let all: RebuildResult;
  try {
    await firstBuilt;
    log.info(`Serving ${path.basename(root)} at ${running.url}${base.slice(1)} (watching content/, openapi/, templates/, static/ and the site config)`);
    all = await completed;
  } catch (err) {
    await running.close();
    throw err;
  }
  if (site.state) log.info(`Built ${site.state.graph.routes.length} routes in ${Math.round(all.ms)} ms`);
  // Pages are served already; the watcher starts now (its scan of every file would only slow the
  // first build down) and reports what changed since that build began. The caller gets the
  // server once every change will be seen.
  const built = new Set(site.sourceFiles());
  const watcher = watchSite(
    root,
    (e) => queue.push(e),
    (err) => log.problem(`watch error: ${(err as Error).message}`),
    {
      changedSince: buildStarted - MTIME_SLACK_MS,
      known: (file) => built.has(file),
      contentDirs: site.contentDirs(),
    },
  );
  await watcher.ready;
  for (const file of built) if (!fs.existsSync(file)) queue.push({ type: 'unlink', file });
  return {
    url: running.url,
    port: running.port,
    settled: () => queue.settled(),
    async close() {
      queue.close();
      for (const c of clients) c.res.end();
      clients.clear();
      await watcher.close();
      site.close();
      await running.close();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function event(res: ServerResponse, name: string, data: unknown): void {
  res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The browser side of live reload and the overlay (src/client/devClient.ts), bundled once. */
async function bundleDevClient(): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [path.join(PACKAGE_ROOT, 'src/client/devClient.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}
