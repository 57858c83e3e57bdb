import { useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';

/** Shown instead of the page when its data failed to load: the error and a Retry button. */
export function LoadError() {
  const { page, error, retry } = useRouter();
  const strings = getStrings(page.locale);
  return (
    <main id="main" className="page-error" tabIndex={-1}>
      <h1>{strings.loadFailed}</h1>
      <p className="page-error-message">{error}</p>
      <button type="button" className="button" onClick={retry}>
        {strings.retry}
      </button>
    </main>
  );
}
