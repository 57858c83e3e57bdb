// The theme's components take their default labels (an admonition's title, a details' summary, a
// code block's labels) in the page's language as props, written in at compile time: the browser's
// table of UI strings leaves those labels out, and a hydrated page renders them again there.
import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { stateOf } from '../state.ts';
import { esmImports, esmNames } from './esm.ts';
import { PROVIDED_COMPONENTS } from './components.ts';

export function remarkThemeDefaults() {
  return (tree: Root, file: VFile) => {
    const { strings } = stateOf(file);
    const declared = esmNames(tree);
    /** Local name -> theme component, from the imports and the components every page has. */
    const theme = new Map<string, string>();
    for (const name of PROVIDED_COMPONENTS) if (!declared.has(name)) theme.set(name, name);
    for (const name of ['Admonition', 'Details', 'CodeBlock']) for (const local of esmImports(tree, `@theme/${name}`)) theme.set(local, name);
    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const component = node.name ? theme.get(node.name) : undefined;
      if (component === 'Admonition') {
        const type = stringAttr(node, 'type') ?? 'note';
        const title = (strings.admonitions as Record<string, string>)[type];
        if (title && !hasAttr(node, 'title')) setAttr(node, 'title', title);
      } else if (component === 'Details') {
        if (!hasAttr(node, 'summary')) setAttr(node, 'summary', strings.details);
      } else if (component === 'CodeBlock') {
        setAttr(node, 'copyLabel', strings.copyCode);
        setAttr(node, 'codeLabel', strings.code);
      }
    });
  };
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

function hasAttr(node: JsxElement, name: string): boolean {
  return node.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute' || a.name === name);
}

function stringAttr(node: JsxElement, name: string): string | undefined {
  const attr = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attr?.value === 'string' ? attr.value : undefined;
}

function setAttr(node: JsxElement, name: string, value: string): void {
  node.attributes.push({ type: 'mdxJsxAttribute', name, value });
}
