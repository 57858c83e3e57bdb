#!/usr/bin/env node
// lib/ is built by npm pack for the tarball; in a checkout of the repository (which has the
// build script and, after a fresh clone, no lib/ yet) the first run builds it.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../lib/cli.js', import.meta.url)) && existsSync(new URL('../scripts/build-cli.mjs', import.meta.url))) {
  await import('../scripts/build-cli.mjs');
}
// A reader that stops early (`docsgen api-diff a b | head`) closes the pipe: the rest of the
// output has nowhere to go, which is no error of the command. It finishes and exits with its code.
let pipeClosed = false;
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE' || (pipeClosed && err.code === 'ERR_STREAM_DESTROYED')) pipeClosed = true;
  else throw err;
});
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
