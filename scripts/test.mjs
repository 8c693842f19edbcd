#!/usr/bin/env node
// Runs every test of every workspace in one Vitest run and ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const report = 'test-output/vitest-report.json';
mkdirSync('test-output', { recursive: true });
rmSync(report, { force: true });
const store = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
console.log(`[test] running every workspace's tests on ${store}`);
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numRuntimeErrors ?? 0);
  if (!json.success && failed === 0) failed = 1;
} catch {
  failed = Math.max(1, failed);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
