// Placeholder until the dev server lands.
export async function serve(_root: string, _opts: { port: number; host: string; watch: boolean; outDir: string }): Promise<number> {
  process.stderr.write('docsgen serve is not available yet\n');
  return 1;
}
