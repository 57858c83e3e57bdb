// A package an MDX page imports that is not installed (a copied Docusaurus site's
// `react-lite-youtube-embed` before `npm install`) would stop the whole build. It is reported at
// the import's line as a warning, and the bundle gives the page an empty stand-in for it
// (src/render/mdxModules.ts): the rest of the page and the site build.
import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { stateOf } from '../state.ts';
import { lackedThemeModule } from '../../shared/themeModules.ts';

/** Names the theme or docsgen provide (and webpack's `!!raw-loader!file`, read as text): never looked for in node_modules. */
const PROVIDED = /^(@theme\/|@theme-original\/|@theme-init\/|@docusaurus\/|@site\/|docsgen(\/|$)|react(\/|$)|react-dom(\/|$)|node:|!*raw-loader!)/;

/** The package a bare import names ('@scope/pkg/sub' -> '@scope/pkg'), or undefined for a path. */
export function packageName(specifier: string): string | undefined {
  if (/^(\.|\/)/.test(specifier) || PROVIDED.test(specifier) || /^[a-z][a-z\d+.-]*:/i.test(specifier)) return undefined;
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** Whether a node_modules folder from `dir` up holds the package. */
export function isInstalled(name: string, dir: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, 'node_modules', name, 'package.json'))) return true;
    if (path.dirname(at) === at) return false;
  }
}

export function remarkMissingPackages() {
  return (tree: Root, file: VFile) => {
    const state = stateOf(file);
    for (const node of tree.children) {
      if (node.type !== 'mdxjsEsm') continue;
      const body = (node.data?.estree as { body?: { type: string; source?: { value: unknown }; loc?: { start: { line: number } } }[] } | undefined)?.body ?? [];
      for (const s of body) {
        if (s.type !== 'ImportDeclaration' && s.type !== 'ExportNamedDeclaration' && s.type !== 'ExportAllDeclaration') continue;
        const specifier = s.source?.value;
        const lacked = typeof specifier === 'string' ? lackedThemeModule(specifier, state.siteRoot) : undefined;
        if (lacked) {
          state.warnings.push({
            code: 'mdx-missing-theme-module',
            message: `docsgen has no "${specifier}" (a Docusaurus theme module): what this page imports from it renders nothing`,
            line: s.loc?.start.line ?? node.position?.start.line ?? 1,
            hint: `docsgen provides ${lacked.join(', ')}; a component of the site's own in src/theme/ takes its name's place.`,
          });
          continue;
        }
        const name = typeof specifier === 'string' ? packageName(specifier) : undefined;
        if (!name || isInstalled(name, path.dirname(file.path)) || isInstalled(name, state.siteRoot)) continue;
        state.warnings.push({
          code: 'mdx-missing-package',
          message: `"${name}" is not installed: what this page imports from it renders nothing`,
          line: s.loc?.start.line ?? node.position?.start.line ?? 1,
          hint: `Install it in the site folder (npm install ${name}) to have it rendered.`,
        });
      }
    }
  };
}
