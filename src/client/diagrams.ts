// Draws the page's Mermaid diagrams (src/markdown/plugins/mermaid.ts) from their source text with
// Mermaid's browser build, loaded from `url` on the first page that has one, in the colours of
// the current theme, and again when the reader switches the theme. The source stays in the page:
// it is what a reader without JavaScript sees, and what a diagram Mermaid cannot read shows.
interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let mermaid: Promise<Mermaid> | undefined;
let watching = false;
let drawn = 0;

export async function drawDiagrams(url: string): Promise<void> {
  const diagrams = [...document.querySelectorAll<HTMLElement>('[data-mermaid]')];
  if (!diagrams.length) return;
  mermaid ??= import(url).then((m: { default: Mermaid }) => m.default);
  const lib = await mermaid;
  if (!watching) {
    watching = true;
    new MutationObserver(() => void drawDiagrams(url)).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
  const theme = document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'default';
  lib.initialize({ startOnLoad: false, theme, securityLevel: 'strict', suppressErrorRendering: true, fontFamily: getComputedStyle(document.body).fontFamily });
  for (const diagram of diagrams) {
    if (diagram.dataset.drawn === theme) continue;
    const source = diagram.querySelector('.mermaid-source')?.textContent ?? '';
    try {
      const { svg } = await lib.render(`mermaid-${++drawn}`, source);
      let out = diagram.querySelector('.mermaid-svg');
      if (!out) {
        out = document.createElement('div');
        out.className = 'mermaid-svg';
        diagram.append(out);
      }
      out.innerHTML = svg;
      diagram.dataset.drawn = theme;
      delete diagram.dataset.error;
    } catch (err) {
      diagram.dataset.error = (err as Error).message;
    }
  }
}
