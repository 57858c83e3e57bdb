// Runs a query against the site's provider and tracks its status the way DocSearch does: 'loading'
// while a request runs, 'stalled' once it took longer than 300 ms, 'error' when the provider was
// unreachable. The last settled outcome stays on screen while the next query loads, so results do
// not flash between keystrokes; a superseded query is aborted and its answer dropped.
import { useEffect, useState } from 'react';
import { useRouter } from 'docsgen/client';
import { getProvider, SearchUnreachableError, type SearchResponse } from './provider.ts';

export const STALL_MS = 300;
export const MAX_QUERY_LENGTH = 64;
export const HITS_PER_PAGE = 20;

export type SearchStatus = 'idle' | 'loading' | 'stalled' | 'error';

export interface Outcome {
  query: string;
  response?: SearchResponse;
  /** Set when the provider failed: 'unreachable' (all hosts / the index) or another error. */
  error?: 'unreachable' | 'failed';
}

export function useSearchResults(query: string, options: { hitsPerPage: number; snippetWords: number; page?: number }) {
  const { site, page: current } = useRouter();
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const q = query.trim();
  const { hitsPerPage, snippetWords, page = 0 } = options;

  useEffect(() => {
    if (!q) {
      setStatus('idle');
      setOutcome(null);
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    const stall = setTimeout(() => setStatus((s) => (s === 'loading' ? 'stalled' : s)), STALL_MS);
    // The search starts in a task of its own: keystrokes already waiting (someone typing fast) are
    // handled first, and a query they replace is dropped before it is searched and its results
    // drawn, work that would only delay the results of what is typed last.
    const start = setTimeout(() => {
      getProvider(site)
        .then((provider) =>
          provider.search({
            query: q,
            locale: current.locale,
            version: current.version?.name ?? site.lastVersion ?? site.versionLabel,
            hitsPerPage,
            snippetWords,
            page,
            signal: controller.signal,
          }),
        )
        .then(
          (response) => {
            if (controller.signal.aborted) return;
            setOutcome({ query: q, response });
            setStatus('idle');
          },
          (err: Error) => {
            if (controller.signal.aborted || err?.name === 'AbortError') return;
            const unreachable = err instanceof SearchUnreachableError || err?.name === 'SearchUnreachableError';
            if (!unreachable) console.error(err);
            setOutcome({ query: q, error: unreachable ? 'unreachable' : 'failed' });
            setStatus('error');
          },
        )
        .finally(() => clearTimeout(stall));
    });
    return () => {
      controller.abort();
      clearTimeout(stall);
      clearTimeout(start);
    };
  }, [q, page, hitsPerPage, snippetWords, current.locale, current.version?.name, site]);

  return { status, outcome };
}

/** True while the media query matches (false on the server). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    setMatches(mql.matches);
    const onChange = () => setMatches(mql.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
