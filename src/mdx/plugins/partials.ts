// Partials: Markdown or MDX files a page imports ("import Note from './_note.md'") and uses as a
// component (<Note />). esbuild bundles them as modules of their own (src/render/mdxModules.ts);
// here the page learns what they hold, so their headings, anchors, links and text count as the
// page's where they are used.
import type { Root } from 'mdast';
import type { MdxFileState, PartialRecord } from '../state.ts';
import { esmStatements } from './esm.ts';

export const PARTIAL_IMPORT = /\.mdx?$/;

/** Local name -> what the partial records, for each default import of a .md/.mdx file. */
export function importedPartials(tree: Root, state: MdxFileState): Map<string, PartialRecord> {
  const found = new Map<string, PartialRecord>();
  for (const s of esmStatements(tree)) {
    if (s.type !== 'ImportDeclaration' || !PARTIAL_IMPORT.test(String(s.source.value))) continue;
    const local = s.specifiers.find((sp) => sp.type === 'ImportDefaultSpecifier')?.local.name;
    const record = local ? state.compilePartial(String(s.source.value)) : undefined;
    if (local && record) found.set(local, record);
  }
  return found;
}
