// A ```bash npm2yarn fence in an MDX page becomes <Tabs groupId="npm2yarn"> with npm, Yarn and
// pnpm tabs, as @docusaurus/remark-plugin-npm2yarn makes it with its `sync` option: choosing Yarn
// on one block chooses it on every block, here and on later pages. Built in, so a site needs no
// plugin installed. (Markdown pages get the same tabs from src/markdown/plugins/npm2yarn.ts.)
import type { Code, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { Program } from 'estree';
import { visit } from 'unist-util-visit';
import { npmToPnpm, npmToYarn } from '../../markdown/packageManagers.ts';

const TABS = 'Npm2YarnTabs';
const TAB_ITEM = 'Npm2YarnTabItem';

const MANAGERS: { value: string; label?: string; convert: (code: string) => string }[] = [
  { value: 'npm', convert: (code) => code },
  { value: 'yarn', label: 'Yarn', convert: npmToYarn },
  { value: 'pnpm', label: 'pnpm', convert: npmToPnpm },
];

const attribute = (name: string, value: string): MdxJsxAttribute => ({ type: 'mdxJsxAttribute', name, value });

function tabs(node: Code): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name: TABS,
    attributes: [attribute('groupId', 'npm2yarn')],
    children: MANAGERS.map(({ value, label, convert }) => ({
      type: 'mdxJsxFlowElement',
      name: TAB_ITEM,
      attributes: [attribute('value', value), ...(label ? [attribute('label', label)] : [])],
      children: [{ type: 'code', lang: node.lang, meta: null, value: convert(node.value) }],
    })),
  };
}

function importNode(): RootContent {
  const declaration = (local: string, source: string): Program['body'][number] => ({
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: local } }],
    source: { type: 'Literal', value: source },
    attributes: [],
  });
  const estree: Program = { type: 'Program', sourceType: 'module', body: [declaration(TABS, '@theme/Tabs'), declaration(TAB_ITEM, '@theme/TabItem')] };
  return { type: 'mdxjsEsm', value: '', data: { estree } };
}

export function remarkNpm2Yarn() {
  return (tree: Root) => {
    let used = false;
    visit(tree, 'code', (node: Code, index, parent) => {
      if (node.meta?.trim() !== 'npm2yarn' || !parent || index === undefined) return;
      parent.children.splice(index, 1, tabs(node) as never);
      used = true;
    });
    if (used) tree.children.unshift(importNode());
  };
}
