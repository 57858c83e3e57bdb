// The docs plugin's version options and the navbar's docsVersionDropdown, as docsgen's docs
// options and version menu of the same names.
import { isObj, linkTarget, str, type ThemeContext } from './themeConfig.ts';

type Obj = Record<string, unknown>;

/** Whether the navbar has Docusaurus's version menu (docsgen draws its own in its place), and the links it adds after the versions. */
export function versionDropdown(navbar: unknown, ctx: ThemeContext): { versionMenu: boolean; versionMenuItems: { label: string; href: string }[] } {
  const item = isObj(navbar) && Array.isArray(navbar.items) ? navbar.items.find((i) => isObj(i) && i.type === 'docsVersionDropdown') : undefined;
  if (!isObj(item)) return { versionMenu: false, versionMenuItems: [] };
  const after = Array.isArray(item.dropdownItemsAfter) ? item.dropdownItemsAfter.filter(isObj) : [];
  const versionMenuItems = after.flatMap((link) => {
    const href = linkTarget(link, ctx);
    return href && str(link.label) ? [{ label: str(link.label)!, href }] : [];
  });
  if (versionMenuItems.length < after.length)
    ctx.notice('themeConfig.navbar: a docsVersionDropdown item without a label or link is left out', 'dropdownItemsAfter');
  if (Array.isArray(item.dropdownItemsBefore) && item.dropdownItemsBefore.length)
    ctx.notice('themeConfig.navbar: docsVersionDropdown dropdownItemsBefore is not shown; docsgen adds links after the versions only', 'dropdownItemsBefore');
  return { versionMenu: true, versionMenuItems };
}

const VERSION_KEYS = new Set(['label', 'path', 'banner', 'badge']);

/** The docs plugin's version options, as docsgen's docs options of the same names. */
export function versionOptions(docs: Obj, notice: (message: string, near?: string) => void): Obj {
  const out: Obj = {};
  if (str(docs.lastVersion)) out.lastVersion = str(docs.lastVersion);
  if (Array.isArray(docs.onlyIncludeVersions)) out.onlyIncludeVersions = docs.onlyIncludeVersions;
  if (typeof docs.includeCurrentVersion === 'boolean') out.includeCurrentVersion = docs.includeCurrentVersion;
  if (typeof docs.disableVersioning === 'boolean') out.disableVersioning = docs.disableVersioning;
  if (isObj(docs.versions)) {
    const versions: Obj = {};
    for (const [name, options] of Object.entries(docs.versions)) {
      if (!isObj(options)) continue;
      const unused = Object.keys(options).filter((k) => !VERSION_KEYS.has(k));
      if (unused.length) notice(`docs: versions.${name}: ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used by docsgen`, `${unused[0]}:`);
      versions[name] = Object.fromEntries(Object.entries(options).filter(([k]) => VERSION_KEYS.has(k)));
    }
    out.versions = versions;
  }
  return out;
}
