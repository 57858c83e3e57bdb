// @docusaurus/Translate: docsgen has no translation files for components, so the default message
// is shown, with its {placeholders} filled in from `values`.
import { Fragment, type ReactNode } from 'react';

export interface TranslateParam {
  message: string;
  id?: string;
  description?: string;
}

type Values = Record<string, ReactNode>;

function interpolate(message: string, values: Values | undefined): ReactNode[] {
  return message.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{name && values && name in values ? values[name] : part}</Fragment>;
  });
}

/** The message as a string (values must be strings or numbers here). */
export function translate({ message }: TranslateParam, values?: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}

export default function Translate({ children, values }: { children: string; id?: string; description?: string; values?: Values }) {
  return <>{interpolate(children, values)}</>;
}
