// Code samples built from an operation: curl, JavaScript fetch and Python requests, with the
// server URL, path parameters filled from their examples, required query, header and cookie
// parameters (and the headers the spec gives an example for, such as an idempotency key), each
// serialised by its style, the operation's authentication (the key read from an environment
// variable named from the spec), and the request's fields as a JSON, form (bracket notation) or
// multipart body (with its Content-Type; neither without a body). Samples written in the spec (x-codeSamples) follow.
import type { ApiOperation } from '../model/model.ts';
import { isObject } from '../load/pointer.ts';
import { serializeParam } from './paramStyle.ts';
import { indent, py } from '../../shared/sampleBody.ts';

export interface Sample {
  label: string;
  lang: string;
  /** The code, with BODY_MARK where `body` goes (highlighted apart: most of a sample is its body). */
  code: string;
  body?: { text: string; python?: boolean };
  /** Written in the spec (x-codeSamples): any language, highlighted by highlight.js. */
  fromSpec?: boolean;
}

export const BODY_MARK = '__DOCSGEN_BODY__';

/** The sample as the reader copies it. */
export function sampleText(s: Sample): string {
  return s.body ? s.code.replace(BODY_MARK, s.body.text) : s.code;
}

export interface SampleInput {
  op: ApiOperation;
  server: string;
  /** Resolved parameters: name, location, style, example value (if any); `documented` when the spec gives the example. */
  params: { name: string; in: string; required: boolean; example: unknown; style?: string; explode?: boolean; documented?: boolean }[];
  /** The first security requirement's schemes. */
  auth: { type: string; scheme?: string; in?: string; name?: string }[];
  body?: { mediaType: string; example: unknown; binaryFields: Set<string>; encoding?: Map<string, FieldEncoding> };
  envVar: string;
  jsonResponse: boolean;
}

/** A form field's entry in its media type's `encoding`. */
export interface FieldEncoding {
  style?: string;
  explode?: boolean;
  contentType?: string;
}

interface Request {
  method: string;
  url: string;
  headers: [string, string][];
  /** How each header's value is written in JS / Python when it holds the secret. */
  secretHeaders: Map<string, { js: string; py: string }>;
  basic: boolean;
}

export function buildSamples(input: SampleInput): Sample[] {
  const req = request(input);
  const samples: Sample[] = [
    { label: 'curl', lang: 'bash', ...curl(req, input) },
    { label: 'JavaScript', lang: 'javascript', ...fetchJs(req, input) },
    { label: 'Python', lang: 'python', ...python(req, input) },
  ];
  for (const s of input.op.codeSamples) samples.push({ label: s.label, lang: normalizeLang(s.lang), code: s.source.replace(/\n$/, ''), fromSpec: true });
  return samples;
}

function normalizeLang(lang: string): string {
  const l = lang.toLowerCase();
  if (l === 'node' || l === 'node.js' || l === 'js') return 'javascript';
  if (l === 'shell' || l === 'curl' || l === 'sh') return 'bash';
  return l;
}

