#!/usr/bin/env node
// The operator CLI, `pms` (dist/cli.js; `npm run cli -- …`): the program (cli-program.ts) on this
// process's arguments, output and environment.
import { runCli } from './cli-program.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
});
