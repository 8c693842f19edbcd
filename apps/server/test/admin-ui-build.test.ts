import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_DIR, adminUiIsCurrent, buildAdminUiUnlessCurrent } from '../../admin/scripts/build-inputs.mjs';
import { seedDataDir } from '../src/testing/migrated-template.ts';
import { createPgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'switchyard-admin-build-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The one "build if stale" rule, on a one-file Vite project (a second, where the admin UI takes several): what
// `npm run server`, `npm start` and the browser tests all call.
it('builds a Vite project when it has no build, says nothing while it is current, and rebuilds once a source changes', async () => {
  const project = path.join(dir, 'project');
  const plugin = pathToFileURL(path.join(ADMIN_DIR, 'scripts/build-inputs.mjs')).href;
  await mkdir(project);
  await writeFile(path.join(project, 'index.html'), '<script type="module" src="/main.js"></script>');
  await writeFile(path.join(project, 'main.js'), 'document.title = "one";');
  await writeFile(
    path.join(project, 'vite.config.mjs'),
    `import { recordBuildInputs } from ${JSON.stringify(plugin)};\nexport default { plugins: [recordBuildInputs()] };\n`,
  );
  const lines: string[] = [];
  const say = (line: string) => lines.push(line);

  expect(adminUiIsCurrent(project)).toBe(false);
  expect(buildAdminUiUnlessCurrent(project, say)).toBe(true);
  expect(lines).toEqual([expect.stringMatching(/^\[build\] building the admin UI into .*dist…$/)]);
  expect(adminUiIsCurrent(project)).toBe(true);

  expect(buildAdminUiUnlessCurrent(project, say)).toBe(true);
  expect(lines).toHaveLength(1);

  await writeFile(path.join(project, 'main.js'), 'document.title = "two";');
  expect(adminUiIsCurrent(project)).toBe(false);
  expect(buildAdminUiUnlessCurrent(project, say)).toBe(true);
  expect(lines).toHaveLength(2);
  expect(await readFile(path.join(project, 'dist/index.html'), 'utf8')).toContain('/assets/');
  expect(adminUiIsCurrent(project)).toBe(true);
}, 60_000);

// The repro: right after `npm ci` there is no apps/admin/dist, and `/` answered "not built yet".
it('serves the admin UI at / from npm run server, building it first when it is missing or stale', async () => {
  // A migrated database, so the start measures the launcher and not the migrations.
  const database = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : undefined;
  const dataDir = path.join(dir, 'data');
  if (!database) await seedDataDir(dataDir);
  const server = await startServerProcess(
    database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir },
    180_000,
    'serve',
  );
  try {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(await readFile(path.join(ADMIN_DIR, 'dist/index.html'), 'utf8'));
    expect(adminUiIsCurrent()).toBe(true);
  } finally {
    expect(await server.stop()).toBe(0);
    await database?.drop();
  }
}, 240_000);
