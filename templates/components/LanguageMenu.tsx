import { useEffect, useRef, useState } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { withBase, localizePath } from 'docsgen/shared/paths';

/** Links to this page in the other locales; a locale without a counterpart links to its home. */
export function LanguageMenu({ page, site }: { page: PageData; site: ClientSiteData }) {
  const strings = getStrings(page.locale);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const current = site.locales.find((l) => l.code === page.locale) ?? site.locales[0];

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (site.locales.length < 2) return null;
  return (
    <div className="language-menu" ref={ref}>
      <button type="button" className="language-button" aria-haspopup="true" aria-expanded={open} aria-label={`${strings.languageMenu}: ${current.label}`} onClick={() => setOpen(!open)}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" /><path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" strokeWidth="1.8" /></svg>
        <span>{current.label}</span>
      </button>
      {open && (
        <ul className="language-list">
          {site.locales.map((l) => {
            const alt = page.alternates.find((a) => a.locale === l.code)?.href ?? localizePath('/', l.prefix);
            return (
              <li key={l.code}>
                <a href={withBase(site.basePath, alt)} hrefLang={l.htmlLang} lang={l.htmlLang} aria-current={l.code === page.locale ? 'true' : undefined} onClick={() => setOpen(false)}>
                  {l.label}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
