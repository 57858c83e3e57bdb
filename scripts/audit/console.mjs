// No console error, no uncaught exception, no hydration warning and no failed same-origin request
// while the sampled pages load (every page must also hydrate). Shares its page loads with axe.

export const name = 'console';
export const title = 'console errors and failed requests';
export const browser = true;

export async function run(ctx) {
  const visits = await ctx.visits();
  const failures = [];
  for (const v of visits) for (const p of v.problems) failures.push(`${v.path} [${v.mode}, ${v.device}]: ${p}`);
  const slowest = visits.reduce((a, v) => (!a || v.ms > a.ms ? v : a), undefined);
  return {
    ok: failures.length === 0,
    summary: `${visits.length} page loads, ${failures.length} problems${slowest ? `; slowest load + checks ${(slowest.ms / 1000).toFixed(1)} s (${slowest.path})` : ''}`,
    failures,
    figures: { loads: visits.length, problems: failures.length },
  };
}
