// @theme/Layout: on Docusaurus a page wraps itself in the site's layout; docsgen already renders
// every page inside its layout (navbar, footer), so this one only renders the page's content, in
// the skip link's target (#main, which a docsgen React page puts on its own <main>). Its title
// and description name the page's document (its <title>, description and social tags).
import type { ReactNode } from 'react';
import { pageHead } from 'docsgen/client';

export interface LayoutProps {
  children?: ReactNode;
  title?: string;
  description?: string;
  wrapperClassName?: string;
  noFooter?: boolean;
}

export default function Layout({ children, title, description, wrapperClassName }: LayoutProps) {
  pageHead.current?.give({ title, description });
  return (
    <div id="main" className={wrapperClassName} tabIndex={-1}>
      {children}
    </div>
  );
}
