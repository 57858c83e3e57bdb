// The API reference of an unchanged spec, without the spec. When every input of the last build's
// reference is unchanged (the spec's files, the overlays, the config, docsgen's code), its routes,
// sidebars and problems come from a snapshot and its pages from the page cache: no file is parsed,
// no $ref resolved, no model built. The snapshot lists the files the $refs reached, so reading and
// hashing those files is enough to know that nothing changed. A page missing from the cache (or
// damaged there) has the full reference built after all.
import fs from 'node:fs';
import type { PageContent, Route, SiteConfig } from '../types.ts';
import type { ProblemList, SiteProblem } from '../errors.ts';
import type { Strings } from '../shared/i18n/index.ts';
import type { ApiLocaleReference, ApiReference } from './index.ts';
import { ApiPageCache, apiPageKey } from './pageCache.ts';
import { cachedValidation } from './validate.ts';
import { snapshotFile } from './snapshotPath.ts';

export interface ReferenceSnapshot {
  /** apiPageKey of the inputs below. */
  key: string;
  specFiles: string[];
  overlayFiles: string[];
  /** Problems of the $refs and of the model (validation's are in its own cache). */
  refProblems: SiteProblem[];
  modelProblems: SiteProblem[];
  locales: Record<string, ApiLocaleReference & { prefix: string }>;
}

export function writeSnapshot(cacheDir: string, rootFile: string, snapshot: ReferenceSnapshot): void {
  const file = snapshotFile(cacheDir, rootFile);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(tmp, JSON.stringify(snapshot));
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * The reference kept from the last build, when none of its inputs changed, its validation is
 * cached without errors and every page is in the page cache; undefined otherwise. `full` builds
 * the reference from the spec, for a page the cache cannot give after all.
 */
export function keptReference(config: SiteConfig, rootFile: string, cacheDir: string | undefined, problems: ProblemList, full: () => ApiReference): ApiReference | undefined {
  if (!cacheDir) return undefined;
  let snapshot: ReferenceSnapshot;
  try {
    snapshot = JSON.parse(fs.readFileSync(snapshotFile(cacheDir, rootFile), 'utf8')) as ReferenceSnapshot;
  } catch {
    return undefined;
  }
  const read = (file: string) => ({ file, text: fs.readFileSync(file, 'utf8') });
  let specFiles: { file: string; text: string }[];
  let overlayFiles: { file: string; text: string }[];
  try {
    specFiles = snapshot.specFiles.map(read);
    overlayFiles = snapshot.overlayFiles.map(read);
  } catch {
    return undefined; // a file is gone: the spec changed
  }
  const key = apiPageKey([...specFiles, ...overlayFiles], config);
  if (key !== snapshot.key) return undefined;
  const validation = cachedValidation({ rootFile, files: specFiles }, { strict: config.openapi!.strict, cacheDir });
  if (!validation || validation.some((p) => p.severity !== 'warning')) return undefined;
  const pages = ApiPageCache.open(cacheDir, key, false);
  const locales = Object.values(snapshot.locales);
  if (!pages || !locales.every((l) => l.routes.every((r) => pages.has(r.path)))) return undefined;
  for (const p of [...snapshot.refProblems, ...validation, ...snapshot.modelProblems]) problems.add(p);
  return new KeptReference(snapshot, pages, full);
}

class KeptReference implements ApiReference {
  readonly files: string[];
  private built?: ApiReference;

  constructor(
    private readonly snapshot: ReferenceSnapshot,
    private readonly pages: ApiPageCache,
    private readonly full: () => ApiReference,
  ) {
    this.files = [...snapshot.specFiles, ...snapshot.overlayFiles];
  }

  forLocale(locale: string, prefix: string): ApiLocaleReference {
    const kept = this.snapshot.locales[locale];
    if (!kept || kept.prefix !== prefix) return this.reference().forLocale(locale, prefix);
    return { routes: kept.routes, sidebarId: kept.sidebarId, sidebar: kept.sidebar };
  }

  renderContent(route: Route, strings: Strings): PageContent {
    return this.pages.get(route.path) ?? this.reference().renderContent(route, strings);
  }

  private reference(): ApiReference {
    return (this.built ??= this.full());
  }
}