function request(input: SampleInput): Request {
  const { op } = input;
  let path = op.path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const secretHeaders = new Map<string, { js: string; py: string }>();
  const cookies: string[] = [];
  for (const p of input.params) {
    const value = p.example === undefined ? `{${p.name}}` : p.example;
    if (p.in === 'path') path = path.replace(`{${p.name}}`, serializeParam(p, value));
    else if (p.in === 'query' && p.required) query.push(serializeParam(p, value));
    else if (p.in === 'header' && (p.required || p.documented)) headers.push([p.name, serializeParam(p, value)]);
    else if (p.in === 'cookie' && p.required) cookies.push(serializeParam(p, value));
  }
  if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);
  let basic = false;
  for (const a of input.auth) {
    if (a.type === 'http' && a.scheme?.toLowerCase() === 'basic') basic = true;
    else if (a.type === 'apiKey' && a.in === 'query' && a.name) query.push(`${encodeURIComponent(a.name)}=$${input.envVar}`);
    else if (a.type === 'apiKey' && a.name) {
      const header = a.in === 'cookie' ? 'Cookie' : a.name;
      const prefix = a.in === 'cookie' ? `${a.name}=` : '';
      headers.unshift([header, `${prefix}$${input.envVar}`]);
      secretHeaders.set(header, { js: `\`${prefix}\${process.env.${input.envVar}}\``, py: `f"${prefix}{os.environ['${input.envVar}']}"` });
    } else if (a.type === 'http' || a.type === 'oauth2' || a.type === 'openIdConnect') {
      const scheme = a.type === 'http' && a.scheme ? capitalize(a.scheme) : 'Bearer';
      headers.unshift(['Authorization', `${scheme} $${input.envVar}`]);
      secretHeaders.set('Authorization', { js: `\`${scheme} \${process.env.${input.envVar}}\``, py: `f"${scheme} {os.environ['${input.envVar}']}"` });
    }
  }
  // fetch and requests set a multipart body's Content-Type (with its boundary) themselves.
  if (input.body && input.body.example !== undefined && !input.body.mediaType.startsWith('multipart/')) headers.push(['Content-Type', input.body.mediaType]);
  const url = input.server.replace(/\/$/, '') + path + (query.length ? `?${query.join('&')}` : '');
  return { method: op.method.toUpperCase(), url, headers, secretHeaders, basic };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function curl(req: Request, input: SampleInput): { code: string; body?: Sample['body'] } {
  let body: Sample['body'];
  const lines = [`curl -X ${req.method} "${req.url.replace(/"/g, '\\"')}"`];
  if (req.basic) lines.push(`-u "$${input.envVar}_USER:$${input.envVar}"`);
  for (const [name, value] of req.headers) lines.push(`-H "${name}: ${value.replace(/"/g, '\\"')}"`);
  const b = input.body;
  if (b) {
    if (b.mediaType.startsWith('multipart/')) {
      for (const [k, v] of Object.entries(isObject(b.example) ? b.example : {})) {
        if (b.binaryFields.has(k)) lines.push(`-F "${k}=@${fileName(k)}"`);
        else lines.push(`-F ${shellQuote(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)}`);
      }
    } else if (b.mediaType === 'application/x-www-form-urlencoded') {
      for (const [k, v] of formFields(b.example, b.encoding)) lines.push(`--data-urlencode ${shellQuote(`${k}=${v}`)}`);
    } else if (b.example !== undefined) {
      const text = typeof b.example === 'string' ? b.example : JSON.stringify(b.example, null, 2);
      lines.push(`--data '${BODY_MARK}'`);
      body = { text: text.replace(/'/g, `'\\''`) };
    }
  }
  return { code: lines.join(' \\\n  '), body };
}

function fetchJs(req: Request, input: SampleInput): { code: string; body?: Sample['body'] } {
  let sampleBody: Sample['body'];
  const out: string[] = [];
  const body = input.body;
  const multipart = body?.mediaType.startsWith('multipart/');
  if (multipart) {
    out.push('const form = new FormData();');
    for (const [k, v] of Object.entries(isObject(body!.example) ? body!.example : {})) {
      if (body!.binaryFields.has(k))
        out.push(`form.append(${JSON.stringify(k)}, await fs.openAsBlob(${JSON.stringify(fileName(k))}), ${JSON.stringify(fileName(k))});`);
      else out.push(`form.append(${JSON.stringify(k)}, ${JSON.stringify(typeof v === 'string' ? v : JSON.stringify(v))});`);
    }
    out.unshift("import fs from 'node:fs';\n");
    out.push('');
  }
  const headers = req.headers.map(([k, v]) => `    ${jsKey(k)}: ${req.secretHeaders.get(k)?.js ?? JSON.stringify(v)},`);
  if (req.basic) headers.unshift(`    Authorization: \`Basic \${btoa(\`\${process.env.${input.envVar}_USER}:\${process.env.${input.envVar}}\`)}\`,`);
  const init = [`  method: ${JSON.stringify(req.method)},`];
  if (headers.length) init.push('  headers: {', ...headers, '  },');
  if (multipart) init.push('  body: form,');
  else if (body && body.example !== undefined) {
    const json = body.mediaType.includes('json');
    init.push(`  body: ${json ? 'JSON.stringify' : 'new URLSearchParams'}(${BODY_MARK}),`);
    sampleBody = { text: indent(JSON.stringify(json ? body.example : formBody(body.example, body.encoding), null, 2), 2) };
  }
  const url = req.url.replace(new RegExp(`\\$${input.envVar}`, 'g'), `\${process.env.${input.envVar}}`);
  const urlLit = url.includes('${') ? `\`${url}\`` : JSON.stringify(url);
  out.push(`const response = await fetch(${urlLit}, {`, ...init, '});');
  out.push(input.jsonResponse ? 'const data = await response.json();\nconsole.log(data);' : 'console.log(response.status);');
  return { code: out.join('\n'), body: sampleBody };
}

function jsKey(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
}

function python(req: Request, input: SampleInput): { code: string; body?: Sample['body'] } {
  let sampleBody: Sample['body'];
  const secret = `$${input.envVar}`;
  const url = req.url.includes(secret)
    ? `f${JSON.stringify(req.url.replace(/[{}]/g, (c) => c + c)).replace(secret, `{os.environ['${input.envVar}']}`)}`
    : JSON.stringify(req.url);
  const args = [`    ${url},`];
  const headers = req.headers.map(([k, v]) => `${JSON.stringify(k)}: ${req.secretHeaders.get(k)?.py ?? JSON.stringify(v)}`);
  if (headers.length === 1) args.push(`    headers={${headers[0]}},`);
  else if (headers.length) args.push(`    headers={\n${headers.map((h) => `        ${h},`).join('\n')}\n    },`);
  if (req.basic) args.push(`    auth=(os.environ["${input.envVar}_USER"], os.environ["${input.envVar}"]),`);
  const body = input.body;
  if (body && body.example !== undefined) {
    if (body.mediaType.startsWith('multipart/')) {
      const entries = Object.entries(isObject(body.example) ? body.example : {});
      const files = entries.filter(([k]) => body.binaryFields.has(k)).map(([k]) => `${JSON.stringify(k)}: open(${JSON.stringify(fileName(k))}, "rb")`);
      const data = entries
        .filter(([k]) => !body.binaryFields.has(k))
        .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(typeof v === 'string' ? v : JSON.stringify(v))}`);
      if (data.length) args.push(`    data={${data.join(', ')}},`);
      if (files.length) args.push(`    files={${files.join(', ')}},`);
    } else {
      const json = body.mediaType.includes('json');
      args.push(`    ${json ? 'json' : 'data'}=${BODY_MARK},`);
      sampleBody = { text: indent(py(json ? body.example : formBody(body.example, body.encoding)), 4), python: true };
    }
  }
  const lines = ['import os', 'import requests', '', `response = requests.${req.method.toLowerCase()}(`, ...args, ')', 'response.raise_for_status()'];
  lines.push(input.jsonResponse ? 'print(response.json())' : 'print(response.status_code)');
  return { code: lines.join('\n'), body: sampleBody };
}

/**
 * A form body's fields as the API reads them: nested values in bracket notation (`address[city]`,
 * `expand[]`, `items[0][price]`, as `style: deepObject` and most form APIs have it), an array
 * field of `style: form` repeated, a field whose `contentType` is JSON as JSON.
 */
export function formFields(value: unknown, encoding: Map<string, FieldEncoding> = new Map()): [string, string][] {
  const out: [string, string][] = [];
  const add = (key: string, v: unknown): void => {
    if (Array.isArray(v)) v.forEach((x, i) => add(isObject(x) || Array.isArray(x) ? `${key}[${i}]` : `${key}[]`, x));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) add(`${key}[${k}]`, x);
    else out.push([key, v === null || v === undefined ? '' : String(v)]);
  };
  if (!isObject(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    const e = encoding.get(k);
    if (e?.contentType?.includes('json')) out.push([k, JSON.stringify(v)]);
    else if (e?.style === 'form' && Array.isArray(v) && !v.some((x) => isObject(x) || Array.isArray(x))) {
      if (e.explode === false) out.push([k, v.join(',')]);
      else for (const x of v) out.push([k, String(x)]);
    } else add(k, v);
  }
  return out;
}

/** The form fields as JS's URLSearchParams and Python's requests take them: an object, or pairs when a key repeats. */
function formBody(value: unknown, encoding?: Map<string, FieldEncoding>): unknown {
  const fields = formFields(value, encoding);
  return new Set(fields.map(([k]) => k)).size === fields.length ? Object.fromEntries(fields) : fields;
}

/**
 * The environment variable that holds the API key in the samples, named from the spec's title
 * ("Shop API" gives SHOP_API_KEY, "GitHub v3 REST API" GITHUB_API_KEY): the key is the API's,
 * whatever site documents it.
 */
export function keyVariable(title: unknown): string {
  let words = (typeof title === 'string' ? title : '')
    .replace(/\([^)]*\)/g, ' ')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  // Words that name what the title is rather than whose: "API", "REST", "OpenAPI 3.0", "v2".
  while (words.length && /^(API|APIS|REST|HTTP|HTTPS|OPENAPI|SWAGGER|SPEC|V?\d+)$/.test(words.at(-1)!)) words = words.slice(0, -1);
  words = words.filter((w, i) => i > 0 || /^[A-Z]/.test(w));
  const name = words.join('_').slice(0, 32).replace(/_+$/, '');
  return name ? `${name}_API_KEY` : 'API_KEY';
}

function fileName(field: string): string {
  return /file/i.test(field) ? 'document.pdf' : `${field}.bin`;
}
