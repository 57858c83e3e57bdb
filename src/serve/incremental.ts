// What makes a rebuild cheap: parsed Markdown sources kept between collections (a change re-reads
// only its file), the classification of file events into what they affect, and the patch that
// swaps a page's body into the graph without collecting again when nothing else changed.
import path from 'node:path';
import { SIDEBARS_NAMES } from '../config/sidebarsFile.ts';
import { DOCUSAURUS_CONFIG_NAMES } from '../config/docusaurus/configFile.ts';
import { VERSIONS_FILE } from '../config/versions.ts';
import { isUnder } from '../shared/safePath.ts';
import type { Route, SiteConfig } from '../types.ts';
import { ProblemList, type SiteProblem } from '../errors.ts';
import type { LocaleContent, SiteGraph } from '../content/collectRoutes.ts';
import { collectVersionedDocs } from '../content/versions.ts';
import { collectPages } from '../content/pages.ts';
import { parseMarkdownSource, readMarkdownText, type MarkdownSource, type SourceReader } from '../content/frontMatter.ts';
import { FrontMatterStore } from '../content/frontMatterStore.ts';

// ---------------------------------------------------------------- parsed sources

const MARKDOWN = /\.(md|mdx|markdown)$/i;
/** How long warm() parses before letting the event loop turn. */
const TURN_MS = 8;

interface SourceEntry {
  source?: MarkdownSource;
  problems: SiteProblem[];
}

/**
 * Parsed Markdown files of one served site, owned by its DevSite: its `readSource` is passed to
 * the collection. Files outside the site are read as usual, uncached. The site's front matter is
 * also kept in its cache folder (FrontMatterStore), for the next start.
 */
export class SourceCache {
  private readonly frontMatter: FrontMatterStore | undefined;
  private entries = new Map<string, SourceEntry>();
  /** The last version of each file that parsed, shown while the file is broken. */
  private lastGood = new Map<string, MarkdownSource>();

  constructor(private readonly root: string) {
    this.frontMatter = FrontMatterStore.open(root);
  }

  readonly readSource: SourceReader = (file, problems, read) => {
    if (!this.owns(file)) return read(file, problems);
    const entry = this.entries.get(file) ?? this.store(file);
    for (const p of entry.problems) problems.add(p);
    return entry.source;
  };

  /**
   * Reads and parses the files not cached yet, letting the event loop turn every few
   * milliseconds: the collection that follows finds them parsed, and meanwhile esbuild's plugins
   * and requests get answers (the collection itself runs without a break).
   */
  async warm(files: Iterable<string>): Promise<void> {
    let turned = performance.now();
    for (const file of files) {
      if (!MARKDOWN.test(file) || this.entries.has(file) || !this.owns(file)) continue;
      this.store(file);
      if (performance.now() - turned > TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turned = performance.now();
      }
    }
  }

