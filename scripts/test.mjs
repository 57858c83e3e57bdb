// Runs the test files one after another, each in its own `node --test` process, and prints how
// long each took, so the slow files are visible in CI's log. Usage:
//   node scripts/test.mjs [files...]      (default: every test/*.test.mjs)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const files = args.length
  ? args
  : fs
      .readdirSync(path.join(root, 'test'))
      .filter((f) => f.endsWith('.test.mjs'))
      .sort()
      .map((f) => path.join('test', f));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function runFile(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', file], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code === 0 && !signal));
  });
}

const started = Date.now();
const times = [];
for (const file of files) {
  const t0 = Date.now();
  const ok = await runFile(file);
  const ms = Date.now() - t0;
  times.push({ file, ms, ok });
  process.stdout.write(`# file ${ok ? 'ok' : 'FAILED'} in ${seconds(ms)}: ${file}\n`);
}

process.stdout.write('\n# time of each test file, slowest first\n');
for (const { file, ms, ok } of [...times].sort((a, b) => b.ms - a.ms)) {
  process.stdout.write(`# ${seconds(ms).padStart(8)}  ${ok ? '' : 'FAIL '}${file}\n`);
}
const failed = times.filter((t) => !t.ok);
process.stdout.write(`# ${times.length} files, ${failed.length} failed, ${seconds(Date.now() - started)} in all\n`);
process.exitCode = failed.length ? 1 : 0;
