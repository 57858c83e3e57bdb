// The spec's YAML read line by line: block mappings and sequences, plain, quoted and block
// scalars, one-line flow collections and comments, which is what OpenAPI documents are written
// in. js-yaml reads character by character: for the real spec and its Korean overlay (1.4 MB) it
// took 89-91 ms in a fresh process, and the optimizing compiler about half as long again on its
// functions; with the spec as JSON the whole build was 0.10 s faster. Anything this reader is
// not sure of (anchors, aliases, tags, complex keys, tabs, a flow collection or a quoted scalar
// over several lines, a line it cannot place) makes it give up, and js-yaml reads the file: the
// same document (the tests compare the two on every YAML file of the project and on cases of
// each construct), or its error, with the line, for a file that is not valid YAML.
import yaml from 'js-yaml';

/** The file holds something this reader leaves to js-yaml. */
class Unsupported extends Error {}

interface Line {
  /** The line's index in the file (0-based). */
  n: number;
  indent: number;
  /** The line without its indentation and trailing spaces. */
  text: string;
}

interface ScalarType {
  resolve(data: string): boolean;
  construct(data: string): unknown;
}

/** js-yaml's default schema's implicit types (null, bool, int, float, timestamp, merge), in its order. */
const IMPLICIT = (yaml.DEFAULT_SCHEMA as unknown as { compiledImplicit?: ScalarType[] }).compiledImplicit;

/** Tabs, controls and a BOM past the start (which js-yaml refuses or reads its own way), and characters past U+FFFF (surrogates), which are rare in specs: such files go to js-yaml. */
const UNUSUAL = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/;

/**
 * The document in `text`, as js-yaml.load(text, { filename, json }) gives it. `json`: a key given
 * twice keeps its last value (otherwise js-yaml's error).
 */
export function loadYaml(text: string, filename: string, json: boolean): unknown {
  const read = readBlockYaml(text, json);
  return read ? read.value : yaml.load(text, { filename, json });
}

/** The document as this reader reads it, or undefined where it leaves the file to js-yaml. */
export function readBlockYaml(text: string, json: boolean): { value: unknown } | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!IMPLICIT || UNUSUAL.test(body)) return undefined;
  try {
    return { value: new BlockReader(body, json).document() };
  } catch {
    // Unsupported, or anything else (a document nested deeper than the stack): js-yaml decides.
    return undefined;
  }
}

class BlockReader {
  private readonly raw: string[];
  /** The lines that hold something (blank and comment-only lines left out). */
  private readonly lines: Line[] = [];
  private i = 0;

  constructor(
    text: string,
    private readonly json: boolean,
  ) {
    this.raw = text.split('\n');
    for (let n = 0; n < this.raw.length; n++) {
      const line = this.raw[n];
      let indent = 0;
      while (line.charCodeAt(indent) === 32) indent++;
      if (indent === line.length || line.charCodeAt(indent) === 35 /* # */) continue;
      let end = line.length;
      while (line.charCodeAt(end - 1) === 32) end--;
      this.lines.push({ n, indent, text: line.slice(indent, end) });
    }
  }

  document(): unknown {
    let first = this.lines[0];
    if (first && first.indent === 0 && (first.text === '---' || first.text.startsWith('--- #'))) first = this.lines[++this.i];
    if (!first || first.indent !== 0) throw new Unsupported();
    const value = isSequenceEntry(first.text) ? this.sequence(0) : this.mapping(0, {});
    if (this.i < this.lines.length) throw new Unsupported();
    return value;
  }

  /** The block mapping whose keys are at `indent`, from the current line, added to `out`. */
  private mapping(indent: number, out: Record<string, unknown>): Record<string, unknown> {
    for (let line = this.lines[this.i]; line && line.indent === indent && !isSequenceEntry(line.text); line = this.lines[this.i]) {
      this.i++;
      this.entry(out, line.text, indent, line);
    }
    this.endOfBlock(indent);
    return out;
  }

  /** One "key: value" of a mapping whose keys are at `indent`. */
  private entry(out: Record<string, unknown>, text: string, indent: number, line: Line): void {
    const { key, rest } = splitKey(text);
    if (!this.json && Object.hasOwn(out, key)) throw new Unsupported();
    out[key] = this.value(rest, indent, line, true);
  }

