// What docsgen's remark and rehype plugins read and record while one .mdx file compiles; it rides
// on the file (vfile.data), so one processor serves every file.
import type { VFile } from 'vfile';
import type { ContentBlock, TocItem } from '../types.ts';
import type { Strings } from '../shared/i18n/index.ts';

export interface MdxWarning {
  code: string;
  message: string;
  line: number;
  hint?: string;
}

export interface MdxFileState {
  /** The text compiled (see source.ts): positions index it. */
  text: string;
  /** The front matter gives the title: a leading "# " heading stays. */
  hasTitle: boolean;
  /** The strings of the file's locale (anchor labels, admonition titles, the copy button). */
  strings: Strings;
  /** Every Markdown heading, in order, with the id it was given. */
  headings: TocItem[];
  /** Every id in the page that a link may target. */
  anchors: string[];
  /** Link and image targets as the page's elements hold them, with their file line. */
  links: { url: string; line: number; image: boolean }[];
  blocks: ContentBlock[];
  /** Components the theme provides to every page without an import; undefined: unknown (the site provides its own). */
  provided?: readonly string[];
  /** The page uses code that must run in the browser: it is hydrated. */
  hydrate: boolean;
  warnings: MdxWarning[];
  /** Features the page needs in the browser or its stylesheet (a Mermaid diagram). */
  features: Set<string>;
}

export function stateOf(file: VFile): MdxFileState {
  return (file.data as { docsgen: MdxFileState }).docsgen;
}
