// `docsgen version <name>`: snapshots the current docs as a released version, laid out as
// Docusaurus's `docs:version` lays it out, so the build publishes them at /docs/<name>/ (or at
// /docs/ while it is the newest): the default locale's docs in versioned_docs/version-<name>/, each
// other locale's in i18n/<locale>/docusaurus-plugin-content-docs/version-<name>/, the sidebars
// file as versioned_sidebars/version-<name>-sidebars.json, the OpenAPI spec (its folder, with the
// files its $refs name, and the overlays) in versioned_openapi/version-<name>/, and the name first
// in versions.json.
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailed } from '../errors.ts';
import type { SiteConfig } from './schema.ts';
import { readVersionNames, translatedVersionDir, versionedDocsDir, versionedSidebarsFile, versionNameProblem, VERSIONS_FILE } from './versions.ts';

export const versionedOpenapiDir = (root: string, name: string) => path.join(root, 'versioned_openapi', `version-${name}`);

/** Writes the snapshot and returns the folders and files written, relative to the site. */
export function snapshotVersion(config: SiteConfig, name: string): string[] {
  const { root } = config;
  const versionsFile = path.join(root, VERSIONS_FILE);
  const fail = (message: string, hint?: string, file?: string): never => {
    throw new BuildFailed([{ code: 'version-snapshot', message, hint, file }]);
  };
  const why = versionNameProblem(name);
  if (why) fail(`The version name "${name}" ${why}`, 'Use a name such as "2.0" or "2026-03": it becomes a folder name and a URL segment.');
  const names = readVersionNames(root) ?? [];
  if (names.includes(name)) fail(`Version "${name}" exists already in ${VERSIONS_FILE}`, 'Pick another name, or remove the old snapshot first.', versionsFile);
  const docs = config.sources.docs?.[config.defaultLocale];
  if (!docs || !fs.existsSync(docs))
    fail('There are no current docs to snapshot', 'The docs are read from content/<locale>/docs (or the docs plugin\'s "path").');
  const target = versionedDocsDir(root, name);
  if (fs.existsSync(target)) fail(`${rel(root, target)} exists already`, `Remove it, or add "${name}" to ${VERSIONS_FILE} to build it as it is.`);

  const written: string[] = [];
  const copy = (from: string, to: string) => {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.cpSync(from, to, { recursive: true, dereference: false });
    written.push(rel(root, to));
  };
  copy(docs!, target);
  for (const { code } of config.locales) {
    const own = config.sources.docs?.[code];
    if (code === config.defaultLocale || !own || own === docs || !fs.existsSync(own)) continue;
    copy(own, translatedVersionDir(path.join(root, 'i18n', code), name));
  }
  if (config.sidebars?.value !== undefined) {
    const file = versionedSidebarsFile(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(config.sidebars.value, null, 2) + '\n');
    written.push(rel(root, file));
  }
  if (config.openapi) {
    const spec = path.resolve(root, config.openapi.spec);
    const dir = versionedOpenapiDir(root, name);
    // The spec's folder whole, when it has one of its own: the files its $refs name come along.
    if (path.dirname(spec) !== root) copy(path.dirname(spec), dir);
    else
      for (const file of [spec, ...Object.values(config.openapi.overlays).map((o) => path.resolve(root, o))]) copy(file, path.join(dir, path.basename(file)));
  }
  fs.writeFileSync(versionsFile, JSON.stringify([name, ...names], null, 2) + '\n');
  written.push(VERSIONS_FILE);
  return written;
}

const rel = (root: string, p: string) => path.relative(root, p).split(path.sep).join('/');
