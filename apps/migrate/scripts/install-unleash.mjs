#!/usr/bin/env node
// Installs unleash-server 7.6.5 (the last Apache-2.0 release) for the end-to-end test, outside the workspace's
// node_modules: one of its transitive dependencies (dreamopt, through json-diff) states no licence, so it stays out
// of package.json and the licence check, and is fetched at test time into a cache directory (decision record 0015).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const UNLEASH_VERSION = '7.6.5';
export const UNLEASH_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  `../../../node_modules/.cache/unleash-server-${UNLEASH_VERSION}`,
);

/** The path of the installed package; installs it first when missing. */
export function ensureUnleash() {
  const entry = path.join(UNLEASH_DIR, 'node_modules/unleash-server');
  if (existsSync(path.join(entry, 'package.json'))) return entry;
  mkdirSync(UNLEASH_DIR, { recursive: true });
  writeFileSync(
    path.join(UNLEASH_DIR, 'package.json'),
    JSON.stringify({
      name: 'unleash-cache',
      private: true,
      dependencies: { 'unleash-server': UNLEASH_VERSION },
    }),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', '--ignore-scripts'], {
    cwd: UNLEASH_DIR,
    stdio: 'inherit',
  });
  return entry;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(`[migrate] unleash-server ${UNLEASH_VERSION} at ${ensureUnleash()}`);
}
