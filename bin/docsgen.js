#!/usr/bin/env node
import v8 from 'node:v8';

// A build lasts a few seconds, and V8's optimizing compiler spent a third of its CPU time compiling
// functions that ran for only part of it (on the real site, 1.5 of 4.8 s, on the threads that
// compile beside the renderer). A larger interrupt budget makes a function earn its optimization
// with more work. Four times the default took the real site's cold build from 5.0 to 4.3 s of
// CPU; since the API reference renders in a thread of its own, each thread runs less of the code,
// and eight times takes it from 3.6 to 3.4 s more (0.04-0.1 s of wall time on two cores; the docs
// corpus and the 2000-operation bench are no slower, see BENCHMARKS.md). V8 reads the budget
// whenever it resets a function's counter, so setting it here, before any of docsgen's code is
// compiled, takes effect for the whole process, worker threads included.
v8.setFlagsFromString('--interrupt-budget=540672');

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
