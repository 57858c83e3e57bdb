// Reads a Markdown file's front matter (gray-matter) and checks the keys docsgen understands
// (see frontMatterKeys.ts). Problems carry the file and the line of the offending key. URLs the URL policy refuses (in the
// front matter and in the body's links) are reported here, where the file is read, and left out.
import fs from 'node:fs';
import matter from 'gray-matter';
import { z } from 'zod';
import { tooLarge, type ProblemList } from '../errors.ts';
import { isAllowedUrl, refusedUrlMessage, REFUSED_URL_HINT } from '../shared/urlPolicy.ts';
import { frontMatterKind, unknownKeyProblems } from './frontMatterKeys.ts';

const stringList = z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).transform((v) => (Array.isArray(v) ? v.map(String) : [v]));

export const frontMatterSchema = z
  .object({
    title: z.union([z.string(), z.number()]).transform(String).optional(),
    description: z.string().optional(),
    slug: z.string().optional(),
    sidebar_label: z.string().optional(),
    sidebar_position: z.number().optional(),
    displayed_sidebar: z.string().nullable().optional(),
    tags: stringList.optional(),
    hide_table_of_contents: z.boolean().optional(),
    hide_sidebar: z.boolean().optional(),
    toc_min_heading_level: z.number().int().min(1).max(6).optional(),
    toc_max_heading_level: z.number().int().min(1).max(6).optional(),
    draft: z.boolean().optional(),
    date: z.union([z.date(), z.string()]).optional(),
    authors: z.union([z.string(), z.array(z.union([z.string(), z.record(z.string(), z.unknown())]))]).optional(),
    redirect_from: stringList.optional(),
    image: z.string().optional(),
    keywords: stringList.optional(),
    id: z.union([z.string(), z.number()]).transform(String).optional(),
    hide_title: z.boolean().optional(),
    pagination_next: z.string().nullable().optional(),
    pagination_prev: z.string().nullable().optional(),
    pagination_label: z.string().optional(),
    sidebar_class_name: z.string().optional(),
    unlisted: z.boolean().optional(),
    custom_edit_url: z.string().nullable().optional(),
    last_update: z
      .object({ date: z.union([z.date(), z.string()]).optional(), author: z.string().optional() })
      .strict()
      .optional(),
    // Docusaurus's single-author keys of a blog post, read as one entry of "authors".
    author: z.string().optional(),
    author_title: z.string().optional(),
    author_url: z.string().optional(),
    author_image_url: z.string().optional(),
  })
  .passthrough();

export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface MarkdownSource {
  frontMatter: FrontMatter;
  body: string;
  /** File line (1-based) of the body's first line. */
  bodyLine: number;
  /** Where the body starts in the file's text (it runs to the end). */
  bodyStart: number;
}

/** `readSource`: the dev server's reader of parsed sources (see SourceReader); the build reads the file. */
export function readMarkdownFile(file: string, problems: ProblemList, readSource?: SourceReader): MarkdownSource | undefined {
  return readSource ? readSource(file, problems, readFresh) : readFresh(file, problems);
}

/**
 * Markdown past this size is built, with a warning: its page, search records and the memory to
 * build them grow with it (a 50 MB page makes a 67 MB HTML page), and no reader needs one that long.
 */
export const MARKDOWN_SIZE_LIMIT = 5 * 1024 * 1024;

function readFresh(file: string, problems: ProblemList): MarkdownSource | undefined {
  return parseMarkdownSource(readMarkdownText(file, problems), file, problems);
}

/** A Markdown file's text, with a warning when it is past MARKDOWN_SIZE_LIMIT. */
export function readMarkdownText(file: string, problems: ProblemList): string {
  const text = fs.readFileSync(file, 'utf8');
  // A UTF-8 character is 1 to 3 bytes for each UTF-16 unit: the exact size is only counted near the limit.
  const bytes = text.length * 3 > MARKDOWN_SIZE_LIMIT ? Buffer.byteLength(text) : 0;
  if (bytes > MARKDOWN_SIZE_LIMIT) problems.add(tooLarge(file, bytes, MARKDOWN_SIZE_LIMIT, 'Markdown file'));
  return text;
}

/**
 * Reads a Markdown file; `read` does the real work (reading and parsing) when the reader wants it.
 * Watch mode (src/serve) passes one to the collection that keeps parsed sources between
 * collections, so a change re-reads only the files that changed. The build passes none.
 */
export type SourceReader = (
  file: string,
  problems: ProblemList,
  read: (file: string, problems: ProblemList) => MarkdownSource | undefined,
) => MarkdownSource | undefined;

export function parseMarkdownSource(text: string, file: string, problems: ProblemList): MarkdownSource | undefined {
  const head = parseFrontMatterBlock(text.slice(0, frontMatterEnd(text)), file, problems);
  return head && { ...head, body: text.slice(head.bodyStart) };
}

/** A Markdown file's front matter and where its body starts: all of MarkdownSource but the body. */
export type FrontMatterHead = Omit<MarkdownSource, 'body'>;

/**
 * Where the part of a file that gray-matter reads ends: after the line that closes the front
 * matter and the line break that follows it (the whole text when it never closes; nothing but
 * a byte order mark without front matter). gray-matter copies all it is given, so it is given
 * this part only; and what parseFrontMatterBlock makes of a file depends on it alone.
 */
export function frontMatterEnd(text: string): number {
  const from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('---', from)) return from;
  const close = text.indexOf('\n---', from + 3);
  return close < 0 ? text.length : Math.min(text.length, close + 6);
}

