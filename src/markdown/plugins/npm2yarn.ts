// A fence whose info line is `<lang> npm2yarn` becomes three tabs, npm, Yarn and pnpm, each the
// command in that package manager, as @docusaurus/remark-plugin-npm2yarn makes them (built in: the
// site needs no plugin installed). The tabs use the markup of the `::::tabs` container, which the
// client runtime drives; the code in each is rendered by the fence rule like any other block.
import type { MarkdownIt, Token } from 'markdown-it';
import { escapeHtml } from '../../shared/html.ts';
import type { MarkdownEnv } from '../env.ts';
import { npmToPnpm, npmToYarn } from '../packageManagers.ts';

const MANAGERS = [
  { label: 'npm', convert: (code: string) => code },
  { label: 'Yarn', convert: npmToYarn },
  { label: 'pnpm', convert: npmToPnpm },
];

export function npm2yarn(md: MarkdownIt): void {
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, rawEnv, self) => {
    const token = tokens[idx];
    const [lang = '', ...meta] = token.info.trim().split(/\s+/);
    if (meta.join(' ') !== 'npm2yarn') return fence(tokens, idx, options, rawEnv, self);
    const env = rawEnv as MarkdownEnv;
    const group = (env.tabGroups = (env.tabGroups ?? 0) + 1);
    const id = `${env.docId ? `${env.docId}-` : ''}npm2yarn-${group}`;
    const buttons = MANAGERS.map(
      ({ label }, i) =>
        `<button type="button" role="tab" id="${escapeHtml(id)}-tab-${i}" aria-controls="${escapeHtml(id)}-panel-${i}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${label}</button>`,
    ).join('');
    const panels = MANAGERS.map(({ convert }, i) => {
      const code = Object.assign(Object.create(Object.getPrototypeOf(token)) as Token, token, { info: lang, content: convert(token.content) });
      return (
        `<div role="tabpanel" id="${escapeHtml(id)}-panel-${i}" aria-labelledby="${escapeHtml(id)}-tab-${i}" tabindex="0"${i === 0 ? '' : ' hidden'}>\n` +
        `${fence([code], 0, options, rawEnv, self)}</div>\n`
      );
    }).join('');
    return `<div class="tabs" data-tabs><div role="tablist">${buttons}</div>\n${panels}</div>\n`;
  };
}
