// The spec as its files: each YAML or JSON file read and parsed once, and $refs resolved across
// them (relative to the file that holds the $ref, like every OpenAPI tool). Nothing is expanded:
// the model walks the files through `resolve`, so a schema used on 300 pages is one object.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { SiteError } from '../../errors.ts';
import type { ParseCache } from './parseCache.ts';
import { escapeSegment, fragmentSegments, isObject, lineMap, parsePointer, toPointer } from './pointer.ts';

export interface SpecFile {
  file: string;
  text: string;
  doc: unknown;
  /** JSON text of `doc` when known (a JSON file's text, a cached YAML file's JSON): copies parse it. */
  json?: string;
}

/** A value in the spec and where it is: the file and the JSON pointer inside that file. */
export interface Located<T = unknown> {
  value: T;
  file: string;
  pointer: string;
}

export class RefError extends Error {}

export class SpecSource {
  readonly files = new Map<string, SpecFile>();
  readonly rootFile: string;
  private resolved = new Map<string, Located>();
  /** Each file's line finder, made when a problem is first placed in it (see lineMap). */
  private lines = new Map<string, (segments: string[]) => number | undefined>();
  /** Offsets where each line of a file starts, made when a link is first placed in it. */
  private lineStarts = new Map<string, number[]>();

  constructor(
    rootFile: string,
    files?: Map<string, SpecFile>,
    /** Parsed YAML from earlier builds and from the build's main thread (see parseCache.ts). */
    private cache?: ParseCache,
  ) {
    this.rootFile = path.resolve(rootFile);
    if (files) for (const [k, v] of files) this.files.set(k, v);
  }

  get root(): SpecFile {
    return this.load(this.rootFile);
  }

