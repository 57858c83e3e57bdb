// Fenced code, and <CodeBlock> from @theme/CodeBlock written with literal code, become the HTML the
// Markdown pages give them (highlighted at build time, title, line numbers, copy button, Mermaid):
// the Markdown renderer's own fence rule writes it, and the page holds it as an element whose
// inner HTML is that string, so no highlighter runs or ships in the browser.
import type { Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { Expression, Program } from 'estree';
import type { Token } from 'markdown-it';
import type { VFile } from 'vfile';
import { SKIP, visit } from 'unist-util-visit';
import { createMarkdown } from '../../markdown/renderMarkdown.ts';
import type { MarkdownEnv } from '../../markdown/env.ts';
import { stateOf } from '../state.ts';
import { esmImports } from './esm.ts';

export function remarkCodeBlocks() {
  const md = createMarkdown({ allowHtml: false, tocMin: 2, tocMax: 3 });
  const fence = md.renderer.rules.fence!;
  return (tree: Root, file: VFile) => {
    const state = stateOf(file);
    const env = { file: file.path, bodyLine: 1, strings: state.strings, features: state.features } as unknown as MarkdownEnv;
    const render = (info: string, code: string) => {
      const token = { info, content: code.endsWith('\n') ? code : code + '\n', type: 'fence', tag: 'code' } as Token;
      return fence([token], 0, md.options, env, md.renderer);
    };
    const codeBlockNames = new Set(esmImports(tree, '@theme/CodeBlock'));
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === 'code') {
        parent.children.splice(index, 1, htmlElement(render([node.lang, node.meta].filter(Boolean).join(' '), node.value)) as never);
        return SKIP;
      }
      if (node.type === 'mdxJsxFlowElement' && node.name && codeBlockNames.has(node.name)) {
        const code = literalChildren(node);
        if (code === undefined) return;
        parent.children.splice(index, 1, htmlElement(render(fenceInfo(node), code)) as never);
        return SKIP;
      }
    });
  };
}

/** The fence info line a <CodeBlock>'s props stand for: 'js title="a.js" showLineNumbers'. */
function fenceInfo(node: MdxJsxFlowElement): string {
  const attr = (name: string) => node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
  const text = (name: string) => {
    const value = attr(name)?.value;
    return typeof value === 'string' ? value : undefined;
  };
  const parts = [text('language') ?? ''];
  const meta = text('metastring');
  if (meta) parts.push(meta);
  const title = text('title');
  if (title) parts.push(title.includes('"') ? `title='${title}'` : `title="${title}"`);
  const numbers = attr('showLineNumbers');
  if (numbers) {
    const start = typeof numbers.value === 'object' && numbers.value ? Number(numbers.value.value) : NaN;
    parts.push(Number.isInteger(start) ? `showLineNumbers=${start}` : 'showLineNumbers');
  }
  return parts.join(' ');
}

/** The code of a <CodeBlock> whose child is a string or a template literal without expressions. */
function literalChildren(node: MdxJsxFlowElement): string | undefined {
  if (node.children.length !== 1) return undefined;
  const child = node.children[0];
  if (child.type !== 'mdxFlowExpression') return undefined;
  const statement = (child.data?.estree as Program | undefined)?.body[0];
  const expr = statement?.type === 'ExpressionStatement' ? (statement.expression as Expression) : undefined;
  if (expr?.type === 'Literal' && typeof expr.value === 'string') return expr.value;
  if (expr?.type === 'TemplateLiteral' && expr.expressions.length === 0) return expr.quasis[0].value.cooked ?? undefined;
  return undefined;
}

const ATTRIBUTE = /([^\s=]+)(?:="([^"]*)")?/g;
const REACT_NAMES: Record<string, string> = { class: 'className', tabindex: 'tabIndex', for: 'htmlFor' };

/**
 * The element an HTML string's outer tag makes, its inner HTML set as it is: the DOM is the one
 * the Markdown pages have.
 */
export function htmlElement(html: string): RootContent {
  const m = /^<([a-z][\w-]*)([^>]*)>([\s\S]*)<\/\1>\s*$/.exec(html.trim());
  if (!m) throw new Error(`unexpected code block HTML: ${html.slice(0, 80)}`);
  const attributes: MdxJsxAttribute[] = [];
  for (const [, name, value] of m[2].matchAll(ATTRIBUTE)) {
    if (name === 'style') attributes.push(expressionAttribute('style', styleObject(decode(value ?? ''))));
    else attributes.push({ type: 'mdxJsxAttribute', name: REACT_NAMES[name] ?? name, value: value === undefined ? null : decode(value) });
  }
  attributes.push(expressionAttribute('dangerouslySetInnerHTML', objectExpression({ __html: m[3] })));
  return { type: 'mdxJsxFlowElement', name: m[1], attributes, children: [] } as MdxJsxFlowElement as RootContent;
}

function decode(text: string): string {
  return text.replace(/&(quot|amp|lt|gt|#39);/g, (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" })[e]!);
}

function styleObject(css: string): Expression {
  const props: Record<string, string> = {};
  for (const decl of css.split(';')) {
    const at = decl.indexOf(':');
    if (at > 0)
      props[
        decl
          .slice(0, at)
          .trim()
          .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
      ] = decl.slice(at + 1).trim();
  }
  return objectExpression(props);
}

function objectExpression(values: Record<string, string>): Expression {
  return {
    type: 'ObjectExpression',
    properties: Object.entries(values).map(([key, value]) => ({
      type: 'Property',
      kind: 'init',
      method: false,
      shorthand: false,
      computed: false,
      key: { type: 'Identifier', name: key },
      value: { type: 'Literal', value },
    })),
  };
}

function expressionAttribute(name: string, expression: Expression): MdxJsxAttribute {
  const estree: Program = { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] };
  return { type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: '', data: { estree } } };
}
