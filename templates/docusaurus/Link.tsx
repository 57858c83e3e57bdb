// @docusaurus/Link: an <a> whose site paths get the base path (docsgen's client runtime turns clicks
// on site links into client-side navigation); external links open in a new tab, as Docusaurus does.
import type { AnchorHTMLAttributes } from 'react';
import { useRouter } from 'docsgen/client';
import { addBaseUrl } from './useBaseUrl.ts';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
  autoAddBaseUrl?: boolean;
  isNavLink?: boolean;
  activeClassName?: string;
}

export default function Link({ to, href, autoAddBaseUrl = true, isNavLink: _nav, activeClassName: _active, ...props }: LinkProps) {
  const { site } = useRouter();
  const target = to ?? href ?? '';
  const url = autoAddBaseUrl ? addBaseUrl(site.basePath, target) : target;
  const newTab = /^(https?:)?\/\//i.test(target) && props.target === undefined;
  return <a href={url} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...props} />;
}
