#!/usr/bin/env node
// `npm run server`: bundles the server (scripts/build.mjs, about a second) unless the bundle is current, and runs the
// bundle in this process, so signals such as SIGTERM reach the server itself and no TypeScript loader stays in memory.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsCurrent } from './bundle-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (bundleIsCurrent()) {
  console.log('[build] dist/main.mjs is current');
} else {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'dist/main.mjs')).href);
