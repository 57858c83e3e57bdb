// Accessibility with axe-core in Chromium: zero WCAG 2.1 A/AA violations on the sampled pages, in
// both locales and both colour modes (pages load once, shared with the console check).

export const name = 'axe';
export const title = 'accessibility (axe-core, WCAG 2.1 AA)';
export const browser = true;

export async function run(ctx) {
  const visits = await ctx.visits();
  const failures = [];
  const byRule = new Map();
  for (const v of visits) {
    if (v.theme !== v.mode) failures.push(`${v.path} [${v.mode}]: colour mode not applied (data-theme="${v.theme}"), so it was not tested in ${v.mode} mode`);
    for (const violation of v.violations) {
      const entry = byRule.get(violation.id) ?? { ...violation, loads: [], nodes: 0 };
      entry.loads.push(`${v.path} [${v.mode}, ${v.device}]`);
      entry.nodes += violation.count;
      byRule.set(violation.id, entry);
    }
  }
  for (const [id, e] of byRule) {
    failures.push(
      `${id} (${e.impact}): ${e.help}: ${e.nodes} elements on ${e.loads.length} page loads, e.g. ${e.loads.slice(0, 3).join(', ')}` +
        `\n      ${e.targets.join(' | ')}${e.summary ? `\n      ${e.summary}` : ''}`,
    );
  }
  const kinds = new Set(visits.map((v) => v.kind));
  const locales = new Set(visits.map((v) => v.locale));
  const pages = new Set(visits.map((v) => v.path));
  return {
    ok: failures.length === 0,
    summary: `${pages.size} pages (${[...kinds].sort().join(', ')}; ${[...locales].sort().join(', ')}) x light/dark = ${visits.length} loads, ${byRule.size} rules violated`,
    failures,
    figures: { pages: pages.size, loads: visits.length, kinds: [...kinds].sort(), violations: [...byRule.keys()] },
  };
}
