// The search page (/search?q=), a chunk of its own so other pages never load search code.
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import SearchPage from '../search/SearchPage.tsx';

export default function SearchLayout(_props: { page: PageData; site: ClientSiteData }) {
  return (
    <main id="main" className="page-main search-page" tabIndex={-1}>
      <SearchPage />
    </main>
  );
}
