// The theme's icons. All decorative: the control that holds one carries the label. Those of the
// page frame (navbar, announcement, footer) are drawn by the stylesheet; the rest are inline SVG.
import type { ReactElement } from 'react';

const base = { 'aria-hidden': true, focusable: 'false' } as const;

/** An icon the stylesheet draws (`.icon-<name>` in base.css): a span, where an inline SVG would cost
 * its markup in every page. */
function maskIcon(name: string, className?: string): ReactElement {
  return <span aria-hidden="true" className={`icon icon-${name}${className ? ` ${className}` : ''}`} />;
}

export function MenuIcon() {
  return maskIcon('menu');
}

export function CloseIcon({ size = 20 }: { size?: 16 | 20 }) {
  return maskIcon('close', size === 16 ? 'icon-small' : undefined);
}

export function SearchIcon() {
  return maskIcon('search');
}

export function ExternalIcon() {
  return maskIcon('external', 'external-icon');
}

export function GlobeIcon() {
  return maskIcon('globe');
}

export function ChevronIcon({ className }: { className?: string }) {
  return maskIcon('chevron', className);
}

export function SunIcon() {
  return maskIcon('sun');
}

export function MoonIcon() {
  return maskIcon('moon');
}

// Not used by the default theme, only by sites' overrides.
export function HomeIcon() {
  return (
    <svg {...base} width="15" height="15" viewBox="0 0 24 24">
      <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

export function ArrowIcon({ direction = 'right' }: { direction?: 'left' | 'right' }) {
  return (
    <svg {...base} className="arrow-icon" width="16" height="16" viewBox="0 0 24 24" style={direction === 'left' ? { transform: 'scaleX(-1)' } : undefined}>
      <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
