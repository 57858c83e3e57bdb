// The Node-side Algolia client `docsgen index` writes with. Same timeouts and host list as the
// browser's search client (templates/search/algoliaProvider.ts); the admin key only ever comes
// from the environment variable named in the config, never from a file.
import { algoliasearch, type Algoliasearch } from 'algoliasearch';
import type { SiteConfig } from '../types.ts';
import { SiteError } from '../errors.ts';

export type AlgoliaClient = Algoliasearch;

/** The specification's timeouts (ms): connect 1 s, read 2 s, write 30 s. */
export const ALGOLIA_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;

export interface AlgoliaHost {
  url: string;
  port?: number;
  protocol: 'http' | 'https';
  accept: 'readWrite';
}

/** 'https://x.algolia.net', 'http://127.0.0.1:8080' or a bare host name (https). */
export function parseHost(spec: string): AlgoliaHost {
  const url = new URL(/^https?:\/\//.test(spec) ? spec : `https://${spec}`);
  return { url: url.hostname, port: url.port ? Number(url.port) : undefined, protocol: url.protocol === 'http:' ? 'http' : 'https', accept: 'readWrite' };
}

export type AlgoliaConfig = NonNullable<SiteConfig['search']['algolia']>;

/** The algolia block of the config, or an author-facing error saying what to add. */
export function requireAlgoliaConfig(config: SiteConfig): AlgoliaConfig {
  const algolia = config.search.algolia;
  if (!algolia) {
    throw new SiteError({
      code: 'index-no-algolia',
      message: 'docsgen index needs a hosted search index, and the config names none',
      file: config.configFile,
      hint: "add search: { algolia: { appId: '...', searchApiKey: '<search-only key>', indexName: 'docs' } } to site.config.ts",
    });
  }
  return algolia;
}

/** The admin key from the environment, or undefined. */
export function adminKeyFromEnv(config: SiteConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[config.search.adminKeyEnv];
  return value && value.trim() ? value.trim() : undefined;
}

/** How long a failed host is skipped (and a timed-out one tried last), as in the client. */
export const HOST_HOLD_MS = 2 * 60 * 1000;

type HostsCache = NonNullable<NonNullable<Parameters<typeof algoliasearch>[2]>['hostsCache']>;
type HostState = { status: string; lastUpdate: number };

/**
 * The client's own hosts cache never finds the state it stores (stored under the host with its
 * state as key, looked up without it; and the stored copy loses isUp/isTimedOut), so every
 * request would start with a host that just failed. This one keys by address and rebuilds the
 * stateful host on read. Same as hostStateCache in templates/search/algoliaProvider.ts, minus
 * localStorage.
 */
export function hostStateCache(): HostsCache {
  const states = new Map<string, HostState>();
  const id = (key: Record<string, any> | string) =>
    typeof key === 'string' ? key : `${key.protocol}://${key.url}${key.port ? `:${key.port}` : ''}/${key.accept}`;
  return {
    async get<T>(key: Record<string, any> | string, defaultValue: () => Promise<T>, events?: { miss: (value: T) => Promise<any> }): Promise<T> {
      const s = states.get(id(key));
      if (s && typeof key === 'object') {
        const { status: _s, lastUpdate: _l, isUp: _u, isTimedOut: _t, ...host } = key;
        return {
          ...host,
          ...s,
          isUp: () => s.status === 'up' || Date.now() - s.lastUpdate > HOST_HOLD_MS,
          isTimedOut: () => s.status === 'timed out' && Date.now() - s.lastUpdate <= HOST_HOLD_MS,
        } as T;
      }
      const value = await defaultValue();
      await events?.miss(value);
      return value;
    },
    async set<T>(key: Record<string, any> | string, value: T): Promise<T> {
      const v = value as unknown as HostState;
      states.set(id(key), { status: v.status, lastUpdate: v.lastUpdate });
      return value;
    },
    async delete(key) {
      states.delete(id(key));
    },
    async clear() {
      states.clear();
    },
  };
}

export function createAdminClient(algolia: AlgoliaConfig, adminKey: string): AlgoliaClient {
  return algoliasearch(algolia.appId, adminKey, {
    timeouts: { ...ALGOLIA_TIMEOUTS },
    hostsCache: hostStateCache(),
    ...(algolia.hosts?.length ? { hosts: algolia.hosts.map(parseHost) } : {}),
  });
}
