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
  /** The site's folder (`@site/`; packages installed there count). */
  siteRoot: string;
  /** The file is imported by a page (a partial): its leading "# " heading stays. */
  partial: boolean;
  /** What an imported .md/.mdx file (a partial: './_x.md', '@site/...') records; undefined when it is not one or does not compile. */
  compilePartial(specifier: string): PartialRecord | undefined;
  /** The partials the page uses, in order. */
  usedPartials: PartialRecord[];
  /** The strings of the file's locale (anchor labels, admonition titles, the copy button). */
  strings: Strings;
  /** Every Markdown heading, in order, with the id it was given (an imported partial's where it is used). */
  headings: TocItem[];
  /** The headings as Docusaurus's `toc` export has them (value: the heading's HTML), h2 and below. */
  toc: TocEntry[];
  /** Every id in the page that a link may target. */
  anchors: string[];
  /** Link and image targets as the page's elements hold them, with their file line. */
  links: { url: string; line: number; image: boolean }[];
  blocks: ContentBlock[];
  /** Components the theme provides to every page without an import; undefined: unknown (the site provides its own). */
  provided?: readonly string[];
  /** The page uses code that must run in the browser: it is hydrated. */
  hydrate: boolean;
  /** The page shows a <DocCardList />: its page data carries the descriptions of the docs it lists. */
  docCards: boolean;
  warnings: MdxWarning[];
  /** Features the page needs in the browser or its stylesheet (a Mermaid diagram). */
  features: Set<string>;
}

/** An item of the `toc` every compiled page exports, as Docusaurus's: what @theme/TOCInline lists. */
export interface TocEntry {
  value: string;
  id: string;
  level: number;
}

/** What a page takes from a partial it imports and uses. */
export interface PartialRecord {
  /** The compiled file. */
  file: string;
  headings: TocItem[];
  toc: TocEntry[];
  anchors: string[];
  /**
   * Link and image targets. A partial's relative ones, taken by a page in another folder, are
   * rewritten from the page's folder (`url`), the element keeping the target as written (`written`).
   */
  links: { url: string; line: number; image: boolean; written?: string }[];
  blocks: ContentBlock[];
  hydrate: boolean;
  docCards: boolean;
  features: string[];
}

export function stateOf(file: VFile): MdxFileState {
  return (file.data as { docsgen: MdxFileState }).docsgen;
}
