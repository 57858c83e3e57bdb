// Everything that renders one locale's API pages, created once per locale and kept for the
// build: the locale's model, its schema graph, the schema tree renderer with its cache, and the
// caches of examples and highlighted code samples.
import type { Strings } from '../shared/i18n/index.ts';
import { codeBlock, highlightLines, type LocaleContext } from './context.ts';
import { SchemaGraph } from './graph.ts';
import type { ApiModel } from './model.ts';
import { SchemaTree } from './schemaTree.ts';

export interface ApiView {
  ctx: LocaleContext;
  model: ApiModel;
  graph: SchemaGraph;
  tree: SchemaTree;
  exampleMemo: Map<string, unknown>;
  highlight(code: string, lang: string, label: string): string;
}

export function createView(ctx: LocaleContext, graph: SchemaGraph): ApiView {
  const tree = new SchemaTree(ctx, graph);
  const highlighted = ctx.shared.code;
  return {
    ctx,
    model: ctx.model,
    graph,
    tree,
    exampleMemo: new Map(),
    highlight(code: string, lang: string, label: string) {
      const key = `${lang}\0${code}`;
      let lines = highlighted.get(key);
      if (!lines) highlighted.set(key, (lines = highlightLines(code, lang)));
      return codeBlock(code, lang, ctx.strings as Strings, label, lines);
    },
  };
}
