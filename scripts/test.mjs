#!/usr/bin/env node
// Runs every test of every workspace in one Vitest run and ends with one line: "N passed, N failed". With
// DATABASE_URL set, it runs on that PostgreSQL the test files that touch a database (scripts/database-tests.mjs):
// the others would only repeat the embedded run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bundleIsCurrent, buildUnlessCurrent } from '../apps/server/scripts/bundle-inputs.mjs';
import { databaseTestFiles } from './database-tests.mjs';

/**
 * What the tests read, built side by side before a whole run: the server bundle, the admin UI (its global setup) and
 * the docs site (its global setup). Each build is mostly one core's work, and the global setups would run them one
 * after another while no test runs; they then find them current. A build that fails here fails again, and is
 * reported, where the tests ask for it.
 */
async function buildSideBySide() {
  const setup = (file) => [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    // A file of a CommonJS workspace (the docs) comes through tsx with its default export one level down.
    `const setup = (await import('./${file}')).default; await (setup.default ?? setup)();`,
  ];
  const builds = [
    ['admin UI', setup('apps/admin/tests/global-setup.ts')],
    ['docs site', setup('apps/docs/tests/global-setup.ts')],
  ];
  if (!bundleIsCurrent()) builds.push(['server bundle', ['apps/server/scripts/build.mjs']]);
  const started = performance.now();
  await Promise.all(
    builds.map(
      ([label, args]) =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, args, { stdio: 'inherit' });
          child.on('close', (code) => {
            if (code !== 0) console.log(`[test] building the ${label} failed (code ${code})`);
            resolve(code);
          });
        }),
    ),
  );
  console.log(`[test] builds done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

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
if (own.length === 0) await buildSideBySide();
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
