import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess, TEST_SECRETS_KEY, type ServerProcess } from '../src/testing/server-process.ts';

/**
 * The documented backup and restore commands of the store this run uses (embedded: `npm run backup` and
 * `npm run restore`; PostgreSQL: `pg_dump` and `pg_restore`), run as the docs show them against the real server: a
 * restore into a fresh store serves the same Client API payload, byte for byte, as the store backed up.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ADMIN = '*:*.backup-admin';
const CLIENT = '*:development.backup-client';
const onPostgres = !!process.env.DATABASE_URL;

const digest = async (server: ServerProcess) => {
  const answer = await fetch(`${server.url}/api/client/features`, { headers: { authorization: CLIENT } });
  expect(answer.status).toBe(200);
  return createHash('sha256')
    .update(await answer.text())
    .digest('hex');
};

/** A command as a reader types it, from the repository root; its exit code and output. */
function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function seed(server: ServerProcess) {
  const admin = adminClient(server.url, ADMIN);
  const segment = await admin.call('POST', '/api/admin/segments', {
    name: 'beta-testers',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }],
  });
  for (const name of ['checkout-v2', 'search-ranking', 'dark-mode']) {
    await admin.createFlag(name);
    await admin.addStrategy(name, 'development', {
      name: 'flexibleRollout',
      parameters: { rollout: '40', stickiness: 'default', groupId: name },
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
      segments: name === 'checkout-v2' ? [segment.id] : [],
    });
    await admin.setEnabled(name, 'development', true);
  }
  await admin.setVariants('dark-mode', 'development', [
    { name: 'on', weight: 1000, weightType: 'variable', stickiness: 'default' },
  ]);
}

