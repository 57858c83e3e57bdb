// ::: containers: admonitions (note, tip, info, warning, danger, and Docusaurus's caution and
// important; title translated per locale unless the author gives one, icon drawn by the theme's
// CSS from the type's class) and tabs (::::tabs holding :::tab[Label] panels). A `:::word` that
// opens no container would print as text: it is reported (see MarkdownEnv.warnings).
import type { MarkdownIt } from 'markdown-it';
import container from 'markdown-it-container';
import type { StateCore, Token } from 'markdown-it';
import { escapeHtml } from '../../shared/html.ts';
import type { Strings } from '../../shared/i18n/index.ts';
import { closest } from '../../shared/closest.ts';
import type { MarkdownEnv } from '../env.ts';

export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important'] as const;
export type AdmonitionType = (typeof ADMONITIONS)[number];

/** "note[Title]" or "note Title" -> "Title"; "note" -> undefined. */
export function containerTitle(params: string, name: string): string | undefined {
  const rest = params.trim().slice(name.length);
  const bracket = /^\[(.*)\]\s*$/.exec(rest);
  if (bracket) return bracket[1].trim() || undefined;
  return rest.trim() || undefined;
}

const matches = (name: string) => (params: string) => new RegExp(`^${name}(\\[.*\\]|\\s.*)?$`).test(params.trim());

export function containers(md: MarkdownIt): void {
  for (const type of ADMONITIONS) {
    md.use(container, type, {
      validate: matches(type),
      render(tokens: Token[], idx: number, _options: unknown, env: MarkdownEnv) {
        const token = tokens[idx];
        if (token.nesting !== 1) return ADMONITION_CLOSE;
        const custom = containerTitle(token.info, type);
        return admonitionOpenHtml(type, custom ? inlineHtml(md, custom, env) : undefined, env.strings);
      },
    });
  }
  md.core.ruler.push('unknown_containers', reportUnknownContainers);

  md.use(container, 'tabs', {
    validate: matches('tabs'),
    render(tokens: Token[], idx: number, _options: unknown, env: MarkdownEnv) {
      if (tokens[idx].nesting !== 1) return '</div>\n';
      const group = (env.tabGroups = (env.tabGroups ?? 0) + 1);
      const labels = tabLabels(tokens, idx);
      const buttons = labels
        .map(
          (label, i) =>
            `<button type="button" role="tab" id="tab-${group}-${i}" aria-controls="tabpanel-${group}-${i}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${inlineHtml(md, label, env)}</button>`,
        )
        .join('');
      env.tabIndex = 0;
      return `<div class="tabs" data-tabs><div role="tablist">${buttons}</div>\n`;
    },
  });

  md.use(container, 'tab', {
    validate: matches('tab'),
    render(tokens: Token[], idx: number, _options: unknown, env: MarkdownEnv) {
      if (tokens[idx].nesting !== 1) return '</div>\n';
      const group = env.tabGroups ?? 0;
      const i = env.tabIndex ?? 0;
      env.tabIndex = i + 1;
      return `<div role="tabpanel" id="tabpanel-${group}-${i}" aria-labelledby="tab-${group}-${i}" tabindex="0"${i === 0 ? '' : ' hidden'}>\n`;
    },
  });
}

/**
 * A title written in Markdown. Rendered on its own, it must not repeat the page's footnotes
 * (markdown-it-footnote appends them to every render of an env that has some).
 */
function inlineHtml(md: MarkdownIt, text: string, env: MarkdownEnv): string {
  return md.renderInline(text, { ...env, footnotes: undefined, features: (env.features ??= new Set()) });
}

/**
 * An admonition's opening HTML (closed by ADMONITION_CLOSE): `titleHtml` is the author's title
 * rendered, else the type's name in the page's language. Shared with other content pipelines.
 */
export function admonitionOpenHtml(type: AdmonitionType, titleHtml: string | undefined, strings: Strings): string {
  const title = titleHtml ?? escapeHtml(strings.admonitions[type]);
  return `<div class="admonition admonition-${type}" role="note"><p class="admonition-title">${title}</p><div class="admonition-body">\n`;
}

export const ADMONITION_CLOSE = '</div></div>\n';

const KNOWN = new Set<string>([...ADMONITIONS, 'tabs', 'tab']);

/** Paragraphs that begin with `:::word` where no container opened: an unknown type or a typo. */
function reportUnknownContainers(state: StateCore): void {
  const env = state.env as MarkdownEnv;
  const tokens = state.tokens;
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].type !== 'inline' || tokens[i - 1].type !== 'paragraph_open') continue;
    const m = /^:::+\s*([\w-]+)/.exec(tokens[i].content);
    if (!m || KNOWN.has(m[1])) continue;
    const line = (tokens[i].map?.[0] ?? 0) + env.bodyLine;
    const near = closest(m[1].toLowerCase(), ADMONITIONS);
    env.warnings?.push({
      message: `Unknown container ":::${m[1]}" is printed as text`,
      line,
      hint: near ? `Did you mean ":::${near}"?` : `Admonitions are ${ADMONITIONS.map((a) => `:::${a}`).join(', ')}.`,
    });
  }
}

function tabLabels(tokens: Token[], start: number): string[] {
  const labels: string[] = [];
  let depth = 0;
  for (let i = start + 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'container_tabs_close' && depth === 0) break;
    if (t.type === 'container_tab_open') {
      if (depth === 0) labels.push(containerTitle(t.info, 'tab') ?? `Tab ${labels.length + 1}`);
      depth++;
    } else if (t.type === 'container_tab_close') depth--;
  }
  return labels;
}
