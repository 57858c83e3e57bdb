// @docusaurus/Translate: docsgen has no translation files for components, so the default message
// is shown, with its {placeholders} filled in from `values`.
import type { ReactNode } from 'react';
import { interpolate } from './Interpolate.tsx';

export interface TranslateParam {
  message: string;
  id?: string;
  description?: string;
}

type Values = Record<string, ReactNode>;

/** The message as a string (values must be strings or numbers here). */
export function translate({ message }: TranslateParam, values?: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}

export default function Translate({ children, values }: { children: string; id?: string; description?: string; values?: Values }) {
  return <>{interpolate(children, values)}</>;
}
