// Every HTML page through the Nu Html Checker (vnu-jar, run with Java once over all files):
// zero errors.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export const name = 'vnu';
export const title = 'Nu Html Checker';

export function vnuJar() {
  const require = createRequire(import.meta.url);
  // vnu-jar's main module exports the jar's path.
  return String(require('vnu-jar'));
}

function runJava(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.JAVA ?? 'java', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the checker over the given files (relative to dir); returns the error messages. */
export async function validateFiles(dir, files) {
  if (!files.length) return [];
  // -Xss: the checker recurses deeply on large documents.
  const args = ['-Xss4m', '-jar', vnuJar(), '--errors-only', '--format', 'json', '--exit-zero-always', ...files];
  let result;
  try {
    result = await runJava(args, dir);
  } catch (err) {
    throw new Error(`could not run java (${err.message}); install a JRE (Debian: apt-get install default-jre-headless) or set JAVA`);
  }
  const text = result.stderr.trim() || result.stdout.trim();
  let report;
  try {
    report = JSON.parse(text.slice(text.indexOf('{')));
  } catch {
    throw new Error(`the checker did not produce JSON (exit ${result.code}): ${text.slice(0, 500)}`);
  }
  return (report.messages ?? [])
    .filter((m) => m.type === 'error' || m.subType === 'fatal')
    .map((m) => ({
      file: m.url ? path.relative(dir, decodeURIComponent(new URL(m.url).pathname)) : '?',
      line: m.lastLine,
      message: m.message,
      extract: m.extract,
    }));
}

export async function run(ctx) {
  const files = ctx.site.pages.map((p) => p.rel);
  const errors = await validateFiles(ctx.site.dir, files);
  const byMessage = new Map();
  for (const e of errors) {
    const list = byMessage.get(e.message) ?? [];
    list.push(e);
    byMessage.set(e.message, list);
  }
  const failures = [...byMessage].map(([message, list]) => {
    const where = list
      .slice(0, 3)
      .map((e) => `${e.file}:${e.line}`)
      .join(', ');
    return `${message} (${list.length}×: ${where}${list.length > 3 ? ', …' : ''})${list[0].extract ? `\n      ${list[0].extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`;
  });
  return {
    ok: errors.length === 0,
    summary: `${files.length} files, ${errors.length} errors`,
    failures,
    figures: { files: files.length, errors: errors.length },
  };
}
