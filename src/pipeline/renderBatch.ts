// Renders a batch of routes and writes their files. The build's main thread and its render
// workers run the same function; it returns what the build needs afterwards (links to check,
// anchors, what search records are made from, feed entries, llms.txt's lines, the pages' Markdown
// copies) as plain data.
import type { LinkRef, Route } from '../types.ts';
import { ProblemList, tooLarge, type SiteProblem } from '../errors.ts';
import type { SiteGraph } from '../content/collectRoutes.ts';
import type { SiteRenderer } from '../render/siteRenderer.ts';
import { lvl0Of, searchable, searchPage, type SearchPage } from '../search/records.ts';
import { routeToFile } from '../shared/paths.ts';
import type { PageSink } from '../output/outputDir.ts';
import { redirectHtml } from '../output/siteFiles.ts';
import { listedLine, pageMarkdownFile } from '../output/llms.ts';
import { searchVersion, withBody } from '../content/routeQueries.ts';

/** HTML past this size is written, with a warning naming the page's source (see MARKDOWN_SIZE_LIMIT). */
const HTML_SIZE_LIMIT = 10 * 1024 * 1024;

export interface BatchResult {
  pages: number;
  links: LinkRef[];
  anchors: [string, string[]][];
  /** What the search records of the batch's pages are made from (see SearchPage). */
  search: SearchPage[];
  feed: { path: string; html: string }[];
  /** Each page's one line in llms.txt (see listedLine), made while its Markdown is at hand. */
  llmsLines: [string, string][];
  /**
   * The pages' Markdown copies ([file, text]), written by the main thread: a render worker's
   * time goes to the pages, and the main thread, which makes the search index, has time to spare.
   */
  markdownCopies: [string, string][];
  assets: [string, string][];
  problems: SiteProblem[];
  /** React pages that threw for want of what the config's missing packages give: not written. */
  leftOut: string[];
}

export async function renderBatch(renderer: SiteRenderer, graph: SiteGraph, routes: Route[], out: PageSink): Promise<BatchResult> {
  const problems = new ProblemList();
  const result: BatchResult = {
    pages: 0,
    links: [],
    anchors: [],
    search: [],
    feed: [],
    llmsLines: [],
    markdownCopies: [],
    assets: [],
    problems: [],
    leftOut: [],
  };
  for (const listed of routes) {
    // The page's Markdown is read once, for its HTML and its .md copy, and let go with the batch.
    const route = withBody(listed);
    if (route.kind === 'redirect') {
      out.write(route.data?.file ? route.path.slice(1) : routeToFile(route.path), redirectHtml(graph.config, String(route.data?.to)));
      continue;
    }
    let rendered;
    try {
      rendered = await renderer.renderRoute(route, problems);
    } catch (err) {
      // A page whose component throws is reported at its line, and the other pages still render:
      // every failing page is listed at once.
      const problem = renderer.pageFailed(err, route);
      if (!problem) throw err;
      const missing = graph.config.missingPackages ?? [];
      if (route.kind === 'react-page' && missing.length) {
        // The config's values from packages that are not installed are empty: the page is left
        // out, and the rest of the site builds.
        problems.add({
          ...problem,
          severity: 'warning',
          message: `This React page is left out: ${problem.message}`,
          hint: `The config could not evaluate what ${missing.map((m) => `"${m}"`).join(', ')} give${missing.length === 1 ? 's' : ''}, which are not installed; install the site's dependencies to build it.`,
        });
        result.leftOut.push(route.path);
        continue;
      }
      problems.add(problem);
      continue;
    }
    const file = route.kind === 'not-found' ? route.path.slice(1) + '.html' : routeToFile(route.path);
    // The HTML is also what client-side navigation fetches (src/client/router.ts): one file per page.
    out.write(file, rendered.html);
    const bytes = rendered.html.length * 3 > HTML_SIZE_LIMIT ? Buffer.byteLength(rendered.html) : 0;
    if (bytes > HTML_SIZE_LIMIT) problems.add(tooLarge(route.sourceFile, bytes, HTML_SIZE_LIMIT, `page's HTML (${file})`));
    const md = pageMarkdownFile(route, rendered.content, graph);
    if (md) result.markdownCopies.push([md.file, md.text]);
    result.pages++;
    result.links.push(...rendered.content.links);
    result.anchors.push([route.path, rendered.content.anchors]);
    if (searchable(route)) {
      result.search.push(
        searchPage(rendered.page, rendered.content.blocks, {
          lvl0: lvl0Of(route, rendered, graph.config),
          url: route.path,
          version: searchVersion(route, graph.config),
        }),
      );
    }
    const line = listedLine(route);
    if (line !== undefined) result.llmsLines.push([route.path, line]);
    if (route.kind === 'blog-post' && !route.noindex) result.feed.push({ path: route.path, html: rendered.content.html });
  }
  result.assets = renderer.assets.entries();
  result.problems = problems.items;
  return result;
}
