// A component used in the page but neither imported, exported nor provided by the theme would
// throw while the page renders; it is reported where it is used, with the import to add.
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { MdxCompileError } from '../errors.ts';
import { stateOf } from '../state.ts';
import { esmNames } from './esm.ts';

/** Components every MDX page has without an import (templates/mdx/MDXComponents.tsx provides them). */
export const PROVIDED_COMPONENTS = ['Admonition', 'Details', 'CodeBlock', 'DocCardList'];
/** The theme's components, by the name Docusaurus pages import them as. */
export const THEME_COMPONENTS = ['Tabs', 'TabItem', 'Admonition', 'Details', 'CodeBlock', 'DocCardList', 'TOCInline', 'Heading'];

export function remarkComponents() {
  return (tree: Root, file: VFile) => {
    const { provided } = stateOf(file);
    // A site's own MDXComponents may provide any component: then nothing can be said here.
    if (!provided) return;
    const known = esmNames(tree);
    for (const name of provided) known.add(name);
    visit(tree, (node) => {
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || !node.name) return;
      const base = node.name.split('.')[0];
      if ((/^[a-z]/.test(base) && base === node.name) || known.has(base)) return;
      const at = node.position?.start;
      const hint = THEME_COMPONENTS.includes(base)
        ? `Add at the top of the file: import ${base} from '@theme/${base}';`
        : `Import it at the top of the file (import ${base} from './${base}.tsx';) or export it from this file.`;
      throw new MdxCompileError(file.path, `<${node.name}> is not defined: the page neither imports nor exports it`, at?.line, at?.column, hint);
    });
  };
}
