// Runs a docusaurus.config.* the way Docusaurus does (jiti: TypeScript, ESM with `require` and
// `__dirname`, JSON imports), in a site whose node_modules may not be installed. A package the
// config imports that cannot be found is replaced by a placeholder that evaluates to nothing, and
// its name is returned so the adapter can say once what was left out.
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { createJiti } from 'jiti';

/** What a missing package evaluates to: callable, indexable, iterable as empty, never a thenable. */
function placeholder(): unknown {
  const target = function missingPackage() {};
  const proxy: unknown = new Proxy(target, {
    get: (t, key) => {
      if (key === BRAND) return true;
      if (key === Symbol.toPrimitive) return () => '';
      if (key === Symbol.iterator) return function* empty() {};
      if (key === 'then' || key === '__esModule' || typeof key === 'symbol') return undefined;
      if (key === 'length' || key === 'name' || key === 'prototype') return Reflect.get(t, key);
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
  });
  return proxy;
}

/** Asked of a value to tell the placeholder, also through the loader's interop wrapper around it. */
const BRAND = Symbol.for('docsgen.missingPackage.brand');

// One placeholder per process, whichever copy of this module (a bundle chunk, a worker) made it first.
const MISSING_KEY = Symbol.for('docsgen.missingPackage');
const registry = globalThis as Record<symbol, unknown>;
export const MISSING = (registry[MISSING_KEY] ??= placeholder());

/** True for a value that came from a package that was not installed. */
export const isMissing = (value: unknown): boolean =>
  (typeof value === 'function' || (typeof value === 'object' && value !== null)) && (value as Record<symbol, unknown>)[BRAND] === true;

/**
 * The file every missing package resolves to while one config is evaluated (the loader reads a
 * real file): it exports the placeholder. Made when a package is first missed, removed after.
 */
let evaluations = 0;
function missingPackageFile(): string {
  return path.join(os.tmpdir(), `docsgen-missing-package-${process.pid}-${threadId}-${++evaluations}.cjs`);
}

export interface EvaluatedConfig {
  value: Record<string, unknown>;
  /** Packages the config imports that are not installed, in the order met. */
  missingPackages: string[];
}

type ResolveFilename = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;

/**
 * Evaluates the config file and returns its export (a function export is called, as Docusaurus
 * does). Node's resolver is wrapped only while the file runs: a bare package name it cannot find
 * resolves to the placeholder instead of throwing, and so do the `replaced` packages, installed
 * or not (docsgen does their work itself).
 */
export async function evaluateConfig(file: string, replaced: ReadonlySet<string> = new Set()): Promise<EvaluatedConfig> {
  const missingPackages: string[] = [];
  const MISSING_FILE = missingPackageFile();
  let written = false;
  const mod = Module as unknown as { _resolveFilename: ResolveFilename; _cache: Record<string, unknown> };
  const resolve = mod._resolveFilename;
  const placeholderFile = () => {
    if (!written) fs.writeFileSync(MISSING_FILE, "module.exports = globalThis[Symbol.for('docsgen.missingPackage')];\n");
    written = true;
    return MISSING_FILE;
  };
  mod._resolveFilename = function resolveOrPlaceholder(request, ...rest) {
    // jiti asks for a package by its name, or by the path it found it at.
    if (
      replaced.has(request) ||
      [...replaced].some((name) => request.includes(`${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`))
    )
      return placeholderFile();
    try {
      return resolve.call(this, request, ...rest);
    } catch (err) {
      if ((err as { code?: string }).code !== 'MODULE_NOT_FOUND' || /^[./]|^node:/.test(request)) throw err;
      if (!missingPackages.includes(request)) missingPackages.push(request);
      return placeholderFile();
    }
  };
  const previousEnv = process.env.NODE_ENV;
  // A config that branches on the environment gets the production build's values, as `docusaurus build` does.
  process.env.NODE_ENV = 'production';
  try {
    const jiti = createJiti(file, { moduleCache: false, fsCache: false, interopDefault: true });
    let value = await jiti.import<unknown>(file, { default: true });
    if (typeof value === 'function') value = await (value as () => unknown)();
    if (!value || typeof value !== 'object') throw new Error('its default export is not an object (nor a function that returns one)');
    return { value: value as Record<string, unknown>, missingPackages };
  } finally {
    mod._resolveFilename = resolve;
    if (written) fs.rmSync(MISSING_FILE, { force: true });
    if (previousEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousEnv;
  }
}
