// @theme/Details: a <details> box as Markdown pages draw it. `summary` is text or a <summary>
// element; a <summary> among the children is taken too.
import { Children, isValidElement, type DetailsHTMLAttributes, type ReactElement, type ReactNode } from 'react';

export interface DetailsProps extends Omit<DetailsHTMLAttributes<HTMLDetailsElement>, 'summary'> {
  summary?: ReactNode;
  children?: ReactNode;
}

export default function Details({ summary, className, children, ...props }: DetailsProps) {
  const items = Children.toArray(children);
  const inner = items.find((c): c is ReactElement => isValidElement(c) && c.type === 'summary');
  const label = inner ?? (isValidElement(summary) && summary.type === 'summary' ? summary : <summary>{summary ?? 'Details'}</summary>);
  return (
    <details className={`details${className ? ` ${className}` : ''}`} {...props}>
      {label}
      <div className="details-body">{items.filter((c) => c !== inner)}</div>
    </details>
  );
}
