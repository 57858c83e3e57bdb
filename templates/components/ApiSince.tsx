// "Added in 2.0.0" / "Changed in 2.0.0" on an API operation's page, linking the release's entry in
// the API changelog. The words come from the build (page props), in the page's language.
import type { PageData } from 'docsgen/shared/types';
import { useHref } from '../hooks.ts';

interface Since {
  kind: 'added' | 'changed';
  label: string;
  href: string;
}

export function ApiSince({ page }: { page: PageData }) {
  const href = useHref();
  const since = page.kind === 'api-operation' ? (page.props?.since as Since | undefined) : undefined;
  if (!since) return null;
  return (
    <a className={`badge api-since api-since-${since.kind}`} href={href(since.href)}>
      {since.label}
    </a>
  );
}
