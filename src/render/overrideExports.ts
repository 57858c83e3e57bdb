// A site's override of a theme file may export its component as the default export, as Docusaurus
// swizzles do (`export default function Footer()`), where the default theme's file exports it by
// name (`export function Footer`). The theme imports the name, so such an override is given a
// module of its own that adds each missing name as the default: it works as a named one would.
import fs from 'node:fs';

const NAMED_DECLARATION = /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
const EXPORT_LIST = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;
const DEFAULT_EXPORT = /^export\s+default\b|^export\s*\{[^}]*\bas\s+default\b/m;

/** The names a module's text exports, read from its export statements. */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(NAMED_DECLARATION)) names.add(m[1]);
  for (const m of text.matchAll(EXPORT_LIST))
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '');
      if (name && name !== 'default') names.add(name);
    }
  return names;
}

/**
 * The names the default theme's file exports that an override with a default export lacks (each
 * of them is then its default); empty when the override needs nothing added.
 */
export function namesForDefault(overrideFile: string, defaultFile: string): string[] {
  let override: string;
  let original: string;
  try {
    override = fs.readFileSync(overrideFile, 'utf8');
    original = fs.readFileSync(defaultFile, 'utf8');
  } catch {
    return [];
  }
  if (!DEFAULT_EXPORT.test(override)) return [];
  const has = exportedNames(override);
  // Types are not values: an override need not export them.
  const types = new Set([...original.matchAll(/^export\s+(?:interface|type)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]));
  return [...exportedNames(original)].filter((name) => !has.has(name) && !types.has(name) && /^[A-Z]/.test(name));
}

/** The module that stands for the override: all it exports, plus the missing names as its default. */
export function overrideModule(overrideFile: string, names: string[]): string {
  const from = JSON.stringify(overrideFile);
  return `export * from ${from};\nexport { default, ${names.map((n) => `default as ${n}`).join(', ')} } from ${from};\n`;
}
