// Which test files touch a database: the files that reach, through their imports, a module that opens one (a test
// database, a server process, an edge with its upstream). The PostgreSQL run repeats only those (scripts/test.mjs).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Modules that open a database, directly or in a process they start. */
const OPENERS = [
  'apps/server/src/db/pglite-db.ts',
  'apps/server/src/db/pg-db.ts',
  'apps/server/src/testing/server-process.ts',
  'apps/server/src/testing/pg-database.ts',
].map((file) => path.join(ROOT, file));

const IMPORT =
  /(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  const swapped = base.replace(/\.js$/, '.ts');
  return existsSync(swapped) ? swapped : undefined;
}

const reaches = new Map();
function reachesOpener(file, seen = new Set()) {
  if (reaches.has(file)) return reaches.get(file);
  if (OPENERS.includes(file)) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  let found = false;
  const source = readFileSync(file, 'utf8');
  // A helper that always opens the embedded database, whatever DATABASE_URL says, gives the PostgreSQL pass
  // nothing to run: its files pass through it as if it opened none.
  if (source.includes(EMBEDDED_ONLY)) return false;
  for (const match of source.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target && reachesOpener(target, seen)) {
      found = true;
      break;
    }
  }
  // A cycle may have hidden an opener behind a file still being visited: only a positive answer is final.
  if (found) reaches.set(file, true);
  return found;
}

function testFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (
      entry.name === 'node_modules' ||
      entry.name.startsWith('.') ||
      entry.name === 'dist' ||
      entry.name === 'build'
    )
      continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...testFiles(full));
    else if (/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * A helper module that opens only the embedded database in both passes (it sets DATABASE_URL to '' for the server
 * it starts) says it with this line; the PostgreSQL pass would only repeat the files that reach a database through
 * it alone.
 */
export const EMBEDDED_ONLY =
  "Opens the embedded database in both passes: CI's PostgreSQL pass leaves its files out.";

/** A file that runs on PostgreSQL whatever the pass says it with this line; the PostgreSQL pass would only repeat it. */
export const ALWAYS_POSTGRES = "Runs on PostgreSQL in both passes: CI's PostgreSQL pass leaves it out.";

/** Test files (absolute paths) that touch a database and meet PostgreSQL only in the PostgreSQL pass. */
export function databaseTestFiles() {
  return ['apps', 'packages']
    .flatMap((dir) => testFiles(path.join(ROOT, dir)))
    .filter((file) => reachesOpener(file) && !readFileSync(file, 'utf8').includes(ALWAYS_POSTGRES));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of databaseTestFiles()) console.log(path.relative(ROOT, file));
}
