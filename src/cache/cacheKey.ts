// The one rule for every cache key in docsgen: a hash of the inputs' contents (each file's path
// and text), the config that shapes what is made from them, and docsgen's version (its release
// and the code that runs). Every store keys its values with cacheKey, so a new release or any
// change of docsgen's code makes every store miss, and no store can forget a part of the rule.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../packageRoot.ts';

export interface KeyParts {
  /** The files a value is made from: their paths and texts. */
  inputs: Iterable<{ file: string; text: string }>;
  /** What else shapes the value: the config, a store's format number. Functions count by their source. */
  config: unknown;
}

/** The key of a value made from `parts` by docsgen `version` (this docsgen unless given). */
export function cacheKey(parts: KeyParts, version = docsgenVersion()): string {
  const hash = crypto.createHash('sha256').update(`${version}\0${jsonKey(parts.config)}`);
  for (const f of [...parts.inputs].sort((a, b) => a.file.localeCompare(b.file))) hash.update(`\0${f.file}\0${f.text}`);
  return hash.digest('hex').slice(0, 32);
}

/** JSON of a value for a cache key: functions (a config's hooks) count by their source. */
function jsonKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'function' ? String(v) : v)) ?? 'undefined';
}

let version: string | undefined;
/** docsgen's release (package.json) and a hash of the code that runs. */
export function docsgenVersion(): string {
  if (version) return version;
  let release = 'unknown';
  try {
    release = (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? release;
  } catch {
    /* a hash of the code alone still tells versions apart */
  }
  return (version = `${release}+${codeHash()}`);
}

/**
 * A hash of the code that is running: every script of the folder it runs from (lib/, which
 * bundles the Markdown renderer and the highlighter; src/ when run from the sources).
 */
function codeHash(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!['lib', 'src'].includes(path.basename(dir))) {
    // Not in a folder it knows: a hash of its own, so nothing stored is ever reused.
    if (path.dirname(dir) === dir) return crypto.randomUUID();
    dir = path.dirname(dir);
  }
  const hash = crypto.createHash('sha256');
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(js|ts|tsx)$/.test(f))
    .sort();
  for (const f of files) hash.update(`\0${f}\0`).update(fs.readFileSync(path.join(dir, f)));
  return hash.digest('hex');
}
