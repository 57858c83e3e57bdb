// How a build shares the cores with V8's own threads and its background threads. The background
// threads (the output thread, the OpenAPI validation thread) give way to the renderer: on a
// two-core machine the main thread's rendering is the build's critical path, and it shared the
// cores with those threads and V8's compiler and GC threads (at nice 10 the real site's cold build
// took 2.29 s instead of 2.45 s). Linux keeps a nice value per thread; elsewhere this does nothing.
import fs from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';

const BACKGROUND = 10;

export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    // "<pid>/task/<tid>": setpriority() with a thread's id sets that thread's nice value alone.
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (tid) os.setPriority(tid, BACKGROUND);
  } catch {
    /* no /proc, or not permitted: the thread runs at the process's priority */
  }
}

let serialScavenges = false;

/**
 * V8 spreads each young-generation collection over helper threads. A build with the API thread
 * runs four JavaScript threads on two cores, and helpers then only take turns with them: with each
 * scavenge on its own thread, the real site's cold build took 0.1 s less CPU (0.05 s of wall
 * time) and the 2000-operation bench 0.23 s less CPU (4.45 -> 4.29 s); the docs corpus, built
 * without that thread, gained nothing. V8 reads the flag at every scavenge, so setting it now
 * takes effect in every thread, those already running included.
 */
export function useSerialScavenges(): void {
  if (serialScavenges) return;
  serialScavenges = true;
  v8.setFlagsFromString('--no-parallel-scavenge');
}

/**
 * bin/docsgen.js sets V8's interrupt budget to 8 times its default. A build with the API thread
 * runs four JavaScript threads, each its own code for a shorter time, and the optimizing compiler
 * shares the two cores with them: with 16 times, the real site's first build in a fresh copy took
 * 0.055-0.08 s less time and 0.12-0.165 s less CPU (two series of 10 paired builds, 8 and 9
 * faster), and the 2000-operation bench, whose build runs 5 s, 0.05 s more (5 pairs). The docs
 * corpus, built without that thread, was 0.035 s slower with it (its renderer runs long enough to
 * gain from being optimized sooner): it keeps 8 times. Like the flag above, V8 reads it as it goes.
 */
export function useApiThreadInterruptBudget(): void {
  v8.setFlagsFromString(`--interrupt-budget=${16 * 67584}`);
}
