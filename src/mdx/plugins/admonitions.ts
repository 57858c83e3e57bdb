// ":::tip[Title]" containers (remark-directive) become the admonitions Markdown pages have, with
// the same HTML. remark-directive also reads ":name" in running text ("10:30", "Note:this") and
// "::name" lines as directives: those are put back as the text they were written as. A container
// of an unknown type is reported and its content kept.
import type { Paragraph, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { SKIP, visit } from 'unist-util-visit';
import { closest } from '../../shared/closest.ts';
import { stateOf } from '../state.ts';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important'] as const;
type AdmonitionType = (typeof ADMONITION_TYPES)[number];

export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    const state = stateOf(file);
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        const text = start !== undefined && end !== undefined ? state.text.slice(start, end) : `:${node.name}`;
        const replacement = node.type === 'textDirective' ? { type: 'text', value: text } : { type: 'paragraph', children: [{ type: 'text', value: text }] };
        parent.children.splice(index, 1, replacement as never);
        return SKIP;
      }
      if (node.type !== 'containerDirective') return;
      const type = node.name.toLowerCase();
      if ((ADMONITION_TYPES as readonly string[]).includes(type)) {
        toAdmonition(node, type as AdmonitionType, state.strings.admonitions as Record<string, string>);
        return;
      }
      const near = closest(type, ADMONITION_TYPES);
      state.warnings.push({
        code: 'mdx-unknown-container',
        message: `Unknown container ":::${node.name}": its content is shown without a box`,
        line: node.position?.start.line ?? 1,
        hint: near ? `Did you mean ":::${near}"?` : `Admonitions are ${ADMONITION_TYPES.map((a) => `:::${a}`).join(', ')}.`,
      });
      const children = node.children.filter((c) => !(c.type === 'paragraph' && c.data && 'directiveLabel' in c.data));
      parent.children.splice(index, 1, ...(children as RootContent[] as never[]));
      return [SKIP, index];
    });
  };
}

/** <div class="admonition admonition-tip" role="note"><p class="admonition-title">…</p><div class="admonition-body">…</div></div> */
function toAdmonition(node: ContainerDirective, type: AdmonitionType, titles: Record<string, string>): void {
  const label =
    node.children[0]?.type === 'paragraph' && (node.children[0].data as { directiveLabel?: boolean } | undefined)?.directiveLabel
      ? node.children[0]
      : undefined;
  const body = label ? node.children.slice(1) : node.children;
  const title: Paragraph = {
    type: 'paragraph',
    children: label ? label.children : [{ type: 'text', value: titles[type] ?? type }],
    data: { hProperties: { className: ['admonition-title'] } },
  };
  node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${type}`], role: 'note' } };
  node.children = [title, { type: 'docsgenAdmonitionBody', children: body, data: { hName: 'div', hProperties: { className: ['admonition-body'] } } } as never];
}
