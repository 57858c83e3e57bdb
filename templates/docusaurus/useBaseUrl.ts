// @docusaurus/useBaseUrl: a site path with the site's base path in front ('/img/a.png' ->
// '/docs-site/img/a.png'); URLs with a scheme and '#anchors' stay as they are.
import { useRouter } from 'docsgen/client';
import { withBase } from 'docsgen/shared/paths';

export interface BaseUrlOptions {
  forcePrependBaseUrl?: boolean;
  absolute?: boolean;
}

export function addBaseUrl(basePath: string, url: string, options: BaseUrlOptions = {}): string {
  if (!url || url.startsWith('#') || /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url)) return url;
  if (options.forcePrependBaseUrl) return withBase(basePath, url.startsWith('/') ? url : `/${url}`);
  const base = basePath.replace(/\/?$/, '/');
  if (url.startsWith(base)) return url;
  return url.startsWith('/') ? withBase(basePath, url) : url;
}

export default function useBaseUrl(url: string, options?: BaseUrlOptions): string {
  return addBaseUrl(useRouter().site.basePath, url, options);
}

/** The function form, for code that makes several URLs. */
export function useBaseUrlUtils(): { withBaseUrl(url: string, options?: BaseUrlOptions): string } {
  const { basePath } = useRouter().site;
  return { withBaseUrl: (url, options) => addBaseUrl(basePath, url, options) };
}
