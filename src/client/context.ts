import { createContext, useContext } from 'react';
import type { ClientSiteData, PageData } from '../types.ts';
import type { NavigateOptions } from './router.ts';

export interface RouterValue {
  /** Client-side navigation; `options.section` opens the new page at the reader's section (see router.ts). */
  navigate(href: string, options?: NavigateOptions): void;
  retry(): void;
  status: 'idle' | 'loading' | 'error';
  error?: string;
  site: ClientSiteData;
  page: PageData;
}

export const RouterContext = createContext<RouterValue | null>(null);

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter must be used inside the docsgen Root');
  return value;
}
