// Every compiled page exports its headings as Docusaurus does, `export const toc = [{ value, id,
// level }]`, which pages hand to @theme/TOCInline (`<TOCInline toc={toc.slice(2)} />`). A page
// that exports its own `toc` keeps it.
import type { Root } from 'mdast';
import type { Expression, Program } from 'estree';
import type { VFile } from 'vfile';
import { stateOf } from '../state.ts';
import { esmNames } from './esm.ts';

export function remarkTocExport() {
  return (tree: Root, file: VFile) => {
    if (esmNames(tree).has('toc')) return;
    const items: Expression[] = stateOf(file).toc.map((item) => ({
      type: 'ObjectExpression',
      properties: Object.entries(item).map(([key, value]) => ({
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
        key: { type: 'Identifier', name: key },
        value: { type: 'Literal', value },
      })),
    }));
    const estree: Program = {
      type: 'Program',
      sourceType: 'module',
      body: [
        {
          type: 'ExportNamedDeclaration',
          specifiers: [],
          attributes: [],
          source: null,
          declaration: {
            type: 'VariableDeclaration',
            kind: 'const',
            declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name: 'toc' }, init: { type: 'ArrayExpression', elements: items } }],
          },
        },
      ],
    };
    tree.children.push({ type: 'mdxjsEsm', value: '', data: { estree } });
  };
}
