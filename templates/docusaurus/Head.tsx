// @docusaurus/Head: docsgen writes a page's <head> from its front matter (title, description,
// image, keywords), so tags given here are not added; the build says so once instead of dropping
// them unnoticed.
import type { ReactNode } from 'react';

let warned = false;

export default function Head(_props: { children?: ReactNode }) {
  if (!warned && typeof window === 'undefined') {
    warned = true;
    console.warn('docsgen: <Head> from @docusaurus/Head is not supported: its tags are left out; set title, description and image in the front matter.');
  }
  return null;
}
