// @docusaurus/router: the router hooks Docusaurus components use, over docsgen's router.
import { useMemo } from 'react';
import { useRouter } from 'docsgen/client';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state?: unknown;
}

/** The page's location: the browser's, or the route's path while the build renders it. */
export function useLocation(): Location {
  const { page } = useRouter();
  return useMemo(() => {
    if (typeof window === 'undefined') return { pathname: page.path, search: '', hash: '' };
    return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
  }, [page.path]);
}

export function useHistory() {
  const router = useRouter();
  const location = useLocation();
  return useMemo(
    () => ({
      location,
      push: (to: string) => router.navigate(to),
      replace: (to: string) => router.navigate(to),
      goBack: () => window.history.back(),
      go: (n: number) => window.history.go(n),
    }),
    [router, location],
  );
}