  /** The block sequence whose dashes are at `indent`, from the current line. */
  private sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (let line = this.lines[this.i]; line && line.indent === indent && isSequenceEntry(line.text); line = this.lines[this.i]) {
      this.i++;
      let at = 1;
      while (line.text.charCodeAt(at) === 32) at++;
      const rest = line.text.slice(at);
      if (isSequenceEntry(rest) || rest.charCodeAt(0) === 63 /* ? */) throw new Unsupported();
      if (rest !== '' && rest.charCodeAt(0) !== 35 && looksLikeKey(rest)) {
        // "- key: value": a mapping whose keys line up with this first one.
        const map: Record<string, unknown> = {};
        this.entry(map, rest, indent + at, line);
        out.push(this.mapping(indent + at, map));
      } else out.push(this.value(rest, indent, line, false));
    }
    this.endOfBlock(indent);
    return out;
  }

  /** A line deeper than the block that just ended belongs nowhere: js-yaml's error. */
  private endOfBlock(indent: number): void {
    const next = this.lines[this.i];
    if (next && next.indent > indent) throw new Unsupported();
  }

  /** The value after "key:" or "-" on `line`: `rest` is what follows on the line. */
  private value(rest: string, indent: number, line: Line, afterKey: boolean): unknown {
    if (rest === '' || rest.charCodeAt(0) === 35) return this.below(indent, afterKey);
    const c = rest.charCodeAt(0);
    if (c === 124 /* | */ || c === 62 /* > */) return this.blockScalar(rest, indent, line);
    if (c === 39 /* ' */ || c === 34 /* " */) {
      const { value, end } = quoted(rest, 0);
      if (!isEndOfValue(rest, end)) throw new Unsupported();
      this.endOfBlock(indent);
      return value;
    }
    if (c === 91 /* [ */ || c === 123 /* { */) {
      const flow = new FlowReader(rest, this.json);
      const value = flow.value();
      if (!isEndOfValue(rest, flow.at)) throw new Unsupported();
      this.endOfBlock(indent);
      return value;
    }
    if (INDICATORS.includes(rest[0]) && !isPlainStart(rest)) throw new Unsupported();
    return this.plain(rest, indent);
  }

  /** A value on the lines below a key or dash: a block collection, a scalar, or nothing (null). */
  private below(indent: number, afterKey: boolean): unknown {
    const next = this.lines[this.i];
    if (next && next.indent > indent) {
      if (isSequenceEntry(next.text)) return this.sequence(next.indent);
      if (looksLikeKey(next.text)) return this.mapping(next.indent, {});
      this.i++;
      return this.value(next.text, indent, next, false);
    }
    // "key:" followed by "- item" lines at the key's own indentation.
    if (afterKey && next && next.indent === indent && isSequenceEntry(next.text)) return this.sequence(indent);
    return null;
  }

  /** A plain scalar starting on the current line and continued on deeper lines, folded. */
  private plain(first: string, indent: number): unknown {
    let text = plainText(first);
    let next = this.lines[this.i];
    if (!next || next.indent <= indent) return resolvePlain(text);
    // A comment ends a plain scalar: a deeper line after it is js-yaml's to judge.
    if (text.length !== first.length) throw new Unsupported();
    while (next && next.indent > indent) {
      if (INDICATORS.includes(next.text[0]) && !isPlainStart(next.text)) throw new Unsupported();
      const part = plainText(next.text);
      if (part.length !== next.text.length) throw new Unsupported();
      const previous = this.lines[this.i - 1].n;
      // A comment line in between would end the scalar: js-yaml's to judge too.
      for (let k = previous + 1; k < next.n; k++) if (this.raw[k].trim() !== '') throw new Unsupported();
      const blanks = next.n - previous - 1;
      text += blanks ? '\n'.repeat(blanks) + part : ` ${part}`;
      this.i++;
      next = this.lines[this.i];
    }
    return resolvePlain(text);
  }

  /** A literal (|) or folded (>) scalar: `header` is its indicator and chomping sign. */
  private blockScalar(header: string, indent: number, line: Line): string {
    let at = 1;
    const strip = header[at] === '-';
    if (strip) at++;
    // Kept trailing line breaks (+) depend on how the file ends, and an explicit indentation on
    // what follows: rare in specs, left to js-yaml, as anything else after the indicator.
    const after = header.slice(at);
    if (after !== '' && !/^ +#/.test(after)) throw new Unsupported();
    const folded = header[0] === '>';
    const lines: string[] = [];
    let contentIndent = -1;
    let n = line.n + 1;
    for (; n < this.raw.length; n++) {
      const raw = this.raw[n];
      let spaces = 0;
      while (raw.charCodeAt(spaces) === 32) spaces++;
      if (spaces === raw.length) {
        // A blank line; spaces past the content's indentation would be content.
        if (contentIndent < 0 ? spaces > indent + 1 : spaces > contentIndent) throw new Unsupported();
        lines.push('');
        continue;
      }
      if (contentIndent < 0) {
        if (spaces <= indent) break;
        contentIndent = spaces;
      } else if (spaces < contentIndent) {
        if (spaces > indent) throw new Unsupported();
        break;
      }
      const content = raw.slice(contentIndent);
      // Folding leaves more-indented lines and trailing spaces as they are: left to js-yaml.
      if (folded && (content.charCodeAt(0) === 32 || content.charCodeAt(content.length - 1) === 32)) throw new Unsupported();
      lines.push(content);
    }
    let end = lines.length;
    while (end > 0 && lines[end - 1] === '') end--;
    if (end === 0 || (folded && lines[0] === '')) throw new Unsupported();
    while (this.i < this.lines.length && this.lines[this.i].n < n) this.i++;
    let text = lines[0];
    for (let k = 1; k < end; k++) {
      if (!folded) text += `\n${lines[k]}`;
      else if (lines[k] === '') text += '\n';
      else text += lines[k - 1] === '' ? lines[k] : ` ${lines[k]}`;
    }
    return strip ? text : `${text}\n`;
  }
}

