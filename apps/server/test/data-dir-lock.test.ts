import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDataDir } from '../src/testing/migrated-template.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

// The embedded database always, on the PostgreSQL run too: the lock guards DATA_DIR.
const EMBEDDED = { DATABASE_URL: '' };
let dataDir: string;
beforeAll(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'switchyard-lock-process-')), 'data');
  await seedDataDir(dataDir);
});
afterAll(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

// The repro: a second server on the data directory `npm start` was using opened it without a word.
it('refuses a second server on a running one’s DATA_DIR, and takes the lock over after the first is killed', async () => {
  const first = await startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir });
  try {
    const second = startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir }, 60_000);
    await expect(second).rejects.toThrow(
      new RegExp(
        `server exited with 1:[\\s\\S]*not starting: DATA_DIR ${dataDir} is in use by Switchyard process ${first.child.pid} on this machine.*stop that process`,
      ),
    );
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
  } finally {
    // A crash: no shutdown, the lock stays behind with a PID that no longer runs.
    const killed = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await killed;
  }
  const third = await startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir });
  try {
    expect(third.output()).toMatch(
      new RegExp(
        `taking over the lock in .*switchyard.lock from process ${first.child.pid}: that PID is not running`,
      ),
    );
  } finally {
    expect(await third.stop()).toBe(0);
  }
}, 240_000);
