// JSON pointers (RFC 6901) and finding the line a pointer names in a YAML or JSON file, so that
// problems in a spec point at file:line like problems in Markdown do.
import yaml from 'js-yaml';

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

/** Where a key or an item is, and what its value holds when that is a collection. */
interface Entry {
  line: number;
  node?: Collection;
}

interface Collection {
  keys?: Map<string, Entry>;
  items?: Entry[];
}

/** A node js-yaml is reading: the line it opens on, then its value and the nodes it was read from. */
interface Reading {
  line: number;
  value?: unknown;
  node?: Collection;
  children: Reading[];
}

/**
 * Finds the 1-based line of a pointer in a YAML or JSON file (JSON is YAML) from one parse of it,
 * in which js-yaml reports where each node opens. A lookup gives the line of the deepest segment
 * found, so a pointer to a missing key names its parent. Callers parse a file only when a problem
 * must be placed in it.
 */
export function lineMap(text: string): (segments: string[]) => number | undefined {
  const stack: Reading[] = [{ line: 1, children: [] }];
  try {
    yaml.load(text, {
      json: true,
      listener(event, state) {
        if (event === 'open') {
          stack.push({ line: state.line + 1, children: [] });
        } else {
          const node = stack.pop()!;
          node.value = state.result;
          node.node = collect(node);
          stack[stack.length - 1].children.push(node);
        }
      },
    });
  } catch {
    return () => undefined; // the file was read already: nothing to place if it no longer parses
  }
  const root = stack[0].children.at(-1)?.node;
  return (segments) => {
    let line = 1;
    let node = root;
    for (const seg of segments) {
      const entry = node?.keys?.get(seg) ?? (node?.items && /^\d+$/.test(seg) ? node.items[Number(seg)] : undefined);
      if (!entry) break;
      line = entry.line;
      node = entry.node;
    }
    return line;
  };
}

/**
 * The keys or items of a node js-yaml has read, from the nodes it read it from. js-yaml reads a
 * key and its value as two nodes (and no node for an empty value in a flow mapping, nor for an
 * empty list item), so they are told apart by what they hold. The values are dropped once placed.
 */
function collect(reading: Reading): Collection | undefined {
  const { value, children } = reading;
  reading.children = [];
  // A flow collection in block context is read as the node of another that keeps its value.
  if (children.length === 1 && children[0].value === value) return children[0].node;
  if (Array.isArray(value)) {
    const items: Entry[] = [];
    let j = 0;
    for (let i = 0; i < value.length && j < children.length; i++) {
      if (!same(children[j].value, value[i])) continue;
      items[i] = { line: children[j].line, node: children[j].node };
      j++;
    }
    return { items };
  }
  if (!isObject(value)) return undefined;
  const keys = new Map<string, Entry>();
  let key: string | undefined;
  for (const child of children) {
    if (key !== undefined && same(child.value, value[key])) {
      keys.get(key)!.node = child.node;
      key = undefined;
      continue;
    }
    const v = child.value;
    key = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
    if (key === undefined || !Object.hasOwn(value, key)) key = undefined;
    // A key given twice keeps its last value, as in the parsed document.
    else keys.set(key, { line: child.line });
  }
  return { keys };
}

const same = (a: unknown, b: unknown) => a === b || (a !== a && b !== b);

/** The line of a pointer in a YAML or JSON text (see lineMap; a caller with many lookups keeps the map). */
export function lineOfPointer(text: string, segments: string[]): number | undefined {
  return lineMap(text)(segments);
}
