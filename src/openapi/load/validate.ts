// Validation with @readme/openapi-parser, reported like every other author problem: the JSON
// pointer of the problem, and the file and line it comes from in the split spec. The parser gets
// one in-memory document (the files bundled under x-docsgen-files, every $ref made internal), so
// it reads no file itself and its error positions can be traced back through our own $ref map.
// Problems inside an operation or schema are warnings unless `strict` (the page is still built
// from what is there); problems in the document's skeleton and unparseable input fail the build.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteProblem } from '../../errors.ts';
import { cacheKey } from '../../cache/cacheKey.ts';
import { STORES, storeDir } from '../../cache/cacheFolder.ts';
import { isData } from './refs.ts';
import { escapeSegment, isObject, parsePointer, toPointer } from './pointer.ts';
import { deref, loadYaml, SpecSource, type SpecFile } from './source.ts';

const PARSER_VERSION = '11';
const RULES = [
  'array-without-items',
  'duplicate-non-request-body-parameters',
  'duplicate-operation-id',
  'invalid-security-scheme-properties',
  'non-optional-path-parameters',
  'path-parameters-not-in-parameters',
  'path-parameters-not-in-path',
];

export interface ValidateOptions {
  strict: boolean;
  /** The site's cache folder, for results kept in its openapi-validation store; none to always validate. */
  cacheDir?: string;
}

/**
 * A validation to run elsewhere (the build runs it in a thread of its own, see
 * validateWorker.ts): the spec's files as read, which that thread parses and bundles itself, so
 * the main thread goes on meanwhile.
 */
export interface ValidationJob {
  rootFile: string;
  files: Pick<SpecFile, 'file' | 'text' | 'json'>[];
  options: ValidateOptions;
  /** Where the result is kept (see cacheFileOf), when there is a cache folder. */
  cacheFile?: string;
}

/** The job for a validation elsewhere. */
export function validationJob(source: SpecSource, options: ValidateOptions): ValidationJob {
  return {
    rootFile: source.rootFile,
    files: [...source.files.values()].map(({ file, text, json }) => ({ file, text, json })),
    options,
    cacheFile: cacheFileOf(textsOf(source), options),
  };
}

/** Runs a job where it was sent. */
export async function runValidationJob(job: ValidationJob): Promise<SiteProblem[]> {
  const source = parsedSource(job);
  const problems = await runValidator(bundle(source), job.rootFile, () => source, job.options);
  keepResult(job.cacheFile, problems);
  return problems;
}

/** The spec's files, parsed again from their texts. */
function parsedSource(job: ValidationJob): SpecSource {
  const files = new Map<string, SpecFile>();
  for (const { file, text, json } of job.files) {
    const doc = json !== undefined ? JSON.parse(json) : /\.json$/i.test(file) ? JSON.parse(text) : loadYaml(text, file);
    files.set(file, { file, text, json, doc });
  }
  return new SpecSource(job.rootFile, files);
}

/** The spec's files as the validation cache knows them: the root's path, and each file's path and text. */
type SpecTexts = { rootFile: string; files: Iterable<{ file: string; text: string }> };
const textsOf = (source: SpecSource): SpecTexts => ({ rootFile: source.rootFile, files: source.files.values() });

function cacheFileOf(spec: SpecTexts, options: ValidateOptions): string | undefined {
  const dir = storeDir(options.cacheDir, STORES.openapiValidation);
  return dir && path.join(dir, `${cacheKey({ inputs: spec.files, config: { parser: PARSER_VERSION, strict: options.strict, rootFile: spec.rootFile } })}.json`);
}

/** The problems an earlier validation of the same files found, if it is cached. */
export function cachedValidation(spec: SpecSource | SpecTexts, options: ValidateOptions): SiteProblem[] | undefined {
  const cacheFile = cacheFileOf(spec instanceof SpecSource ? textsOf(spec) : spec, options);
  if (!cacheFile) return undefined;
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as SiteProblem[];
  } catch {
    return undefined; // not cached yet
  }
}

/** Runs the validator and keeps its result in the cache folder (for a caller that found no cached result). */
export async function validateAndCache(source: SpecSource, options: ValidateOptions): Promise<SiteProblem[]> {
  const problems = await runValidator(bundle(source), source.rootFile, () => source, options);
  keepResult(cacheFileOf(textsOf(source), options), problems);
  return problems;
}

function keepResult(cacheFile: string | undefined, problems: SiteProblem[]): void {
  if (!cacheFile) return;
  try {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(problems));
    pruneCache(path.dirname(cacheFile));
  } catch {
    /* a read-only cache folder only costs time */
  }
}

