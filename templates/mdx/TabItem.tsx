// @theme/TabItem: one panel of @theme/Tabs, which gives it its id, its tab's id and whether it is hidden.
import type { ReactNode } from 'react';

export interface TabItemProps {
  value: string;
  label?: ReactNode;
  /** This tab is selected first (unless Tabs has a defaultValue). */
  default?: boolean;
  attributes?: Record<string, unknown>;
  className?: string;
  children?: ReactNode;
  /** Set by Tabs. */
  id?: string;
  labelledBy?: string;
  hidden?: boolean;
}

export default function TabItem({ children, className, id, labelledBy, hidden }: TabItemProps) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy} hidden={hidden} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
