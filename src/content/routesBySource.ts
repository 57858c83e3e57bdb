// A route table's index by source file, which resolving a `.md` link needs: a module of its own,
// so that a render worker, which takes the route table it is sent, loads none of the collecting.
import type { Route, SiteConfig } from '../types.ts';
import { isUnder } from '../shared/safePath.ts';
import { contentRoots, localeTreePaths } from './sourceFiles.ts';

/**
 * Routes by locale and file path inside the locale tree; built when a .md link is first resolved.
 * It keeps the config's content folders too, which every link to a file is checked against.
 */
export class RoutesBySource {
  private index?: Map<string, Route>;
  private treePath?: ReturnType<typeof localeTreePaths>;
  private roots?: string[];

  constructor(
    private readonly config: SiteConfig,
    private readonly routes: Route[],
  ) {}

  get(locale: string, rel: string): Route | undefined {
    if (!this.index) {
      this.index = new Map();
      const treePath = this.tree();
      for (const route of this.routes) {
        if (!route.sourceFile || route.kind === 'redirect') continue;
        const at = treePath(route.sourceFile);
        if (at) this.index.set(`${route.locale}:${at.rel}`, route);
      }
    }
    return this.index.get(`${locale}:${rel}`);
  }

  /** The route of the Markdown file at `file`, an absolute path that a page of `locale` links to. */
  ofFile(locale: string, file: string): Route | undefined {
    const rel = this.tree()(file)?.rel;
    return rel === undefined ? undefined : this.get(locale, rel);
  }

  /** Which of the site folder and the content folders outside it (contentRoots) holds `file`. */
  rootOf(file: string): string | undefined {
    return (this.roots ??= contentRoots(this.config)).find((r) => isUnder(r, file));
  }

  private tree(): ReturnType<typeof localeTreePaths> {
    return (this.treePath ??= localeTreePaths(this.config));
  }
}
