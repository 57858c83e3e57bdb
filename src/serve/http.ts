// Small HTTP helpers shared by the dev server and the static server: responses from memory,
// content types, and on-the-fly compression of text responses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseRequestPath } from '../shared/safePath.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.csv': 'text/csv; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The content type for a file name, a path, or an extension ('.json'). */
export function contentType(file: string): string {
  const ext = /^\.[^./]+$/.test(file) ? file : path.extname(file);
  return TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
}

export const NO_STORE = 'no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sends a response held in memory; HEAD gets the headers only. */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string | Uint8Array,
  type: string,
  headers: Record<string, string> = {},
): void {
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(data.byteLength),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : data);
}

export function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  send(req, res, status, text, 'text/plain; charset=utf-8', { 'Cache-Control': NO_STORE, ...headers });
}

/** A redirect; `cache` is the Cache-Control (dev: no-store, so a removed redirect stops at once). */
export function redirect(_req: IncomingMessage, res: ServerResponse, status: 301 | 302 | 308, location: string, cache = NO_STORE): void {
  res.writeHead(status, { Location: location, 'Cache-Control': cache, 'Content-Length': '0' });
  res.end();
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_SIZE = 1024;

function pickEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const value = String(accept ?? '');
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return undefined;
}

/**
 * Makes the response, when of a compressible type, go through brotli or gzip (whichever the
 * client accepts). Works with anything that writes with writeHead/write/end or pipes into `res`,
 * such as sirv: writeHead decides, write and end then feed the compressor.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') return;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((r) => r && typeof r === 'object' && !Array.isArray(r)) as Record<string, string | number> | undefined;
    if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
    const type = String(res.getHeader('content-type') ?? '');
    if (COMPRESSIBLE.test(type)) res.setHeader('Vary', 'Accept-Encoding');
    const length = Number(res.getHeader('content-length') ?? MIN_SIZE);
    const hasBody = status >= 200 && status !== 204 && status !== 206 && status !== 304;
    if (hasBody && COMPRESSIBLE.test(type) && length >= MIN_SIZE && !res.hasHeader('content-encoding')) compressBody(res, encoding);
    return writeHead.call(res, status);
  } as typeof res.writeHead;
}

function compressBody(res: ServerResponse, encoding: 'br' | 'gzip'): void {
  res.removeHeader('Content-Length');
  res.setHeader('Content-Encoding', encoding);
  const z = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip({ level: 6 });
  const write = res.write.bind(res) as (chunk: Buffer) => boolean;
  const end = res.end.bind(res) as () => void;
  z.on('data', (chunk: Buffer) => {
    if (!write(chunk)) z.pause();
  });
  res.on('drain', () => z.resume());
  // A source piped into `res` waits for res's 'drain' when the compressor's buffer is full.
  z.on('drain', () => res.emit('drain'));
  z.on('end', () => end());
  z.on('error', (err) => res.destroy(err));
  res.write = ((chunk: unknown, enc?: unknown, cb?: unknown) => z.write(chunk as Buffer, enc as BufferEncoding, cb as () => void)) as typeof res.write;
  res.end = ((chunk?: unknown, enc?: unknown, cb?: unknown) => {
    if (typeof chunk === 'function') z.end(chunk as () => void);
    else if (chunk !== undefined && chunk !== null) z.end(chunk as Buffer, enc as BufferEncoding, cb as () => void);
    else z.end(typeof enc === 'function' ? (enc as () => void) : undefined);
    return res;
  }) as typeof res.end;
}

/** True when the Host header names this machine. */
export function isLocalHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.startsWith('[') ? hostHeader.slice(1, hostHeader.indexOf(']')) : hostHeader.replace(/:\d+$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** True when a server bound to `host` listens on this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Both servers, bound to loopback, answer 403 to a Host header that names another machine: a web
 * page elsewhere could otherwise read the site through DNS rebinding. True when it refused.
 */
export function refuseForeignHost(req: IncomingMessage, res: ServerResponse, boundTo: string): boolean {
  if (!isLoopback(boundTo) || isLocalHost(req.headers.host)) return false;
  sendText(req, res, 403, 'Forbidden: unknown Host header');
  return true;
}

/**
 * The site path a request asks for, with the base path removed; or undefined when a response was
 * already sent (bad request, unknown method, outside the base, or a redirect to the base).
 */
export function requestSitePath(req: IncomingMessage, res: ServerResponse, base: string): { sitePath: string; query: string } | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(req, res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    return undefined;
  }
  const parsed = parseRequestPath(req.url);
  if (!parsed.ok) {
    sendText(req, res, parsed.status, parsed.status === 400 ? 'Bad request' : 'Not found');
    return undefined;
  }
  const query = parsed.query;
  if (base === '/') return { sitePath: parsed.path, query };
  if (parsed.path === '/' || parsed.path === base.slice(0, -1)) {
    redirect(req, res, 302, base);
    return undefined;
  }
  if (!parsed.path.startsWith(base)) {
    sendText(req, res, 404, 'Not found');
    return undefined;
  }
  return { sitePath: parsed.path.slice(base.length - 1), query };
}
