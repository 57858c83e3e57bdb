// Chrome that thousands of pages render alike (the footer, the navbar's links) is rendered to
// HTML once per build on the server and reused (see SharedParts in src/client/api.ts). In the
// browser, and on the server's first page of each kind, the children render as usual; the HTML
// React would make of them is the same, so hydration finds what it expects.
import type { ReactNode } from 'react';
import { sharedParts } from 'docsgen/client';

/**
 * Props for an element's content: the HTML `owner` and `name` stand for, once a page has rendered
 * `children`; the children themselves until then. `owner` is the data the children are made
 * from (read-only, shared by the pages), `name` what else they depend on (the locale, say).
 */
export function sharedContent(owner: object, name: string, children: ReactNode): { children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } } {
  const parts = sharedParts.current;
  if (!parts) return { children };
  const html = parts.get(owner, name);
  if (html !== undefined) return { dangerouslySetInnerHTML: { __html: html } };
  parts.request(owner, name, <>{children}</>);
  return { children };
}