/** Keeps the most recent results only: every edit of the spec adds one. */
function pruneCache(dir: string, keep = 16): void {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^[0-9a-f]+\.json$/.test(f))
    .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(keep)) fs.rmSync(path.join(dir, f), { force: true });
}

/**
 * Validates the bundled document (which the parser changes). `sourceOf` gives the spec's files,
 * asked for only to place a problem in them.
 */
async function runValidator(bundled: Record<string, unknown>, rootFile: string, sourceOf: () => SpecSource, options: ValidateOptions): Promise<SiteProblem[]> {
  const { validate } = await import('@readme/openapi-parser');
  const level = options.strict ? 'error' : 'warning';
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(bundled as never, {
      resolve: { external: false },
      validate: { rules: { openapi: Object.fromEntries(RULES.map((r) => [r, level])) } },
    });
  } catch (err) {
    return [{ code: 'openapi-invalid', message: `Invalid OpenAPI document: ${(err as Error).message}`, file: rootFile, line: 1 }];
  }
  const problems: SiteProblem[] = [];
  const report = (message: string, isError: boolean) => {
    const source = sourceOf();
    const { text, pointer } = describe(message, bundled, source);
    const place = pointer !== undefined ? locate(source, pointer) : { file: rootFile, line: 1 };
    const fatal = isError && (options.strict || pointer === undefined || isSkeleton(pointer));
    problems.push({
      code: 'openapi-invalid',
      message: `OpenAPI ${isError ? 'validation error' : 'warning'} at ${pointer === undefined ? '(document)' : toPointer(pointer) || '/'}: ${text}`,
      file: place.file,
      line: place.line,
      severity: fatal ? 'error' : 'warning',
      hint: fatal || !isError ? undefined : 'Built anyway; set openapi.strict to fail the build on such problems.',
    });
  };
  if (!result.valid) for (const e of result.errors) report(e.message, true);
  for (const w of result.warnings) report(w.message, false);
  if (!result.valid && result.additionalErrors > 0) {
    problems.push({
      code: 'openapi-invalid',
      message: `... and ${result.additionalErrors} more OpenAPI validation problems`,
      file: rootFile,
      severity: options.strict ? 'error' : 'warning',
    });
  }
  return problems;
}

/** Problems in these places leave nothing sensible to build. */
function isSkeleton(pointer: string[]): boolean {
  return pointer.length < 2 || pointer[0] === 'info' || pointer[0] === 'openapi';
}

/**
 * One document holding every file the spec's $refs reach: the root as is, the others under
 * x-docsgen-files, each $ref rewritten to an internal pointer. Examples, defaults and enums are
 * data (see isData): copied as they are. The copy is the parser's to change (it dereferences in
 * place).
 */
function bundle(source: SpecSource): Record<string, unknown> {
  const ids = new Map<string, string>();
  let n = 0;
  for (const file of source.files.keys()) if (file !== source.rootFile) ids.set(file, `f${++n}`);
  const needed = new Set<string>();
  const prefix = (file: string) => {
    if (file === source.rootFile) return '#';
    needed.add(file);
    return `#/x-docsgen-files/${ids.get(file)}`;
  };
  const rewrite = (value: unknown, file: string, pointer: string): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => rewrite(v, file, `${pointer}/${i}`));
    if (!isObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') {
        try {
          const target = source.resolve(v, file);
          out[k] = prefix(target.file) + target.pointer.replace(/%/g, '%25').replace(/#/g, '%23');
        } catch {
          out[k] = v;
        }
      } else out[k] = isData(k, pointer, v) ? structuredClone(v) : rewrite(v, file, `${pointer}/${escapeSegment(k)}`);
    }
    return out;
  };
  const root = rewrite(source.root.doc, source.rootFile, '') as Record<string, unknown>;
  // Files are added as $refs in what was rewritten reach them.
  const files: Record<string, unknown> = {};
  for (let added = true; added;) {
    added = false;
    for (const file of needed) {
      const id = ids.get(file)!;
      if (id in files) continue;
      files[id] = rewrite(source.files.get(file)!.doc, file, '');
      added = true;
    }
  }
  if (needed.size) root['x-docsgen-files'] = files;
  return root;
}

