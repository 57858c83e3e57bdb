// The parts an API page's HTML was joined from. Shared fragments (schema trees, which SchemaTree
// renders once and reuses) stay the same objects on every page that shows them, so the page's
// Markdown copy (src/build/llms.ts) converts each of them once for the whole build.
import type { PageContent } from '../types.ts';

/** A piece of a page's HTML; an object is a fragment many pages share. */
export type HtmlPart = string | { readonly html: string };

const pageParts = new WeakMap<PageContent, readonly HtmlPart[]>();

export function setHtmlParts(content: PageContent, parts: readonly HtmlPart[]): void {
  pageParts.set(content, parts);
}

/** The parts of an API page's content, or undefined for any other content. */
export function htmlPartsOf(content: PageContent): readonly HtmlPart[] | undefined {
  return pageParts.get(content);
}
