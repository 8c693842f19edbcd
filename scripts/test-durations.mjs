#!/usr/bin/env node
// Records how long each test file took in the last full run (test-output/vitest-report.json, written by `npm test`)
// into scripts/test-durations.json, which orders the next run on a fresh clone longest first (scripts/test-sequencer.ts).
// Run it by hand after a full `npm test` when the slow files have changed. A file that did not pass in that run (a
// failure, or skipped for want of a browser) keeps the time recorded before: without it, the longest file of all
// (the admin UI's journey) was once left out and started last.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'scripts/test-durations.json';
const report = JSON.parse(readFileSync('test-output/vitest-report.json', 'utf8'));
const before = existsSync(FILE) ? JSON.parse(readFileSync(FILE, 'utf8')) : {};
const measured = new Map(
  report.testResults.map((file) => [
    path.relative(process.cwd(), file.name),
    file.status === 'passed' && file.assertionResults.some((test) => test.status === 'passed')
      ? Math.round((file.endTime - file.startTime) / 100) / 10
      : undefined,
  ]),
);
const durations = Object.fromEntries(
  [...new Set([...Object.keys(before), ...measured.keys()])]
    .filter((file) => existsSync(file))
    .map((file) => [file, measured.get(file) ?? before[file]])
    .filter(([, seconds]) => seconds >= 1)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(FILE, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`[durations] ${Object.keys(durations).length} files of a second or more`);
