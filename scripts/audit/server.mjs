// Serves a built site on 127.0.0.1 the way a static host does: index.html for folders, the
// locale's 404.html with status 404 for unknown paths, gzip for text, long caching for hashed
// assets. Lighthouse and the browser checks load pages from here; nothing leaves the machine.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

/**
 * Finds the file a URL path maps to. `base` is the site's base path ('/' or '/sub/').
 * Returns { file, status } or undefined when the path is outside the base.
 */
export function resolveRequest(dir, base, pathname) {
  let p;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    p = pathname;
  }
  if (base !== '/') {
    if (!p.startsWith(base) && p !== base.slice(0, -1)) return { file: notFoundFile(dir, '/'), status: 404 };
    p = '/' + p.slice(base.length);
  }
  const file = path.join(dir, p);
  if (!file.startsWith(dir)) return { file: notFoundFile(dir, '/'), status: 404 };
  if (isFile(file)) return { file, status: 200 };
  const index = path.join(file, 'index.html');
  if (isFile(index)) return { file: index, status: 200 };
  if (isFile(file + '.html')) return { file: file + '.html', status: 200 };
  return { file: notFoundFile(dir, p), status: 404 };
}

function notFoundFile(dir, p) {
  const first = p.split('/')[1] ?? '';
  const local = first ? path.join(dir, first, '404.html') : '';
  return local && isFile(local) ? local : path.join(dir, '404.html');
}

function isFile(f) {
  try {
    return fs.statSync(f).isFile();
  } catch {
    return false;
  }
}

/** Path prefix of files the audit itself serves (axe-core), kept apart from the site's paths. */
export const AUDIT_PREFIX = '/__audit__/';

export async function serveSite(dir, { base = '/', extra = {} } = {}) {
  const root = path.resolve(dir);
  const gzCache = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const own = extra[url.pathname];
    if (own) {
      // Cacheable, so the browser compiles it once for all the pages it is injected into.
      res.writeHead(200, { 'content-type': own.type, 'cache-control': 'public, max-age=3600', 'content-length': own.body.length });
      return res.end(own.body);
    }
    const { file, status } = resolveRequest(root, base, url.pathname);
    if (!isFile(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers = { 'content-type': type };
    const rel = path.relative(root, file);
    headers['cache-control'] = rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
    let body = fs.readFileSync(file);
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      let gz = gzCache.get(file);
      if (!gz) gzCache.set(file, (gz = zlib.gzipSync(body)));
      body = gz;
      headers['content-encoding'] = 'gzip';
      headers['vary'] = 'accept-encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    url: (sitePath) => `http://127.0.0.1:${port}${base === '/' ? '' : base.slice(0, -1)}${sitePath}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(resolve);
      }),
  };
}
