// The parts an API page was joined from: its HTML, and its Markdown copy written beside it. Shared
// fragments (schema trees, which SchemaTree renders once and reuses) are the same objects on every
// page that shows them, so the page cache keeps each of them once.
import type { PageContent } from '../../types.ts';
import { mdBlocks } from './markdownText.ts';

/** A fragment many pages show (a schema tree), as HTML and as Markdown. */
export interface SharedFragment {
  readonly html: string;
  readonly md: string;
}

/** A piece of a page: HTML (or Markdown) text, or a shared fragment. */
export type PagePart = string | SharedFragment;

export interface PageParts {
  html: readonly PagePart[];
  /** Markdown blocks, joined with blank lines. */
  md: readonly PagePart[];
}

/** Keyed by a page's content object: the parts go with it. */
const pageParts = new WeakMap<PageContent, PageParts>();

export function setPageParts(content: PageContent, parts: PageParts): void {
  pageParts.set(content, parts);
}

/** The parts of an API page's content, or undefined for any other content. */
export function pagePartsOf(content: PageContent): PageParts | undefined {
  return pageParts.get(content);
}

/** The Markdown of an API page's body (no title), or undefined for any other content. */
export function apiPageMarkdown(content: PageContent): string | undefined {
  const parts = pageParts.get(content);
  return parts && mdBlocks(parts.md.map((p) => (typeof p === 'string' ? p : p.md)));
}
