// The front matter keys each kind of page understands (Docusaurus's for docs, blog posts and
// pages, and docsgen's own), and the warning for any other key: a typo gets a "did you mean",
// a key of another kind or one docsgen does not support says so. Nothing is dropped silently.
import type { SiteProblem } from '../errors.ts';
import { closest } from '../shared/closest.ts';

export type FrontMatterKind = 'doc' | 'blog' | 'page';

const COMMON = [
  'title',
  'description',
  'keywords',
  'image',
  'slug',
  'draft',
  'unlisted',
  'hide_table_of_contents',
  'toc_min_heading_level',
  'toc_max_heading_level',
  'last_update',
  'redirect_from',
];

const KEYS: Record<FrontMatterKind, Set<string>> = {
  doc: new Set([
    ...COMMON,
    'id',
    'tags',
    'sidebar_label',
    'sidebar_position',
    'sidebar_class_name',
    'displayed_sidebar',
    'hide_title',
    'hide_sidebar',
    'pagination_next',
    'pagination_prev',
    'pagination_label',
    'custom_edit_url',
  ]),
  blog: new Set([...COMMON, 'tags', 'date', 'authors', 'author', 'author_title', 'author_url', 'author_image_url', 'custom_edit_url']),
  page: new Set([...COMMON, 'hide_sidebar']),
};

const KIND_NAMES: Record<FrontMatterKind, string> = { doc: 'docs', blog: 'blog posts', page: 'pages' };

/** Docusaurus keys that docsgen reads nowhere: saying so beats ignoring them without a word. */
const UNSUPPORTED: Record<string, string> = {
  sidebar_key: 'sidebar items are told apart by their URL',
  sidebar_custom_props: 'the default theme shows no custom sidebar props',
  parse_number_prefixes: 'number prefixes are always removed from URLs ("01-intro.md" is /intro)',
  title_meta: 'the <title> is the page title and the site title',
  wrapperClassName: 'pages have no wrapper class; use a React page for a page of its own design',
};

/** The kind of page a content file is, from its folder: content/<locale>/(docs|blog|pages)/. */
export function frontMatterKind(file: string): FrontMatterKind | undefined {
  const m = /[\\/]content[\\/][^\\/]+[\\/](docs|blog|pages)[\\/]/.exec(file);
  return m ? (m[1] === 'docs' ? 'doc' : m[1] === 'blog' ? 'blog' : 'page') : undefined;
}

/** A warning for each key `kind` does not understand, at the key's line (`lineOf`). */
export function unknownKeyProblems(keys: string[], kind: FrontMatterKind, file: string, lineOf: (key: string) => number): SiteProblem[] {
  const known = KEYS[kind];
  const problems: SiteProblem[] = [];
  for (const key of keys) {
    if (known.has(key)) continue;
    const at = { code: 'front-matter-unknown', file, line: lineOf(key), severity: 'warning' as const };
    const other = (Object.keys(KEYS) as FrontMatterKind[]).find((k) => KEYS[k].has(key));
    if (UNSUPPORTED[key]) {
      problems.push({ ...at, message: `Front matter key "${key}" is not supported and is ignored`, hint: `docsgen does without it: ${UNSUPPORTED[key]}.` });
    } else if (other) {
      problems.push({ ...at, message: `Front matter key "${key}" is for ${KIND_NAMES[other]} and is ignored in ${KIND_NAMES[kind]}` });
    } else {
      const near = closest(key, known);
      problems.push({
        ...at,
        message: near ? `Unknown front matter key "${key}": did you mean "${near}"?` : `Unknown front matter key "${key}"`,
        hint: near ? undefined : `Front matter of ${KIND_NAMES[kind]} takes: ${[...known].join(', ')}.`,
      });
    }
  }
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
