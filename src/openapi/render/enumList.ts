// An enum shown one value per line: the value, the name code gives it (a variant's title,
// x-enum-varnames) and what it means, for the schema trees' constraints.
import { escapeHtml, inlineMarkdown, type LocaleContext } from './context.ts';
import { literal, type EnumValue } from '../model/schema.ts';
import { mdBlocks, mdCode, mdItem, mdText } from './markdownText.ts';

export function enumList(ctx: LocaleContext, values: EnumValue[]): { html: string; md: string } {
  const label = ctx.strings.api.allowedValues;
  const items = values.map((c) => {
    const d = c.description ? inlineMarkdown(ctx, c.description, c.descLoc) : undefined;
    const name = c.name && c.name !== c.value ? c.name : undefined;
    return {
      html: `<li><code>${escapeHtml(literal(c.value))}</code>${name ? ` <span class="api-enum-name">${escapeHtml(name)}</span>` : ''}${d?.html ? ` — ${d.html}` : ''}</li>`,
      md: mdItem(`${mdCode(literal(c.value))}${name ? ` ${mdText(name)}` : ''}${d?.md ? ` — ${d.md}` : ''}`),
    };
  });
  return {
    html: `<div class="api-enum"><p class="api-constraints">${escapeHtml(label)}:</p><ul>${items.map((i) => i.html).join('')}</ul></div>`,
    md: mdBlocks([`${mdText(label)}:`, items.map((i) => i.md).join('\n')]),
  };
}
