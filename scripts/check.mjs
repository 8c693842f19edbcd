#!/usr/bin/env node
// `npm run check`: typecheck every workspace, check that generated files are current, check licences, and lint.
// The steps are independent: they run two at a time (one per core of a CI machine), each printing its output when done.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';

const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
const dirs = workspaces.flatMap((pattern) => {
  const base = pattern.replace('/*', '');
  return readdirSync(base)
    .map((d) => path.join(base, d))
    .filter((dir) => existsSync(path.join(dir, 'package.json')));
});

// The longest first (lint, then the server's typecheck), so both lanes end about together.
const steps = [{ label: 'lint', command: 'npm', args: ['run', 'lint'] }];
for (const dir of dirs.sort((a, b) => Number(b === 'apps/server') - Number(a === 'apps/server'))) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (!existsSync(path.join(dir, 'tsconfig.json'))) continue;
  steps.push({
    label: `typecheck ${pkg.name}`,
    command: 'npx',
    args: ['tsc', '-p', path.join(dir, 'tsconfig.json')],
  });
  if (pkg.scripts?.['check:generated'])
    steps.push({
      label: `generated files of ${pkg.name} are current`,
      command: 'npm',
      args: ['run', 'check:generated', '-w', pkg.name],
    });
}
steps.push({
  label: 'licences of installed packages',
  command: process.execPath,
  args: ['scripts/check-licenses.mjs'],
});

function run(step) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`[check] ${step.label}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(code === 0);
    });
  });
}

const queue = [...steps];
let failed = false;
const lane = async () => {
  for (let step = queue.shift(); step; step = queue.shift()) if (!(await run(step))) failed = true;
};
console.log(`[check] ${steps.length} steps, ${Math.min(2, cpus().length)} at a time`);
await Promise.all(Array.from({ length: Math.min(2, cpus().length) }, lane));
process.exit(failed ? 1 : 0);
