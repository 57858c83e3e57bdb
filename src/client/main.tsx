// Browser entry: reads the page data embedded by the server, loads the page's layout chunk and
// the locale's site data, and hydrates. The page body comes from the DOM rather than from the embedded JSON, so it is sent once.
import { hydrateRoot } from 'react-dom/client';
import type { ClientSiteData, PageData } from '../types.ts';
import { ROOT_ELEMENT_ID } from '../shared/page.ts';
import { readPageDocument } from './pageDocument.ts';
import { loadJson } from './jsonFiles.ts';
import { loadPageModules } from './pageModules.ts';
import { loadStrings } from './strings.ts';
import { Root } from './Root.tsx';
import { enhanceContent } from './enhance.ts';
import 'docsgen:theme';

async function start() {
  const data = readPageDocument(document) as { page: PageData; site: string };
  let modules, site: ClientSiteData;
  try {
    [modules, site] = await Promise.all([loadPageModules(data.page), loadJson<ClientSiteData>(data.site), loadStrings(data.page.locale)]);
  } catch (err) {
    const key = 'docsgen.chunk-reload';
    if (sessionStorage.getItem(key) !== location.pathname) {
      sessionStorage.setItem(key, location.pathname);
      location.reload();
      return;
    }
    throw err;
  }
  hydrateRoot(document.getElementById(ROOT_ELEMENT_ID)!, <Root site={site} initial={{ page: data.page, ...modules }} />);
  enhanceContent(data.page.locale);
}

void start();
