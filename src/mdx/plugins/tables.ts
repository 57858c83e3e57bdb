// Tables in a scrollable, focusable region, as the Markdown pages have them.
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { SKIP, visit } from 'unist-util-visit';
import { stateOf } from '../state.ts';

export function remarkTables() {
  return (tree: Root, file: VFile) => {
    const label = stateOf(file).strings.table;
    visit(tree, 'table', (node, index, parent) => {
      if (!parent || index === undefined) return;
      const wrap = {
        type: 'docsgenTableWrap',
        children: [node],
        data: { hName: 'div', hProperties: { className: ['table-wrap'], tabIndex: 0, role: 'region', ariaLabel: label } },
      };
      parent.children.splice(index, 1, wrap as unknown as RootContent as never);
      return SKIP;
    });
  };
}
