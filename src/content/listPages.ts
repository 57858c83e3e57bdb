// Long generated lists (a tag's docs, a category's cards) are cut into pages, so that a page's
// size does not grow with the site: /docs/tags/setup, /docs/tags/setup/page/2, ...
import type { ListPage, Route } from '../types.ts';
import { getStrings } from '../shared/i18n/index.ts';

/** Items per page of a generated list. */
const LIST_PAGE_SIZE = 50;

/** The first page's route, with data.list set when the list has more than one page, and a route per further page. */
export function listPages(first: Route, count: number): Route[] {
  const pages = Math.ceil(count / LIST_PAGE_SIZE);
  if (pages <= 1) return [first];
  const strings = getStrings(first.locale);
  const routes: Route[] = [];
  for (let page = 1; page <= pages; page++) {
    const list: ListPage = { base: first.path, page, pages };
    routes.push(
      page === 1
        ? Object.assign(first, { data: { ...first.data, list } })
        : {
            ...first,
            path: `${first.path}/page/${page}`,
            key: `${first.key}:page:${page}`,
            title: `${first.title} (${strings.pageOf(page, pages)})`,
            data: { ...first.data, list },
          },
    );
  }
  return routes;
}

/** The items of `all` a route of a list shows (all of them when it is not a paged list). */
export function itemsOnPage<T>(route: Route, all: T[]): T[] {
  const list = route.data?.list as ListPage | undefined;
  return list ? all.slice((list.page - 1) * LIST_PAGE_SIZE, list.page * LIST_PAGE_SIZE) : all;
}