  /** Reads and parses a file of the site, and keeps the result. */
  private store(file: string): SourceEntry {
    const scratch = new ProblemList();
    let source: MarkdownSource | undefined;
    try {
      const text = readMarkdownText(file, scratch);
      source = this.frontMatter ? this.frontMatter.parse(text, file, scratch) : parseMarkdownSource(text, file, scratch);
    } catch (err) {
      // Deleted between the scan and the read: the unlink event brings another rebuild.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (source) this.lastGood.set(file, source);
    else if (scratch.errors.length) source = this.lastGood.get(file);
    const entry = { source, problems: scratch.items };
    this.entries.set(file, entry);
    return entry;
  }

  /** Once every file of the site was read: drops stored front matter no file has any more. */
  compact(): void {
    this.frontMatter?.compact();
  }

  invalidate(file: string, removed: boolean): void {
    this.entries.delete(file);
    if (removed) this.lastGood.delete(file);
  }

  /** A folder was removed or renamed: forget everything under it. */
  invalidateDir(dir: string): void {
    const prefix = dir + path.sep;
    for (const map of [this.entries, this.lastGood]) for (const file of map.keys()) if (file.startsWith(prefix)) map.delete(file);
  }

  private owns(file: string): boolean {
    return file.startsWith(this.root + path.sep);
  }
}

// ---------------------------------------------------------------- file events

export type FileEventType = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface FileEvent {
  type: FileEventType;
  file: string;
}

/** What a batch of file events affects. */
export interface ChangeSet {
  config: boolean;
  templates: boolean;
  /** A React page module (content/pages/*.tsx), an MDX page or a component of one changed: its code is in the bundles. */
  reactPages: boolean;
  api: boolean;
  /** Files or folders were added or removed under content/: scan again. */
  structural: boolean;
  /** Markdown and MDX files whose contents changed (candidates for a patch). */
  markdown: Set<string>;
  /** Other files the collection reads changed (_category_.json, authors.yml). */
  contentData: boolean;
  /** Files that pages reference (images, downloads) changed: rendered content may differ. */
  assets: boolean;
  static: boolean;
  /** Site-relative paths, for the log line. */
  files: string[];
}

/** The folder of the released docs versions' sidebars, read with the config (src/config/versions.ts). */
export const VERSIONED_SIDEBARS = 'versioned_sidebars';
/** Files scanContent picks up; other files under content/ can only be referenced by pages. */
const COLLECTED = /\.(md|mdx|markdown|json|ya?ml|png|jpe?g|gif|svg|webp)$/i;
/** Files read with the config: the site config, a Docusaurus config, the sidebars file, the docs versions. */
export const CONFIG_NAMES = new Set([
  VERSIONS_FILE,
  'site.config.ts',
  'site.config.mts',
  'site.config.js',
  'site.config.mjs',
  ...DOCUSAURUS_CONFIG_NAMES,
  ...SIDEBARS_NAMES,
  'sidebars.json',
]);

/**
 * What a batch of events affects. `mdxMarkdown`: .md files are compiled with MDX too
 * (markdown.format 'mdx'); `contentDirs` are the config's content folders (content/ by default),
 * `pagesDir` the React pages' folder.
 */
export function classify(
  root: string,
  events: FileEvent[],
  apiFiles: string[] = [],
  mdxMarkdown = false,
  contentDirs = [path.join(root, 'content')],
  pagesDir = path.join(root, 'content', 'pages'),
): ChangeSet {
  const cs: ChangeSet = {
    config: false,
    templates: false,
    reactPages: false,
    api: false,
    structural: false,
    markdown: new Set(),
    contentData: false,
    assets: false,
    static: false,
    files: [],
  };
  for (const { type, file } of events) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (!cs.files.includes(rel)) cs.files.push(rel);
    const top = rel.split('/')[0];
    const isDir = type === 'addDir' || type === 'unlinkDir';
    if ((!rel.includes('/') && CONFIG_NAMES.has(rel)) || top === VERSIONED_SIDEBARS) cs.config = true;
    else if (top === 'templates') cs.templates = true;
    else if (top === 'openapi' || apiFiles.includes(file)) cs.api = true;
    else if (top === 'static') cs.static = true;
    else if (top === 'content' || contentDirs.some((d) => isUnder(d, file))) {
      const inPages = isUnder(pagesDir, file);
      const script = /\.(tsx|jsx|ts|js|mjs|css)$/.test(rel);
      if (script) {
        // A React page, or a component an MDX page imports: its code is in the bundles.
        cs.reactPages = true;
        if (inPages && type !== 'change') cs.structural = true;
      } else if (isDir || ((type === 'add' || type === 'unlink') && COLLECTED.test(rel))) cs.structural = true;
      else if (/\.(md|mdx|markdown)$/i.test(rel)) {
        cs.markdown.add(file);
        // An MDX page (or a partial one imports) is a module of the bundles too.
        if (/\.mdx$/i.test(rel) || (mdxMarkdown && /\.md$/i.test(rel))) cs.reactPages = true;
      } else if (/\.(json|ya?ml)$/i.test(rel)) cs.contentData = true;
      else cs.assets = true;
      // A referenced file may appear, disappear or change its hash.
      if (type !== 'change' || (!script && !/\.(md|mdx|markdown|json|ya?ml)$/i.test(rel))) cs.assets = true;
    }
  }
  return cs;
}

