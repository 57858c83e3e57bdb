#!/usr/bin/env node
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
