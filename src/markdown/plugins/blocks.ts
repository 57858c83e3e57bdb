// Small structural rules: task list checkboxes, and tables wrapped in a scrollable, focusable region.
import type { MarkdownIt } from 'markdown-it';
import type { Token } from 'markdown-it';
import type { MarkdownEnv } from '../env.ts';

const TASK = /^\[([ xX])\]\s+/;

export function taskLists(md: MarkdownIt): void {
  md.core.ruler.push('task_lists', (state) => {
    const tokens = state.tokens;
    const env = state.env as MarkdownEnv;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i];
      if (inline.type !== 'inline' || tokens[i - 1].type !== 'paragraph_open' || tokens[i - 2].type !== 'list_item_open') continue;
      const first = inline.children?.[0];
      const m = first?.type === 'text' ? TASK.exec(first.content) : null;
      if (!m || !first) continue;
      first.content = first.content.slice(m[0].length);
      const done = m[1] !== ' ';
      const box = new state.Token('html_inline', '', 0) as Token;
      box.content = `<input type="checkbox" disabled${done ? ' checked' : ''} aria-label="${done ? env.strings.taskDone : env.strings.taskOpen}"> `;
      inline.children!.unshift(box);
      tokens[i - 2].attrJoin('class', 'task-list-item');
    }
  });
}

export function tables(md: MarkdownIt): void {
  md.renderer.rules.table_open = (tokens, idx, options, env, self) =>
    `<div class="table-wrap" tabindex="0" role="region" aria-label="${(env as MarkdownEnv).strings.table}">` + self.renderToken(tokens, idx, options);
  md.renderer.rules.table_close = (tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options) + '</div>\n';
}
