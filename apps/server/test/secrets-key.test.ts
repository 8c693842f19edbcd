import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../src/testing/http-receiver.ts';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

/**
 * The real server's start with sealed secrets (decision record 0020): a SECRETS_KEY that opens no stored secret
 * stops the start with a message naming it, and a rotation through SECRETS_KEY_PREVIOUS keeps delivering.
 * On PostgreSQL (CI's second run) one new database; on PGlite, one DATA_DIR.
 */
const ADMIN = '*:*.secrets-key-admin';
const oldKey = randomBytes(32).toString('base64');
const newKey = randomBytes(32).toString('hex');
let dataDir: string;
let database: PgDatabase | undefined;
let hook: HttpReceiver;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-secrets-'));
  if (process.env.DATABASE_URL) database = await createPgDatabase(process.env.DATABASE_URL);
  hook = await startHttpReceiver();
});
afterAll(async () => {
  await hook?.close();
  await rm(dataDir, { recursive: true, force: true });
  await database?.drop();
});

const env = (keys: Record<string, string>) => ({
  DATA_DIR: dataDir,
  INIT_ADMIN_API_TOKENS: ADMIN,
  INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
  ...(database ? { DATABASE_URL: database.url } : {}),
  ...keys,
});

it('refuses to start with a key that opens no stored secret, and rotates with SECRETS_KEY_PREVIOUS', async () => {
  const first = await startServerProcess(env({ SECRETS_KEY: oldKey }));
  let id: number;
  try {
    const created = await fetch(`${first.url}/api/admin/addons`, {
      method: 'POST',
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'webhook',
        enabled: true,
        events: ['feature-created'],
        parameters: { url: `${hook.url}/hook`, authorization: 'Bearer process-s3cret' },
      }),
    });
    expect(created.status).toBe(200);
    id = ((await created.json()) as { id: number }).id;
  } finally {
    expect(await first.stop()).toBe(0);
  }

  await expect(startServerProcess(env({ SECRETS_KEY: newKey }), 60_000)).rejects.toThrow(
    /server exited with 2:[\s\S]*SECRETS_KEY does not open the stored addons\.parameters\.\w+: it was sealed with key/,
  );

  const rotated = await startServerProcess(env({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey }));
  try {
    expect(rotated.output()).toMatch(/sealed the stored secrets of 1 row\(s\) with key/);
    const test = await fetch(`${rotated.url}/api/admin/addons/${id}/test`, {
      method: 'POST',
      headers: { authorization: ADMIN },
    });
    expect(test.status).toBe(200);
    const [request] = await hook.waitFor(1);
    expect(request!.headers.authorization).toBe('Bearer process-s3cret');
  } finally {
    expect(await rotated.stop()).toBe(0);
  }

  // Re-sealed with the new key at that start: the old key is no longer needed.
  const after = await startServerProcess(env({ SECRETS_KEY: newKey }));
  expect(await after.stop()).toBe(0);
}, 360_000);