/** Characters a plain scalar may not start with (but see isPlainStart). */
const INDICATORS = '-?:,[]{}#&*!|>\'"%@`';

/** "-x", "?x" and ":x" start plain scalars. */
function isPlainStart(text: string): boolean {
  const c = text[0];
  return (c === '-' || c === '?' || c === ':') && text.length > 1 && text[1] !== ' ';
}

function isSequenceEntry(text: string): boolean {
  return text.charCodeAt(0) === 45 /* - */ && (text.length === 1 || text.charCodeAt(1) === 32);
}

/** Does the line start with "key:" (a plain or quoted key)? */
function looksLikeKey(text: string): boolean {
  const c = text.charCodeAt(0);
  if (c === 39 || c === 34) {
    const { end } = quoted(text, 0);
    return text.charCodeAt(end) === 58 && (end + 1 === text.length || text.charCodeAt(end + 1) === 32);
  }
  return keyEnd(text) > 0;
}

/** Where a plain key's ':' is (followed by a space or the end of the line, before any comment), or -1. */
function keyEnd(text: string): number {
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) {
    if (at + 1 === text.length || text.charCodeAt(at + 1) === 32) {
      const hash = text.indexOf(' #');
      return hash >= 0 && hash < at ? -1 : at;
    }
  }
  return -1;
}

/** A "key: value" line's key, as js-yaml keys an object (String() of the key's value), and the rest. */
function splitKey(text: string): { key: string; rest: string } {
  let key: string;
  let after: number;
  const c = text.charCodeAt(0);
  if (c === 39 || c === 34) {
    const q = quoted(text, 0);
    if (text.charCodeAt(q.end) !== 58) throw new Unsupported();
    key = q.value;
    after = q.end + 1;
  } else {
    const end = keyEnd(text);
    if (end <= 0) throw new Unsupported();
    const plain = text.slice(0, end);
    if ((INDICATORS.includes(plain[0]) && !isPlainStart(plain)) || plain.charCodeAt(end - 1) === 32) throw new Unsupported();
    key = String(resolvePlain(plain));
    after = end + 1;
  }
  if (key === '__proto__' || key === '<<' || (after < text.length && text.charCodeAt(after) !== 32)) throw new Unsupported();
  let start = after;
  while (text.charCodeAt(start) === 32) start++;
  return { key, rest: text.slice(start) };
}

/** A plain scalar's text on its line, up to a comment; ": " inside is js-yaml's error. */
function plainText(text: string): string {
  const hash = text.indexOf(' #');
  const value = hash >= 0 ? text.slice(0, hash).trimEnd() : text;
  if (value.includes(': ') || value.endsWith(':')) throw new Unsupported();
  return value;
}

/** A plain scalar's value: one of js-yaml's implicit types (null, booleans, numbers, dates), or the text. */
function resolvePlain(text: string): unknown {
  const c = text.charCodeAt(0);
  // Only these can start anything but a string: digits, signs, '.', '~', '<' and n, t, f in either case.
  if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 126 || c === 60 || c === 110 || c === 78 || c === 116 || c === 84 || c === 102 || c === 70)) return text;
  for (const type of IMPLICIT!) if (type.resolve(text)) return type.construct(text);
  return text;
}

