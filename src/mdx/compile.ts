// Compiles .mdx files with MDX (@mdx-js/mdx) to ES modules whose default export renders the page
// body, and records what the rest of the build needs from the page (headings, anchors, links,
// search text, whether it is hydrated). GFM (tables, footnotes, task lists, strikethrough) and
// ":::" admonitions come with it; the config's markdown.remarkPlugins and rehypePlugins run between
// MDX's parsing and docsgen's own plugins, so the table of contents and the link check see what
// they produce. A file is compiled once per text: both bundles and every locale's page share it.
import fs from 'node:fs';
import path from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import type { PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { SiteConfig } from '../types.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { hintFor, MdxCompileError } from './errors.ts';
import { mdxSource } from './source.ts';
import type { MdxFileState, MdxWarning, PartialRecord } from './state.ts';
import { remarkAdmonitions } from './plugins/admonitions.ts';
import { remarkCodeBlocks } from './plugins/codeBlocks.ts';
import { PROVIDED_COMPONENTS, remarkComponents } from './plugins/components.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import { rehypeFootnotes } from './plugins/footnotes.ts';
import { remarkDetails } from './plugins/details.ts';
import { remarkHeadings } from './plugins/headings.ts';
import { remarkMissingPackages } from './plugins/missingPackages.ts';
import { remarkNpm2Yarn } from './plugins/npm2yarn.ts';
import { rehypeLinks } from './plugins/links.ts';
import { remarkSearchBlocks } from './plugins/searchBlocks.ts';
import { remarkTables } from './plugins/tables.ts';
import { remarkThemeDefaults } from './plugins/themeDefaults.ts';
import { remarkTocExport } from './plugins/tocExport.ts';

export interface CompiledMdx extends PartialRecord {
  /** The ES module (JSX compiled to react/jsx-runtime calls; imports left for the bundler). */
  code: string;
  warnings: MdxWarning[];
}

export interface MdxCompiler {
  /**
   * The file as it is now on disk, compiled (from the cache while its text is unchanged), as a
   * page or as a partial (a file another imports: its leading "# " heading stays). Throws MdxCompileError.
   */
  compile(file: string, as?: 'page' | 'partial'): CompiledMdx;
  /**
   * The same, run asynchronously, as Docusaurus runs its remark and rehype plugins (a plugin of
   * the config may be asynchronous: Docusaurus's own npm2yarn, Shiki's rehype plugin). Whatever
   * compiles a file compiles it this way first; compile() then finds it in the cache.
   */
  compileAsync(file: string, as?: 'page' | 'partial'): Promise<CompiledMdx>;
}

type Processor = ReturnType<typeof createProcessor>;

export function createMdxCompiler(config: SiteConfig): MdxCompiler {
  const processors = new Map<string, Processor>();
  // A page's entry holds the text of each partial it took headings and links from (theirs too), so
  // an edited partial compiles the page again (docsgen serve).
  const cache = new Map<string, { text: string; partials: Map<string, string>; result?: CompiledMdx; error?: MdxCompileError }>();
  const contentDir = path.join(config.root, 'content');
  // A site that overrides templates/mdx/MDXComponents may provide more components than the theme's.
  const siteTemplates = path.join(config.root, 'templates');
  const ownProvider =
    path.resolve(siteTemplates) !== path.resolve(PACKAGE_ROOT, 'templates') &&
    ['tsx', 'ts', 'jsx', 'js'].some((ext) => fs.existsSync(path.join(siteTemplates, 'mdx', `MDXComponents.${ext}`)));
  const remarkPlugins = (config.markdown.remarkPlugins ?? []) as PluggableList;
  const rehypePlugins = (config.markdown.rehypePlugins ?? []) as PluggableList;

  const processorFor = (locale: string): Processor => {
    let processor = processors.get(locale);
    if (processor) return processor;
    const strings = getStrings(locale);
    processor = createProcessor({
      providerImportSource: '@theme/MDXComponents',
      remarkPlugins: [
        remarkGfm,
        remarkDirective,
        remarkAdmonitions,
        ...remarkPlugins,
        remarkMissingPackages,
        remarkNpm2Yarn,
        remarkComponents,
        remarkDetails,
        remarkThemeDefaults,
        remarkHeadings,
        remarkTables,
        remarkCodeBlocks,
        remarkSearchBlocks,
        remarkTocExport,
      ],
      rehypePlugins: [rehypeFootnotes, ...rehypePlugins, rehypeLinks],
      remarkRehypeOptions: {
        // Ids as the Markdown pages have them (fn-1, fnref-1): the page is the site's own.
        clobberPrefix: '',
        footnoteBackContent: '\u21a9\uFE0E',
        footnoteLabel: strings.footnotes,
        footnoteBackLabel: (index, again) => strings.footnoteBackref(`${index + 1}${again > 1 ? `-${again}` : ''}`),
      },
    });
    processors.set(locale, processor);
    return processor;
  };

  /** Files being compiled, innermost last, with the partials each has read: a partial that imports its importer is not followed. */
  const compiling: { file: string; partials: Map<string, string> }[] = [];

  /** The .md/.mdx file a page imports (relative, or '@site/' from the site's folder). */
  const partialFile = (importer: string, specifier: string): string | undefined =>
    /^\.\.?\//.test(specifier)
      ? path.resolve(path.dirname(importer), specifier)
      : specifier.startsWith('@site/')
        ? path.join(config.root, specifier.slice('@site/'.length))
        : undefined;

  /** What a page takes from the .md/.mdx file it imports. */
  function partialOf(importer: string, specifier: string): PartialRecord | undefined {
    const file = partialFile(importer, specifier);
    if (!file || compiling.some((c) => c.file === file) || !fs.existsSync(file)) return undefined;
    const reading = compiling[compiling.length - 1]?.partials;
    try {
      reading?.set(file, fs.readFileSync(file, 'utf8'));
      const record = api.compile(file, 'partial');
      for (const [nested, text] of cache.get(`partial:${file}`)?.partials ?? []) reading?.set(nested, text);
      return record;
    } catch (err) {
      // The bundle reports the partial's own error where it loads it.
      if (err instanceof MdxCompileError) return undefined;
      throw err;
    }
  }

  function compileText(file: string, fileText: string, partial: boolean, partials: Map<string, string>): CompiledMdx;
  function compileText(file: string, fileText: string, partial: boolean, partials: Map<string, string>, run: 'async'): Promise<CompiledMdx>;
  function compileText(file: string, fileText: string, partial: boolean, partials: Map<string, string>, run?: 'async'): CompiledMdx | Promise<CompiledMdx> {
    const top = path.relative(contentDir, file).split(path.sep)[0];
    const locale = config.locales.some((l) => l.code === top) ? top : config.defaultLocale;
    const strings = getStrings(locale);
    const source = mdxSource(fileText);
    const state: MdxFileState = {
      text: source.text,
      hasTitle: source.hasTitle,
      partial,
      siteRoot: config.root,
      compilePartial: (specifier) => partialOf(file, specifier),
      usedPartials: [],
      toc: [],
      strings,
      provided: ownProvider ? undefined : PROVIDED_COMPONENTS,
      headings: [],
      anchors: [],
      links: [],
      blocks: [],
      hydrate: false,
      docCards: false,
      warnings: [],
      features: new Set(),
    };
    const vfile = new VFile({ value: source.text, path: file, data: { docsgen: state } });
    const entry = { file, partials };
    compiling.push(entry);
    const done = () => compiling.splice(compiling.lastIndexOf(entry), 1);
    if (run === 'async')
      return processorFor(locale)
        .process(vfile)
        .then(
          (out) => (done(), record(file, String(out), state)),
          (err) => {
            done();
            throw compileError(file, err);
          },
        );
    let code: string;
    try {
      code = String(processorFor(locale).processSync(vfile));
    } catch (err) {
      throw compileError(file, err);
    } finally {
      done();
    }
    return record(file, code, state);
  }

  /** What the build keeps of a compiled file: a partial's anchors, links, text and scripts are the page's where it is used. */
  function record(file: string, code: string, state: MdxFileState): CompiledMdx {
    const used = state.usedPartials;
    return {
      code,
      file,
      headings: state.headings,
      toc: state.toc,
      anchors: [...state.anchors, ...used.flatMap((p) => p.anchors)],
      links: [...state.links, ...used.flatMap((p) => p.links.map((link) => fromPage(link, p.file, file)))],
      blocks: [...state.blocks, ...used.flatMap((p) => p.blocks)],
      hydrate: state.hydrate || used.some((p) => p.hydrate),
      docCards: state.docCards || used.some((p) => p.docCards),
      warnings: state.warnings,
      features: [...new Set([...state.features, ...used.flatMap((p) => p.features)])].sort(),
    };
  }

  const unchanged = (partials: Map<string, string>) => [...partials].every(([f, t]) => fs.existsSync(f) && fs.readFileSync(f, 'utf8') === t);
  /** The cached result of the file's text, if any (thrown when it was an error). */
  const cached = (key: string, text: string): CompiledMdx | undefined => {
    const hit = cache.get(key);
    if (hit?.text !== text || !unchanged(hit.partials)) return undefined;
    if (hit.error) throw hit.error;
    return hit.result!;
  };
  /** Keeps a result, or an author's error (any other error is not the file's and is thrown again next time). */
  const keep = (key: string, text: string, partials: Map<string, string>, outcome: { result: CompiledMdx } | { error: unknown }) => {
    if ('result' in outcome) cache.set(key, { text, partials, result: outcome.result });
    else if (outcome.error instanceof MdxCompileError) cache.set(key, { text, partials, error: outcome.error });
  };

  /**
   * Compiles the file asynchronously, the partials it imports first, so that its own run, which
   * reads them synchronously, finds them compiled. `chain`: the files importing it, not followed again.
   */
  async function compileAsync(file: string, as: 'page' | 'partial', chain: string[]): Promise<CompiledMdx> {
    const text = fs.readFileSync(file, 'utf8');
    const key = `${as}:${file}`;
    const hit = cached(key, text);
    if (hit) return hit;
    for (const [, specifier] of text.matchAll(/^import\s+[\w$]+\s+from\s+['"]([^'"]+\.mdx?)['"]/gm)) {
      const partial = partialFile(file, specifier);
      if (partial && !chain.includes(partial) && fs.existsSync(partial)) await compileAsync(partial, 'partial', [...chain, file]).catch(() => {});
    }
    const partials = new Map<string, string>();
    try {
      const result = await compileText(file, text, as === 'partial', partials, 'async');
      keep(key, text, partials, { result });
      return result;
    } catch (err) {
      keep(key, text, partials, { error: err });
      throw err;
    }
  }

  // One asynchronous compile at a time: a page's run reads the partials it imports from the
  // compile stack (`compiling`), which two interleaved runs would share.
  let queue: Promise<unknown> = Promise.resolve();
  const api: MdxCompiler = {
    compile(file, as = 'page') {
      const text = fs.readFileSync(file, 'utf8');
      const key = `${as}:${file}`;
      const hit = cached(key, text);
      if (hit) return hit;
      const partials = new Map<string, string>();
      try {
        const result = compileText(file, text, as === 'partial', partials);
        keep(key, text, partials, { result });
        return result;
      } catch (err) {
        keep(key, text, partials, { error: err });
        throw err;
      }
    },
    compileAsync(file, as = 'page') {
      const run = queue.then(() => compileAsync(file, as, []));
      queue = run.catch(() => {});
      return run;
    },
  };
  return api;
}

/** A partial's relative link target as the page that takes it must resolve it (from its own folder). */
function fromPage(link: CompiledMdx['links'][number], partial: string, page: string): CompiledMdx['links'][number] {
  const from = path.dirname(partial);
  const to = path.dirname(page);
  if (from === to || /^([a-z][a-z\d+.-]*:|\/|#)/i.test(link.url)) return link;
  const [target, hash] = link.url.split(/(?=#)/);
  let decoded: string;
  try {
    decoded = decodeURI(target);
  } catch {
    return link; // A broken %-escape: reported as the page's own links are.
  }
  const rel = path.relative(to, path.resolve(from, decoded)).split(path.sep).join('/');
  return { ...link, url: `${encodeURI(rel.startsWith('.') ? rel : `./${rel}`)}${hash ?? ''}`, written: link.written ?? link.url };
}

/** MDX's message (a VFileMessage with its place) as an author's error; anything else as it is. */
function compileError(file: string, err: unknown): unknown {
  if (err instanceof MdxCompileError) return err;
  const e = err as {
    reason?: string;
    message?: string;
    ruleId?: string;
    source?: string;
    line?: number;
    column?: number;
    place?: { line: number; column: number } | { start: { line: number; column: number } };
  };
  if (typeof e?.reason !== 'string') {
    // A remark or rehype plugin of the config that throws: name the file it was compiling.
    return new MdxCompileError(
      file,
      `compiling failed: ${e?.message ?? String(err)}`,
      undefined,
      undefined,
      'A remark or rehype plugin from markdown.remarkPlugins / rehypePlugins threw on this file.',
    );
  }
  const at = e.place && 'start' in e.place ? e.place.start : e.place;
  return new MdxCompileError(file, e.reason, at?.line ?? e.line, at?.column ?? e.column, hintFor(e.ruleId, e.source, e.reason));
}
