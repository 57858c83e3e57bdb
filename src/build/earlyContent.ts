// The docs' content made while the API thread loads the reference (see collectRoutes'
// whileApiLoads): the main thread would otherwise wait for it, and a doc's content needs nothing
// of the API. The renderer takes each page's content from here; the assets and problems found
// meanwhile join the renderer's once it exists.
import type { PageContent, Route, SiteConfig } from '../types.ts';
import { ProblemList } from '../errors.ts';
import type { ContentGraph } from '../content/collectRoutes.ts';
import { AssetRegistry } from '../transform/assets.ts';
import { buildPageContent } from '../transform/pageContent.ts';

export class EarlyContent {
  private readonly contents = new Map<string, PageContent>();
  private readonly assets: AssetRegistry;
  private readonly problems = new ProblemList();

  constructor(config: SiteConfig) {
    this.assets = new AssetRegistry(config.basePath);
  }

  render(docs: ContentGraph): void {
    const ctx = { graph: docs, assets: this.assets, problems: this.problems };
    // The first route at a path is the one the graph keeps.
    for (const route of docs.routes) if (route.body !== undefined && !this.contents.has(route.path)) this.contents.set(route.path, buildPageContent(route, ctx));
  }

  /** A page's content made early, once (undefined: made the usual way). */
  take(route: Route): PageContent | undefined {
    const content = this.contents.get(route.path);
    this.contents.delete(route.path);
    return content;
  }

  /** The assets those pages use join the renderer's. */
  handOverAssets(assets: AssetRegistry): void {
    for (const [file] of this.assets.entries()) assets.add(file);
  }

  /** The problems found in those pages join the render's, as when they are made while rendering. */
  handOverProblems(problems: ProblemList): void {
    for (const p of this.problems.items) problems.add(p);
  }
}
