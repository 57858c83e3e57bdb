// @theme/Admonition: the box ":::note" draws, as a component. `title` defaults to the type's name
// (MDX pages get it in their language from the build).
import type { ReactNode } from 'react';

const TYPES = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important']);
/** Docusaurus's older names. */
const ALIASES: Record<string, string> = { secondary: 'note', success: 'tip' };

export interface AdmonitionProps {
  type?: string;
  title?: ReactNode;
  /** Accepted for Docusaurus pages; the theme draws the type's icon. */
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export default function Admonition({ type = 'note', title, className, children }: AdmonitionProps) {
  const kind = TYPES.has(type) ? type : (ALIASES[type] ?? 'note');
  return (
    <div className={`admonition admonition-${kind}${className ? ` ${className}` : ''}`} role="note">
      <p className="admonition-title">{title ?? kind[0].toUpperCase() + kind.slice(1)}</p>
      <div className="admonition-body">{children}</div>
    </div>
  );
}
