// Draws the page's Mermaid diagrams (src/markdown/plugins/mermaid.ts) from their source text with
// Mermaid's browser build, loaded from `url` when the first diagram comes near the screen (Mermaid
// is several hundred kilobytes: a reader who never scrolls to a diagram never loads it), in the
// colours of the current theme, and again when the reader switches the theme. The source stays in
// the page: it is what a reader without JavaScript sees, and what a diagram Mermaid cannot read
// (or a Mermaid that does not load) shows. Until then the box keeps its height (markdown.css), and
// the drawing is scaled to fit it.
interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let mermaid: Promise<Mermaid> | undefined;
let observer: IntersectionObserver | undefined;
let themeWatcher: MutationObserver | undefined;
let drawn = 0;

/** Watches the current page's diagrams and draws each as it nears the screen. */
export function drawDiagrams(url: string): void {
  observer?.disconnect();
  const diagrams = [...document.querySelectorAll<HTMLElement>('[data-mermaid]')];
  if (!diagrams.length) return;
  observer = new IntersectionObserver(
    (entries, self) => {
      const near = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLElement);
      for (const d of near) self.unobserve(d);
      if (near.length) void draw(url, near);
    },
    { rootMargin: '600px 0px' },
  );
  for (const d of diagrams) observer.observe(d);
  themeWatcher ??= new MutationObserver(() => void draw(url, [...document.querySelectorAll<HTMLElement>('[data-mermaid][data-drawn]')]));
  themeWatcher.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}

async function draw(url: string, diagrams: HTMLElement[]): Promise<void> {
  if (!diagrams.length) return;
  mermaid ??= import(url).then((m: { default: Mermaid }) => m.default);
  let lib: Mermaid;
  try {
    lib = await mermaid;
  } catch (err) {
    mermaid = undefined;
    for (const diagram of diagrams) diagram.dataset.error = (err as Error).message;
    return;
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
      // Scaled down to the box's height, a drawing sits at its top, as it would in the flow of the text.
      out.querySelector('svg')?.setAttribute('preserveAspectRatio', 'xMidYMin meet');
      diagram.dataset.drawn = theme;
      delete diagram.dataset.error;
    } catch (err) {
      diagram.dataset.error = (err as Error).message;
    }
  }
}
