// The root of every page, on the server and in the browser: the theme's App around the page's
// layout, an error boundary, the route progress bar and the screen-reader announcer. In the
// browser it also owns client-side navigation (see lazyRouter.ts and router.ts).
import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ClientSiteData, PageData } from '../types.ts';
import { App } from 'docsgen:theme';
import { getStrings } from 'docsgen/strings';
import { documentTitle, PROGRESS_DELAY_MS } from '../shared/page.ts';
import { RouterContext, type RouterValue } from './context.ts';
import type { PageModules } from './pageModules.ts';
import type { NavigationState } from './router.ts';
import { createLazyRouter } from './lazyRouter.ts';
import { drawContent } from './contentAssets.ts';

export interface RootProps {
  site: ClientSiteData;
  initial: { page: PageData } & PageModules;
}

export function Root({ site, initial }: RootProps) {
  const [state, setState] = useState<NavigationState>({ ...initial, status: 'idle' });
  const [showProgress, setShowProgress] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const firstRender = useRef(true);
  const router = useMemo(() => createLazyRouter(site, setState), [site]);
  const { page, Layout, PageComponent, status } = state;

  useEffect(() => {
    // The page hydrated, so its chunks loaded: a later chunk failure may reload once again.
    try {
      sessionStorage.removeItem('docsgen.chunk-reload');
    } catch {}
    // A marker for tests and scripts: the page is interactive from here on.
    document.documentElement.setAttribute('data-hydrated', '');
    document.documentElement.setAttribute('data-route', page.path);
    return router.start();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the router starts once; it follows later pages itself
  }, [router]);

  // The body's diagrams, once it is on screen (the first page and each one navigated to).
  useEffect(() => drawContent(page), [page]);

  useEffect(() => {
    if (status !== 'loading') return setShowProgress(false);
    const timer = setTimeout(() => setShowProgress(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  // After a client-side navigation: title, language, scroll, focus and announcement.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const title = documentTitle(page, site);
    document.title = title;
    document.documentElement.lang = site.locales.find((l) => l.code === page.locale)?.htmlLang ?? page.locale;
    router.afterRender(state.scroll);
    setAnnouncement(title);
    // For tests and scripts: the route whose page is now on screen.
    document.documentElement.setAttribute('data-route', page.path);
  }, [page]); // eslint-disable-line react-hooks/exhaustive-deps

  const value: RouterValue = useMemo(
    () => ({ navigate: router.navigate, retry: router.retry, status, error: state.error, site, page }),
    [router, status, state.error, site, page],
  );
  const strings = getStrings(page.locale);
  return (
    <RouterContext.Provider value={value}>
      <div className="route-progress" role="progressbar" aria-label={strings.loading} aria-hidden={!showProgress} data-active={showProgress || undefined} />
      <App page={page} site={site}>
        <PageErrorBoundary resetKey={page.path} strings={strings}>
          <Layout page={page} site={site} PageComponent={PageComponent} />
        </PageErrorBoundary>
      </App>
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </RouterContext.Provider>
  );
}

interface BoundaryProps {
  children: ReactNode;
  strings: ReturnType<typeof getStrings>;
  /** Navigating to another page clears the error (the layout itself stays mounted). */
  resetKey: string;
}

/** 'This page crashed' with a 'Try again' button that renders the page again. */
class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null; attempt: number }> {
  state = { error: null as Error | null, attempt: 0 };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error(error);
  }
  componentDidUpdate(prev: BoundaryProps) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  render() {
    const { error, attempt } = this.state;
    if (error) {
      return (
        <main id="main" className="page-error" tabIndex={-1}>
          <h1>{this.props.strings.pageCrashed}</h1>
          <p className="page-error-message">{error.message}</p>
          <button type="button" className="button" onClick={() => this.setState({ error: null, attempt: attempt + 1 })}>
            {this.props.strings.tryAgain}
          </button>
        </main>
      );
    }
    return <Fragmentish key={attempt}>{this.props.children}</Fragmentish>;
  }
}

function Fragmentish({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
