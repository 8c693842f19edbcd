#!/usr/bin/env node
// Records how long each test file took in the last full run (test-output/vitest-report.json, written by `npm test`)
// into scripts/test-durations.json, which orders the next run on a fresh clone longest first (scripts/test-sequencer.ts).
// Run it by hand after a full `npm test` when the slow files have changed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const report = JSON.parse(readFileSync('test-output/vitest-report.json', 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [
      path.relative(process.cwd(), file.name),
      Math.round((file.endTime - file.startTime) / 100) / 10,
    ])
    .filter(([, seconds]) => seconds >= 1)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync('scripts/test-durations.json', `${JSON.stringify(durations, null, 2)}\n`);
console.log(`[durations] ${Object.keys(durations).length} files of a second or more`);
