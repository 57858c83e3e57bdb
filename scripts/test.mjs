// Runs the test files, each in its own `node --test` process, two at a time on a machine with two
// cores or more, and prints how long each took, so the slow files are visible in CI's log. A
// file's output is printed whole when it ends, so two files never interleave. Each file gets a
// temporary folder of its own (TMPDIR), removed when it ends: the copies of sites, browser profiles
// and servers' folders it makes do not pile up on the machine. Usage:
//   node scripts/test.mjs [--jobs N] [files...]      (default: every test/*.test.mjs)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
let jobs = Math.min(2, os.availableParallelism());
const jobsAt = args.indexOf('--jobs');
if (jobsAt >= 0) {
  jobs = Number(args[jobsAt + 1]);
  args.splice(jobsAt, 2);
  if (!(Number.isInteger(jobs) && jobs >= 1)) throw new Error('--jobs takes a whole number of 1 or more');
}
const files = args.length
  ? args
  : fs
      .readdirSync(path.join(root, 'test'))
      .filter((f) => f.endsWith('.test.mjs'))
      .sort()
      .map((f) => path.join('test', f));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function runFile(file) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `docsgen-test-${path.basename(file, '.test.mjs')}-`));
  return new Promise((resolve) => {
    const env = { ...process.env, TMPDIR: tmp };
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('close', (code, signal) => {
      fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
      resolve({ ok: code === 0 && !signal, output: Buffer.concat(output) });
    });
  });
}

const started = Date.now();
const times = [];
const queue = [...files];
async function lane() {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const t0 = Date.now();
    const { ok, output } = await runFile(file);
    const ms = Date.now() - t0;
    times.push({ file, ms, ok });
    process.stdout.write(output);
    process.stdout.write(`# file ${ok ? 'ok' : 'FAILED'} in ${seconds(ms)}: ${file}\n\n`);
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, lane));

process.stdout.write('# time of each test file, slowest first\n');
for (const { file, ms, ok } of [...times].sort((a, b) => b.ms - a.ms)) {
  process.stdout.write(`# ${seconds(ms).padStart(8)}  ${ok ? '' : 'FAILED '}${file}\n`);
}
const failed = times.filter((t) => !t.ok);
process.stdout.write(`# ${times.length} files, ${failed.length} failed, ${seconds(Date.now() - started)} in all (${jobs} at a time)\n`);
process.exitCode = failed.length ? 1 : 0;
