// Cross-references between the reference's pages. Descriptions name other operations in italics
// (*Update sales order status*, in Korean *판매 주문 상태 변경*): an italic that is exactly an
// operation's title or operationId (or a tag's name) becomes a link to its page. The spec may also
// link in a stable form that survives renamed titles: [text](#operation/updateSalesOrderStatus)
// or [text](#tag/Sales%20order), Redoc's convention.

/** Route paths (unprefixed) by normalised title, operationId and tag name; '' when ambiguous. */
export type CrossRefs = Map<string, string>;

export interface CrossRefTargets {
  operations: { title: string; operationId?: string; path: string | undefined }[];
  tags: { name: string; label: string; path: string | undefined }[];
}

function norm(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The names each locale's readers may use: its own titles first, then the default locale's (a
 * Korean description may keep an English title). A name two pages share links to neither.
 */
export function crossRefs(...sets: CrossRefTargets[]): CrossRefs {
  const refs: CrossRefs = new Map();
  for (const set of sets) {
    // Within one set a duplicate is ambiguous; a later set only fills names still free.
    const own = new Map<string, string>();
    const add = (name: string | undefined, path: string | undefined) => {
      if (!name || !path) return;
      const k = norm(name);
      if (!k || refs.has(k)) return;
      const seen = own.get(k);
      own.set(k, seen === undefined || seen === path ? path : '');
    };
    for (const op of set.operations) {
      add(op.title, op.path);
      add(op.operationId, op.path);
    }
    for (const tag of set.tags) {
      add(tag.label, tag.path);
      add(tag.name, tag.path);
    }
    for (const [k, v] of own) refs.set(k, v);
  }
  return refs;
}

/** Stable link forms: '#operation/<operationId>' and '#tag/<name>'. */
const STABLE = /^#(operation|tag)\/(.+)$/;

/**
 * Code spans and links are kept as they are; an italic naming a page becomes a link to it; a
 * stable link form gets the page's route path (one the refs do not know is left for the link check).
 */
const TOKEN =
  /(`+)[\s\S]*?\1|!?\[((?:[^\]\\]|\\.)*)\]\(([^()\s]*)\)|(?<![*\\])(\*)(?![\s*])((?:[^*`\n[\]]|\n(?![ \t]*\n))+?)(?<![\s\\])\*(?!\*)|(?<![\p{L}\p{N}_\\])(_)(?![\s_])((?:[^_`\n[\]]|\n(?![ \t]*\n))+?)(?<![\s\\])_(?![\p{L}\p{N}_])/gu;

export function linkCrossReferences(text: string, refs: CrossRefs): string {
  if (!refs.size || !/[*_]|#operation\/|#tag\//.test(text)) return text;
  // Fences are found line by line; the lines between them are linked together, so that an
  // italic the author wrapped onto the next line is still found.
  const out: string[] = [];
  let prose: string[] = [];
  let fence = '';
  const flush = () => {
    if (prose.length) out.push(linkProse(prose.join('\n'), refs));
    prose = [];
  };
  for (const line of text.split('\n')) {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = '';
      out.push(line);
    } else if (open) {
      flush();
      fence = open[1];
      out.push(line);
    } else prose.push(line);
  }
  flush();
  return out.join('\n');
}

function linkProse(text: string, refs: CrossRefs): string {
  // '*' emphasis may sit inside a word (Korean particles follow it: *주문 생성*으로); '_' may not.
  return text.replace(TOKEN, (whole, _ticks, label, dest, star, starred, under, underlined) => {
    const mark = star ?? under;
    const inner = starred ?? underlined;
    if (dest !== undefined) {
      const stable = STABLE.exec(dest);
      if (!stable) return whole;
      let name = stable[2];
      try {
        name = decodeURIComponent(name);
      } catch {
        return whole;
      }
      const path = refs.get(norm(name));
      return path ? `[${label}](${path})` : whole;
    }
    if (!mark) return whole;
    const path = refs.get(norm(inner));
    return path ? `[${mark}${inner}${mark}](${path})` : whole;
  });
}
