// Loads site.config.ts: bundled with esbuild (so it may be TypeScript and import local files),
// imported, then validated against the schema. Validation problems name the key, what was
// expected and the line of the key in the file.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { configSchema, type ContentSources, type SiteConfig } from './schema.ts';
import { BuildFailed, SiteError, type SiteProblem } from '../errors.ts';
import { findSidebarsFile, readSidebars } from './sidebarsFile.ts';
import { findDocusaurusConfig } from './docusaurus/configFile.ts';
import { withVersions } from './versions.ts';

const CONFIG_NAMES = ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs'];

export function findConfigFile(root: string): string | undefined {
  for (const name of CONFIG_NAMES) {
    const file = path.join(root, name);
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

export async function loadConfig(root: string): Promise<SiteConfig> {
  const file = findConfigFile(root);
  const docusaurusFile = file ? undefined : findDocusaurusConfig(root);
  if (docusaurusFile) return loadDocusaurusSite(docusaurusFile, root);
  if (!file) {
    throw new BuildFailed([
      {
        code: 'config-missing',
        message: `No site config found in ${root}`,
        hint: `Create site.config.ts with: import { defineConfig } from 'docsgen'; export default defineConfig({ title: 'My docs' });`,
      },
    ]);
  }
  const raw = await importSiteModule(file, 'the site config', 'config', 'export default defineConfig({ ... })');
  const config = withVersions(validateConfig(raw, file, root), (code) => path.join(root, 'i18n', code));
  const sidebarsFile = findSidebarsFile(root);
  if (!sidebarsFile) return config;
  const exported = await importSiteModule(sidebarsFile, 'the sidebars file', 'sidebars', 'export default { docs: [...] }');
  const { sidebars, problems } = readSidebars(exported, sidebarsFile);
  const errors = problems.filter((p) => p.severity !== 'warning');
  if (errors.length) throw new BuildFailed(errors);
  return { ...config, sidebars };
}

/** A Docusaurus site, read as it is (src/config/docusaurus): its config, content folders and sidebars. */
async function loadDocusaurusSite(file: string, root: string): Promise<SiteConfig> {
  // Loaded here only: a docsgen site never needs the reader's modules (jiti, sanitize-html, gray-matter).
  const { readDocusaurusSite } = await import('./docusaurus/readSite.ts');
  let site;
  try {
    site = await readDocusaurusSite(file, root);
  } catch (err) {
    throw new BuildFailed([{ code: 'config-run', message: `The Docusaurus config threw while loading: ${(err as Error).message}`, file }]);
  }
  const config = withVersions(
    { ...validateConfig(site.config, file, root), sources: site.sources, notices: site.notices, missingPackages: site.missingPackages },
    site.localeDir,
  );
  if (!site.sidebars) return config;
  const { sidebars, problems } = readSidebars(site.sidebars.value, site.sidebars.file);
  const errors = problems.filter((p) => p.severity !== 'warning');
  if (errors.length) throw new BuildFailed(errors);
  return { ...config, sidebars };
}

/**
 * Imports a TypeScript or JavaScript module of the site (the config, the sidebars file) and
 * returns its default export; `name` says what it is in the messages, `code` prefixes their codes.
 */
async function importSiteModule(file: string, name: string, code: string, example: string): Promise<unknown> {
  const Name = name[0].toUpperCase() + name.slice(1);
  const outDir = path.join(path.dirname(file), '.docsgen');
  let result;
  try {
    result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      plugins: [
        {
          // `import { defineConfig } from 'docsgen'` works in any site folder, installed or not.
          name: 'docsgen-self',
          setup(b) {
            b.onResolve({ filter: /^docsgen$/ }, () => ({ path: 'docsgen', namespace: 'docsgen-self' }));
            b.onLoad({ filter: /.*/, namespace: 'docsgen-self' }, () => ({
              contents: 'export const defineConfig = (c) => c;',
              loader: 'js',
            }));
          },
        },
      ],
    });
  } catch (err) {
    const e = err as { errors?: { text: string; location?: { file: string; line: number } }[] };
    const first = e.errors?.[0];
    throw new BuildFailed([
      {
        code: `${code}-syntax`,
        message: `Cannot compile ${name}: ${first?.text ?? String(err)}`,
        file,
        line: first?.location?.line,
      },
    ]);
  }
  fs.mkdirSync(outDir, { recursive: true });
  // Render workers load the config too (see renderWorker.ts): the thread's id keeps their files apart.
  const out = path.join(outDir, `${code}-${process.pid}-${threadId}-${Date.now()}.mjs`);
  fs.writeFileSync(out, result.outputFiles[0].text);
  try {
    const mod = await import(pathToFileURL(out).href);
    if (mod.default === undefined) {
      throw new BuildFailed([{ code: `${code}-export`, message: `${Name} has no default export`, file, hint: `End the file with: ${example}` }]);
    }
    return mod.default;
  } catch (err) {
    if (err instanceof BuildFailed) throw err;
    throw new BuildFailed([{ code: `${code}-run`, message: `${Name} threw while loading: ${(err as Error).message}`, file }]);
  } finally {
    fs.rmSync(out, { force: true });
  }
}

