// Everything that renders one locale's API pages, created once per locale and kept for the
// build: the locale's model, its schema graph, the schema tree renderer with its cache, and the
// caches of examples and highlighted code samples.
import type { Strings } from '../../shared/i18n/index.ts';
import { highlight } from '../../markdown/plugins/codeBlocks.ts';
import { BODY_MARK, sampleText, type Sample } from './codeSamples.ts';
import { codeBlock, highlightLines, type LocaleContext } from './context.ts';
import { highlightJson } from '../../shared/jsonHighlight.ts';
import { highlightSample } from './sampleHighlight.ts';
import { SchemaGraph } from '../model/graph.ts';
import type { ApiModel } from '../model/model.ts';
import { flat, SchemaTree } from './schemaTree.ts';

export interface ApiView {
  ctx: LocaleContext;
  model: ApiModel;
  graph: SchemaGraph;
  tree: SchemaTree;
  exampleMemo: Map<string, unknown>;
  highlight(code: string, lang: string, label: string): string;
  /**
   * A code sample: its skeleton by highlight.js, its body (most of it) by the JSON highlighter.
   * With `bodyFrom` (the id of the panel whose curl sample holds the same body) the body is left
   * to the browser to write from there when the tab is first shown (src/client/apiPanels.ts).
   */
  sample(sample: Sample, bodyFrom?: string): string;
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
      const key = flat(`${lang}\0${code}`);
      let lines = highlighted.get(key);
      if (!lines) highlighted.set(key, (lines = flat(highlightLines(code, lang))));
      return codeBlock(code, lang, ctx.strings as Strings, label, lines);
    },
    sample(sample: Sample, bodyFrom?: string) {
      if (sample.fromSpec) return this.highlight(sample.code, sample.lang, sample.label);
      const text = sampleText(sample);
      const key = flat(`${sample.lang}\0${bodyFrom ?? ''}\0${text}`);
      let lines = highlighted.get(key);
      if (!lines) {
        const body = !sample.body
          ? ''
          : bodyFrom
            ? `<span data-api-body="${bodyFrom}" data-body-lang="${sample.lang}"></span>`
            : highlightJson(sample.body.text);
        // In a shell sample the body sits inside a quoted string's span: close it around the body.
        const skeleton = highlightSample(sample.code, sample.lang) ?? highlight(sample.code, sample.lang);
        const html = skeleton.replace(
          BODY_MARK,
          sample.lang === 'bash' && /hljs-string">[^<]*__DOCSGEN_BODY__/.test(skeleton) ? `</span>${body}<span class="hljs-string">` : body,
        );
        highlighted.set(key, (lines = flat(html)));
      }
      return codeBlock(text, sample.lang, ctx.strings as Strings, sample.label, lines);
    },
  };
}
