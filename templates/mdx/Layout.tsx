// @theme/Layout: on Docusaurus a page wraps itself in the site's layout; docsgen already renders
// every page inside its layout (navbar, footer), so this one only renders the page's content.
// The title and description come from the page's own data.
import type { ReactNode } from 'react';

export interface LayoutProps {
  children?: ReactNode;
  title?: string;
  description?: string;
  wrapperClassName?: string;
  noFooter?: boolean;
}

export default function Layout({ children, wrapperClassName }: LayoutProps) {
  return wrapperClassName ? <div className={wrapperClassName}>{children}</div> : <>{children}</>;
}