// ---------------------------------------------------------------- graph patch

/**
 * Everything of a route that the rest of the graph may depend on: all but the body, and of a
 * versioned doc its version's name (the same page in the other versions is another file's).
 */
function shape(route: Route): string {
  const { body: _b, bodyLine: _l, sidebarId: _s, version, ...rest } = route;
  return JSON.stringify({ ...rest, version: version?.name });
}

/**
 * The graph with new bodies for the routes of `files`, or undefined when a change reaches further
 * than the body (title, front matter, a first heading, a problem): then collect again. Only docs
 * and Markdown pages qualify; a blog post's excerpt and reading time feed other pages. The new
 * route comes from the real collector run on that one file, so the rules live in one place.
 */
export function patchGraph(graph: SiteGraph, config: SiteConfig, files: Set<string>, readSource?: SourceReader): SiteGraph | undefined {
  if (graph.problems.items.some((p) => p.file && files.has(p.file))) return undefined;
  const replaced = new Map<Route, Route>();
  const bySource = new Map<string, Route[]>();
  for (const r of graph.routes)
    if (r.sourceFile && files.has(r.sourceFile) && r.kind !== 'redirect') bySource.set(r.sourceFile, [...(bySource.get(r.sourceFile) ?? []), r]);
  for (const file of files) {
    const olds = bySource.get(file) ?? [];
    if (!olds.length) return undefined;
    for (const old of olds) {
      if (old.kind !== 'doc' && old.kind !== 'page') return undefined;
      const localeFile = [...(graph.files.byLocale.get(old.locale)?.values() ?? [])].find((f) => f.file === file);
      if (!localeFile) return undefined;
      const problems = new ProblemList();
      const single = new Map([[localeFile.rel, localeFile]]);
      // One file alone is no site: the sidebars files' ids would name missing docs.
      const alone = { ...config, sidebars: undefined, versions: config.versions?.map((v) => ({ ...v, sidebars: undefined })) };
      const routes =
        old.kind === 'doc'
          ? collectVersionedDocs(alone, old.locale, single, problems, readSource).routes
          : collectPages(config, old.locale, single, [], problems, readSource);
      const fresh = routes.find((r) => r.sourceFile === file && r.kind === old.kind);
      if (!fresh || problems.items.length || shape(fresh) !== shape(old)) return undefined;
      replaced.set(old, { ...old, body: fresh.body, bodyLine: fresh.bodyLine });
    }
  }
  const swap = (r: Route) => replaced.get(r) ?? r;
  const byPath = new Map(graph.byPath);
  for (const r of replaced.values()) byPath.set(r.path, r);
  const byKey = new Map(graph.byKey);
  for (const old of replaced.keys()) byKey.set(old.key, (byKey.get(old.key) ?? []).map(swap));
  const localeContent = new Map([...graph.localeContent].map(([locale, c]) => [locale, { ...c, routes: c.routes.map(swap) }]));
  // The same routes at the same paths from the same files: .md links resolve as in the graph
  // patched, whose index (built or not yet) is taken over rather than built again.
  return { ...graph, routes: graph.routes.map(swap), byPath, byKey, bySource: graph.bySource, localeContent };
}

/**
 * The content of the locales none of `files` belongs to (as the locale's own file or as the
 * default locale's it falls back to): a collection after editing them can keep it.
 */
export function untouchedLocales(graph: SiteGraph, files: Set<string>): Map<string, LocaleContent> {
  const kept = new Map<string, LocaleContent>();
  for (const [locale, content] of graph.localeContent) {
    const own = graph.files.byLocale.get(locale);
    if (own && ![...own.values()].some((f) => files.has(f.file))) kept.set(locale, content);
  }
  return kept;
}

/** Which file each route comes from; when it changes, relative .md links may resolve elsewhere. */
export function sourceSignature(graph: SiteGraph): string {
  const parts: string[] = [];
  for (const r of graph.routes) if (r.sourceFile && r.kind !== 'redirect') parts.push(`${r.locale}:${r.sourceFile}>${r.path}`);
  return parts.sort().join('\n');
}
