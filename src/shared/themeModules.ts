// Which `@theme/<Name>` and `@docusaurus/<Name>` modules a site can import: docsgen's theme
// (templates/mdx, templates/docusaurus), the site's overrides of it (templates/), and its
// Docusaurus swizzles (src/theme/). A name in none of them that is no typo of one is a module of
// Docusaurus's theme that docsgen lacks: an MDX page gets a stand-in that renders nothing.
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.ts';
import { closest } from './closest.ts';

const FOLDERS: Record<string, string> = { '@theme/': 'mdx', '@docusaurus/': 'docusaurus' };
const SCRIPT = /\.(tsx|ts|jsx|js)$/;

function namesIn(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() || SCRIPT.test(e.name))
      .map((e) => e.name.replace(SCRIPT, ''));
  } catch {
    return [];
  }
}

/**
 * For a `@theme/X` or `@docusaurus/X` import that no theme layer has and that is no near miss of
 * a name one has, the names there are (for the message); undefined otherwise (a name that exists,
 * a typo, which stays an error, or another module).
 */
export function lackedThemeModule(specifier: string, siteRoot: string): string[] | undefined {
  const prefix = Object.keys(FOLDERS).find((p) => specifier.startsWith(p));
  if (!prefix) return undefined;
  const name = specifier.slice(prefix.length);
  if (!name || name.startsWith('.')) return undefined;
  const folder = FOLDERS[prefix];
  const layers = [
    path.join(PACKAGE_ROOT, 'templates', folder),
    path.join(siteRoot, 'templates', folder),
    ...(prefix === '@theme/' ? [path.join(siteRoot, 'src', 'theme')] : []),
  ];
  const known = [...new Set(layers.flatMap(namesIn))].filter((n) => /^[A-Za-z]/.test(n)).sort();
  const top = name.split('/')[0];
  if (known.includes(top) || closest(top, known)) return undefined;
  return known.map((n) => prefix + n);
}
