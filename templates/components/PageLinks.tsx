// Numbered links between the pages of a long static list (a tag's docs, a category's cards): the
// first and last page, and two on each side of the current one.
import type { ListPage } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { useHref } from '../hooks.ts';

export function PageLinks({ base, page, pages, locale }: ListPage & { locale: string }) {
  const href = useHref();
  const strings = getStrings(locale);
  if (pages <= 1) return null;
  const url = (n: number) => href(n === 1 ? base : `${base}/page/${n}`);
  const shown = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  return (
    <nav className="page-numbers" aria-label={strings.listPages}>
      <ul>
        {page > 1 && (
          <li>
            <a href={url(page - 1)} rel="prev">
              {strings.previous}
            </a>
          </li>
        )}
        {shown.map((n, i) => (
          <li key={n}>
            {i > 0 && shown[i - 1] !== n - 1 && <span aria-hidden="true">… </span>}
            <a href={url(n)} aria-current={n === page ? 'page' : undefined} aria-label={strings.pageNumber(n)}>
              {n}
            </a>
          </li>
        ))}
        {page < pages && (
          <li>
            <a href={url(page + 1)} rel="next">
              {strings.next}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
