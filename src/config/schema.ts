// The shape of site.config.ts, validated with zod. Defaults live here and nowhere else, so a
// minimal config (a title) builds a working site.
import { z } from 'zod';
import type { PluginWithParams } from 'markdown-it';
import { isAllowedUrl } from '../shared/urlPolicy.ts';
import type { SidebarsFile } from './sidebarsFile.ts';
import type { SiteProblem } from '../errors.ts';

const localized = z.union([z.string(), z.record(z.string(), z.string())]);
export type LocalizedText = z.infer<typeof localized>;

/** A URL the pages link to or load, under the URL policy (src/shared/urlPolicy.ts) like content's. */
const pageUrl = z.string().refine(isAllowedUrl, 'must be a site path or an http, https or mailto URL');

/** What docs.editUrl's function is given: the file's path in the site ('content/en/docs/intro.md'), its path under its locale's docs/ ('intro.md'), the locale and the page's URL path. */
export interface EditUrlParams {
  file: string;
  docPath: string;
  locale: string;
  permalink: string;
}
export type EditUrlFunction = (params: EditUrlParams) => string | undefined | null;

/** What blog.editUrl's function is given: the post's file in the site ('content/en/blog/2026-01-31-launch.md'), its path under its locale's blog/ ('2026-01-31-launch.md'), the locale and the post's URL path. */
export interface BlogEditUrlParams {
  file: string;
  blogPath: string;
  locale: string;
  permalink: string;
}
export type BlogEditUrlFunction = (params: BlogEditUrlParams) => string | undefined | null;

const markdownPlugin = z.custom<PluginWithParams>((v) => typeof v === 'function', 'a markdown-it plugin (a function)');
const unifiedPlugin = z.custom<(...args: any[]) => unknown>((v) => typeof v === 'function', 'a remark or rehype plugin (a function)');

const navLink = z
  .object({
    label: localized,
    /** A site path ('/docs/tutorial/intro', localized automatically) or an external URL. */
    href: pageUrl.min(1),
  })
  .strict();

/** A navbar link, optionally with a dropdown of more pages of its section (Docusaurus's dropdown item). */
const navbarLink = navLink.extend({ items: z.array(navLink).optional() }).strict();

/** A path segment or two ('docs', 'guides/v2'), without slashes around it; '' for the site root. */
const routeBase = z.string().regex(/^([^/]+(\/[^/]+)*)?$/, 'a path without leading or trailing "/", such as "docs"');

/** A docs version's options ('current' names the current docs), as Docusaurus's `versions` option. */
const docsVersionOptions = z
  .object({
    label: z.string().min(1).optional(),
    /** Path under the docs' base: '' for the base itself; by default '' for the last version, 'next' for the current docs, else the name. */
    path: z
      .string()
      .regex(/^([^/]+(\/[^/]+)*)?$/, 'a path without leading or trailing "/", such as "2.0" or ""')
      .optional(),
    /** The notice above each page: 'unreleased' (newer than the last version), 'unmaintained' (older), 'none'. */
    banner: z.enum(['unreleased', 'unmaintained', 'none']).optional(),
    /** "Version: <label>" above each page (by default when more than one version is built). */
    badge: z.boolean().optional(),
  })
  .strict();

const onBroken = z.enum(['throw', 'warn', 'ignore']).default('throw');

const locale = z
  .object({
    code: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, 'a language code such as "en" or "ko"'),
    label: z.string().min(1),
    htmlLang: z.string().optional(),
  })
  .strict();

