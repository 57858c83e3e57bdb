#!/usr/bin/env node
import v8 from 'node:v8';

// A build lasts a few seconds, and V8's optimizing compiler spent a third of its CPU time compiling
// functions that ran for only part of it (on the real site, 1.5 of 4.8 s, on the threads that
// compile beside the renderer). A four times larger interrupt budget makes a function earn its
// optimization with four times more work: the real site's cold build takes 15% less CPU and
// 0.45 s less on two cores, and the 2000-operation bench is no slower (see BENCHMARKS.md). V8
// reads the budget whenever it resets a function's counter, so setting it here, before any of
// docsgen's code is compiled, takes effect for the whole process, worker threads included.
v8.setFlagsFromString('--interrupt-budget=270336');

const { run } = await import('../lib/cli.js');
let finished = false;
run(process.argv).then((code) => {
  finished = true;
  process.exitCode = code;
});
// Node exits when nothing is left to wait for, even when the command's own promise never settled
// (a thread stopped before it answered): that must not pass for a success.
process.on('beforeExit', () => {
  if (finished) return;
  process.stderr.write('docsgen: internal error: the command stopped before it finished\n');
  process.exitCode = 70;
});
