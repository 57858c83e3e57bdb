// @docusaurus/Head: docsgen writes a page's <head> itself (from the front matter, or a React
// page's Layout). A <title> given here is the page's whole document title and a
// <meta name="description"> its description, as on Docusaurus; other tags are not added, and the
// build says so once instead of dropping them unnoticed.
import { Children, isValidElement, type ReactNode } from 'react';
import { pageHead } from 'docsgen/client';

let warned = false;

/** The text of a <title>'s children ('Jest', ' · ', 'Delightful JavaScript Testing'). */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : ''))
    .join('')
    .trim();
}

export default function Head({ children }: { children?: ReactNode }) {
  const left: string[] = [];
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const props = child.props as { children?: ReactNode; name?: string; content?: string };
    const title = child.type === 'title' ? textOf(props.children) : '';
    if (title) pageHead.current?.give({ documentTitle: title });
    else if (child.type === 'meta' && props.name === 'description' && props.content) pageHead.current?.give({ description: props.content });
    else left.push(typeof child.type === 'string' ? `<${child.type}>` : 'a component');
  }
  if (left.length && !warned && typeof window === 'undefined') {
    warned = true;
    console.warn(
      `docsgen: <Head> from @docusaurus/Head: ${[...new Set(left)].join(', ')} left out (only <title> and <meta name="description"> are used); set image and keywords in the front matter.`,
    );
  }
  return null;
}
