// What the Markdown stage is configured with, and the per-render context its plugins read.
import type { Strings } from '../shared/i18n/index.ts';

export interface MarkdownOptions {
  allowHtml: boolean;
  tocMin: number;
  tocMax: number;
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
  tabGroups?: number;
  tabIndex?: number;
  /** Links and images left out because the URL policy refuses them (see refusedLinks.ts). */
  refusedUrls?: { url: string; line: number }[];
}
