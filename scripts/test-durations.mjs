#!/usr/bin/env node
// Writes test/durations.json (test/sequencer.ts) from a Vitest JSON report:
//   npx vitest run --reporter=json --outputFile=/tmp/report.json && npm run test:durations -- /tmp/report.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const report = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const seconds = {};
for (const file of report.testResults) {
  const name = path.relative(root, file.name);
  const duration = (file.endTime - file.startTime) / 1000;
  // A file run in two projects keeps its longer run; files under 1.5 s are left to Vitest's order.
  if (duration >= 1.5) seconds[name] = Math.max(seconds[name] ?? 0, Math.round(duration));
}
const sorted = Object.fromEntries(Object.entries(seconds).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
writeFileSync(path.join(root, 'test/durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
process.stdout.write(`test/durations.json: ${Object.keys(sorted).length} files\n`);
