// Docs of one locale: a route per Markdown file under docs/, the sidebar generated from the
// folder tree (_category_.json gives labels, positions, descriptions and generated index pages)
// or those of the sidebars file, and the doc tag pages.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { Route, SidebarCategory, SidebarItem, SiteConfig } from '../types.ts';
import { ProblemList } from '../errors.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { localizePath } from '../shared/paths.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { readMarkdownFile, titleAndBody, type SourceReader } from './frontMatter.ts';
import { stripNumberPrefix, type LocaleFile } from './sourceFiles.ts';
import { readTagLabels, type TagLabels } from './tagLabels.ts';
import { sidebarsFromFile, type SidebarLinkCheck } from './sidebars.ts';
import { applySidebarFrontMatter } from './docMeta.ts';
import { editUrlOf } from './editUrl.ts';
import { markdownExcerpt } from './excerpt.ts';
import { listPages } from './listPages.ts';
import { docPath, docsUrl } from '../shared/docUrls.ts';
import GithubSlugger from 'github-slugger';

export const DOCS_SIDEBAR = 'docs';

interface CategoryMeta {
  label?: string;
  position?: number;
  description?: string;
  collapsed?: boolean;
  link?: { type?: string; slug?: string; title?: string; description?: string } | null;
}

export interface DocsResult {
  routes: Route[];
  /** Sidebars by id: the folder-generated one ('docs'), or those of the sidebars file. */
  sidebars: Map<string, SidebarItem[]>;
  /** Site paths the sidebars file links to, checked once every route is known. */
  sidebarLinks: SidebarLinkCheck[];
}

/**
 * `section`: the docs' folder in the locale tree ('docs', or a released version's: see versionSection).
 * `defaultFiles`: the default locale's files, whose category labels name the generated indexes'
 * URLs in every locale (Docusaurus makes them from the untranslated label), so that a category
 * page has the same URL in each.
 */
export function collectDocs(
  config: SiteConfig,
  locale: string,
  files: Map<string, LocaleFile>,
  problems: ProblemList,
  section = 'docs',
  readSource?: SourceReader,
  defaultFiles: Map<string, LocaleFile> = files,
): DocsResult {
  const prefix = localPrefix(config, locale);
  const docs: Route[] = [];
  const categories = new Map<string, CategoryMeta>();
  // Docusaurus names a generated index /category/<the label, slugged>, one slugger per version
  // ("Tutorial - Basics" is tutorial---basics; a repeated label gets -1).
  const slugger = new GithubSlugger();
  const categorySlug = (label: string) => `/category/${slugger.slug(label)}`;

  for (const f of files.values()) {
    if (!f.rel.startsWith(`${section}/`)) continue;
    const relDoc = f.rel.slice(section.length + 1);
    const base = path.posix.basename(relDoc);
    if (CATEGORY_FILE.test(base)) {
      const meta = readCategory(f.file, problems);
      if (meta) categories.set(path.posix.dirname(relDoc), meta);
      continue;
    }
    if (!/\.(md|mdx|markdown)$/.test(base)) continue;
    const src = readMarkdownFile(f.file, problems, readSource);
    if (!src) continue;
    const fm = src.frontMatter;
    if (fm.draft && !config.includeDrafts) continue;
    const id = relDoc.replace(/\.(md|mdx|markdown)$/, '');
    const { title, body, bodyLine, bodyStart } = titleAndBody(src, stripNumberPrefix(path.posix.basename(id)));
    const doc: Route = {
      // Docusaurus's "id" names the doc and, without a slug, the last segment of its URL.
      path: localizePath(docPath(config, id, fm), prefix),
      locale,
      kind: 'doc',
      key: `doc:${id}`,
      title,
      description: fm.description,
      sourceFile: f.file,
      fallback: f.fallback,
      frontMatter: fm,
      body,
      bodyLine,
      bodyStart,
      tags: fm.tags,
      noindex: fm.unlisted || undefined,
      data: { id, sidebarLabel: fm.sidebar_label, sidebarPosition: fm.sidebar_position },
    };
    // What describes the doc on its category's cards and its tags' lists when its front matter does not.
    if (fm.description === undefined) doc.data!.excerpt = markdownExcerpt(body);
    doc.data!.editUrl = editUrlOf(config, doc, problems);
    docs.push(doc);
  }

  const routes: Route[] = [...docs];
  const defaultLabels = new Map([...(defaultFiles === files ? categories : defaultCategories(defaultFiles, section))].map(([dir, meta]) => [dir, meta.label]));
  // A folder that two sidebars show has one index page, at one slug.
  const folderSlugs = new Map<string, string>();
  const slugOf = (sub: string, name: string) => {
    let slug = folderSlugs.get(sub);
    if (slug === undefined) folderSlugs.set(sub, (slug = categorySlug(defaultLabels.get(sub) ?? name)));
    return slug;
  };
  const indexed = new Set<string>();
  const tree = (dir: string) => buildTree({ config, docs, categories, prefix, routes, locale, slugOf, indexed }, dir);
  let sidebars = new Map<string, SidebarItem[]>();
  let sidebarLinks: SidebarLinkCheck[] = [];
  if (config.sidebars)
    ({ sidebars, links: sidebarLinks } = sidebarsFromFile(config.sidebars, { docs, tree }, { config, locale, prefix, routes, problems, categorySlug }));
  else sidebars.set(DOCS_SIDEBAR, tree(config.docs.sidebarDir.replace(/^\/|\/$/g, '')));
  markSidebars(sidebars, routes);
  applySidebarFrontMatter(sidebars, docs);
  for (const doc of docs) {
    const shown = (doc.frontMatter as { displayed_sidebar?: string | null }).displayed_sidebar;
    if (shown === null) doc.sidebarId = undefined;
    else if (shown) doc.sidebarId = shown;
  }
  routes.push(...docTagRoutes(config, docs, prefix, locale, readTagLabels(files.get(`${section}/tags.yml`), problems)));
  return { routes, sidebars, sidebarLinks };
}

