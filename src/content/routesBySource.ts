// A route table's index by source file, which resolving a `.md` link needs: a module of its own,
// so that a render worker, which takes the route table it is sent, loads none of the collecting.
import type { Route, SiteConfig } from '../types.ts';
import { localeTreePaths } from './sourceFiles.ts';

/** Routes by locale and file path inside the locale tree; built when a .md link is first resolved. */
export class RoutesBySource {
  private index?: Map<string, Route>;

  constructor(
    private readonly config: SiteConfig,
    private readonly routes: Route[],
  ) {}

  get(locale: string, rel: string): Route | undefined {
    if (!this.index) {
      this.index = new Map();
      const treePath = localeTreePaths(this.config);
      for (const route of this.routes) {
        if (!route.sourceFile || route.kind === 'redirect') continue;
        const at = treePath(route.sourceFile);
        if (at) this.index.set(`${route.locale}:${at.rel}`, route);
      }
    }
    return this.index.get(`${locale}:${rel}`);
  }
}
