// The page's text for search records, in document order, as the Markdown pages give it: each
// heading with its anchor, each paragraph (list items and JSX content included) and each table
// body row as one block. Also decides whether the page is hydrated: only when its code must run
// in the browser (an import other than the theme's static components, an export that is not
// plain data, an event handler); and notes a <DocCardList />, whose cards need descriptions.
import type { Nodes, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { stateOf } from '../state.ts';
import { esmStatements, isData } from './esm.ts';
import { PARTIAL_IMPORT } from './partials.ts';
import { collapse, plainText } from './text.ts';

/**
 * Modules whose components render plain HTML (links included: the client runtime follows them): a
 * page that imports only these is not hydrated.
 */
export const STATIC_COMPONENTS = new Set([
  '@theme/Admonition',
  '@theme/Details',
  '@theme/CodeBlock',
  '@theme/DocCardList',
  '@theme/TOCInline',
  '@theme/Heading',
  '@docusaurus/Link',
  '@docusaurus/Translate',
  '@docusaurus/Interpolate',
]);

const PHRASING = new Set(['text', 'emphasis', 'strong', 'inlineCode', 'link', 'delete', 'mdxJsxTextElement', 'break']);

export function remarkSearchBlocks() {
  return (tree: Root, file: VFile) => {
    const state = stateOf(file);
    state.hydrate = needsHydration(tree);
    state.docCards = showsDocCards(tree);
    visit(tree, (node: Nodes) => {
      if (node.type === 'heading') {
        const id = (node.data?.hProperties as { id?: string } | undefined)?.id;
        state.blocks.push({ level: node.depth, text: collapse(plainText(node)), anchor: id });
        return 'skip';
      }
      if (node.type === 'table') {
        for (const row of node.children.slice(1)) {
          const cells = row.children.map((c) => collapse(plainText(c))).filter(Boolean);
          if (cells.length) state.blocks.push({ level: 0, text: cells.join(' · ') });
        }
        return 'skip';
      }
      if (node.type === 'paragraph') {
        if ((node.data?.hProperties as { className?: string[] } | undefined)?.className?.includes('admonition-title')) return 'skip';
        const text = collapse(plainText(node));
        if (text) state.blocks.push({ level: 0, text });
        return 'skip';
      }
      if (node.type === 'mdxJsxFlowElement' && node.children.some((c) => PHRASING.has(c.type))) {
        const text = collapse(node.children.map((c) => (PHRASING.has(c.type) ? plainText(c as Nodes) : '')).join(''));
        if (text) state.blocks.push({ level: 0, text });
      }
      return undefined;
    });
  };
}

/** Whether the page shows a <DocCardList /> (by that name, or the name it imports @theme/DocCardList as), inline too. */
function showsDocCards(tree: Root): boolean {
  const names = new Set(['DocCardList']);
  for (const s of esmStatements(tree)) {
    if (s.type === 'ImportDeclaration' && s.source.value === '@theme/DocCardList') for (const spec of s.specifiers) names.add(spec.local.name);
  }
  let shows = false;
  visit(tree, (node: Nodes | RootContent) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && names.has(node.name)) shows = true;
  });
  return shows;
}

function needsHydration(tree: Root): boolean {
  for (const s of esmStatements(tree)) {
    // A partial is hydrated for what it holds (compile.ts adds it).
    if (s.type === 'ImportDeclaration' && (STATIC_COMPONENTS.has(String(s.source.value)) || PARTIAL_IMPORT.test(String(s.source.value)))) continue;
    if (s.type === 'ExportNamedDeclaration' && s.declaration?.type === 'VariableDeclaration' && s.declaration.declarations.every((d) => isData(d.init)))
      continue;
    return true;
  }
  let handler = false;
  visit(tree, (node: Nodes | RootContent) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    if (node.attributes.some((a) => a.type === 'mdxJsxAttribute' && /^on[A-Z]/.test(a.name))) handler = true;
  });
  return handler;
}
