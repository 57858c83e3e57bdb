// The search page at /search?q= (replaced by the search feature).
import { useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';

export default function SearchPage() {
  const { page } = useRouter();
  const strings = getStrings(page.locale);
  return (
    <>
      <h1>{strings.searchPageTitle}</h1>
      <p>{strings.searchPageEmpty}</p>
    </>
  );
}
