// Background threads of a build (the output thread, the OpenAPI validation thread) give way to
// the renderer: on a two-core machine the main thread's rendering is the build's critical path,
// and it shared the cores with those threads and V8's compiler and GC threads (at nice 10 the real
// site's cold build took 2.29 s instead of 2.45 s). Linux keeps a nice value per thread;
// elsewhere this does nothing.
import fs from 'node:fs';
import os from 'node:os';

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
