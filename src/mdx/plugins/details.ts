// <details> written as JSX in MDX gets the HTML <details> has on Markdown pages: the theme's
// class, a summary in the page's language when it has none, and its content in a body element.
import type { Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { stateOf } from '../state.ts';

export function remarkDetails() {
  return (tree: Root, file: VFile) => {
    const label = stateOf(file).strings.details;
    visit(tree, 'mdxJsxFlowElement', (node: MdxJsxFlowElement) => {
      if (node.name !== 'details') return;
      const at = node.children.findIndex((c) => c.type === 'mdxJsxFlowElement' && c.name === 'summary');
      const summary =
        at >= 0
          ? node.children[at]
          : ({ type: 'mdxJsxFlowElement', name: 'summary', attributes: [], children: [{ type: 'text', value: label }] } as unknown as MdxJsxFlowElement);
      const body = node.children.filter((_, i) => i !== at);
      const className = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'className');
      if (!className) node.attributes.push({ type: 'mdxJsxAttribute', name: 'className', value: 'details' });
      node.children = [
        summary,
        { type: 'mdxJsxFlowElement', name: 'div', attributes: [{ type: 'mdxJsxAttribute', name: 'className', value: 'details-body' }], children: body },
      ];
    });
  };
}
