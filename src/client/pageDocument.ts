// What a server-rendered document says about its page: the embedded JSON (the page data without
// its body, plus the URL of its locale's site data) and the body, taken from the content element
// so it is sent once. Read at hydration (main.tsx, from `document`) and on client-side navigation
// (router.ts, from the fetched HTML of the next page). A redirect page embeds {"redirect": target}
// instead.
import type { PageData } from '../types.ts';
import { DATA_ELEMENT_ID } from '../shared/page.ts';
import { expandSidebarItems } from '../shared/sidebarData.ts';

/** `site`: the URL of the site data of the page's locale, a JSON file its pages share (loadJson). */
export type EmbeddedData = { page: PageData; site: string } | { redirect: string };

/** The document's embedded data, or undefined when it has none (not a docsgen page). */
export function readPageDocument(doc: Document): EmbeddedData | undefined {
  const text = doc.getElementById(DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as EmbeddedData;
  if ('page' in data) {
    if (data.page.sidebar) data.page.sidebar.items = expandSidebarItems(data.page.sidebar.items);
    const body = doc.querySelector('[data-docsgen-content]');
    if (body) data.page.html = body.innerHTML;
  }
  return data;
}
