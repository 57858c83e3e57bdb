// The dark/light switch: a toggle button ("Dark mode", pressed or not). The head script applies
// the stored choice to <html data-theme> before first paint; which icon shows is decided by CSS
// from that attribute, so the server's HTML is right for either theme. The pressed state starts
// from the site default (as rendered on the server) and is read from the document after hydration.
// With colorMode.respectPrefersColorScheme, a reader who has not chosen follows the OS setting,
// also when it changes while the page is open; the first click stores a choice.
import { useEffect, useState } from 'react';
import { STORAGE_THEME } from 'docsgen/shared/page';
import { getStrings } from 'docsgen/strings';
import { MoonIcon, SunIcon } from './icons.tsx';

type Mode = 'light' | 'dark';

function apply(mode: Mode) {
  const root = document.documentElement;
  root.setAttribute('data-theme', mode);
  root.style.colorScheme = mode;
}

function storedMode(): Mode | undefined {
  try {
    const t = localStorage.getItem(STORAGE_THEME);
    return t === 'dark' || t === 'light' ? t : undefined;
  } catch {
    return undefined;
  }
}

export function ThemeToggle({ locale, defaultMode, followSystem }: { locale: string; defaultMode: Mode; followSystem?: boolean }) {
  const strings = getStrings(locale);
  const [mode, setMode] = useState<Mode>(defaultMode);

  useEffect(() => {
    setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    // Another tab changed the theme: follow it.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORAGE_THEME || (e.newValue !== 'dark' && e.newValue !== 'light')) return;
      apply(e.newValue);
      setMode(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    const system = followSystem ? matchMedia('(prefers-color-scheme: dark)') : undefined;
    const onSystem = (e: MediaQueryListEvent) => {
      if (storedMode()) return;
      apply(e.matches ? 'dark' : 'light');
      setMode(e.matches ? 'dark' : 'light');
    };
    system?.addEventListener('change', onSystem);
    return () => {
      window.removeEventListener('storage', onStorage);
      system?.removeEventListener('change', onSystem);
    };
  }, [followSystem]);

  const toggle = () => {
    const next: Mode = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
    apply(next);
    setMode(next);
    try {
      localStorage.setItem(STORAGE_THEME, next);
    } catch {}
  };

  return (
    <button
      type="button"
      className="theme-toggle icon-button"
      aria-label={strings.themeDark}
      aria-pressed={mode === 'dark'}
      title={strings.themeToggle}
      onClick={toggle}
    >
      <SunIcon />
      <MoonIcon />
    </button>
  );
}
