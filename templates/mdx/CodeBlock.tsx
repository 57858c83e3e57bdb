// @theme/CodeBlock. A code block whose code is written literally in an MDX page is highlighted at
// build time like a fence (the build replaces the component); this component renders the rest
// (code computed at render time) with the same HTML, unhighlighted.
import { Fragment, type ReactNode } from 'react';
import { useStrings } from '../hooks.ts';

export interface CodeBlockProps {
  children?: ReactNode;
  language?: string;
  title?: string;
  showLineNumbers?: boolean | number;
  className?: string;
  /** Labels in the page's language, written in by the build for MDX pages. */
  copyLabel?: string;
  codeLabel?: string;
}

export default function CodeBlock({ children, language, title, showLineNumbers, className, copyLabel, codeLabel }: CodeBlockProps) {
  const strings = useStrings();
  const code = Array.isArray(children) ? children.join('') : String(children ?? '');
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1];
  const lines = code.replace(/\n$/, '').split('\n');
  const first = showLineNumbers === undefined || showLineNumbers === false ? undefined : showLineNumbers === true ? 1 : showLineNumbers;
  return (
    <div className={`code-block${first === undefined ? '' : ' line-numbers'}`} data-lang={lang}>
      {title && <div className="code-title">{title}</div>}
      <pre tabIndex={0} role="region" aria-label={title ?? lang ?? codeLabel ?? 'Code'}>
        <code className={lang ? `language-${lang}` : undefined} style={first !== undefined && first !== 1 ? { counterReset: `line ${first - 1}` } : undefined}>
          {lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && '\n'}
              <span className="line">{line || ' '}</span>
            </Fragment>
          ))}
        </code>
      </pre>
      <button type="button" className="copy-button" data-copy aria-label={copyLabel ?? 'Copy code to clipboard'}>
        {strings.copy}
      </button>
    </div>
  );
}
