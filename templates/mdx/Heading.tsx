// @theme/Heading: a heading with an id gets the "#" permalink the Markdown headings have.
import type { HTMLAttributes } from 'react';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
}

export default function Heading({ as: Tag, id, children, ...props }: HeadingProps) {
  if (Tag === 'h1' || !id)
    return (
      <Tag id={id} {...props}>
        {children}
      </Tag>
    );
  return (
    <Tag id={id} tabIndex={-1} {...props}>
      {children}{' '}
      <a href={`#${id}`} className="hash-link">
        #
      </a>
    </Tag>
  );
}
