// The theme's inline icons. All decorative: the control that holds one carries the label.
// Each icon is one element made once and returned by every render: every page shows a dozen of
// them, and making their elements anew costs the server time on every page. React elements are
// immutable, so sharing one is safe.
import type { ReactElement } from 'react';

const base = { 'aria-hidden': true, focusable: 'false' } as const;

const menu = (
  <svg {...base} width="22" height="22" viewBox="0 0 24 24">
    <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
export function MenuIcon() {
  return menu;
}

const closePath = <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />;
const close20 = (
  <svg {...base} width={20} height={20} viewBox="0 0 24 24">
    {closePath}
  </svg>
);
export function CloseIcon({ size = 20 }: { size?: number }) {
  if (size === 20) return close20;
  return (
    <svg {...base} width={size} height={size} viewBox="0 0 24 24">
      {closePath}
    </svg>
  );
}

const search = (
  <svg {...base} width="16" height="16" viewBox="0 0 24 24">
    <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
export function SearchIcon() {
  return search;
}

const external = (
  <svg {...base} className="external-icon" width="12" height="12" viewBox="0 0 24 24">
    <path
      d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
export function ExternalIcon() {
  return external;
}

const globe = (
  <svg {...base} width="18" height="18" viewBox="0 0 24 24">
    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" strokeWidth="1.8" />
  </svg>
);
export function GlobeIcon() {
  return globe;
}

const chevronPath = <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />;
const chevrons = new Map<string | undefined, ReactElement>();
export function ChevronIcon({ className }: { className?: string }) {
  let icon = chevrons.get(className);
  if (!icon) {
    icon = (
      <svg {...base} className={className} width="12" height="12" viewBox="0 0 24 24">
        {chevronPath}
      </svg>
    );
    chevrons.set(className, icon);
  }
  return icon;
}

const sun = (
  <svg {...base} className="icon-sun" width="20" height="20" viewBox="0 0 24 24">
    <circle cx="12" cy="12" r="4.5" fill="currentColor" />
    <path
      d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
);
export function SunIcon() {
  return sun;
}

const moon = (
  <svg {...base} className="icon-moon" width="20" height="20" viewBox="0 0 24 24">
    <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor" />
  </svg>
);
export function MoonIcon() {
  return moon;
}

// Not used by the default theme, only by sites' overrides: made on first use, so that a bundle
// without such an override leaves them out.
const madeOnUse = new Map<string, ReactElement>();
function onUse(key: string, make: () => ReactElement): ReactElement {
  let el = madeOnUse.get(key);
  if (!el) madeOnUse.set(key, (el = make()));
  return el;
}

export function HomeIcon() {
  return onUse('home', () => (
    <svg {...base} width="15" height="15" viewBox="0 0 24 24">
      <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  ));
}

export function ArrowIcon({ direction = 'right' }: { direction?: 'left' | 'right' }) {
  return onUse(`arrow-${direction}`, () => (
    <svg {...base} className="arrow-icon" width="16" height="16" viewBox="0 0 24 24" style={direction === 'left' ? { transform: 'scaleX(-1)' } : undefined}>
      <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ));
}