function readCategory(file: string, problems: ProblemList): CategoryMeta | undefined {
  const text = fs.readFileSync(file, 'utf8');
  try {
    const data = (file.endsWith('.json') ? JSON.parse(text) : yaml.load(text)) as CategoryMeta;
    if (!data || typeof data !== 'object') throw new Error('expected an object with "label" and "position"');
    return data;
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    problems.add({
      code: 'category-invalid',
      message: `Invalid category file: ${(err as Error).message}`,
      file,
      line: m ? text.slice(0, Number(m[1])).split('\n').length : 1,
    });
    return undefined;
  }
}

const CATEGORY_FILE = /^_category_\.(json|ya?ml)$/;

/** The default locale's category files, for another locale's collection (their problems are reported by the default's). */
function defaultCategories(files: Map<string, LocaleFile>, section: string): Map<string, CategoryMeta> {
  const found = new Map<string, CategoryMeta>();
  for (const f of files.values()) {
    if (!f.rel.startsWith(`${section}/`) || !CATEGORY_FILE.test(path.posix.basename(f.rel))) continue;
    const meta = readCategory(f.file, new ProblemList());
    if (meta) found.set(path.posix.dirname(f.rel.slice(section.length + 1)), meta);
  }
  return found;
}

interface Positioned {
  position: number;
  name: string;
  item: SidebarItem;
}

interface TreeContext {
  config: SiteConfig;
  docs: Route[];
  categories: Map<string, CategoryMeta>;
  prefix: string;
  routes: Route[];
  locale: string;
  /** A generated index's slug, for a category folder and its name (number prefix stripped). */
  slugOf(sub: string, name: string): string;
  /** Folders whose index page is made already (a folder two sidebars show). */
  indexed: Set<string>;
}

