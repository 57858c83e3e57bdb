// The build's API thread (see apiThread.ts): loads the API reference (parses the spec, builds each
// locale's model) while the main thread collects the docs, sends each locale's routes and sidebar,
// then renders the content of every API route in route-table order, a window ahead of the main
// thread, which turns each into a page (React, search, writing), and then has the spec validated.
import { parentPort, workerData } from 'node:worker_threads';
import type { PageContent, Route, SiteConfig } from '../types.ts';
import { ProblemList, SiteError, type SiteProblem } from '../errors.ts';
import { localPrefix } from '../config/clientSiteData.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { loadApiReference, apiPageMarkdown, type ApiLocaleReference, type ValidationJob } from '../openapi/index.ts';
import { flushStores } from '../cache/keyedStore.ts';
import { validateInThread } from './workerPool.ts';

export interface ApiWorkerInit {
  config: SiteConfig;
  locales: string[];
  /** How many pages the thread renders ahead of those the main thread has taken. */
  window: number;
}

export type ApiWorkerRequest = { type: 'taken'; count: number } | { type: 'validate' } | { type: 'finish' };

export interface RenderedApiPage {
  path: string;
  content: PageContent;
  /** The page's Markdown copy (its body), which the content's parts hold on this thread. */
  md: string | undefined;
}

export type ApiWorkerReply =
  | { type: 'reference'; problems: SiteProblem[]; reference?: { files: string[]; locales: Record<string, ApiLocaleReference>; validating: boolean } }
  | { type: 'pages'; pages: RenderedApiPage[] }
  | { type: 'validation'; problems?: SiteProblem[]; error?: string }
  | { type: 'finished' }
  | { type: 'error'; error: string };

const init = workerData as ApiWorkerInit;
const reply = (msg: ApiWorkerReply) => parentPort!.postMessage(msg);
/** A problem as plain data (a SiteError's own fields do not survive the copy to another thread). */
const plain = (p: SiteProblem): SiteProblem => ({ code: p.code, message: p.message, file: p.file, line: p.line, hint: p.hint, severity: p.severity });

let taken = 0;
let resume: (() => void) | undefined;
let finishing = false;

/**
 * The spec's validation (when the cache does not hold it, and the spec is not large: see
 * LATE_VALIDATION_MAX) starts once this thread has rendered its last page, or when the main
 * thread asks: once it has rendered every page, or when the build failed (it reports the
 * validation's errors with its own). Until then both cores render, on this thread and the main
 * thread, and a validation started beside them (at nice 10) still took CPU from them: V8
 * compiles and collects for every thread at the same priority. Started later, it mostly runs
 * while the output thread makes the last search files and the main thread waits, on a core that
 * was idle: the real site's first build in a fresh copy ended 0.10 s sooner (median of 16 paired
 * builds, 12 of them faster).
 */
let startValidation!: () => void;
const validationMayStart = new Promise<void>((resolve) => (startValidation = resolve));
/**
 * A large spec (its files' texts over 2 million characters) is validated beside the rendering all
 * the same: its validation holds more memory, and at the end of the build that memory adds to the
 * main thread's, which is then at its highest. The 2000-operation bench's 5 MB spec (5 builds
 * each): peak RSS 841 MB (largest 847) validated at the end, 736 MB (809) beside the rendering,
 * 755 MB (816) with the session-13 code; its build took about as long either way (5 paired fresh
 * builds: -0.04 and +0.04 s against that code).
 */
const LATE_VALIDATION_MAX = 2_000_000;
const validateLater = (makeJob: () => ValidationJob, specSize: number) =>
  (specSize > LATE_VALIDATION_MAX ? Promise.resolve() : validationMayStart).then(() => validateInThread(makeJob));

parentPort!.on('message', (msg: ApiWorkerRequest) => {
  if (msg.type === 'taken') {
    taken += msg.count;
    resume?.();
  } else if (msg.type === 'validate') {
    startValidation();
  } else if (msg.type === 'finish') {
    finishing = true;
    startValidation();
    resume?.();
  }
});

async function main(): Promise<void> {
  const { config } = init;
  const problems = new ProblemList();
  let reference;
  try {
    reference = await loadApiReference(config, problems, { primary: true, validateElsewhere: validateLater, kept: false });
  } catch (err) {
    if (!(err instanceof SiteError)) throw err;
    problems.add(err);
  }
  const locales: Record<string, ApiLocaleReference> = {};
  if (reference) for (const locale of init.locales) locales[locale] = reference.forLocale(locale, localPrefix(config, locale));
  reply({ type: 'reference', problems: problems.items.map(plain), reference: reference && { files: reference.files, locales, validating: Boolean(reference.validation) } });
  if (!reference) return;
  reference.validation?.then(
    (found) => reply({ type: 'validation', problems: found.map(plain) }),
    (err: Error) => reply({ type: 'validation', error: err.stack ?? String(err) }),
  );

  // Every API route, in the order the main thread renders them (locale by locale, as listed).
  const routes: Route[] = init.locales.flatMap((locale) => locales[locale].routes);
  let sent = 0;
  let batch: RenderedApiPage[] = [];
  for (const route of routes) {
    while (sent - taken >= init.window && !finishing) await new Promise<void>((r) => (resume = r));
    if (finishing) break;
    const content = reference.renderContent(route, getStrings(route.locale));
    batch.push({ path: route.path, content, md: apiPageMarkdown(content) });
    sent++;
    // A few pages per message, and a turn of the event loop for the main thread's messages.
    if (batch.length >= 4) {
      reply({ type: 'pages', pages: batch });
      batch = [];
      await new Promise(setImmediate);
    }
  }
  if (batch.length) reply({ type: 'pages', pages: batch });
  startValidation();
  while (!finishing) await new Promise<void>((r) => (resume = r));
  // The page cache's last entries go to disk before the main thread stops this thread.
  await reference.validation?.catch(() => {});
  flushStores();
  reply({ type: 'finished' });
}

main().catch((err: Error) => reply({ type: 'error', error: err.stack ?? String(err) }));
