// @docusaurus/BrowserOnly: renders its children (a function) only in the browser; the fallback on
// the server and until the page is hydrated.
import type { ReactNode } from 'react';
import useIsBrowser from './useIsBrowser.ts';

export interface BrowserOnlyProps {
  children: () => ReactNode;
  fallback?: ReactNode;
}

export default function BrowserOnly({ children, fallback }: BrowserOnlyProps) {
  const isBrowser = useIsBrowser();
  if (!isBrowser) return <>{fallback ?? null}</>;
  if (typeof children !== 'function') throw new Error('@docusaurus/BrowserOnly: its child must be a function (() => <Component />)');
  return <>{children()}</>;
}
