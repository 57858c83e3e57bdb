// Docs versions, laid out on disk as Docusaurus lays them out, for a docsgen site and a Docusaurus
// site alike: versions.json (names, newest first) beside versioned_docs/version-<name>/,
// versioned_sidebars/version-<name>-sidebars.json and i18n/<locale>/docusaurus-plugin-content-docs/
// version-<name>/. Which versions are built, and each one's label, path, banner and badge, follow
// the docs plugin's rules (its src/versions/version.ts).
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailed, type SiteProblem } from '../errors.ts';
import type { DocsVersion, SiteConfig } from './schema.ts';
import { readSidebars } from './sidebarsFile.ts';

export const CURRENT_VERSION = 'current';
export const VERSIONS_FILE = 'versions.json';

export const versionedDocsDir = (root: string, name: string) => path.join(root, 'versioned_docs', `version-${name}`);
export const versionedSidebarsFile = (root: string, name: string) => path.join(root, 'versioned_sidebars', `version-${name}-sidebars.json`);
/** A locale's translation of a version, under the locale's i18n folder. */
export const translatedVersionDir = (localeDir: string, name: string, plugin = 'docusaurus-plugin-content-docs') =>
  path.join(localeDir, plugin, name === CURRENT_VERSION ? CURRENT_VERSION : `version-${name}`);

/** The names in versions.json, newest first; undefined when the site has no such file. */
export function readVersionNames(root: string): string[] | undefined {
  const file = path.join(root, VERSIONS_FILE);
  if (!fs.existsSync(file)) return undefined;
  let names: unknown;
  const text = fs.readFileSync(file, 'utf8');
  try {
    names = JSON.parse(text);
  } catch (err) {
    throw new BuildFailed([{ code: 'versions-invalid', message: `${VERSIONS_FILE} is not JSON: ${(err as Error).message}`, file }]);
  }
  if (!Array.isArray(names))
    throw new BuildFailed([{ code: 'versions-invalid', message: `${VERSIONS_FILE} must be an array of version names, newest first`, file, line: 1 }]);
  // Each entry's line: where its JSON text is, after the entry before it.
  let from = 0;
  const problems = names.flatMap((name, i): SiteProblem[] => {
    const at = text.indexOf(JSON.stringify(name), from);
    if (at >= 0) from = at + JSON.stringify(name).length;
    const why = versionNameProblem(name);
    const line = at >= 0 ? text.slice(0, at).split('\n').length : undefined;
    return why ? [{ code: 'versions-invalid', message: `${VERSIONS_FILE}: entry ${i + 1} (${JSON.stringify(name)}) ${why}`, file, line }] : [];
  });
  if (problems.length) throw new BuildFailed(problems);
  return names as string[];
}

