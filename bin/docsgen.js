#!/usr/bin/env node
import { run } from '../lib/cli.js';

run(process.argv).then((code) => {
  process.exitCode = code;
});
