// Where an exception thrown while bundling or rendering the theme comes from: the first stack
// frame in the site or the theme, mapped back through the server bundle's source map.
import fs from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import type { SiteProblem } from '../errors.ts';

/** Maps a position in a generated file (the server bundle) back to its source, 1-based. */
export type FrameMapper = (file: string, line: number, column: number) => { file: string; line: number; column: number } | undefined;

/**
 * A problem from an exception (a template that throws, a failed bundle). The location is the
 * first stack frame in the site or the theme; esbuild errors carry their own location.
 */
export function problemFromError(err: unknown, code: string, root: string, mapFrame?: FrameMapper): SiteProblem & { column?: number } {
  const e = err as Error & { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] };
  if (Array.isArray(e?.errors) && e.errors.length) {
    const first = e.errors[0];
    const loc = first.location;
    return {
      code,
      message: first.text + (e.errors.length > 1 ? ` (and ${e.errors.length - 1} more)` : ''),
      file: loc ? path.resolve(root, loc.file) : undefined,
      line: loc?.line,
      column: loc ? loc.column + 1 : undefined,
    };
  }
  const message = (e?.message ?? String(err)).split('\n')[0];
  const frame = stackLocation(e?.stack ?? '', root, mapFrame);
  return { code, message: `${e?.name && e.name !== 'Error' ? e.name + ': ' : ''}${message}`, ...frame };
}

function stackLocation(stack: string, root: string, mapFrame?: FrameMapper): { file?: string; line?: number; column?: number } {
  const theme = path.join(PACKAGE_ROOT, 'templates') + path.sep;
  for (const m of stack.matchAll(/(?:\(|at )((?:file:\/\/)?\/[^()\n]+?):(\d+):(\d+)\)?$/gm)) {
    const generated = m[1].startsWith('file://') ? decodeURIComponent(m[1].slice(7)) : m[1];
    const at = mapFrame?.(generated, Number(m[2]), Number(m[3])) ?? { file: generated, line: Number(m[2]), column: Number(m[3]) };
    const { file } = at;
    const inSite = file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`) && !file.includes(`${path.sep}.docsgen${path.sep}`);
    if (inSite || file.startsWith(theme)) return at;
  }
  return {};
}

/**
 * The source map of a server bundle (esbuild's <bundle>.map), parsed on the first lookup: a page
 * that fails names the template's file and line without turning on source maps for the process.
 */
export class BundleSourceMap {
  private map: SourceMap | null | undefined;

  constructor(readonly bundleFile: string) {}

  mapFrame: FrameMapper = (file, line, column) => {
    if (file !== this.bundleFile) return undefined;
    if (this.map === undefined) {
      try {
        this.map = new SourceMap(JSON.parse(fs.readFileSync(this.bundleFile + '.map', 'utf8')));
      } catch {
        this.map = null;
      }
    }
    const entry = this.map?.findEntry(line - 1, column - 1) as Partial<SourceMapping> | undefined;
    if (!entry?.originalSource) return undefined;
    const source = entry.originalSource.startsWith('file://')
      ? decodeURIComponent(entry.originalSource.slice(7))
      : path.resolve(path.dirname(this.bundleFile), entry.originalSource);
    return { file: source, line: (entry.originalLine ?? 0) + 1, column: (entry.originalColumn ?? 0) + 1 };
  };

  dispose(): void {
    fs.rmSync(this.bundleFile + '.map', { force: true });
  }
}
