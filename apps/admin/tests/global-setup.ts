import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ADMIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the admin UI for the browser tests, unless dist/ is newer than every source file. */
export default function setup(): void {
  const built = path.join(ADMIN_DIR, 'dist/index.html');
  const sources = Math.max(
    newestChange(path.join(ADMIN_DIR, 'src')),
    newestChange(path.join(ADMIN_DIR, 'public')),
    ...['index.html', 'vite.config.ts'].map((f) => statSync(path.join(ADMIN_DIR, f)).mtimeMs),
  );
  if (existsSync(built) && statSync(built).mtimeMs > sources) return;
  console.log('[admin] building the admin UI for the browser tests');
  execFileSync(
    process.execPath,
    [path.join(ADMIN_DIR, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ADMIN_DIR,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
