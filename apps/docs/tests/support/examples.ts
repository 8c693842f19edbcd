import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { siteDir } from './site';

export const examplesDir = path.join(siteDir, 'examples');

/**
 * The environment a reader's shell would give an example: the test runner's own markers removed (NODE_ENV=test
 * changes how some SDKs shut down), plus the given variables.
 */
export function readerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== 'NODE_ENV' && key !== 'TEST' && !key.startsWith('VITEST'),
    ),
  );
  return { ...env, ...extra };
}

/** Whether another example imports this file: then it is a shared module, run through the examples using it. */
function isImported(relative: string, all: string[]): boolean {
  const name = path.basename(relative);
  return all.some(
    (other) =>
      other !== relative &&
      new RegExp(`from\\s+['"][^'"]*/${name.replace('.', '\\.')}['"]`).test(
        readFileSync(path.join(examplesDir, other), 'utf8'),
      ),
  );
}

/**
 * Runnable example files by folder, each folder's files in name order (`01-create-flags.mjs` before `02-app.mjs`),
 * folders in name order. `kind` picks scripts (Node's .mjs, .js, .ts, and curl recipes in .sh, run with bash) or React
 * components (.tsx). Shared modules (imported by other examples) are left out.
 */
export function exampleGroups(kind: 'node' | 'react'): [string, string[]][] {
  const pattern = kind === 'node' ? /\.(mjs|js|ts|sh)$/ : /\.tsx$/;
  const groups = new Map<string, string[]>();
  const all = readdirSync(examplesDir, { recursive: true, withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() &&
        /\.(mjs|js|ts|tsx|sh)$/.test(e.name) &&
        !e.name.endsWith('.d.ts') &&
        !e.name.includes('.test.'),
    )
    .map((e) => path.relative(examplesDir, path.join(e.parentPath, e.name)));
  for (const relative of all) {
    if (!pattern.test(relative) || (kind === 'node' && isImported(relative, all))) continue;
    const dir = path.dirname(relative);
    groups.set(dir, [...(groups.get(dir) ?? []), relative].sort());
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}
