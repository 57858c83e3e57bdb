// Small helpers every template uses.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useRouter } from 'docsgen/client';
import { getStrings } from 'docsgen/strings';
import { withBase } from 'docsgen/shared/paths';

export function useStrings() {
  return getStrings(useRouter().page.locale);
}

/** Adds the site's base path to a route path. */
export function useHref() {
  const { site } = useRouter();
  return (path: string) => (/^[a-z]+:|^\/\//i.test(path) ? path : withBase(site.basePath, path));
}

// Made once at load: making a formatter costs far more than formatting (a blog list shows dozens of dates).
const dateFormat = (tag: string) => new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const KO_DATES = dateFormat('ko-KR');
const EN_DATES = dateFormat('en-US');

export function formatDate(iso: string, locale: string): string {
  return (locale === 'ko' ? KO_DATES : EN_DATES).format(new Date(iso + 'T00:00:00Z'));
}

/**
 * A navbar menu's open state. It closes on a route change, a pointer down outside it, focus
 * leaving it (Tab out) and Escape, which gives focus back to its button.
 */
export function useMenu(pagePath: string) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => setOpen(false), [pagePath]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  /** Handles Escape; true when it closed the menu. */
  const closeOnEscape = (e: KeyboardEvent): boolean => {
    if (e.key !== 'Escape' || !open) return false;
    e.preventDefault();
    setOpen(false);
    ref.current?.querySelector('button')?.focus();
    return true;
  };
  const closeOnBlur = (e: FocusEvent) => {
    if (open && e.relatedTarget && !ref.current?.contains(e.relatedTarget as Node)) setOpen(false);
  };
  return { open, setOpen, ref, closeOnEscape, closeOnBlur };
}