export function validateConfig(raw: unknown, file: string | undefined, root: string): SiteConfig {
  const parsed = configSchema.safeParse(raw);
  const source = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (!parsed.success) {
    const problems: SiteProblem[] = parsed.error.issues.flatMap((issue) => {
      const at = issue.path as (string | number)[];
      const keyPath = formatKeyPath(at);
      const problem = (description: string, line: number | undefined): SiteProblem => ({
        code: 'config-invalid',
        message: `Invalid config at "${keyPath || '(root)'}": ${description}`,
        file,
        line,
      });
      // zod reports unknown keys at the object that holds them: each is placed at its own line.
      if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
        return issue.keys.map((key) => problem(`unknown key "${key}"`, lineOfKeyPath(source, [...at, key]) ?? lineOfKeyPath(source, at)));
      }
      return [problem(describeIssue(issue), lineOfKeyPath(source, at))];
    });
    throw new BuildFailed(problems);
  }
  const config = parsed.data;
  const defaultLocale = config.defaultLocale ?? config.locales[0].code;
  if (!config.locales.some((l) => l.code === defaultLocale)) {
    throw new BuildFailed([
      {
        code: 'config-invalid',
        message: `Invalid config at "defaultLocale": "${defaultLocale}" is not one of the locales (${config.locales.map((l) => l.code).join(', ')})`,
        file,
        line: lineOfKeyPath(source, ['defaultLocale']),
      },
    ]);
  }
  return { ...config, root, configFile: file, defaultLocale, productName: config.productName ?? config.title, sources: defaultSources(root, config.locales) };
}

/** content/<locale>/{docs,blog,pages} and content/pages for React pages. */
function defaultSources(root: string, locales: { code: string }[]): ContentSources {
  const per = (section: string) => Object.fromEntries(locales.map((l) => [l.code, path.join(root, 'content', l.code, section)]));
  return { docs: per('docs'), blog: per('blog'), pages: per('pages'), reactPages: path.join(root, 'content', 'pages') };
}

function formatKeyPath(p: (string | number)[]): string {
  return p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

function describeIssue(issue: { message: string }): string {
  // zod says "Invalid input: expected string, received number"; keep the useful half.
  return issue.message.replace(/^Invalid (input|option): /, '');
}

/** Best-effort line of a key path in the config source: each key is searched after the previous one. */
export function lineOfKeyPath(source: string, keyPath: (string | number)[]): number | undefined {
  if (!source) return undefined;
  let pos = 0;
  let found = -1;
  for (const key of keyPath) {
    if (typeof key === 'number') continue;
    const re = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`, 'g');
    re.lastIndex = pos;
    const m = re.exec(source);
    if (!m) break;
    found = m.index + m[1].length;
    pos = found + key.length;
  }
  if (found < 0) return undefined;
  return source.slice(0, found).split('\n').length;
}

export { SiteError };
