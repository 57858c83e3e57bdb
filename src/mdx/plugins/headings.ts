// Headings as the Markdown pages have them: an id (the slug of the text, unique in the page, or
// the author's "{#id}"), tabindex -1 and a "#" permalink after the text; and the leading "# "
// heading left out when it gave the page its title (the layout shows the title). Every heading is
// recorded for the table of contents and the search records.
import type { Heading, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { headingSlugger } from '../../markdown/slugify.ts';
import { stateOf } from '../state.ts';
import { plainText } from './text.ts';

const EXPLICIT_ID = /\s*\{#([\w\p{L}-]+)\}\s*$/u;

export function remarkHeadings() {
  return (tree: Root, file: VFile) => {
    const state = stateOf(file);
    if (!state.hasTitle) dropTitleHeading(tree);
    const slug = headingSlugger();
    visit(tree, 'heading', (node: Heading) => {
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      const explicit = last?.type === 'text' ? EXPLICIT_ID.exec(last.value) : null;
      if (explicit && last?.type === 'text') {
        last.value = last.value.slice(0, explicit.index);
        id = explicit[1];
      }
      const text = plainText(node).trim();
      id ??= slug(text);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id, tabIndex: -1 } };
      node.children.push({ type: 'text', value: ' ' }, {
        type: 'docsgenPermalink',
        data: {
          hName: 'a',
          hProperties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `${state.strings.directLink}: ${text}` },
          hChildren: [{ type: 'text', value: '#' }],
        },
      } as unknown as RootContent as Heading['children'][number]);
      state.headings.push({ id, text, level: node.depth });
    });
  };
}

/** The first "# " heading, when nothing but imports, exports and comments comes before it. */
function dropTitleHeading(tree: Root): void {
  const first = tree.children.findIndex((n) => n.type !== 'mdxjsEsm' && n.type !== 'mdxFlowExpression');
  const node = tree.children[first];
  if (node?.type === 'heading' && node.depth === 1) tree.children.splice(first, 1);
}
