#!/usr/bin/env node
// `npm run check`: typecheck every workspace, check that generated files are current, check licences, and lint.
// The steps are independent: they run two at a time (one per core of a CI machine), each printing its output when done.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';

const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
const dirs = workspaces.flatMap((pattern) => {
  const base = pattern.replace('/*', '');
  return readdirSync(base)
    .map((d) => path.join(base, d))
    .filter((dir) => existsSync(path.join(dir, 'package.json')));
});

/**
 * Workspaces whose tsconfig.json differ only in the folders they include are typechecked as one program: most tests
 * import the server's sources (its testing helpers), and a program per workspace checked those again for each of
 * them, about half of the typecheck time. A group's config is written under node_modules/.cache; a workspace with
 * options of its own, or with paths relative to itself (baseUrl, paths), is checked alone.
 */
function typecheckGroups(dirs) {
  const groups = new Map();
  for (const dir of dirs) {
    const file = path.join(dir, 'tsconfig.json');
    if (!existsSync(file)) continue;
    const { include = ['**/*'], exclude = [], files, ...options } = JSON.parse(readFileSync(file, 'utf8'));
    const relative =
      files || options.references || options.compilerOptions?.baseUrl || options.compilerOptions?.paths;
    if (options.extends) options.extends = path.resolve(dir, options.extends);
    const key = relative ? `alone ${dir}` : JSON.stringify(options);
    const group = groups.get(key) ?? {
      options,
      dirs: [],
      include: [],
      exclude: [path.resolve('**/node_modules')],
    };
    group.dirs.push(dir);
    group.include.push(...include.map((pattern) => path.resolve(dir, pattern)));
    group.exclude.push(...exclude.map((pattern) => path.resolve(dir, pattern)));
    groups.set(key, group);
  }
  const cache = path.resolve('node_modules/.cache/switchyard-check');
  return [...groups.values()].map((group, index) => {
    if (group.dirs.length === 1)
      return { dirs: group.dirs, config: path.join(group.dirs[0], 'tsconfig.json') };
    mkdirSync(cache, { recursive: true });
    const config = path.join(cache, `tsconfig.${index}.json`);
    const { include, exclude } = group;
    writeFileSync(config, `${JSON.stringify({ ...group.options, include, exclude }, null, 2)}\n`);
    return { dirs: group.dirs, config };
  });
}

const packageOf = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

// The longest first (lint, then the server's typecheck), so both lanes end about together.
const steps = [{ label: 'lint', command: 'npm', args: ['run', 'lint'] }];
const serverFirst = (a, b) => Number(b.dirs.includes('apps/server')) - Number(a.dirs.includes('apps/server'));
for (const group of typecheckGroups(dirs).sort(serverFirst))
  steps.push({
    label: `typecheck ${group.dirs.map((dir) => packageOf(dir).name).join(', ')}`,
    command: 'npx',
    args: ['tsc', '-p', group.config],
  });
for (const dir of dirs) {
  const pkg = packageOf(dir);
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