function buildTree(ctx: TreeContext, dir: string, docs = ctx.docs): SidebarItem[] {
  const { config, categories, prefix, routes, locale } = ctx;
  const entries: Positioned[] = [];
  /** The docs under each subfolder, handed down so that each level looks at its own docs only. */
  const subdirs = new Map<string, Route[]>();
  for (const doc of docs) {
    const id = doc.data!.id as string;
    if (dir && !id.startsWith(dir + '/')) continue;
    const rest = dir ? id.slice(dir.length + 1) : id;
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const sub = (dir ? dir + '/' : '') + rest.slice(0, slash);
      const under = subdirs.get(sub);
      if (under) under.push(doc);
      else subdirs.set(sub, [doc]);
      continue;
    }
    entries.push({
      position: (doc.data!.sidebarPosition as number | undefined) ?? Infinity,
      name: path.posix.basename(id),
      item: { type: 'link', label: (doc.data!.sidebarLabel as string | undefined) ?? doc.title, href: doc.path },
    });
  }
  for (const [sub, under] of subdirs) {
    const meta = categories.get(sub) ?? {};
    const name = stripNumberPrefix(path.posix.basename(sub));
    const label = meta.label ?? name;
    // Before its subcategories', as Docusaurus slugs them.
    const slug = meta.link === null ? '' : (meta.link?.slug ?? ctx.slugOf(sub, name)).replace(/^\//, '');
    const items = buildTree(ctx, sub, under);
    const category: SidebarCategory = { type: 'category', label, items, collapsed: meta.collapsed ?? true };
    if (meta.link !== null) {
      const href = localizePath(docsUrl(config, slug), prefix);
      category.href = href;
      const first: Route = {
        path: href,
        locale,
        kind: 'doc-category',
        key: `category:${sub}`,
        title: meta.link?.title ?? label,
        description: meta.link?.description ?? meta.description,
        data: { dir: sub },
      };
      if (!ctx.indexed.has(sub)) routes.push(...listPages(first, items.length));
      ctx.indexed.add(sub);
    }
    entries.push({ position: meta.position ?? Infinity, name, item: category });
  }
  entries.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return entries.map((e) => e.item);
}

/** A doc or category page belongs to the first sidebar it appears in. */
function markSidebars(sidebars: Map<string, SidebarItem[]>, routes: Route[]): void {
  const byPath = new Map(routes.filter((r) => r.kind === 'doc' || r.kind === 'doc-category').map((r) => [r.path, r]));
  for (const [id, items] of sidebars) {
    const mark = (href: string | undefined) => {
      const route = href === undefined ? undefined : byPath.get(href);
      if (route && !route.sidebarId) route.sidebarId = id;
    };
    const visit = (list: SidebarItem[]) => {
      for (const item of list) {
        mark(item.href);
        if (item.type === 'category') visit(item.items);
      }
    };
    visit(items);
  }
}

function docTagRoutes(config: SiteConfig, docs: Route[], prefix: string, locale: string, labels: TagLabels): Route[] {
  const tags = new Map<string, { label: string; description?: string; paths: string[] }>();
  // Thousands of docs share a few tags: each is resolved once.
  const known = new Map<string, ReturnType<TagLabels['resolve']> & { href: string }>();
  const resolve = (tag: string) => {
    let t = known.get(tag);
    if (!t) {
      const r = labels.resolve(tag);
      known.set(tag, (t = { ...r, href: localizePath(docsUrl(config, `tags/${r.slug}`), prefix) }));
    }
    return t;
  };
  for (const doc of docs) {
    const resolved = (doc.tags ?? []).map(resolve);
    doc.data!.tagLinks = resolved.map((t) => ({ label: t.label, href: t.href }));
    // An unlisted doc keeps its tags but is left out of the tag pages.
    if (doc.noindex) continue;
    for (const { slug, label, description } of resolved) {
      const entry = tags.get(slug) ?? { label, description, paths: [] };
      entry.paths.push(doc.path);
      tags.set(slug, entry);
    }
  }
  if (!tags.size) return [];
  const strings = getStrings(locale);
  const list = [...tags].sort((a, b) => a[0].localeCompare(b[0]));
  const routes: Route[] = [
    {
      path: localizePath(docsUrl(config, 'tags'), prefix),
      locale,
      kind: 'doc-tags',
      key: 'doc-tags',
      title: strings.tags,
      data: { tags: list.map(([slug, t]) => ({ label: t.label, href: localizePath(docsUrl(config, `tags/${slug}`), prefix), count: t.paths.length })) },
    },
  ];
  for (const [slug, t] of list) {
    const first: Route = {
      path: localizePath(docsUrl(config, `tags/${slug}`), prefix),
      locale,
      kind: 'doc-tag',
      key: `doc-tag:${slug}`,
      title: strings.tagPageTitle(t.label, t.paths.length),
      description: t.description,
      data: { tag: t.label, paths: t.paths, allTagsHref: localizePath(docsUrl(config, 'tags'), prefix) },
    };
    routes.push(...listPages(first, t.paths.length));
  }
  return routes;
}

export function docsLabel(config: SiteConfig, locale: string): string {
  return textFor(config.docs.sidebarLabel, locale, config.defaultLocale);
}
