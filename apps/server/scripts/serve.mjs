#!/usr/bin/env node
// `npm run server`: bundles the server (scripts/build.mjs, about a second) unless the bundle is current, builds the
// admin UI it serves when that is missing or stale (the first start after `npm ci`), and runs the bundle in this
// process, so signals such as SIGTERM reach the server itself and no TypeScript loader stays in memory.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ADMIN_DIR, buildAdminUiUnlessCurrent } from '../../admin/scripts/build-inputs.mjs';
import { buildUnlessCurrent } from './bundle-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A worker process (WORKERS, src/cluster/) runs the bundle its primary just checked.
if (cluster.isWorker) {
  // nothing to build
} else {
  if (!buildUnlessCurrent()) process.exit(1);
  // Only the admin UI the server serves by default: ADMIN_UI_DIR names a build someone else made.
  if (!process.env.ADMIN_UI_DIR && existsSync(path.join(ADMIN_DIR, 'vite.config.ts')))
    if (!buildAdminUiUnlessCurrent())
      console.error('[build] the admin UI did not build; the server starts with the APIs only');
}
await import(pathToFileURL(path.join(root, 'dist/main.mjs')).href);