export const configSchema = z
  .object({
    title: z.string().min(1),
    tagline: localized.default(''),
    /** Between a page's title and the site's in the document title ('Install | Ianai Docs'). */
    titleDelimiter: z.string().min(1).default('|'),
    productName: z.string().min(1).optional(),
    url: z.url().default('http://localhost'),
    /** Site path of the favicon (a file in static/). */
    favicon: pageUrl.optional(),
    /** Default social-sharing image (og:image, twitter:image): a site path of a file in static/, or an absolute URL. 1200x630 PNG works everywhere. */
    image: pageUrl.optional(),
    basePath: z
      .string()
      .regex(/^\/([^/].*\/)?$/, 'a path that starts and ends with "/", such as "/" or "/docs-site/"')
      .default('/'),
    locales: z
      .array(locale)
      .min(1)
      .default([{ code: 'en', label: 'English' }]),
    defaultLocale: z.string().optional(),
    navbar: z
      .object({
        logo: z.object({ src: pageUrl, alt: z.string() }).strict().optional(),
        items: z.array(navbarLink).default([]),
        /** The docs version menu, shown when the docs have versions (Docusaurus's docsVersionDropdown item). */
        versionMenu: z.boolean().default(true),
        /** More links at the end of the version menu (Docusaurus's dropdownItemsAfter): archived versions, a page of all versions. */
        versionMenuItems: z.array(navLink).default([]),
      })
      .strict()
      .default({ items: [], versionMenu: true, versionMenuItems: [] }),
    footer: z
      .object({
        columns: z
          .array(
            z
              .object({
                title: localized,
                /** The title as a link too: the page the column's links belong to (a category, a section). */
                href: pageUrl.min(1).optional(),
                items: z.array(navLink),
              })
              .strict(),
          )
          .default([]),
        copyright: localized.default(''),
      })
      .strict()
      .default({ columns: [], copyright: '' }),
    announcement: z
      .object({
        id: z.string().min(1),
        text: localized,
        href: pageUrl.optional(),
        linkText: localized.optional(),
        dismissible: z.boolean().default(true),
      })
      .strict()
      .optional(),
    colorMode: z
      .object({
        default: z.enum(['light', 'dark']).default('light'),
        switch: z.boolean().default(true),
        /** Docusaurus's option: a reader who has not chosen a mode gets the OS's (prefers-color-scheme), not `default`. */
        respectPrefersColorScheme: z.boolean().default(false),
      })
      .strict()
      .default({ default: 'light', switch: true, respectPrefersColorScheme: false }),
    docs: z
      .object({
        /** The URL path the docs are published under ('docs': /docs/intro), as Docusaurus's routeBasePath. */
        routeBasePath: routeBase.default('docs'),
        versionLabel: z.string().default('next'),
        /**
         * "Version: <label>" above each doc. Off by default as in Docusaurus, where a site of one
         * version shows no badge: alone, a label such as "next" reads as "unreleased".
         */
        versionBadge: z.boolean().default(false),
        /** Doc id (path under docs/ without extension) the "Docs" link opens. */
        mainDoc: z.string().optional(),
        /** Folder under docs/ whose tree is the docs sidebar ('' = all of docs/). */
        sidebarDir: z.string().default(''),
        sidebarLabel: localized.default({ en: 'Docs', ko: '문서' }),
        /**
         * "Edit this page": a base URL the file's path in the site is appended to
         * ('https://github.com/org/repo/edit/main/' + 'content/en/docs/intro.md'), or a function
         * of the file that returns the whole URL.
         */
        editUrl: z.union([pageUrl, z.custom<EditUrlFunction>((v) => typeof v === 'function', 'a URL or a function that returns one')]).optional(),
        /** Show the date (and the author) of each doc's last commit, read from git. */
        showLastUpdateTime: z.boolean().default(false),
        showLastUpdateAuthor: z.boolean().default(false),
        /**
         * Versions, as Docusaurus's docs plugin has them (versions.json, versioned_docs/): the
         * version published at the docs' base path (default: the newest in versions.json), the
         * versions to build (all by default; fewer for a fast local build), whether the current docs
         * are built (at <routeBasePath>/next), and each version's label, path, banner and badge.
         */
        lastVersion: z.string().optional(),
        onlyIncludeVersions: z.array(z.string()).min(1).optional(),
        includeCurrentVersion: z.boolean().default(true),
        disableVersioning: z.boolean().default(false),
        versions: z.record(z.string(), docsVersionOptions).default({}),
      })
      .strict()
      .default({
        includeCurrentVersion: true,
        disableVersioning: false,
        versions: {},
        routeBasePath: 'docs',
        versionLabel: 'next',
        versionBadge: false,
        sidebarDir: '',
        sidebarLabel: { en: 'Docs', ko: '문서' },
        showLastUpdateTime: false,
        showLastUpdateAuthor: false,
      }),
    toc: z
      .object({ minLevel: z.number().int().min(1).max(6).default(2), maxLevel: z.number().int().min(1).max(6).default(3) })
      .strict()
      .refine((t) => t.minLevel <= t.maxLevel, 'minLevel must not be greater than maxLevel')
      .default({ minLevel: 2, maxLevel: 3 }),
    openapi: z
      .object({
        spec: z.string(),
        routeBase: z.string().default('/docs/api'),
        categorySlug: z.string().default('api'),
        label: localized.default({ en: 'API reference', ko: 'API 레퍼런스' }),
        overlays: z.record(z.string(), z.string()).default({}),
        strict: z.boolean().default(false),
        /**
         * The vendor's site ('https://vendor.example') that the spec's links to paths outside the
         * reference ('/docs/disputes') lead to. Without it they stay site links; a spec whose link
         * under routeBase names no reference page is a vendor's, and its links go to its
         * externalDocs or servers host (see the README's "The API reference").
         */
        linkBase: z.url({ protocol: /^https?$/ }).optional(),
        /**
         * Earlier releases of the API, oldest first, each with its own spec: its reference is built
         * under routeBase/<version>, and the changelog at routeBase/changelog compares each release
         * with the next (the last with `spec`, whose version is its info.version).
         */
        releases: z
          .array(
            z
              .object({
                version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'a version such as "1.9.0" (letters, digits, ".", "-", "+")'),
                spec: z.string(),
                /** The release's own overlays, by locale (the current spec's describe what it has). */
                overlays: z.record(z.string(), z.string()).default({}),
                /** The day it was published (YYYY-MM-DD), for the changelog and its feed. */
                date: z.iso.date().optional(),
              })
              .strict(),
          )
          .default([]),
        /** The day the current spec's release was published (YYYY-MM-DD), for the changelog and its feed. */
        releaseDate: z.iso.date().optional(),
      })
      .strict()
      .optional(),
    search: z
      .object({
        algolia: z
          .object({
            appId: z.string().min(1),
            /** The public, search-only key. The admin key comes from the environment, never from here. */
            searchApiKey: z.string().min(1),
            indexName: z.string().min(1),
            /** Search hosts in the order tried, replacing Algolia's defaults (tests point them at 127.0.0.1). */
            hosts: z
              .array(
                z.string().regex(/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?\/?$/, 'a host such as "https://APPID-dsn.algolia.net" or "http://127.0.0.1:8080"'),
              )
              .min(1)
              .optional(),
          })
          .strict()
          .optional(),
        indexName: z.string().default('docs'),
        missingResultsUrl: pageUrl.optional(),
        adminKeyEnv: z.string().default('ALGOLIA_ADMIN_KEY'),
      })
      .strict()
      .default({ indexName: 'docs', adminKeyEnv: 'ALGOLIA_ADMIN_KEY' }),
    blog: z
      .object({
        routeBasePath: routeBase.default('blog'),
        /** Docusaurus's permalinks: a post named 2026-01-31-launch.md is /blog/2026/01/31/launch, not /blog/launch. */
        dateInPath: z.boolean().default(false),
        title: localized.default({ en: 'Blog', ko: '블로그' }),
        description: localized.default(''),
        postsPerPage: z.number().int().min(1).default(10),
        feeds: z.boolean().default(true),
        /** "Edit this page" on each post, as docs.editUrl: a base URL the file's path in the site is appended to, or a function of the file. */
        editUrl: z.union([pageUrl, z.custom<BlogEditUrlFunction>((v) => typeof v === 'function', 'a URL or a function that returns one')]).optional(),
      })
      .strict()
      .default({ routeBasePath: 'blog', dateInPath: false, title: { en: 'Blog', ko: '블로그' }, description: '', postsPerPage: 10, feeds: true }),
    markdown: z
      .object({
        allowHtml: z.boolean().default(false),
        /**
         * How .md files are read, as Docusaurus's markdown.format: 'mdx' compiles every file with MDX
         * (Docusaurus 3's default), 'detect' .mdx with MDX and .md with markdown-it, 'md' every file
         * with markdown-it.
         */
        format: z.enum(['mdx', 'md', 'detect']).default('detect'),
        /** markdown-it plugins, applied after docsgen's own: the plugin, or [plugin, ...its options]. */
        plugins: z.array(z.union([markdownPlugin, z.tuple([markdownPlugin], z.unknown())])).default([]),
        /** remark and rehype plugins for .mdx pages, as unified takes them: the plugin, or [plugin, options]. */
        remarkPlugins: z.array(z.union([unifiedPlugin, z.tuple([unifiedPlugin], z.unknown())])).default([]),
        rehypePlugins: z.array(z.union([unifiedPlugin, z.tuple([unifiedPlugin], z.unknown())])).default([]),
      })
      .strict()
      .default({ allowHtml: false, format: 'detect', plugins: [], remarkPlugins: [], rehypePlugins: [] }),
    /** What a link to no page, an anchor to no heading and a relative Markdown link to no file do: fail the build (throw), warn, or nothing. */
    onBrokenLinks: onBroken,
    onBrokenAnchors: onBroken,
    onBrokenMarkdownLinks: onBroken,
    /** Data for the site's own React pages (Docusaurus's customFields, read with useDocusaurusContext). */
    customFields: z.record(z.string(), z.unknown()).default({}),
    redirects: z.array(z.object({ from: z.string().startsWith('/'), to: pageUrl }).strict()).default([]),
    /** Every page is also reached by its path with these extensions ('html': /docs/install.html redirects to /docs/install), as old links may have it. */
    redirectExtensions: z.array(z.string().regex(/^[a-z0-9]+$/i, 'an extension without its dot, such as "html"')).default([]),
  })
  .strict();

