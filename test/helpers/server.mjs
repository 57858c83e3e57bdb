// A minimal static server for built output in browser tests: serves dist/ on 127.0.0.1 with the
// 404 page for unknown paths (like any static host). The dev server has its own tests.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.woff2': 'font/woff2',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

export async function serveDir(dir, { delayMs = 0, failPattern } = {}) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let p = decodeURIComponent(url.pathname);
    const send = (status, file) => {
      res.writeHead(status, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      fs.createReadStream(file).pipe(res);
    };
    const respond = () => {
      if (failPattern && failPattern.test(p)) {
        res.writeHead(500);
        return res.end('failure injected by the test');
      }
      const file = path.join(dir, p);
      if (!file.startsWith(dir)) return send(404, path.join(dir, '404.html'));
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return send(200, file);
      const index = path.join(file, 'index.html');
      if (fs.existsSync(index)) return send(200, index);
      const locale404 = path.join(dir, p.split('/')[1] ?? '', '404.html');
      return send(404, fs.existsSync(locale404) ? locale404 : path.join(dir, '404.html'));
    };
    if (delayMs && !p.startsWith('/assets/')) setTimeout(respond, delayMs);
    else respond();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    setFailure(re) {
      failPattern = re;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
