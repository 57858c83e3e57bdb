// @docusaurus/Interpolate: a message with {placeholders} filled in from `values` (text or elements).
import { Fragment, type ReactNode } from 'react';

export function interpolate(message: string, values?: Record<string, ReactNode>): ReactNode[] {
  return message.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{name && values && name in values ? values[name] : part}</Fragment>;
  });
}

export default function Interpolate({ children, values }: { children: string; values?: Record<string, ReactNode> }) {
  return <>{interpolate(children, values)}</>;
}
