// ::: containers: admonitions (note, tip, info, warning, danger; title translated per locale
// unless the author gives one) and tabs (::::tabs holding :::tab[Label] panels).
import type { MarkdownIt } from 'markdown-it';
import container from 'markdown-it-container';
import type { Token } from 'markdown-it';
import { escapeHtml } from '../../shared/html.ts';
import type { MarkdownEnv } from '../env.ts';

export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
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
        if (token.nesting !== 1) return '</div></div>\n';
        const custom = containerTitle(token.info, type);
        const title = custom ? md.renderInline(custom, env) : escapeHtml(env.strings.admonitions[type]);
        return `<div class="admonition admonition-${type}" role="note"><p class="admonition-title">${title}</p><div class="admonition-body">\n`;
      },
    });
  }

  md.use(container, 'tabs', {
    validate: matches('tabs'),
    render(tokens: Token[], idx: number, _options: unknown, env: MarkdownEnv) {
      if (tokens[idx].nesting !== 1) return '</div>\n';
      const group = (env.tabGroups = (env.tabGroups ?? 0) + 1);
      const labels = tabLabels(tokens, idx);
      const buttons = labels
        .map(
          (label, i) =>
            `<button type="button" role="tab" id="tab-${group}-${i}" aria-controls="tabpanel-${group}-${i}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${md.renderInline(label, env)}</button>`,
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
