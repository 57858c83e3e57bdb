// MDX pages (.mdx under content/<locale>/, and .md with markdown.format 'mdx'): what the rest of docsgen asks about them. The compiler
// itself (compile.ts, with @mdx-js/mdx and the remark plugins) is loaded only by a site that has
// MDX pages, so a Markdown-only site does not pay for loading it.
import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import type { MdxCompiler } from './compile.ts';

export type { CompiledMdx, MdxCompiler } from './compile.ts';
export { MdxCompileError } from './errors.ts';

/** Whether the site compiles this content file with MDX (markdown.format; .mdx under 'detect'). */
export function isMdxFile(file: string | undefined, config: Pick<SiteConfig, 'markdown'>): boolean {
  if (file === undefined) return false;
  const format = config.markdown.format;
  if (format === 'md') return false;
  return file.endsWith('.mdx') || (format === 'mdx' && file.endsWith('.md'));
}

/** The page module id of an .mdx file: 'mdx:en/docs/intro.mdx' (its path in content/). */
export function mdxModuleId(config: SiteConfig, file: string): string {
  return 'mdx:' + path.relative(path.join(config.root, 'content'), file).split(path.sep).join('/');
}

const compilers = new WeakMap<SiteConfig, MdxCompiler>();
let loading: Promise<typeof import('./compile.ts')> | undefined;

/** The site's MDX compiler (one per config, so both bundles and the pages share its results). */
export async function loadMdxCompiler(config: SiteConfig): Promise<MdxCompiler> {
  const mod = await (loading ??= import('./compile.ts'));
  let compiler = compilers.get(config);
  if (!compiler) compilers.set(config, (compiler = mod.createMdxCompiler(config)));
  return compiler;
}

/** The compiler loadMdxCompiler loaded for this config; the stages that use it load it first. */
export function mdxCompiler(config: SiteConfig): MdxCompiler {
  const compiler = compilers.get(config);
  if (!compiler) throw new Error('The MDX compiler was used before it was loaded (loadMdxCompiler)');
  return compiler;
}
