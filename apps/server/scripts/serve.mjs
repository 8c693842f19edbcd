#!/usr/bin/env node
// `npm run server`: bundles the server (scripts/build.mjs, about a second) unless the bundle is current, and runs the
// bundle in this process, so signals such as SIGTERM reach the server itself and no TypeScript loader stays in memory.
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildUnlessCurrent } from './bundle-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A worker process (WORKERS, src/cluster/) runs the bundle its primary just checked.
if (cluster.isWorker) {
  // nothing to build
} else if (!buildUnlessCurrent()) {
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'dist/main.mjs')).href);
