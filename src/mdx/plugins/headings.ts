// Headings as the Markdown pages have them: an id (github-slugger over the text, unique in the
// page, or the author's "{#id}"), tabindex -1 and a "#" permalink after the text; and the leading
// "# " heading left out when it gave the page its title (the layout shows the title). Every
// heading is recorded for the table of contents, Docusaurus's `toc` export and the search records;
// a partial's headings (an imported .md/.mdx used as <Partial />) count where it is used, as
// Docusaurus counts them.
import type { Heading, PhrasingContent, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { headingSlugger } from '../../markdown/slugify.ts';
import { escapeHtml } from '../../shared/html.ts';
import { stateOf } from '../state.ts';
import { importedPartials } from './partials.ts';
import { plainText } from './text.ts';

const EXPLICIT_ID = /\s*\{#([\w\p{L}-]+)\}\s*$/u;

export function remarkHeadings() {
  return (tree: Root, file: VFile) => {
    const state = stateOf(file);
    if (!state.hasTitle && !state.partial) dropTitleHeading(tree);
    const partials = importedPartials(tree, state);
    const slug = headingSlugger();
    visit(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && partials.has(node.name)) {
        const partial = partials.get(node.name)!;
        state.headings.push(...partial.headings);
        state.toc.push(...partial.toc);
        state.usedPartials.push(partial);
        return;
      }
      if (node.type !== 'heading') return;
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      const explicit = last?.type === 'text' ? EXPLICIT_ID.exec(last.value) : null;
      if (explicit && last?.type === 'text') {
        last.value = last.value.slice(0, explicit.index);
        if (!last.value && node.children.length > 1) node.children.pop();
        id = explicit[1];
      }
      const text = plainText(node).trim();
      id ??= slug(text);
      if (node.depth >= 2) state.toc.push({ value: phrasingHtml(node.children).trim(), id, level: node.depth });
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

/** A heading's content as the HTML of Docusaurus's toc items: text, code and emphasis; links as their text. */
function phrasingHtml(nodes: PhrasingContent[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'text') return escapeHtml(n.value);
      if (n.type === 'inlineCode') return `<code>${escapeHtml(n.value)}</code>`;
      if (n.type === 'emphasis') return `<em>${phrasingHtml(n.children)}</em>`;
      if (n.type === 'strong') return `<strong>${phrasingHtml(n.children)}</strong>`;
      if (n.type === 'delete') return `<del>${phrasingHtml(n.children)}</del>`;
      if ('children' in n) return phrasingHtml(n.children as PhrasingContent[]);
      return '';
    })
    .join('');
}

/** The first "# " heading, when nothing but imports, exports and comments comes before it. */
function dropTitleHeading(tree: Root): void {
  const first = tree.children.findIndex((n) => n.type !== 'mdxjsEsm' && n.type !== 'mdxFlowExpression');
  const node = tree.children[first];
  if (node?.type === 'heading' && node.depth === 1) tree.children.splice(first, 1);
}
