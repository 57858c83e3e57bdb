// The language dropdown: a disclosure button and a list of links to this page in every locale
// (PageData.alternates); a locale without a counterpart links to its home page. The reader stays
// at the section being read: the other page opens at its matching heading (see router.ts).
// Keyboard: Enter or Space opens, arrow keys move, Escape closes and returns focus, Tab out closes.
import { useId, type KeyboardEvent } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { localizePath } from 'docsgen/shared/paths';
import { useRouter } from 'docsgen/client';
import { useHref, useMenu } from '../hooks.ts';
import { ChevronIcon, GlobeIcon } from './icons.tsx';
import { currentSection } from './Toc.tsx';

export function languageLinks(page: PageData, site: ClientSiteData) {
  return site.locales.map((l) => {
    const alternate = page.alternates.find((a) => a.locale === l.code)?.href;
    return { locale: l, href: alternate ?? localizePath('/', l.prefix), samePage: Boolean(alternate) };
  });
}

export function LanguageMenu({ page, site }: { page: PageData; site: ClientSiteData }) {
  const strings = getStrings(page.locale);
  const href = useHref();
  const { navigate } = useRouter();
  const { open, setOpen, ref, closeOnEscape, closeOnBlur } = useMenu(page.path);
  const listId = useId();
  const current = site.locales.find((l) => l.code === page.locale) ?? site.locales[0];

  if (site.locales.length < 2) return null;

  const links = () => [...(ref.current?.querySelectorAll<HTMLAnchorElement>('.language-list a') ?? [])];
  const onKeyDown = (e: KeyboardEvent) => {
    if (closeOnEscape(e)) return;
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    if (!open) setOpen(true);
    // The list renders on open; move focus once it is there.
    requestAnimationFrame(() => {
      const all = links();
      if (!all.length) return;
      const i = all.indexOf(document.activeElement as HTMLAnchorElement);
      const next =
        e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? all.length - 1
            : i < 0
              ? e.key === 'ArrowUp'
                ? all.length - 1
                : 0
              : (i + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length;
      all[next].focus();
    });
  };

  return (
    <div className="language-menu" ref={ref} onKeyDown={onKeyDown} onBlur={closeOnBlur}>
      <button
        type="button"
        className="language-button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${strings.languageMenu}: ${current.label}`}
        onClick={() => setOpen(!open)}
      >
        <GlobeIcon />
        <span className="language-label">{current.label}</span>
        <ChevronIcon className="language-chevron" />
      </button>
      <ul className="language-list" id={listId} hidden={!open}>
        {languageLinks(page, site).map(({ locale, href: target, samePage }) => (
          <li key={locale.code}>
            <a
              href={href(target)}
              hrefLang={locale.htmlLang}
              lang={locale.htmlLang}
              aria-current={locale.code === page.locale ? 'true' : undefined}
              onClick={(e) => {
                setOpen(false);
                const section = samePage && locale.code !== page.locale ? currentSection(page.toc) : undefined;
                if (!section || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                navigate(href(target), { section });
              }}
            >
              {locale.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
