// The HTTP method of an API operation's hit ('POST'), beside its title in the modal and on the
// search page, as the sidebar shows it; the path is its tooltip.
import type { SearchHit } from './provider.ts';
import type { StoredHit } from './storedSearches.ts';

export function MethodBadge({ hit }: { hit: SearchHit | StoredHit }) {
  const endpoint = hit.endpoint;
  if (!endpoint?.method) return null;
  const method = endpoint.method.toUpperCase();
  return (
    <span className={`method-badge method-${method.toLowerCase()} search-hit-method`} title={`${method} ${endpoint.path}`}>
      {method === 'DELETE' ? 'DEL' : method}
    </span>
  );
}
