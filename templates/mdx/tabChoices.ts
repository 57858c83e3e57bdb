// The tab chosen in each Tabs group (groupId): kept in localStorage, so every Tabs of the group,
// on this page, on the next one and in the browser's other windows, shows the same tab.
const PREFIX = 'docsgen.tab.';
const listeners = new Map<string, Set<(value: string) => void>>();
let listening = false;

export function storedChoice(group: string): string | null {
  try {
    return localStorage.getItem(PREFIX + group);
  } catch {
    return null;
  }
}

export function choose(group: string, value: string): void {
  try {
    localStorage.setItem(PREFIX + group, value);
  } catch {
    // Storage refused (private mode): the page's own tabs still follow.
  }
  for (const listener of listeners.get(group) ?? []) listener(value);
}

/** Calls `listener` with each choice made in the group; returns the unsubscribe function. */
export function subscribe(group: string, listener: (value: string) => void): () => void {
  if (!listening) {
    listening = true;
    window.addEventListener('storage', (event) => {
      if (!event.key?.startsWith(PREFIX) || event.newValue === null) return;
      for (const l of listeners.get(event.key.slice(PREFIX.length)) ?? []) l(event.newValue);
    });
  }
  let set = listeners.get(group);
  if (!set) listeners.set(group, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
