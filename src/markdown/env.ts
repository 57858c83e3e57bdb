// What the Markdown stage is configured with, and the per-render context its plugins read.
import type { PluginSimple, PluginWithOptions, PluginWithParams } from 'markdown-it';
import type { Strings } from '../shared/i18n/index.ts';
import type { ContentFeature } from '../types.ts';

/** A markdown-it plugin from the config's markdown.plugins: the function, or [function, ...its options]. */
export type MarkdownPluginSpec = PluginSimple | PluginWithOptions | PluginWithParams | [PluginWithParams | PluginWithOptions, ...unknown[]];

export interface MarkdownOptions {
  allowHtml: boolean;
  tocMin: number;
  tocMax: number;
  /** $...$ and $$...$$ as math (the default); off for an API spec's CommonMark, where "$filter" is a word. */
  math?: boolean;
  /** The config's markdown.plugins, applied after docsgen's own. */
  plugins?: readonly MarkdownPluginSpec[];
}

/** Per-render context handed to the plugins through markdown-it's env. */
export interface MarkdownEnv {
  [key: string | symbol]: unknown;
  file: string;
  /** File line of the first body line (front matter excluded), 1-based. */
  bodyLine: number;
  strings: Strings;
  resolveLink(href: string, line: number): { href: string; external?: boolean };
  resolveAsset(src: string, line: number): string;
  /** Prefix of the footnotes' ids, for a page that shows several documents (a list of posts). */
  docId?: string;
  tabGroups?: number;
  tabIndex?: number;
  /** Links and images left out because the URL policy refuses them (see refusedLinks.ts). */
  refusedUrls?: { url: string; line: number }[];
  /** Problems the plugins found (an unknown container, a formula KaTeX cannot read), with their file line. */
  warnings?: { message: string; line: number; hint?: string }[];
  /** Set by the plugins whose output needs a library in the browser (Mermaid) or a stylesheet (KaTeX). */
  features?: Set<ContentFeature>;
}
