// Loading an API reference: reads the spec's files, checks every $ref, validates (main thread
// only: render workers rebuild the route table from a spec the main thread already accepted),
// builds the model, applies each locale's overlay to its own copy and assigns slugs on the
// default locale.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import path from 'node:path';
import type { SiteConfig } from '../types.ts';
import { ProblemList, SiteError, type SiteProblem } from '../errors.ts';
import type { LoadOptions } from './types.ts';
import { buildModel, type ApiModel } from './model/model.ts';
import { applyOverlayFile } from './load/overlay.ts';
import { ParseCache } from './load/parseCache.ts';
import { ApiPageCache, apiPageKey } from './render/pageCache.ts';
import { isObject } from './load/pointer.ts';
import { checkRefs } from './load/refs.ts';
import { guidePages } from './model/guide.ts';
import { assignSlugs } from './model/slug.ts';
import { SpecSource } from './load/source.ts';
import { cachedValidation, validateAndCache, validationJob } from './load/validate.ts';
import { siteCacheDir, STORES } from '../cache/cacheFolder.ts';
import { vendorLinksNote } from './model/vendorLinks.ts';
import { Reference } from './reference.ts';

/**
 * The reference of `config.openapi.spec`; with `release`, that of an earlier release (its spec in
 * the config given), published under routeBase without a category page of its own.
 */
export async function buildApiReference(
  config: SiteConfig,
  problems: ProblemList,
  options: LoadOptions = {},
  release?: string,
): Promise<Reference | undefined> {
  const settings = config.openapi;
  if (!settings) return undefined;
  const found: SiteProblem[] = [];
  const cacheDir = siteCacheDir(config.root, options.cache);
  const rootFile = path.resolve(config.root, settings.spec);
  // The main thread reports the spec's problems and validates it; render workers load a copy of
  // their own and leave all that to it.
  const primary = isMainThread;
  const parsed = new ParseCache(cacheDir, rootFile);
  const source = new SpecSource(rootFile, undefined, parsed);
  let validation: Promise<SiteProblem[]> | undefined;
  try {
    // Reading the root (and every file its $refs reach, in checkRefs) throws on syntax errors.
    found.push(...checkVersion(source), ...checkRefs(source));
    if (!found.some(isError) && primary) {
      const validating = { strict: settings.strict, cacheDir };
      const cached = cachedValidation(source, validating);
      if (cached) found.push(...cached);
      else if (options.validateElsewhere) validation = options.validateElsewhere(() => validationJob(source, validating));
      else found.push(...(await validateAndCache(source, validating)));
    }
  } catch (err) {
    if (!(err instanceof SiteError)) throw err;
    found.push(err);
  }
  for (const p of found) problems.add(p);
  if (found.some(isError)) return undefined;

  if (!validation) return assemble(config, source, parsed, cacheDir, problems, primary, release);
  try {
    const reference = assemble(config, source, parsed, cacheDir, problems, primary, release);
    // Settled by whoever awaits it (the build, before it publishes anything).
    validation.catch(() => {});
    reference.validation = validation;
    return reference;
  } catch (err) {
    // A spec the model cannot be built from: its validation problems tell why, when it has any.
    const late = await validation.catch(() => [] as SiteProblem[]);
    if (!late.some(isError)) throw err;
    for (const p of late) problems.add(p);
    return undefined;
  }
}

/**
 * The reference from a spec whose $refs resolve: the model, its slugs, each locale's overlaid
 * copy.
 */
function assemble(
  config: SiteConfig,
  source: SpecSource,
  parsed: ParseCache,
  cacheDir: string | undefined,
  problems: ProblemList,
  primary: boolean,
  release?: string,
): Reference {
  const settings = config.openapi!;
  const modelProblems: SiteProblem[] = [];
  const model = buildModel(source, modelProblems);
  const guide = guidePages(model);
  const slugs = assignSlugs(
    model,
    guide.map((g) => g.id),
  );
  const models = new Map<string, ApiModel>();
  const overlayFiles: string[] = [];
  for (const { code } of config.locales) {
    const overlay = settings.overlays[code];
    if (!overlay || code === config.defaultLocale) continue;
    const file = path.resolve(config.root, overlay);
    overlayFiles.push(file);
    const copy = source.clone();
    const result = applyOverlayFile(copy, file, parsed);
    copy.clearCache();
    for (const p of result.problems) modelProblems.push(p);
    models.set(code, buildModel(copy, []));
  }
  // Before the render workers start: they read the spec's YAML from here.
  parsed.save();
  const reference = new Reference(config, source, model, models, slugs, guide, overlayFiles, release);
  const note = primary ? vendorLinksNote(source, reference.linkPolicy) : undefined;
  if (note) modelProblems.push(note);
  // Problems found while building are reported once, by the primary thread.
  if (primary) for (const p of modelProblems) problems.add(p);
  if (!cacheDir) return reference;
  // Hashing the inputs (docsgen's code among them) is only worth it with a cache to look in.
  const inputs = [...source.files.values(), ...overlayFiles.map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))];
  const key = apiPageKey(inputs, config);
  // Each release's pages in a store of their own: opening a store drops the other inputs' pages.
  reference.pageCache = ApiPageCache.open(cacheDir, key, primary, release && `${STORES.apiPages}-${release}`);
  return reference;
}

function isError(p: SiteProblem): boolean {
  return p.severity !== 'warning';
}

function checkVersion(source: SpecSource): SiteProblem[] {
  const doc = source.root.doc;
  const version = isObject(doc) ? doc.openapi : undefined;
  if (typeof version === 'string' && /^3\.[01]\./.test(version)) return [];
  const swagger = isObject(doc) && typeof doc.swagger === 'string';
  return [
    {
      code: 'openapi-version',
      message: swagger
        ? `${path.basename(source.rootFile)} is a Swagger 2.0 document; docsgen reads OpenAPI 3.0 and 3.1`
        : `${path.basename(source.rootFile)} is not an OpenAPI 3.0 or 3.1 document (its "openapi" field is ${version === undefined ? 'missing' : JSON.stringify(version)})`,
      file: source.rootFile,
      line: source.lineOf(source.rootFile, swagger ? '/swagger' : '/openapi'),
      hint: swagger ? 'Convert it with a tool such as swagger2openapi.' : 'The root document starts with "openapi: 3.1.0" (or 3.0.x).',
    },
  ];
}
