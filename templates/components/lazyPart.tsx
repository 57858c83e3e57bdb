// Parts of the chrome that render nothing until the visitor opens them (the drawer, the search
// modal): their code stays out of the first visit and loads on the first sign of intent (hover,
// focus, touch of their button) or on opening. A chunk that fails to load (offline, or gone after
// a new deployment) leaves the part closed instead of breaking the page, and is tried again the
// next time.

/** Code loaded on demand; render `current` once `load()` has resolved (it then never suspends). */
export interface Part<C> {
  load(): Promise<C>;
  readonly current: C | undefined;
}

export function part<C>(load: () => Promise<C>): Part<C> {
  let current: C | undefined;
  let pending: Promise<C> | undefined;
  return {
    load() {
      pending ??= load().then(
        (value) => (current = value),
        (err) => {
          pending = undefined;
          throw err;
        },
      );
      return pending;
    },
    get current() {
      return current;
    },
  };
}
