import { STORAGE_THEME } from 'docsgen/shared/page';
import { getStrings } from 'docsgen/strings';

/** Which icon shows is decided by CSS from <html data-theme>, so server and client render the same. */
export function ThemeToggle({ locale }: { locale: string }) {
  const strings = getStrings(locale);
  const toggle = () => {
    const root = document.documentElement;
    const next = root.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
    root.setAttribute('data-theme', next);
    root.style.colorScheme = next;
    try {
      localStorage.setItem(STORAGE_THEME, next);
    } catch {}
  };
  return (
    <button type="button" className="theme-toggle icon-button" aria-label={strings.themeToggle} title={strings.themeToggle} onClick={toggle}>
      <svg className="icon-sun" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="4.5" fill="currentColor" /><path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      <svg className="icon-moon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor" /></svg>
    </button>
  );
}
