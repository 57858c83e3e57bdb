#!/usr/bin/env node
// CPU time of one build by thread (Linux: read from /proc), to see where a build's CPU goes
// beyond what a profile of the JavaScript shows: V8's own threads (its optimizing compiler and
// garbage collector's helpers, started with the process) and esbuild's process.
//   node scripts/bench-threads.mjs SITE            docsgen build of SITE (cold: move dist/ and .docsgen/ away first)
//   node scripts/bench-threads.mjs SITE --floor    the floor (scripts/bench-floor.mjs) instead
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const [site, mode] = process.argv.slice(2);
if (!site) throw new Error('usage: node scripts/bench-threads.mjs SITE [--floor]');
const root = path.resolve(site);
const scripts = path.dirname(new URL(import.meta.url).pathname);

/** CPU milliseconds (user + system) of a thread or process from its stat file, or undefined once it is gone. */
function cpuMs(statFile) {
  try {
    const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

// The threads the process has before any build code runs: this one and V8's helper threads.
const atStart = new Set(fs.readdirSync('/proc/self/task'));
const last = new Map();
const poll = () => {
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const ms = cpuMs(`/proc/self/task/${tid}/stat`);
    if (ms !== undefined) last.set(tid, ms);
  }
};
// A worker thread's figures go with it: the last reading before it ends is kept.
const timer = setInterval(poll, 10);
const started = performance.now();
if (mode === '--floor') {
  process.argv = [process.argv[0], 'bench-floor', 'build', '--root', root];
  await import(path.join(scripts, 'bench-floor.mjs'));
} else {
  process.chdir(root);
  const { run } = await import(path.join(scripts, '../lib/cli.js'));
  process.exitCode = await run([process.argv[0], 'docsgen', 'build']);
}
poll();
clearInterval(timer);
const wall = performance.now() - started;
let esbuild = 0;
for (const pid of execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid='])
  .toString()
  .trim()
  .split(/\s+/)
  .filter(Boolean)) {
  esbuild += cpuMs(`/proc/${pid}/stat`) ?? 0;
}
const sum = (tids) => tids.reduce((n, tid) => n + (last.get(tid) ?? 0), 0);
const tids = [...last.keys()];
const main = String(process.pid);
const rows = [
  ['main thread', sum([main])],
  ["V8's helper threads (optimizing compiler, GC)", sum(tids.filter((t) => t !== main && atStart.has(t)))],
  ['threads started by the build (render workers, libuv)', sum(tids.filter((t) => !atStart.has(t)))],
  ['child processes (esbuild)', esbuild],
];
console.log(`| ${mode === '--floor' ? 'floor' : 'docsgen'}, wall ${(wall / 1000).toFixed(2)} s | CPU |\n|---|---|`);
for (const [name, ms] of rows) console.log(`| ${name} | ${(ms / 1000).toFixed(2)} s |`);
console.log(`| all | ${(rows.reduce((n, [, ms]) => n + ms, 0) / 1000).toFixed(2)} s |`);
