// A stand-in for Algolia's REST API on 127.0.0.1 (node:http), for tests that run the real
// algoliasearch client. It speaks the subset docsgen uses: multi-index queries (word matching,
// facet filters, distinct, <mark> highlights and snippets), batch writes, browse, settings,
// copy/move (operationIndex), task status (waitForTask) and index deletion.
//
// One server state is shared by several "hosts" (listeners on their own ports), each of which
// can misbehave on demand: refuse connections ('down'), answer 500 ('error'), or send headers and
// then stall past the read timeout ('slow'). Every request is logged with its host, and every
// change to an index is recorded, so a test can check what readers could have seen.
import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
const DEFAULT_SEARCHABLE = [...LEVELS.map((l) => `hierarchy.${l}`), 'content'];

/**
 * Starts the server. Options: appId, searchKey, adminKey, hosts (listeners, default 1),
 * pendingPolls (how many times a task reports notPublished before published, default 1),
 * slowMs (how long a 'slow' host stalls, default 5000).
 */
export async function startAlgoliaServer({
  appId = 'TESTAPP',
  searchKey = 'search-only-key',
  adminKey = 'admin-key',
  hosts = 1,
  pendingPolls = 1,
  slowMs = 5000,
} = {}) {
  /** name -> { records: Map, settings, synonyms, rules } */
  const indices = new Map();
  const tasks = new Map();
  let nextTask = 1;
  const log = [];
  /** name -> [{ op, ids }] every state an index went through (ids: sorted objectIDs joined). */
  const history = new Map();
  /** Test hook: (entry) => undefined | { status, body } | { hang: true } to fail a request on every host. */
  let fault;

  const state = (name) => (indices.has(name) ? [...indices.get(name).records.keys()].sort().join(',') : null);
  const remember = (op, names) => {
    for (const name of names) {
      const list = history.get(name) ?? [];
      const ids = state(name);
      if (!list.length || list[list.length - 1].ids !== ids) list.push({ op, ids });
      history.set(name, list);
    }
  };
  const ensure = (name) => {
    if (!indices.has(name)) indices.set(name, { records: new Map(), settings: {}, synonyms: [], rules: [] });
    return indices.get(name);
  };
  const task = () => {
    const id = nextTask++;
    tasks.set(id, pendingPolls);
    return id;
  };
  const now = () => new Date().toISOString();

  function route(entry) {
    const { method, path, body, key } = entry;
    const admin = key === adminKey;
    if (entry.appId !== appId || (key !== adminKey && key !== searchKey)) return [403, { message: 'Invalid Application-ID or API key', status: 403 }];
    let m;
    if (method === 'POST' && path === '/1/indexes/*/queries') {
      return [200, { results: (body.requests ?? []).map((r) => search(r.indexName, r)) }];
    }
    if (method === 'POST' && (m = /^\/1\/indexes\/([^/*]+)\/query$/.exec(path))) return [200, search(decodeURIComponent(m[1]), body)];
    if (!admin) return [403, { message: 'Method not allowed with this API key', status: 403 }];
    if (method === 'GET' && path === '/1/indexes') {
      return [200, { items: [...indices].map(([name, i]) => ({ name, entries: i.records.size, updatedAt: now() })), nbPages: 1 }];
    }
    if ((m = /^\/1\/indexes\/([^/]+)\/task\/(\d+)$/.exec(path)) && method === 'GET') {
      const id = Number(m[2]);
      if (!tasks.has(id)) return [404, { message: 'Task does not exist', status: 404 }];
      const left = tasks.get(id);
      tasks.set(id, Math.max(0, left - 1));
      return [200, { status: left > 0 ? 'notPublished' : 'published', pendingTask: left > 0 }];
    }
    if (!(m = /^\/1\/indexes\/([^/]+)(\/.*)?$/.exec(path))) return [404, { message: 'Not found', status: 404 }];
    const name = decodeURIComponent(m[1]);
    const sub = m[2] ?? '';
    const index = indices.get(name);
    const missing = [404, { message: 'Index does not exist', status: 404 }];

    if (sub === '/settings' && method === 'GET') return index ? [200, { ...index.settings }] : missing;
    if (sub === '/settings' && method === 'PUT') {
      Object.assign(ensure(name).settings, body);
      remember('settings', [name]);
      return [200, { taskID: task(), updatedAt: now() }];
    }
    if (sub === '/browse' && (method === 'POST' || method === 'GET')) {
      if (!index) return missing;
      const params = method === 'GET' ? Object.fromEntries(entry.query) : body;
      const size = Number(params.hitsPerPage ?? 1000);
      const start = params.cursor ? Number(Buffer.from(params.cursor, 'base64url').toString()) : 0;
      const all = [...index.records.values()];
      const hits = all.slice(start, start + size).map((r) => structuredClone(r));
      const next = start + size < all.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
      return [
        200,
        {
          hits,
          cursor: next,
          nbHits: all.length,
          page: Math.floor(start / size),
          nbPages: Math.ceil(all.length / size),
          hitsPerPage: size,
          processingTimeMS: 1,
          query: '',
          params: '',
        },
      ];
    }
    if (sub === '/batch' && method === 'POST') {
      const target = ensure(name);
      const objectIDs = [];
      for (const { action, body: obj } of body.requests ?? []) {
        if (action === 'addObject' || action === 'updateObject') {
          const id = obj.objectID ?? crypto.randomUUID();
          target.records.set(id, { ...obj, objectID: id });
          objectIDs.push(id);
        } else if (action === 'partialUpdateObject' || action === 'partialUpdateObjectNoCreate') {
          const old = target.records.get(obj.objectID);
          if (old || action === 'partialUpdateObject') target.records.set(obj.objectID, { ...old, ...obj });
          objectIDs.push(obj.objectID);
        } else if (action === 'deleteObject') {
          target.records.delete(obj.objectID);
          objectIDs.push(obj.objectID);
        } else if (action === 'clear') target.records.clear();
        else if (action === 'delete') indices.delete(name);
        else return [400, { message: `Unknown action ${action}`, status: 400 }];
      }
      remember('batch', [name]);
      return [200, { taskID: task(), objectIDs }];
    }
    if (sub === '/operation' && method === 'POST') {
      if (!index) return missing;
      const dest = body.destination;
      if (!dest || dest === name) return [400, { message: 'Invalid destination', status: 400 }];
      if (body.operation === 'copy') {
        if (body.scope?.length) {
          const target = ensure(dest);
          for (const s of body.scope) target[s] = structuredClone(index[s]);
        } else indices.set(dest, structuredClone(index));
        remember('copy', [dest]);
      } else if (body.operation === 'move') {
        indices.set(dest, index);
        indices.delete(name);
        remember('move', [dest, name]);
      } else return [400, { message: `Unknown operation ${body.operation}`, status: 400 }];
      return [200, { taskID: task(), updatedAt: now() }];
    }
    if (sub === '' && method === 'DELETE') {
      indices.delete(name);
      remember('delete', [name]);
      return [200, { taskID: task(), deletedAt: now() }];
    }
    return [404, { message: `No route for ${method} ${path}`, status: 404 }];
  }

  function search(indexName, params) {
    const index = indices.get(indexName);
    if (!index)
      return {
        hits: [],
        nbHits: 0,
        page: 0,
        nbPages: 0,
        hitsPerPage: 20,
        query: params.query ?? '',
        params: '',
        index: indexName,
        processingTimeMS: 1,
        message: 'Index does not exist',
      };
    const settings = index.settings;
    const words = normalize(params.query ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const searchable = (settings.searchableAttributes ?? DEFAULT_SEARCHABLE).map((a) => a.replace(/^unordered\((.*)\)$/, '$1'));
    const filters = params.facetFilters ?? [];
    let hits = [];
    for (const rec of index.records.values()) {
      if (!matchesFilters(rec, filters)) continue;
      let best = words.length ? Infinity : 0;
      const ok = words.every((w) => {
        const at = searchable.findIndex((a) => normalize(String(get(rec, a) ?? '')).includes(w));
        if (at >= 0) best = Math.min(best, at);
        return at >= 0;
      });
      if (ok) hits.push({ rec, best });
    }
    hits.sort(
      (a, b) => a.best - b.best || (b.rec.weight?.level ?? 0) - (a.rec.weight?.level ?? 0) || (a.rec.weight?.position ?? 0) - (b.rec.weight?.position ?? 0),
    );
    const distinctBy = (params.distinct ?? settings.distinct) ? settings.attributeForDistinct : undefined;
    if (distinctBy) {
      const seen = new Set();
      hits = hits.filter(({ rec }) => {
        const v = get(rec, distinctBy);
        if (seen.has(v)) return false;
        seen.add(v);
        return true;
      });
    }
    const perPage = params.hitsPerPage ?? settings.hitsPerPage ?? 20;
    const page = params.page ?? 0;
    const pre = params.highlightPreTag ?? settings.highlightPreTag ?? '<em>';
    const post = params.highlightPostTag ?? settings.highlightPostTag ?? '</em>';
    const ellipsis = params.snippetEllipsisText ?? settings.snippetEllipsisText ?? '…';
    const retrieve = params.attributesToRetrieve ?? settings.attributesToRetrieve ?? ['*'];
    const toHighlight = params.attributesToHighlight ?? settings.attributesToHighlight ?? searchable;
    const toSnippet = params.attributesToSnippet ?? settings.attributesToSnippet ?? [];
    const out = hits.slice(page * perPage, (page + 1) * perPage).map(({ rec }) => {
      const hit = pick(rec, retrieve);
      hit._highlightResult = {};
      for (const attr of expand(toHighlight, rec)) {
        const v = get(rec, attr);
        if (typeof v === 'string') set(hit._highlightResult, attr, highlight(v, words, pre, post));
      }
      hit._snippetResult = {};
      for (const spec of toSnippet) {
        const [attr, n] = spec.split(':');
        for (const a of expand([attr], rec)) {
          const v = get(rec, a);
          if (typeof v === 'string') set(hit._snippetResult, a, snippet(v, words, Number(n ?? 10), pre, post, ellipsis));
        }
      }
      return hit;
    });
    const result = {
      hits: out,
      nbHits: hits.length,
      page,
      nbPages: Math.ceil(hits.length / perPage),
      hitsPerPage: perPage,
      exhaustiveNbHits: true,
      query: params.query ?? '',
      params: new URLSearchParams({ query: params.query ?? '' }).toString(),
      index: indexName,
      processingTimeMS: 1,
    };
    if (params.clickAnalytics) result.queryID = crypto.randomBytes(16).toString('hex');
    return result;
  }

  async function readBody(req) {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    let buf = Buffer.concat(chunks);
    if (req.headers['content-encoding'] === 'gzip') buf = zlib.gunzipSync(buf);
    const text = buf.toString('utf8');
    return text ? JSON.parse(text) : {};
  }

  function makeHost(i) {
    const host = { index: i, mode: 'ok', port: 0, url: '', server: undefined };
    const handler = async (req, res) => {
      const url = new URL(req.url, 'http://x');
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        return res.end();
      }
      let body = {};
      try {
        body = await readBody(req);
      } catch {
        res.writeHead(400, { ...cors, 'content-type': 'application/json' });
        return res.end(JSON.stringify({ message: 'Invalid JSON', status: 400 }));
      }
      const entry = {
        host: i,
        method: req.method,
        path: decodeURIComponent(url.pathname).replace(/^\/1\/indexes\/\*(\/|$)/, '/1/indexes/*$1'),
        query: url.searchParams,
        appId: req.headers['x-algolia-application-id'] ?? url.searchParams.get('x-algolia-application-id'),
        key: req.headers['x-algolia-api-key'] ?? url.searchParams.get('x-algolia-api-key'),
        body,
        mode: host.mode,
      };
      log.push(entry);
      const send = (status, payload) => {
        if (res.destroyed) return;
        res.writeHead(status, { ...cors, 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(payload));
      };
      if (host.mode === 'error') return send(500, { message: 'Internal error injected by the test', status: 500 });
      if (host.mode === 'slow') {
        // Headers now, body much later: the client's read (response) timeout must fire.
        res.writeHead(200, { ...cors, 'content-type': 'application/json; charset=utf-8' });
        // A leading space (valid before JSON) moves the browser's XHR past HEADERS_RECEIVED, which
        // is when the client switches from the connect timeout to the read timeout.
        res.write(' ');
        const timer = setTimeout(() => res.end(JSON.stringify(route(entry)[1])), slowMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      const injected = fault?.(entry);
      if (injected?.hang) return; // never answer (the connection is closed when the host stops)
      if (injected) return send(injected.status, injected.body ?? { message: 'Failure injected by the test', status: injected.status });
      const [status, payload] = route(entry);
      send(status, payload);
    };
    host.listen = (port = host.port) =>
      new Promise((resolve, reject) => {
        host.server = http.createServer(handler);
        host.server.on('error', reject);
        host.server.listen(port, '127.0.0.1', () => {
          host.port = host.server.address().port;
          host.url = `http://127.0.0.1:${host.port}`;
          resolve();
        });
      });
    host.stop = () =>
      new Promise((resolve) => {
        if (!host.server) return resolve();
        const s = host.server;
        host.server = undefined;
        s.close(() => resolve());
        s.closeAllConnections();
      });
    /** 'ok' | 'error' | 'slow' | 'down' (nothing listens: connections are refused). */
    host.setMode = async (mode) => {
      if (mode === 'down') await host.stop();
      else if (!host.server) await host.listen();
      host.mode = mode === 'down' ? 'ok' : mode;
    };
    return host;
  }

  const list = [];
  for (let i = 0; i < hosts; i++) {
    const h = makeHost(i);
    await h.listen(0);
    list.push(h);
  }

  return {
    appId,
    searchKey,
    adminKey,
    hosts: list,
    /** Host URLs for search.algolia.hosts, in order. */
    get urls() {
      return list.map((h) => h.url);
    },
    log,
    history,
    indices,
    /** The records of an index, sorted by objectID (undefined if it does not exist). */
    records(name) {
      const i = indices.get(name);
      return i && [...i.records.values()].sort((a, b) => a.objectID.localeCompare(b.objectID));
    },
    settings: (name) => indices.get(name)?.settings,
    /** Creates or replaces an index directly (no request, no history entry). */
    seed(name, records, settings = {}, extra = {}) {
      indices.set(name, {
        records: new Map(records.map((r) => [r.objectID, structuredClone(r)])),
        settings: structuredClone(settings),
        synonyms: [],
        rules: [],
        ...structuredClone(extra),
      });
    },
    setFault(fn) {
      fault = fn;
    },
    /** Requests that may change data (everything but reads). */
    writes() {
      return log.filter((e) => !(e.method === 'GET' || e.path.endsWith('/browse') || e.path.endsWith('/queries') || e.path.endsWith('/query')));
    },
    queries() {
      return log.filter((e) => e.path === '/1/indexes/*/queries');
    },
    clearLog() {
      log.length = 0;
    },
    close: () => Promise.all(list.map((h) => h.stop())),
  };
}

/** A 127.0.0.1 port nothing listens on (connections are refused). */
export async function refusedPort() {
  const s = http.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

function normalize(s) {
  return s.normalize('NFKC').toLowerCase();
}

function get(obj, attr) {
  return attr.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

function set(obj, attr, value) {
  const keys = attr.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k] ??= {};
  o[keys[keys.length - 1]] = value;
}

/** 'hierarchy' -> 'hierarchy.lvl0' ... (attributes given as objects stand for their string leaves). */
function expand(attrs, rec) {
  return attrs.flatMap((a) => {
    const v = get(rec, a);
    return v && typeof v === 'object' ? Object.keys(v).map((k) => `${a}.${k}`) : [a];
  });
}

function pick(rec, attrs) {
  if (attrs.includes('*')) return structuredClone(rec);
  const out = { objectID: rec.objectID };
  for (const a of attrs) {
    const v = get(rec, a);
    if (v !== undefined) set(out, a, structuredClone(v));
  }
  return out;
}

function matchesFilters(rec, filters) {
  const one = (f) => {
    const neg = f.includes(':-');
    const [attr, ...rest] = f.split(':');
    const want = rest.join(':').replace(/^-/, '');
    const v = get(rec, attr);
    const has = Array.isArray(v) ? v.map(String).includes(want) : String(v) === want;
    return neg ? !has : has;
  };
  const list = typeof filters === 'string' ? [filters] : filters;
  return list.every((f) => (Array.isArray(f) ? f.some(one) : one(f)));
}

function markRanges(text, words) {
  const low = normalize(text);
  const ranges = [];
  for (const w of words) {
    for (let at = low.indexOf(w); at >= 0; at = low.indexOf(w, at + w.length)) ranges.push([at, at + w.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

function wrap(text, ranges, pre, post, offset = 0) {
  let out = '';
  let pos = 0;
  for (let [a, b] of ranges) {
    a -= offset;
    b -= offset;
    if (b <= 0 || a >= text.length) continue;
    a = Math.max(0, a);
    b = Math.min(text.length, b);
    out += text.slice(pos, a) + pre + text.slice(a, b) + post;
    pos = b;
  }
  return out + text.slice(pos);
}

function highlight(text, words, pre, post) {
  const ranges = markRanges(text, words);
  const matched = words.filter((w) => normalize(text).includes(w));
  return {
    value: wrap(text, ranges, pre, post),
    matchLevel: !matched.length ? 'none' : matched.length === words.length ? 'full' : 'partial',
    matchedWords: matched,
    fullyHighlighted: ranges.length === 1 && ranges[0][0] === 0 && ranges[0][1] === text.length,
  };
}

function snippet(text, words, n, pre, post, ellipsis) {
  const ranges = markRanges(text, words);
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const matched = words.filter((w) => normalize(text).includes(w));
  const matchLevel = !matched.length ? 'none' : matched.length === words.length ? 'full' : 'partial';
  if (tokens.length <= n) return { value: wrap(text, ranges, pre, post), matchLevel };
  const first = ranges.length ? tokens.findIndex((t) => t.end > ranges[0][0]) : 0;
  const from = Math.max(0, Math.min(first - Math.floor(n / 2), tokens.length - n));
  const to = from + n - 1;
  const start = tokens[from].start;
  const piece = text.slice(start, tokens[to].end);
  const value = (from > 0 ? ellipsis : '') + wrap(piece, ranges, pre, post, start) + (to < tokens.length - 1 ? ellipsis : '');
  return { value, matchLevel };
}

/**
 * Runs the docsgen CLI without blocking this process (the server above lives in it, so
 * spawnSync would starve it). Resolves { status, stdout, stderr }.
 */
export async function runCli(cwd, args, env = {}) {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const cli = fileURLToPath(new URL('../../bin/docsgen.js', import.meta.url));
  const base = { ...process.env };
  delete base.ALGOLIA_ADMIN_KEY;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...base, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
