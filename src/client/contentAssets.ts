// What a page's content needs besides the theme (PageData.contentAssets): its stylesheets are
// linked before the page is shown (the server's HTML links them on a first visit), and its
// diagrams are drawn once it is on screen, by a chunk of its own that only such a page loads.
import type { PageData } from '../types.ts';

export function loadContentStyles(page: PageData): Promise<void> {
  return Promise.all((page.contentAssets?.styles ?? []).map(linkStylesheet)).then(() => undefined);
}

function linkStylesheet(href: string): Promise<void> {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) if (link.getAttribute('href') === href) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

export function drawContent(page: PageData): void {
  const mermaid = page.contentAssets?.mermaid;
  if (mermaid) void import('./diagrams.ts').then((m) => m.drawDiagrams(mermaid));
}
