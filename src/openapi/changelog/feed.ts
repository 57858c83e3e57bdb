// The changelog as an Atom feed per locale (routeBase/changelog/atom.xml): one entry per release,
// its content the release's changes as on the page, with absolute links.
import type { PageContent } from '../../types.ts';
import { escapeHtml } from '../render/context.ts';
import { releaseAnchor } from './page.ts';
import type { ReleaseStep } from './history.ts';

export interface FeedContext {
  /** The changelog page's absolute URL in this locale. */
  pageUrl: string;
  /** The site's origin, for the links in the page's HTML. */
  siteUrl: string;
  title: string;
  locale: string;
  releaseTitle(version: string): string;
}

export function changelogAtom(page: PageContent, steps: ReleaseStep[], feed: FeedContext): string {
  const sections = splitSections(page.html);
  const absolute = (html: string) => html.replace(/ href="\//g, ` href="${feed.siteUrl}/`);
  const updated = (step: ReleaseStep) => `${step.release.date ?? '1970-01-01'}T00:00:00Z`;
  const entries = steps.map((step) => {
    const id = `${feed.pageUrl}#${releaseAnchor(step.release.version)}`;
    const html = absolute(sections.get(releaseAnchor(step.release.version)) ?? '');
    return `<entry><title>${escapeHtml(feed.releaseTitle(step.release.version))}</title><id>${escapeHtml(id)}</id><link href="${escapeHtml(id)}"/><updated>${updated(step)}</updated><content type="html">${escapeHtml(html)}</content></entry>`;
  });
  const newest = steps.length ? updated(steps[0]) : '1970-01-01T00:00:00Z';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeHtml(feed.locale)}"><title>${escapeHtml(feed.title)}</title><id>${escapeHtml(feed.pageUrl)}</id><link href="${escapeHtml(feed.pageUrl)}"/><link rel="self" href="${escapeHtml(feed.pageUrl)}/atom.xml"/><updated>${newest}</updated>${entries.join('')}</feed>\n`;
}

/** The page's HTML by release: from each release's h2 to the next. */
function splitSections(html: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = html.split(/(?=<h2 id=")/);
  for (const part of parts) {
    const id = /^<h2 id="([^"]+)"/.exec(part)?.[1];
    if (id) out.set(id, part.replace(/^<h2[^]*?<\/h2>\n?/, ''));
  }
  return out;
}