describe.skipIf(onPostgres)(
  'the embedded database: npm run backup, npm run restore',
  { timeout: 300_000 },
  () => {
    let work: string;
    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'switchyard-backup-'));
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    it('backs up a stopped server, refuses while it runs, and restores into a new DATA_DIR', async () => {
      const original = path.join(work, 'data');
      const restored = path.join(work, 'restored');
      const backup = path.join(work, 'switchyard.tar.gz');
      const env = {
        DATA_DIR: original,
        DATABASE_URL: '',
        INIT_ADMIN_API_TOKENS: ADMIN,
        INIT_CLIENT_API_TOKENS: CLIENT,
      };
      const first = await startServerProcess(env);
      let before: string;
      try {
        await seed(first);
        before = await digest(first);
        const refused = run('npm', ['run', '--silent', 'backup', '--', backup], { DATA_DIR: original });
        expect(refused.status).toBe(1);
        expect(refused.output).toMatch(/not backing up: .*in use by Switchyard process/s);
        expect(refused.output).toContain('stop the server first');
        expect(existsSync(backup)).toBe(false);
      } finally {
        expect(await first.stop()).toBe(0);
      }

      const made = run('npm', ['run', '--silent', 'backup', '--', backup], { DATA_DIR: original });
      expect(made.output).toMatch(/backed up .* to .*switchyard\.tar\.gz/);
      expect(made.status).toBe(0);
      // Into a directory that holds anything, a restore refuses rather than mixing two databases.
      const intoUsed = run('npm', ['run', '--silent', 'restore', '--', backup], { DATA_DIR: original });
      expect([intoUsed.status, intoUsed.output]).toEqual([2, expect.stringContaining('is not empty')]);
      const put = run('npm', ['run', '--silent', 'restore', '--', backup], { DATA_DIR: restored });
      expect(put.status, put.output).toBe(0);
      // The copy carries the key that seals stored secrets, and no lock of the process that made it.
      expect(readdirSync(restored)).toContain('secrets.key');
      expect(readdirSync(restored)).not.toContain('switchyard.lock');

      const second = await startServerProcess({ ...env, DATA_DIR: restored });
      try {
        expect(await digest(second)).toBe(before);
        expect(second.output()).not.toMatch(/taking over the lock/);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    });

    it('backs up a running server with its workers through its Admin API, and the copy restores', async () => {
      const original = path.join(work, 'running');
      const restored = path.join(work, 'running-restored');
      const backup = path.join(work, 'running.tar.gz');
      const env = {
        DATA_DIR: original,
        DATABASE_URL: '',
        WORKERS: '2',
        INIT_ADMIN_API_TOKENS: ADMIN,
        INIT_CLIENT_API_TOKENS: CLIENT,
      };
      const server = await startServerProcess(env);
      let before: string;
      try {
        await seed(server);
        before = await digest(server);
        const made = run('npm', ['run', '--silent', 'backup', '--', backup], {
          DATA_DIR: original,
          SWITCHYARD_URL: server.url,
          SWITCHYARD_ADMIN_TOKEN: ADMIN,
        });
        expect(made.output).toMatch(/backed up the running server at .* to .*running\.tar\.gz/);
        expect(made.status).toBe(0);
        // The server kept serving and keeps taking changes after the copy.
        await adminClient(server.url, ADMIN).createFlag('after-the-backup');
        expect(await digest(server)).not.toBe(before);
        // Only admins may take the copy: it holds everything.
        const refused = run('npm', ['run', '--silent', 'backup', '--', `${backup}.x`], {
          DATA_DIR: original,
          SWITCHYARD_URL: server.url,
          SWITCHYARD_ADMIN_TOKEN: CLIENT,
        });
        expect([refused.status, refused.output]).toEqual([2, expect.stringMatching(/answered 40[13]/)]);
        expect(existsSync(`${backup}.x`)).toBe(false);
      } finally {
        expect(await server.stop()).toBe(0);
      }

      const put = run('npm', ['run', '--silent', 'restore', '--', backup], { DATA_DIR: restored });
      expect(put.status, put.output).toBe(0);
      expect(readdirSync(restored)).toContain('secrets.key');
      expect(readdirSync(restored)).not.toContain('switchyard.lock');
      const second = await startServerProcess({ ...env, DATA_DIR: restored });
      try {
        expect(await digest(second)).toBe(before);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    });

    it('points PostgreSQL users to pg_dump', () => {
      const answer = run('npm', ['run', '--silent', 'backup', '--', 'x.dump'], {
        DATABASE_URL: 'postgres://127.0.0.1:1/none',
        SECRETS_KEY: TEST_SECRETS_KEY,
      });
      expect([answer.status, answer.output]).toEqual([
        2,
        expect.stringContaining('back up PostgreSQL with pg_dump'),
      ]);
    });
  },
);

describe.skipIf(!onPostgres)('PostgreSQL: pg_dump, pg_restore', { timeout: 300_000 }, () => {
  const databases: PgDatabase[] = [];
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'switchyard-pg-backup-'));
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('dumps a running server and restores into a new database that serves the same payload', async () => {
    const source = await createPgDatabase(process.env.DATABASE_URL!, 'switchyard_bk');
    databases.push(source);
    const env = { DATABASE_URL: source.url, INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT };
    const dump = path.join(work, 'switchyard.dump');
    const first = await startServerProcess(env);
    let before: string;
    try {
      await seed(first);
      before = await digest(first);
      // The embedded database's backup endpoint points to pg_dump.
      const asked = await fetch(`${first.url}/api/admin/backup`, {
        method: 'POST',
        headers: { authorization: ADMIN },
      });
      expect(asked.status).toBe(409);
      expect(await asked.text()).toContain('pg_dump');
      // As the docs show it: while the server runs.
      const dumped = run('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
      expect(dumped.status, dumped.output).toBe(0);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const target = await createPgDatabase(process.env.DATABASE_URL!, 'switchyard_rs', { empty: true });
    databases.push(target);
    const restored = run('pg_restore', ['--no-owner', `--dbname=${target.url}`, dump]);
    expect(restored.status, restored.output).toBe(0);

    const second = await startServerProcess({ ...env, DATABASE_URL: target.url });
    try {
      expect(await digest(second)).toBe(before);
      expect(second.output()).not.toMatch(/applied \d+ migration/);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
