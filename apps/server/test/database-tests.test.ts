import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ALWAYS_POSTGRES, EMBEDDED_ONLY, databaseTestFiles } from '../../../scripts/database-tests.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const relative = (file: string) => path.relative(ROOT, file);

function allTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'build'].includes(entry.name) || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return allTestFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// CI's PostgreSQL run repeats only these files (scripts/test.mjs): one left out would never meet PostgreSQL.
it('counts every test file that opens a database, starts a server or uses the test app among those PostgreSQL runs', () => {
  const chosen = new Set(databaseTestFiles().map(relative));
  const every = ['apps', 'packages'].flatMap((dir) => allTestFiles(path.join(ROOT, dir))).map(relative);
  const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
  const opensDirectly = every.filter(
    (file) =>
      /\b(createTestApp|createTestDb|startServerProcess|createPgDatabase|openPgliteDb|openPgDb)\(/.test(
        source(file),
      ) && !source(file).includes(ALWAYS_POSTGRES),
  );
  expect(opensDirectly.length).toBeGreaterThan(50);
  expect(opensDirectly.filter((file) => !chosen.has(file))).toEqual([]);
  // The admin UI's browser tests start their server in tests/admin-session.ts, always on the embedded database
  // (DATABASE_URL ''): the PostgreSQL pass would repeat them unchanged. Those that start a server of their own meet it.
  const embeddedOnly = every.filter((file) => file.startsWith('apps/admin/tests/'));
  expect(embeddedOnly.length).toBeGreaterThan(5);
  for (const file of embeddedOnly) {
    const viaSession = source(file).includes("from './admin-session.ts'");
    const ownServer = /\bstartServerProcess\(/.test(source(file));
    if (viaSession && !ownServer) expect(chosen, file).not.toContain(file);
    if (ownServer) expect(chosen, file).toContain(file);
  }
  expect(chosen).not.toContain('apps/admin/tests/admin.browser.test.ts');
  expect(chosen).toContain('apps/admin/tests/sso.browser.test.ts');
  const helpers = ['apps/admin/tests/admin-session.ts', 'apps/admin/tests/seed.ts'];
  for (const helper of helpers) {
    expect(source(helper)).toContain(EMBEDDED_ONLY);
    expect(source(helper)).toMatch(/DATABASE_URL: ''|databaseUrl: undefined/);
  }
  // Pure code never needs the second run: a package's test meets it only when it drives a real server against it.
  expect(
    [...chosen].filter(
      (file) => file.startsWith('packages/') && !source(file).includes('/apps/server/src/testing/'),
    ),
  ).toEqual([]);
  expect(chosen).not.toContain('packages/evaluation/src/evaluate.test.ts');
  expect(chosen).not.toContain('apps/server/src/http/safe-redirect.test.ts');
  // Those on PostgreSQL in every pass, and only those, say so; the PostgreSQL pass leaves them out.
  const always = every.filter((file) => source(file).includes(ALWAYS_POSTGRES));
  expect(always).toEqual(expect.arrayContaining(['apps/server/test/multi-process.test.ts']));
  for (const file of always)
    expect(source(file)).toMatch(/'postgres:\/\/postgres@127\.0\.0\.1:5432\/postgres'/);
});
