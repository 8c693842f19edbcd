import { execFileSync } from 'node:child_process';
import { stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bundleIsCurrent } from '../scripts/bundle-inputs.mjs';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

// `npm run server` skips the esbuild step while the bundle is current: it must notice any source changed since.
it('calls the bundle current after a build, and stale once a source it was built from changes', async () => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR });
  expect(bundleIsCurrent()).toBe(true);
  const source = path.join(SERVER_DIR, 'src/db/migrate.ts');
  const { atime, mtime } = await stat(source);
  try {
    await utimes(source, atime, new Date(Date.now() + 1_000));
    expect(bundleIsCurrent()).toBe(false);
  } finally {
    await utimes(source, atime, mtime);
  }
  expect(bundleIsCurrent()).toBe(true);
});
