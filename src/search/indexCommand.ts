// Placeholder until `docsgen index` lands.
export async function runIndex(_root: string, _opts: { dryRun?: boolean; out: string; rebuild?: boolean }): Promise<number> {
  process.stderr.write('docsgen index is not available yet\n');
  return 1;
}