/** After a value ending at `end`: nothing, or a comment. */
function isEndOfValue(text: string, end: number): boolean {
  let at = end;
  while (text.charCodeAt(at) === 32) at++;
  return at === text.length || (text.charCodeAt(at) === 35 && at > end);
}

const ESCAPES: Record<string, string> = { '0': '\0', a: '\x07', b: '\b', t: '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029' };
const HEX_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };

/** A quoted scalar starting at `start` and closed on the same line; `end` is after its closing quote. */
function quoted(text: string, start: number): { value: string; end: number } {
  const q = text[start];
  let value = '';
  let from = start + 1;
  for (;;) {
    const close = text.indexOf(q, from);
    if (close < 0) throw new Unsupported();
    if (q === "'") {
      if (text[close + 1] !== "'") return { value: value + text.slice(from, close), end: close + 1 };
      value += text.slice(from, close + 1);
      from = close + 2;
      continue;
    }
    const slash = text.indexOf('\\', from);
    if (slash < 0 || slash > close) return { value: value + text.slice(from, close), end: close + 1 };
    value += text.slice(from, slash);
    const e = text[slash + 1];
    if (Object.hasOwn(ESCAPES, e)) {
      value += ESCAPES[e];
      from = slash + 2;
    } else if (Object.hasOwn(HEX_DIGITS, e)) {
      const hex = text.slice(slash + 2, slash + 2 + HEX_DIGITS[e]);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== HEX_DIGITS[e]) throw new Unsupported();
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) throw new Unsupported();
      value += String.fromCodePoint(code);
      from = slash + 2 + hex.length;
    } else throw new Unsupported();
  }
}

/** A flow collection ([...] or {...}) on one line. */
class FlowReader {
  at = 0;

  constructor(
    private readonly text: string,
    private readonly json: boolean,
  ) {}

  value(): unknown {
    this.space();
    const c = this.text[this.at];
    if (c === '[') return this.sequence();
    if (c === '{') return this.mapping();
    if (c === "'" || c === '"') {
      const q = quoted(this.text, this.at);
      this.at = q.end;
      return q.value;
    }
    return resolvePlain(this.plain());
  }

  private sequence(): unknown[] {
    const out: unknown[] = [];
    if (this.empty(']')) return out;
    for (;;) {
      out.push(this.value());
      if (this.next(']')) return out;
    }
  }

  private mapping(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (this.empty('}')) return out;
    for (;;) {
      this.space();
      const c = this.text[this.at];
      let key: string;
      if (c === "'" || c === '"') {
        const q = quoted(this.text, this.at);
        this.at = q.end;
        key = q.value;
      } else key = String(resolvePlain(this.plain()));
      if (key === '__proto__' || key === '<<' || (!this.json && Object.hasOwn(out, key))) throw new Unsupported();
      this.space();
      if (this.text[this.at] !== ':' || this.text[this.at + 1] !== ' ') throw new Unsupported();
      this.at++;
      out[key] = this.value();
      if (this.next('}')) return out;
    }
  }

  /** Steps past the opening bracket; true (past the closing one too) when nothing is inside. */
  private empty(close: string): boolean {
    this.at++;
    this.space();
    if (this.text[this.at] !== close) return false;
    this.at++;
    return true;
  }

  /** After an item: true at the closing bracket (consumed), false after a comma before another item. */
  private next(close: string): boolean {
    this.space();
    const c = this.text[this.at++];
    if (c === close) return true;
    if (c !== ',') throw new Unsupported();
    this.space();
    // A trailing or doubled comma is js-yaml's to judge.
    if (this.text[this.at] === close || this.text[this.at] === ',') throw new Unsupported();
    return false;
  }

  /** A plain scalar in a flow collection: up to ',', a bracket, or ': '. */
  private plain(): string {
    const text = this.text;
    const start = this.at;
    if (start >= text.length || (INDICATORS.includes(text[start]) && !isPlainStart(text.slice(start)))) throw new Unsupported();
    let end = start;
    for (; end < text.length; end++) {
      const ch = text[end];
      if (ch === ',' || ch === '[' || ch === ']' || ch === '{' || ch === '}') break;
      if (ch === ':' && ' ,[]{}'.includes(text[end + 1] ?? ' ')) break;
      if (ch === '#' && text[end - 1] === ' ') throw new Unsupported();
    }
    this.at = end;
    return text.slice(start, end).trimEnd();
  }

  private space(): void {
    while (this.text.charCodeAt(this.at) === 32) this.at++;
  }
}
