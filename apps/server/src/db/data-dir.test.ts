import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { adoptOldDataDir } from './data-dir.ts';

let root: string;
let dirs: { defaultDir: string; oldDir: string };
const fillDatabase = async (dir: string) => {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'PG_VERSION'), '17\n');
};
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'switchyard-data-dir-'));
  dirs = { defaultDir: path.join(root, 'data'), oldDir: path.join(root, 'apps/server/data') };
});
afterEach(() => rm(root, { recursive: true, force: true }));

it('keeps using the database an earlier npm run server made while the default holds none, and says so', async () => {
  await fillDatabase(dirs.oldDir);
  const said: string[] = [];
  expect(adoptOldDataDir(dirs.defaultDir, dirs, (m) => said.push(m))).toBe(dirs.oldDir);
  expect(said.join()).toContain(`move it to ${dirs.defaultDir}`);
});

it('uses the default once it holds a database, and any DATA_DIR given', async () => {
  await fillDatabase(dirs.oldDir);
  expect(adoptOldDataDir('/var/lib/switchyard', dirs)).toBe('/var/lib/switchyard');
  await fillDatabase(dirs.defaultDir);
  expect(adoptOldDataDir(dirs.defaultDir, dirs)).toBe(dirs.defaultDir);
});

it('creates the default when there is no old database', () => {
  expect(adoptOldDataDir(dirs.defaultDir, dirs)).toBe(dirs.defaultDir);
});
