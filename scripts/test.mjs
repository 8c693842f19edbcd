#!/usr/bin/env node
// Runs every test of every workspace in one Vitest run and ends with one line: "N passed, N failed". With
// DATABASE_URL set, it runs on that PostgreSQL the test files that touch a database (scripts/database-tests.mjs):
// the others would only repeat the embedded run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildUnlessCurrent } from '../apps/server/scripts/bundle-inputs.mjs';
import { databaseTestFiles } from './database-tests.mjs';

const report = 'test-output/vitest-report.json';
mkdirSync('test-output', { recursive: true });
rmSync(report, { force: true });
const own = process.argv.slice(2);
let files = [];
if (process.env.DATABASE_URL && own.length === 0) {
  files = databaseTestFiles().map((file) => path.relative(process.cwd(), file));
  console.log(
    `[test] running the ${files.length} test files that touch a database on PostgreSQL (DATABASE_URL)`,
  );
} else {
  const store = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
  console.log(`[test] running every workspace's tests on ${store}`);
}
// Test servers run the production bundle, as `npm run server` does: build it once, before any test starts one.
if (!buildUnlessCurrent()) process.exit(1);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...own, ...files],
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
