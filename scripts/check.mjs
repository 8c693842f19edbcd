#!/usr/bin/env node
// `npm run check`: typecheck every workspace, check that generated files are current, check licences, and lint.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
const dirs = workspaces.flatMap((pattern) => {
  const base = pattern.replace('/*', '');
  return spawnSync('ls', [base], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean)
    .map((d) => path.join(base, d));
});
let failed = false;
const step = (label, command, args) => {
  console.log(`[check] ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[check] FAILED: ${label}`);
    failed = true;
  }
};
for (const dir of dirs) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (existsSync(path.join(dir, 'tsconfig.json')))
    step(`typecheck ${pkg.name}`, 'npx', ['tsc', '-p', path.join(dir, 'tsconfig.json')]);
  if (pkg.scripts?.['check:generated'] && existsSync(path.join(dir, 'tsconfig.json'))) {
    step(`generated files of ${pkg.name} are current`, 'npm', ['run', 'check:generated', '-w', pkg.name]);
  }
}
step('licences of installed packages', process.execPath, ['scripts/check-licenses.mjs']);
step('lint', 'npm', ['run', 'lint']);
process.exit(failed ? 1 : 0);