/** The parser's message without its code frame, and the pointer it is about (when it can be told). */
function describe(message: string, doc: unknown, source: SpecSource): { text: string; pointer?: string[] } {
  const frame = /^>\s*(\d+)\s*\|/m.exec(message);
  const first = message
    .split('\n')[0]
    .replace(/^[A-Z][A-Z ]+(?=[a-z`])/, '')
    .trim();
  if (frame) {
    const detail = /^\s*\|\s*\^+\s*(.*)$/m
      .exec(message)?.[1]
      .replace(/[^\p{L}\p{N}\p{P}\s`'"]/gu, '')
      .trim();
    const pointer = pointerAtLine(doc, Number(frame[1]));
    return { text: detail ? `${first}: ${detail.replace(/!$/, '')}` : first, pointer };
  }
  const id = /`(\/(?:paths|components|webhooks)[^`]*)`/.exec(message)?.[1];
  if (id) return { text: message, pointer: loosePointer(source, id) };
  const dupId = /operationId `([^`]+)` is duplicated/.exec(message)?.[1];
  if (dupId) return { text: message, pointer: operationWithId(source, dupId) };
  return { text: message };
}

/**
 * The pointer of a line of JSON.stringify(doc, null, 2), the text the parser's code frames quote:
 * counts lines the way stringify lays them out.
 */
export function pointerAtLine(doc: unknown, target: number): string[] | undefined {
  if (target <= 1) return [];
  let line = 1;
  const at: string[] = [];
  const visit = (value: unknown, depth: number): boolean => {
    if (depth > 200) return false;
    if (Array.isArray(value)) {
      if (!value.length) return false;
      for (let i = 0; i < value.length; i++) {
        line++;
        at.push(String(i));
        if (line === target || visit(value[i], depth + 1)) return true;
        at.pop();
      }
      line++;
      return false;
    }
    if (!isObject(value)) return false;
    const keys = Object.keys(value).filter((k) => value[k] !== undefined && typeof value[k] !== 'function');
    if (!keys.length) return false;
    for (const k of keys) {
      line++;
      at.push(k);
      if (line === target || visit(value[k], depth + 1)) return true;
      at.pop();
    }
    line++;
    return false;
  };
  return visit(doc, 0) ? at : undefined;
}

/** "/paths/a/{id}/get/responses/200" (unescaped, as the parser writes it) to pointer segments. */
function loosePointer(source: SpecSource, id: string): string[] | undefined {
  const m = /^\/(paths|webhooks|components)(\/.*)?$/.exec(id);
  const root = source.root.doc;
  if (!m || !isObject(root)) return undefined;
  const out = [m[1]];
  let rest = m[2] ?? '';
  let node: unknown = root[m[1]];
  let file = source.rootFile;
  // Path keys begin with '/' themselves.
  let keyPrefix = m[1] === 'paths' ? '/' : '';
  while (rest.length > 1) {
    rest = rest.slice(1);
    if (isObject(node) && typeof node.$ref === 'string') {
      try {
        const t = deref(source, { value: node, file, pointer: '' });
        node = t.value;
        file = t.file;
      } catch {
        break;
      }
    }
    if (!isObject(node) && !Array.isArray(node)) break;
    const key = Object.keys(node)
      .filter((k) => k.startsWith(keyPrefix) && (rest === k.slice(keyPrefix.length) || rest.startsWith(k.slice(keyPrefix.length) + '/')))
      .sort((a, b) => b.length - a.length)[0];
    if (key === undefined) break;
    out.push(key);
    rest = rest.slice(key.length - keyPrefix.length);
    node = (node as Record<string, unknown>)[key];
    keyPrefix = '';
  }
  return out;
}

function operationWithId(source: SpecSource, operationId: string): string[] | undefined {
  const paths = source.root.doc && isObject(source.root.doc) ? source.root.doc.paths : undefined;
  if (!isObject(paths)) return undefined;
  let seen = 0;
  for (const [p, item] of Object.entries(paths)) {
    let resolved: unknown = item;
    try {
      resolved = deref(source, { value: item, file: source.rootFile, pointer: '' }).value;
    } catch {
      continue;
    }
    if (!isObject(resolved)) continue;
    for (const [method, op] of Object.entries(resolved)) {
      if (isObject(op) && op.operationId === operationId && ++seen === 2) return ['paths', p, method, 'operationId'];
    }
  }
  return undefined;
}

/** The file and line of a pointer into the bundled document, following $refs into their files. */
export function locate(source: SpecSource, segments: string[]): { file: string; line?: number } {
  let file = source.rootFile;
  let local: string[] = [];
  let node: unknown = source.root.doc;
  for (const seg of segments) {
    if (isObject(node) && typeof node.$ref === 'string' && !Object.hasOwn(node, seg)) {
      try {
        const t = deref(source, { value: node, file, pointer: toPointer(local) });
        node = t.value;
        file = t.file;
        local = parsePointer(t.pointer);
      } catch {
        break;
      }
    }
    const next = Array.isArray(node) ? node[Number(seg)] : isObject(node) ? node[seg] : undefined;
    if (next === undefined) break;
    local.push(seg);
    node = next;
  }
  return { file, line: source.lineOf(file, toPointer(local)) };
}
