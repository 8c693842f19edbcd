// What dist/main.mjs was built from, so `npm run server` can skip a build that would produce the same bundle.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const INPUTS_FILE = path.join(root, 'dist/inputs.json');

/**
 * Whether the bundle is current: every file it was built from (and the build script, the manifest and the
 * migrations directory, whose time changes when a migration is added) is unchanged since the build began.
 */
export function bundleIsCurrent() {
  try {
    const { startedAt, inputs } = JSON.parse(readFileSync(INPUTS_FILE, 'utf8'));
    statSync(path.join(root, 'dist/main.mjs'));
    return inputs.every((input) => statSync(input).mtimeMs < startedAt);
  } catch {
    return false;
  }
}

/** Builds dist/main.mjs (scripts/build.mjs) unless it is current; false when the build failed. */
export function buildUnlessCurrent() {
  // Quiet when there is nothing to build: a start prints build lines only when it built something.
  if (bundleIsCurrent()) return true;
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  return built.status === 0;
}
