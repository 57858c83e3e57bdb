// API operation pages send some parts unfilled, to keep pages small: the JavaScript and Python
// samples' request body (written here from the curl sample's, which is highlighted once), shared
// responses' examples (copied from the response's home page, e.g. Errors) and large folded
// subtrees of shared schemas (copied from the schema's home). Until then each links to where it
// is shown in full. Loaded when such a tab is first shown or such a fold first opened.
import { bodyFor, curlBody } from '../shared/sampleBody.ts';
import { highlightJson } from '../shared/jsonHighlight.ts';

const pages = new Map<string, Promise<Document>>();

export function fillPanel(panel: HTMLElement): void {
  for (const slot of panel.querySelectorAll<HTMLElement>('[data-api-body]')) {
    const source = document.getElementById(slot.dataset.apiBody!)?.querySelector('code')?.textContent ?? '';
    const json = curlBody(source);
    const lang = slot.dataset.bodyLang === 'python' ? 'python' : 'javascript';
    const body = json === undefined ? undefined : bodyFor(json, lang);
    if (body === undefined) continue;
    slot.innerHTML = highlightJson(body);
    slot.removeAttribute('data-api-body');
  }
  const url = panel.dataset.apiExample;
  if (url) void copyExample(panel, url);
}

/** A folded schema tree: the tree of the schema's home (its properties, variants), after the link to it. */
export async function fillTree(fold: HTMLDetailsElement): Promise<void> {
  const url = fold.dataset.apiTree!;
  fold.removeAttribute('data-api-tree');
  const root = await findAfter(url, (el) => el.classList.contains('api-schema-root'));
  if (!root) return fold.setAttribute('data-api-tree', url);
  const parts = [...root.children].filter((el) => !el.classList.contains('api-schema-type') && !el.classList.contains('api-prop-desc'));
  fold.append(...parts.map((el) => document.importNode(el, true)));
}

async function copyExample(panel: HTMLElement, url: string): Promise<void> {
  const block = await findAfter(url, (el) => el.classList.contains('code-block'));
  if (!block || panel.dataset.apiExample !== url) return;
  panel.replaceChildren(document.importNode(block, true));
  panel.removeAttribute('data-api-example');
}

/** The first element after the heading `url` names (before the next heading) that `match` accepts. */
async function findAfter(url: string, match: (el: Element) => boolean): Promise<Element | undefined> {
  const target = new URL(url, location.href);
  const key = target.pathname;
  let page = pages.get(key);
  if (!page) {
    page = fetch(key).then(async (r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return new DOMParser().parseFromString(await r.text(), 'text/html');
    });
    page.catch(() => pages.delete(key));
    pages.set(key, page);
  }
  try {
    let el = (await page).getElementById(decodeURIComponent(target.hash.slice(1)))?.nextElementSibling;
    while (el && !/^H[1-6]$/.test(el.tagName) && !match(el)) el = el.nextElementSibling;
    return el && match(el) ? el : undefined;
  } catch {
    // The link to the page stays.
    return undefined;
  }
}
