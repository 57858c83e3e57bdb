// JSON pointers (RFC 6901) and finding the line a pointer names in a YAML or JSON file, so that
// problems in a spec point at file:line like problems in Markdown do. The line finder is only
// used when something is reported, so it favours simplicity over speed.

export function parsePointer(pointer: string): string[] {
  if (!pointer || pointer === '/') return pointer === '/' ? [''] : [];
  const body = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  return body.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function toPointer(segments: (string | number)[]): string {
  return segments.map((s) => '/' + escapeSegment(String(s))).join('');
}

/** A key as a JSON pointer segment ('~' -> '~0', '/' -> '~1'); most keys have neither. */
export function escapeSegment(key: string): string {
  return key.includes('/') || key.includes('~') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
}

/** The fragment of a $ref ('#/a/b%20c') as pointer segments; URI escapes decoded. */
export function fragmentSegments(fragment: string): string[] {
  let f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  try {
    f = decodeURIComponent(f);
  } catch {
    /* keep the raw fragment */
  }
  return parsePointer(f);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The 1-based line of a pointer in a YAML (block style, with flow collections on one line) or
 * JSON file. Returns the line of the deepest segment found, so a pointer to a missing key names
 * its parent.
 */
export function lineOfPointer(text: string, segments: string[]): number | undefined {
  if (/^\s*[[{]/.test(text.replace(/^(\s*(#.*)?\n)*/, ''))) return lineInJson(text, segments);
  return lineInYaml(text, segments);
}

interface YamlLine {
  /** Column of the content once leading "- " markers are read as indentation. */
  indent: number;
  /** Columns of the "- " list markers at the start of the line. */
  dashes: number[];
  key?: string;
  /** Text after "key:" (empty when the value is a nested block). */
  rest: string;
}

const KEY = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{[\]},&*!|>%@`-][^#]*?|-[^\s#][^#]*?))\s*:(?:\s+|$)(.*)$/;

function scanYaml(text: string): (YamlLine | undefined)[] {
  return text.split('\n').map((raw) => {
    if (/^\s*(#.*)?$/.test(raw) || /^(---|\.\.\.)\s*$/.test(raw)) return undefined;
    let col = raw.length - raw.trimStart().length;
    let rest = raw.slice(col);
    const dashes: number[] = [];
    while (/^-(\s+|$)/.test(rest)) {
      dashes.push(col);
      const m = /^-(\s*)/.exec(rest)!;
      col += 1 + m[1].length;
      rest = rest.slice(1 + m[1].length);
    }
    const m = KEY.exec(rest);
    if (!m) return { indent: col, dashes, rest };
    const key = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2] !== undefined ? m[2].replace(/''/g, "'") : m[3].trim();
    return { indent: col, dashes, key, rest: m[4].replace(/\s+#.*$/, '').trim() };
  });
}

function lineInYaml(text: string, segments: string[]): number | undefined {
  const lines = scanYaml(text);
  let start = 0;
  let end = lines.length;
  let found: number | undefined = 1;
  for (const seg of segments) {
    let first = start;
    while (first < end && !lines[first]) first++;
    if (first >= end) break;
    const head = lines[first]!;
    let hit = -1;
    let blockIndent = 0;
    if (/^\d+$/.test(seg) && head.dashes.length) {
      // A list: count items by their marker column.
      const col = head.dashes[0];
      let n = -1;
      for (let i = first; i < end; i++) {
        const l = lines[i];
        if (!l) continue;
        if (l.dashes.includes(col) && l.indent > col) n++;
        else if (l.indent <= col) break;
        if (n === Number(seg)) {
          hit = i;
          blockIndent = col;
          break;
        }
      }
      if (hit < 0) break;
      found = hit + 1;
      // The item's content starts on its own line, after the marker.
      lines[hit] = { ...lines[hit]!, dashes: lines[hit]!.dashes.filter((d) => d > col) };
      start = hit;
      end = itemEnd(lines, hit, blockIndent, end);
      continue;
    }
    const indent = head.indent;
    for (let i = first; i < end; i++) {
      const l = lines[i];
      if (!l) continue;
      if (l.indent < indent) break;
      if (l.indent === indent && l.key === seg) {
        hit = i;
        break;
      }
    }
    if (hit < 0) break;
    found = hit + 1;
    const l = lines[hit]!;
    if (l.rest && !/^[|>][-+]?\d*$/.test(l.rest) && !/^[&!]\S*$/.test(l.rest)) break; // scalar or flow value on the key's line
    start = hit + 1;
    end = keyEnd(lines, hit, indent, end);
  }
  return found;
}

function keyEnd(lines: (YamlLine | undefined)[], line: number, indent: number, end: number): number {
  for (let i = line + 1; i < end; i++) {
    const l = lines[i];
    if (!l) continue;
    // "key:\n- item" lists may sit at the key's own indentation.
    if (l.indent <= indent && !(l.dashes[0] === indent && l.indent > indent)) return i;
  }
  return end;
}

function itemEnd(lines: (YamlLine | undefined)[], line: number, col: number, end: number): number {
  for (let i = line + 1; i < end; i++) {
    const l = lines[i];
    if (!l) continue;
    if (l.indent <= col || l.dashes.includes(col)) return i;
  }
  return end;
}

/** Reads JSON text down the pointer's path; returns the line of the deepest key or item found. */
function lineInJson(text: string, segments: string[]): number | undefined {
  let i = 0;
  let line = 1;
  let best = 1;
  let bestDepth = 0;
  const done = {};
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) {
      if (text[i] === '\n') line++;
      i++;
    }
  };
  const str = (): string => {
    const s = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(s, i)) as string;
  };
  const value = (depth: number, onPath: boolean): void => {
    ws();
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      i++;
      let index = 0;
      for (;;) {
        ws();
        if (text[i] === '}' || text[i] === ']') {
          i++;
          return;
        }
        const at = line;
        const key = ch === '{' ? str() : String(index++);
        if (ch === '{') {
          ws();
          i++; // ':'
        }
        const on = onPath && depth < segments.length && key === segments[depth];
        if (on) {
          best = at;
          bestDepth = depth + 1;
          if (bestDepth === segments.length) throw done;
        }
        value(depth + 1, on);
        ws();
        if (text[i] === ',') i++;
      }
    }
    if (ch === '"') str();
    else while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  };
  try {
    value(0, true);
  } catch (e) {
    if (e !== done) return bestDepth ? best : 1;
  }
  return best;
}