  /** Reads and parses a file once. Throws SiteError (with file and line) when it cannot. */
  load(file: string): SpecFile {
    const abs = path.resolve(file);
    const cached = this.files.get(abs);
    if (cached) return cached;
    let text: string;
    try {
      text = fs.readFileSync(abs, 'utf8');
    } catch (err) {
      throw new SiteError({
        code: 'openapi-file',
        message: `Cannot read OpenAPI file ${abs}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        file: abs,
      });
    }
    let doc: unknown;
    let json: string | undefined;
    try {
      if (/\.json$/i.test(abs)) {
        doc = JSON.parse(text);
        json = text;
      } else if (this.cache) ({ doc, json } = this.cache.parse(abs, text, () => loadYaml(text, abs)));
      else doc = loadYaml(text, abs);
    } catch (err) {
      const e = err as { mark?: { line: number }; reason?: string; hint?: string; message: string };
      const line = e.mark ? e.mark.line + 1 : jsonErrorLine(text, e.message);
      throw new SiteError({
        code: 'openapi-syntax',
        message: `Cannot parse ${path.basename(abs)}: ${e.reason ?? e.message.split('\n')[0]}`,
        file: abs,
        line,
        hint: e.hint ?? 'Fix the YAML or JSON syntax at this line.',
      });
    }
    const entry: SpecFile = { file: abs, text, doc, json };
    this.files.set(abs, entry);
    return entry;
  }

  /** Resolves a $ref found in `fromFile`. Throws RefError when the file or the pointer is missing. */
  resolve(ref: string, fromFile: string): Located {
    const cacheKey = `${fromFile}\0${ref}`;
    const hit = this.resolved.get(cacheKey);
    if (hit) return hit;
    const found = this.resolveUncached(ref, fromFile);
    this.resolved.set(cacheKey, found);
    return found;
  }

  /** Forgets resolved $refs (after an overlay changed the documents). */
  clearCache(): void {
    this.resolved.clear();
  }

  private resolveUncached(ref: string, fromFile: string): Located {
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) && !ref.startsWith('file:'))
      throw new RefError(`$ref "${ref}" points outside the spec's files (only relative file references are supported)`);
    const hash = ref.indexOf('#');
    const filePart = hash >= 0 ? ref.slice(0, hash) : ref;
    const fragment = hash >= 0 ? ref.slice(hash) : '';
    let file = fromFile;
    if (filePart) {
      const rel = decodeURI(filePart.replace(/^file:\/\//, ''));
      file = path.resolve(path.dirname(fromFile), rel);
      if (!this.files.has(file) && !fs.existsSync(file))
        throw new RefError(`$ref "${ref}": file ${path.relative(path.dirname(this.rootFile), file)} does not exist`);
    }
    let target: SpecFile;
    try {
      target = this.load(file);
    } catch (err) {
      if (err instanceof SiteError && err.code === 'openapi-syntax') throw err;
      throw new RefError(`$ref "${ref}": ${(err as Error).message}`);
    }
    const segments = fragmentSegments(fragment);
    let value: unknown = target.doc;
    for (const seg of segments) {
      if (Array.isArray(value) && /^\d+$/.test(seg)) value = value[Number(seg)];
      else if (isObject(value) && Object.hasOwn(value, seg)) value = value[seg];
      else throw new RefError(`$ref "${ref}": ${path.basename(file)} has nothing at ${toPointer(segments) || '/'}`);
    }
    return { value, file, pointer: toPointer(segments) };
  }

  /** The line of a pointer in one of the spec's files (best effort). */
  lineOf(file: string, pointer: string): number | undefined {
    const f = this.files.get(file);
    if (!f) return undefined;
    let find = this.lines.get(file);
    if (!find) this.lines.set(file, (find = lineMap(f.text)));
    return find(parsePointer(pointer));
  }

  /**
   * The 1-based line of `needle` (a link as written) in a file, looked for from line `fromLine`
   * on, else from `orLine` (a JSON string, or escapes, put fewer lines in the file than in its
   * text); undefined when it is in neither.
   */
  lineOfText(file: string, needle: string, fromLine: number, orLine = 1): number | undefined {
    const text = this.files.get(file)?.text;
    if (!text) return undefined;
    let starts = this.lineStarts.get(file);
    if (!starts) this.lineStarts.set(file, (starts = lineStarts(text)));
    for (const from of [fromLine, orLine]) {
      const at = text.indexOf(needle, starts[Math.max(0, Math.min(from, starts.length) - 1)]);
      if (at >= 0) return lineAtOffset(starts, at);
    }
    return undefined;
  }

  /** The 1-based line of an offset in a file's text. */
  lineAt(file: string, offset: number): number {
    const text = this.files.get(file)?.text ?? '';
    let starts = this.lineStarts.get(file);
    if (!starts) this.lineStarts.set(file, (starts = lineStarts(text)));
    return lineAtOffset(starts, offset);
  }

  /** A copy whose parsed documents may be changed (by an overlay) without touching this one. */
  clone(): SpecSource {
    const files = new Map<string, SpecFile>();
    // JSON.parse makes a copy about twice as fast as structuredClone.
    for (const [k, v] of this.files) files.set(k, { ...v, doc: v.json !== undefined ? JSON.parse(v.json) : structuredClone(v.doc) });
    const copy = new SpecSource(this.rootFile, files, this.cache);
    // The texts are the same: so are their lines.
    copy.lines = this.lines;
    copy.lineStarts = this.lineStarts;
    return copy;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAtOffset(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** A spec file's YAML; a key given twice keeps its last value, as JSON.parse does. */
export function loadYaml(text: string, filename: string): unknown {
  const doc = yaml.load(text, { filename, json: true });
  // An alias is the node it names, not a copy: only a file with anchors can grow past its text.
  if (/(?:^|[\s[{,:-])&[^\s[\]{},]/.test(text)) refuseExpansion(doc, text);
  return doc;
}

/** Values a YAML file's aliases may expand to, beyond those it writes out: a spec is never near. */
const MAX_EXPANDED = 2_000_000;

/**
 * Throws, as a syntax error at the first alias, when the document's aliases make it expand to
 * more than MAX_EXPANDED values past the nodes its text holds (a "billion laughs" file), before
 * anything reads the whole of it. Counted once per distinct node.
 */
function refuseExpansion(doc: unknown, text: string): void {
  const sizes = new Map<object, number>();
  let distinct = 0;
  const size = (v: unknown): number => {
    if (v === null || typeof v !== 'object') return 1;
    const known = sizes.get(v);
    if (known !== undefined) return known;
    distinct++;
    let n = 1;
    for (const c of Array.isArray(v) ? v : Object.values(v)) n = Math.min(n + size(c), Number.MAX_SAFE_INTEGER);
    sizes.set(v, n);
    return n;
  };
  const total = size(doc);
  if (total <= MAX_EXPANDED + 4 * distinct) return;
  const alias = /(?:^|[\s[{,:-])\*[^\s[\]{},]/m.exec(text);
  const at = alias ? alias.index + alias[0].indexOf('*') : -1;
  throw Object.assign(new Error('expansion'), {
    hint: 'Write a repeated part once, under components, and $ref it instead of a YAML alias.',
    reason: `its YAML aliases expand it to ${total > 1e12 ? 'more than a trillion' : total.toLocaleString('en-US')} values, past the ${MAX_EXPANDED.toLocaleString('en-US')} a spec may reach (a "billion laughs" file?)`,
    mark: at >= 0 ? { line: text.slice(0, at).split('\n').length - 1 } : undefined,
  });
}

/** Follows `$ref`s until a value that is not a reference (or a cycle of references). */
export function deref(source: SpecSource, node: Located): Located {
  let current = node;
  for (let hops = 0; hops < 32; hops++) {
    const v = current.value;
    if (!isObject(v) || typeof v.$ref !== 'string') return current;
    current = source.resolve(v.$ref, current.file);
  }
  return current;
}

/** A child of a located value (no $ref is followed: use deref on the result). */
export function child(node: Located, key: string | number): Located | undefined {
  const v = node.value as Record<string, unknown> | unknown[] | null;
  if (v === null || typeof v !== 'object') return undefined;
  const value = (v as Record<string, unknown>)[key as string];
  if (value === undefined) return undefined;
  const k = String(key);
  return { value, file: node.file, pointer: `${node.pointer}/${escapeSegment(k)}` };
}

function jsonErrorLine(text: string, message: string): number | undefined {
  const m = /position (\d+)/.exec(message);
  return m ? text.slice(0, Number(m[1])).split('\n').length : undefined;
}