/** The front matter of a file's first `block` (see frontMatterEnd), checked; problems name `file`. */
export function parseFrontMatterBlock(block: string, file: string, problems: ProblemList): FrontMatterHead | undefined {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // gray-matter caches by content; pass an options object to keep results independent.
    parsed = matter(block, {});
  } catch (err) {
    const e = err as { mark?: { line: number }; reason?: string; message: string };
    problems.add({
      code: 'front-matter-syntax',
      message: `Invalid front matter: ${e.reason ?? e.message.split('\n')[0]}`,
      file,
      // js-yaml's mark is 0-based within the front matter text, which begins with the rest of line 1.
      line: e.mark ? e.mark.line + 1 : 1,
      hint: 'Front matter is YAML between two "---" lines; quote values that contain ": " or start with a special character.',
    });
    return undefined;
  }
  const fmText = parsed.matter ?? '';
  // What gray-matter left of the block is the body's start.
  const bodyStart = block.length - parsed.content.length;
  const bodyLine = fmText ? block.slice(0, bodyStart).split('\n').length : 1;
  const result = frontMatterSchema.safeParse(parsed.data ?? {});
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      problems.add({
        code: 'front-matter-invalid',
        message: `Invalid front matter "${issue.path.join('.')}": ${issue.message.replace(/^Invalid (input|option): /, '')}`,
        file,
        line: lineOfKey(fmText, key),
      });
    }
    return undefined;
  }
  const kind = frontMatterKind(file);
  if (kind) for (const p of unknownKeyProblems(Object.keys(result.data), kind, file, (key) => lineOfKey(fmText, key))) problems.add(p);
  const frontMatter = withoutRefusedUrls(withAuthorKeys(result.data), fmText, file, problems);
  return { frontMatter, bodyLine, bodyStart };
}

/** Docusaurus's author / author_title / author_url / author_image_url as the one entry of "authors". */
function withAuthorKeys(fm: FrontMatter): FrontMatter {
  if (fm.author === undefined || fm.authors !== undefined) return fm;
  const author: Record<string, unknown> = { name: fm.author, title: fm.author_title, url: fm.author_url, image_url: fm.author_image_url };
  for (const k of Object.keys(author)) if (author[k] === undefined) delete author[k];
  return { ...fm, authors: [author] };
}

/** Front matter keys that become a URL in the page (og:image, JSON-LD, an author's link and avatar). */
const URL_KEYS = ['image', 'custom_edit_url'] as const;
const AUTHOR_URL_KEYS = ['url', 'image_url', 'image'];

/** The front matter without the URLs the URL policy refuses, each reported as a warning. */
function withoutRefusedUrls(fm: FrontMatter, fmText: string, file: string, problems: ProblemList): FrontMatter {
  const warn = (url: string, key: string, line: number) =>
    problems.add({ code: 'url-refused', message: refusedUrlMessage(url, `front matter "${key}"`), file, line, severity: 'warning', hint: REFUSED_URL_HINT });
  let out = fm;
  for (const key of URL_KEYS) {
    const value = fm[key];
    if (typeof value !== 'string' || isAllowedUrl(value)) continue;
    warn(value, key, lineOfKey(fmText, key));
    out = { ...out };
    delete out[key];
  }
  if (
    Array.isArray(fm.authors) &&
    fm.authors.some((a) => typeof a === 'object' && AUTHOR_URL_KEYS.some((k) => typeof a[k] === 'string' && !isAllowedUrl(a[k] as string)))
  ) {
    const authors = fm.authors.map((a) => {
      if (typeof a !== 'object') return a;
      const kept = { ...a };
      for (const k of AUTHOR_URL_KEYS) {
        const value = a[k];
        if (typeof value !== 'string' || isAllowedUrl(value)) continue;
        warn(value, `authors.${k}`, lineOfText(fmText, value) ?? lineOfKey(fmText, 'authors'));
        delete kept[k];
      }
      return kept;
    });
    out = { ...out, authors };
  }
  return out;
}

/** The front matter line (1-based, as lineOfKey) that holds `text`, if one does. */
function lineOfText(fmText: string, text: string): number | undefined {
  const idx = fmText.split('\n').findIndex((l) => l.includes(text));
  return idx >= 0 ? idx + 1 : undefined;
}

function lineOfKey(fmText: string, key: string): number {
  const lines = fmText.split('\n');
  // fmText starts with the newline after the opening '---' (line 1 of the file).
  const idx = lines.findIndex((l) => l.startsWith(`${key}:`));
  return idx >= 0 ? idx + 1 : 1;
}

/** Title when the front matter has none: the body's first "# " heading, else the file name. */
export function firstHeading(body: string): string | undefined {
  const m = /^#\s+(.+?)\s*#*\s*$/m.exec(body);
  return m?.[1];
}

/** Removes a leading "# Title" line from the body so the page does not show its title twice. */
export function stripLeadingH1(body: string): { body: string; removedLines: number } {
  const m = /^(\s*\n)*#\s+.+\n?/.exec(body);
  if (!m) return { body, removedLines: 0 };
  return { body: body.slice(m[0].length), removedLines: m[0].split('\n').length - 1 };
}

/**
 * A page's title and body: the front matter title, else the body's first "# " heading (removed
 * from the body so the page does not show it twice), else the fallback.
 */
export function titleAndBody(src: MarkdownSource, fallback: string): { title: string; body: string; bodyLine: number; bodyStart: number } {
  const { body, bodyLine, bodyStart } = src;
  if (src.frontMatter.title) return { title: src.frontMatter.title, body, bodyLine, bodyStart };
  const h1 = firstHeading(body);
  if (!h1) return { title: fallback, body, bodyLine, bodyStart };
  const stripped = stripLeadingH1(body);
  return { title: h1, body: stripped.body, bodyLine: bodyLine + stripped.removedLines, bodyStart: bodyStart + body.length - stripped.body.length };
}
