// Search modal (replaced by the search feature): a dialog with the search box.
import { useEffect, useRef } from 'react';
import { useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';

export default function SearchModal({ onClose, initialQuery }: { onClose: () => void; initialQuery?: string }) {
  const { page } = useRouter();
  const strings = getStrings(page.locale);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="search-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="search-modal" role="dialog" aria-modal="true" aria-label={strings.searchLabel}>
        <input ref={input} type="search" defaultValue={initialQuery} placeholder={strings.searchPlaceholder} maxLength={64} aria-label={strings.searchLabel} />
        <p className="search-empty">{strings.noRecentSearches}</p>
      </div>
    </div>
  );
}