/** Why a version name cannot name a folder and a URL segment, as the docs plugin checks it. */
export function versionNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'is not a string';
  if (!name.trim()) return 'is empty';
  if (/[/\\]/.test(name)) return 'holds a slash';
  if (name.length > 32) return 'is longer than 32 characters';
  // eslint-disable-next-line no-control-regex
  if (/[<>:"|?*\x00-\x1F]/.test(name)) return 'holds a character a file name cannot have';
  if (/^\.\.?$/.test(name)) return 'is "." or ".."';
  if (name === CURRENT_VERSION) return 'is "current", the name of the docs folder itself';
  return undefined;
}

/**
 * The versions to build, newest first, and the folders of the released ones by locale (the
 * default locale's versioned_docs folder, each other locale's translation where it exists). Throws
 * on an option that names no version, as the docs plugin does. `localeDir` is a locale's i18n folder.
 */
export function resolveVersions(
  config: SiteConfig,
  localeDir: (code: string) => string,
  file = config.configFile,
): { versions?: DocsVersion[]; versionedDocs?: Record<string, Record<string, string>> } {
  const options = config.docs;
  const released = readVersionNames(config.root);
  if (!released || options.disableVersioning) {
    if (options.disableVersioning && !released)
      throw configProblem(file, 'docs.disableVersioning', `there is no ${VERSIONS_FILE}: the docs have no versions to disable`);
    return {};
  }
  const all = [...(options.includeCurrentVersion ? [CURRENT_VERSION] : []), ...released];
  if (!all.length) throw configProblem(file, 'docs.includeCurrentVersion', `no docs to build: ${VERSIONS_FILE} is empty and the current docs are left out`);
  const known = `the versions are ${all.join(', ')}`;
  if (options.lastVersion && !all.includes(options.lastVersion))
    throw configProblem(file, 'docs.lastVersion', `"${options.lastVersion}" is no version (${known})`);
  const unknown = Object.keys(options.versions).filter((n) => !all.includes(n));
  if (unknown.length)
    throw configProblem(file, 'docs.versions', `${unknown.map((n) => `"${n}"`).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} no version (${known})`);
  const only = options.onlyIncludeVersions;
  const notThere = only?.filter((n) => !all.includes(n)) ?? [];
  if (notThere.length)
    throw configProblem(
      file,
      'docs.onlyIncludeVersions',
      `${notThere.map((n) => `"${n}"`).join(', ')} ${notThere.length > 1 ? 'are' : 'is'} no version (${known})`,
    );
  if (only && options.lastVersion && !only.includes(options.lastVersion))
    throw configProblem(file, 'docs.onlyIncludeVersions', `the last version "${options.lastVersion}" must be one of the versions built`);
  const names = only ? all.filter((n) => only.includes(n)) : all;
  const last = options.lastVersion ?? names.find((n) => n !== CURRENT_VERSION) ?? CURRENT_VERSION;

  const versionedDocs: Record<string, Record<string, string>> = {};
  const problems: SiteProblem[] = [];
  const versions = names.map((name): DocsVersion => {
    const own = options.versions[name] ?? {};
    const banner = own.banner ?? (name === last ? 'none' : names.indexOf(name) < names.indexOf(last) ? 'unreleased' : 'unmaintained');
    const version: DocsVersion = {
      name,
      label: own.label ?? (name === CURRENT_VERSION ? options.versionLabel : name),
      path: own.path ?? (name === last ? '' : name === CURRENT_VERSION ? 'next' : name),
      ...(banner === 'none' ? {} : { banner }),
      badge: own.badge ?? names.length !== 1,
      isLast: name === last,
    };
    if (name === CURRENT_VERSION) return version;
    const dir = versionedDocsDir(config.root, name);
    if (!fs.existsSync(dir)) {
      problems.push({
        code: 'versions-missing-folder',
        message: `Version "${name}" of ${VERSIONS_FILE} has no folder ${path.relative(config.root, dir)}`,
        file: path.join(config.root, VERSIONS_FILE),
        hint: `Snapshot the docs with \`docsgen version ${name}\`, or remove "${name}" from ${VERSIONS_FILE}.`,
      });
      return version;
    }
    const dirs: Record<string, string> = { [config.defaultLocale]: dir };
    for (const { code } of config.locales) {
      const translated = translatedVersionDir(localeDir(code), name);
      if (code !== config.defaultLocale && fs.existsSync(translated)) dirs[code] = translated;
    }
    versionedDocs[name] = dirs;
    const sidebarsFile = versionedSidebarsFile(config.root, name);
    if (fs.existsSync(sidebarsFile)) version.sidebars = readVersionSidebars(sidebarsFile, problems);
    return version;
  });
  if (problems.some((p) => p.severity !== 'warning')) throw new BuildFailed(problems);
  return { versions, versionedDocs };
}

function readVersionSidebars(file: string, problems: SiteProblem[]) {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push({ code: 'sidebars-invalid', message: `The versioned sidebars file is not JSON: ${(err as Error).message}`, file });
    return undefined;
  }
  const read = readSidebars(value, file);
  problems.push(...read.problems);
  return read.sidebars;
}

function configProblem(file: string | undefined, key: string, what: string): BuildFailed {
  return new BuildFailed([{ code: 'config-invalid', message: `Invalid config at "${key}": ${what}`, file }]);
}

/** The config with its docs versions resolved and their folders added to the content sources. */
export function withVersions(config: SiteConfig, localeDir: (code: string) => string): SiteConfig {
  const { versions, versionedDocs } = resolveVersions(config, localeDir);
  if (!versions) return config;
  const current = versions.some((v) => v.name === CURRENT_VERSION);
  return {
    ...config,
    versions,
    // Left out, the current docs are not read at all.
    sources: { ...config.sources, ...(current ? {} : { docs: {} }), versionedDocs },
  };
}