export type UserConfig = z.input<typeof configSchema>;

export type SiteConfig = z.output<typeof configSchema> & {
  /** Node-only: absolute paths, resolved by loadConfig. */
  root: string;
  configFile?: string;
  defaultLocale: string;
  productName: string;
  /** Node-only run options. */
  includeDrafts?: boolean;
  /** The sidebars file at the site root (sidebars.ts), when the site has one. */
  sidebars?: SidebarsFile;
  /** Where each section's files are (see ContentSources). */
  sources: ContentSources;
  /** The docs versions being built, newest first (src/config/versions.ts); absent when the docs have none. */
  versions?: DocsVersion[];
  /** What reading the config found to say (a Docusaurus site's unsupported options), reported with the build's problems. */
  notices?: SiteProblem[];
  /**
   * Packages the config imports that are not installed: what they give is missing, and a React
   * page that throws for want of it is left out with a warning instead of failing the build.
   */
  missingPackages?: string[];
};

/**
 * The folders the content is read from, absolute. A docsgen site has content/<locale>/{docs,blog,
 * pages} and content/pages for React pages; a Docusaurus site its configured paths and i18n/.
 * A locale without a folder of its own shows the default locale's files.
 */
export interface ContentSources {
  docs?: Record<string, string>;
  blog?: Record<string, string>;
  pages?: Record<string, string>;
  /** React pages (.tsx, .jsx, .js), rendered in every locale. */
  reactPages?: string;
  /** Each released docs version's folders by locale (versioned_docs/version-<name>, i18n/<locale>/...), by version name. */
  versionedDocs?: Record<string, Record<string, string>>;
}

/** One docs version as the build publishes it. */
export interface DocsVersion {
  /** 'current' (the docs folder) or a name from versions.json. */
  name: string;
  label: string;
  /** Its path under the docs' base: '' for the last version, 'next' for the current docs, else the name. */
  path: string;
  banner?: 'unreleased' | 'unmaintained';
  badge: boolean;
  isLast: boolean;
  /** The version's sidebars file (versioned_sidebars/version-<name>-sidebars.json), read; the current docs use SiteConfig.sidebars. */
  sidebars?: SidebarsFile;
}
