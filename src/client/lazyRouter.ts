// The client-side router (router.ts) is not part of the first visit: its chunk loads on the first
// intent to follow an internal link (hover, focus, touch), which also prefetches that page, or on
// a click, navigate() or history navigation before that. On 2g or data-saver connections an intent
// loads nothing (canPrefetch): the chunk waits for the click. Until then the listeners here take the
// events: a click waits for the router, and if its chunk cannot load the browser follows the link
// with a full page load instead.
import type { Dispatch, SetStateAction } from 'react';
import type { ClientSiteData } from '../types.ts';
import { DEV_CHANGED_EVENT } from '../shared/page.ts';
import { canPrefetch, clickedLink, internalLink } from './links.ts';
import type { NavigateOptions, NavigationState, Router, ScrollTarget } from './router.ts';
import { trackInputModality } from './quietFocus.ts';

export function createLazyRouter(site: ClientSiteData, setState: Dispatch<SetStateAction<NavigationState>>) {
  let router: Router | undefined;
  let pending: Promise<Router> | undefined;
  const load = () =>
    (pending ??= import('./router.ts').then(
      (m) => (router = m.createRouter(site, setState)),
      (err) => {
        pending = undefined;
        throw err;
      },
    ));

  function navigate(href: string, options?: NavigateOptions) {
    if (router) return void router.navigate(href, options);
    load().then(
      (r) => r.navigate(href, options),
      () => location.assign(href),
    );
  }

  function onClick(event: MouseEvent) {
    const url = clickedLink(site, event);
    if (!url) return;
    event.preventDefault();
    navigate(url.href);
  }

  function onIntent(event: Event) {
    if (router) return router.onIntent(event);
    if (internalLink(site, event) && canPrefetch())
      load().then(
        (r) => r.onIntent(event),
        () => {},
      );
  }

  // Only the router's own history entries (or a changed #hash) lead here.
  const onPopState = () =>
    load().then(
      (r) => r.onPopState(),
      () => {},
    );
  const onSiteChanged = () => router?.clearCache();

  return {
    navigate,
    retry: () => router?.retry(),
    /** After the router rendered another page (so it is loaded): scroll and focus. */
    afterRender: (scroll: ScrollTarget | undefined) => router?.afterRender(scroll),
    start() {
      history.scrollRestoration = 'manual';
      const stopTracking = trackInputModality();
      document.addEventListener('click', onClick);
      document.addEventListener('mouseover', onIntent, { passive: true });
      document.addEventListener('focusin', onIntent);
      document.addEventListener('touchstart', onIntent, { passive: true });
      window.addEventListener('popstate', onPopState);
      window.addEventListener(DEV_CHANGED_EVENT, onSiteChanged);
      return () => {
        stopTracking();
        document.removeEventListener('click', onClick);
        document.removeEventListener('mouseover', onIntent);
        document.removeEventListener('focusin', onIntent);
        document.removeEventListener('touchstart', onIntent);
        window.removeEventListener('popstate', onPopState);
        window.removeEventListener(DEV_CHANGED_EVENT, onSiteChanged);
      };
    },
  };
}
