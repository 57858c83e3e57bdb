// The Markdown stage: Markdown source in, PageContent out (HTML, table of contents, anchors,
// links to check, text blocks for search). One markdown-it instance per option set.
import MarkdownItCtor, { type MarkdownIt } from 'markdown-it';
// CommonMark does not close `**굵게(예)**를` (punctuation inside, Hangul outside); this plugin
// applies the CJK-friendly flanking rules so Korean emphasis works as authors expect.
import cjkFriendly from 'markdown-it-cjk-friendly';
import type { PluginWithParams, Token } from 'markdown-it';
import type { ContentBlock, ContentFeature, LinkRef, PageContent, TocItem } from '../types.ts';
import { codeBlocks } from './plugins/codeBlocks.ts';
import { containers } from './plugins/containers.ts';
import { details } from './plugins/details.ts';
import { footnotes } from './plugins/footnotes.ts';
import { headingIds, inlineText } from './plugins/headingIds.ts';
import { links } from './plugins/links.ts';
import { math } from './plugins/math.ts';
import { mermaid } from './plugins/mermaid.ts';
import { mdxLeftovers } from './plugins/mdxLeftovers.ts';
import { npm2yarn } from './plugins/npm2yarn.ts';
import { tables, taskLists } from './plugins/blocks.ts';
import type { MarkdownEnv, MarkdownOptions, MarkdownPluginSpec } from './env.ts';

export type { MarkdownEnv, MarkdownOptions, MarkdownPluginSpec };

/** markdown-it instances by the config's plugin list (an object), then by the other options. */
const instances = new WeakMap<readonly MarkdownPluginSpec[], Map<string, MarkdownIt>>();
const NO_PLUGINS: readonly MarkdownPluginSpec[] = [];
const MAY_HOLD_LINK = /https?:|ftp:|mailto:|\/\/|@|www\.|localhost|\.[\p{L}\p{N}]/iu;

export function createMarkdown(options: MarkdownOptions): MarkdownIt {
  const plugins = options.plugins ?? NO_PLUGINS;
  let byOptions = instances.get(plugins);
  if (!byOptions) instances.set(plugins, (byOptions = new Map()));
  const key = `${options.allowHtml} ${options.math !== false}`;
  let md = byOptions.get(key);
  if (md) return md;
  md = new MarkdownItCtor({ html: options.allowHtml, linkify: true, typographer: false });
  md.use(cjkFriendly).use(headingIds).use(codeBlocks).use(mermaid).use(npm2yarn);
  if (options.math !== false) md.use(math);
  md.use(containers).use(details).use(footnotes).use(links).use(taskLists).use(tables).use(mdxLeftovers);
  for (const spec of plugins) {
    if (Array.isArray(spec)) md.use(spec[0] as PluginWithParams, ...spec.slice(1));
    else md.use(spec as PluginWithParams);
  }
  // linkify-it's quick test tries its every TLD at every dot of every paragraph. Most text has
  // nothing a link needs (a scheme, "//", "@", "www.", "localhost", a dot before a letter or a
  // digit), and is turned down before that test.
  const pretest = md.linkify.pretest.bind(md.linkify);
  md.linkify.pretest = (text: string) => MAY_HOLD_LINK.test(text) && pretest(text);
  byOptions.set(key, md);
  return md;
}

export interface RenderedMarkdown extends Omit<PageContent, 'links'> {
  /** The first h1's text when the body has one (used as title when front matter has none). */
  h1?: string;
}

export function renderMarkdown(source: string, env: MarkdownEnv, options: MarkdownOptions): RenderedMarkdown {
  const md = createMarkdown(options);
  const tokens = md.parse(source, env);
  const toc: TocItem[] = [];
  const anchors: string[] = [];
  const blocks: ContentBlock[] = [];
  let h1: string | undefined;
  let listDepth = 0;
  // A table row is one search block ('Sales order · Ships goods to a customer'); header rows are left out.
  let row: string[] | null = null;
  let inHead = false;

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'heading_open') {
      const level = Number(t.tag.slice(1));
      const id = String(t.attrGet('id') ?? '');
      const text = headingText(tokens[i + 1]);
      anchors.push(id);
      if (level === 1 && h1 === undefined) h1 = text;
      if (level >= options.tocMin && level <= options.tocMax) toc.push({ id, text, level });
      blocks.push({ level, text, anchor: id });
    } else if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') listDepth++;
    else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') listDepth--;
    else if (t.type === 'thead_open' || t.type === 'thead_close') inHead = t.type === 'thead_open';
    else if (t.type === 'tr_open') row = [];
    else if (t.type === 'tr_close') {
      if (row?.length && !inHead) blocks.push({ level: 0, text: row.join(' · ') });
      row = null;
    } else if (t.type === 'inline' && tokens[i - 1]?.type !== 'heading_open') {
      const text = plainText(t);
      if (text && row) row.push(text);
      else if (text && (tokens[i - 1]?.type === 'paragraph_open' || tokens[i - 1]?.type === 'summary_open' || listDepth > 0)) blocks.push({ level: 0, text });
    }
    if (t.attrGet && t.type.endsWith('_open')) {
      const id = t.attrGet('id');
      if (id && t.type !== 'heading_open') anchors.push(String(id));
    }
  }
  const html = md.renderer.render(tokens, md.options, env);
  const features = env.features?.size ? ([...env.features].sort() as ContentFeature[]) : undefined;
  return { html, toc, anchors, blocks, h1, features };
}

function headingText(inline: Token): string {
  // The permalink '#' was appended to the heading's children; leave it out.
  return inlineText((inline.children ?? []).filter((c) => !(c.meta && c.meta.isPermalinkSymbol))).trim();
}

function plainText(inline: Token): string {
  // Runs for every paragraph, list item and table cell: a plain loop, and the whitespace
  // regex only when the text has a run to collapse.
  let text = '';
  for (const c of inline.children ?? []) {
    if (c.type === 'text' || c.type === 'code_inline') text += c.content;
    else if (c.type === 'softbreak') text += ' ';
  }
  return (/\s\s|[^\S ]/.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
}

export type { LinkRef };
