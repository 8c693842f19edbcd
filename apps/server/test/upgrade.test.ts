import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDb } from '../src/db/open-db.ts';
import { hashSecret } from '../src/features/identity/api-tokens/api-token.ts';
import { adminClient } from '../src/testing/admin-client.ts';
import { buildFlag, buildSegment } from '../src/testing/flag-builder.ts';
import { createPgDatabase, type PgDatabase } from '../src/testing/pg-database.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

/**
 * An upgrade: a store written by the previous release's migrations, with data in it, started by this version. The
 * previous release stands for every migration before PREVIOUS_RELEASE_ENDS_BEFORE (move it to the first migration
 * of the next release when one is cut). 0075 rewrites tokens' display secrets, so an old token row shows it ran.
 */
const PREVIOUS_RELEASE_ENDS_BEFORE = '0075_mark_secret_fingerprints.sql';
/** The migrations this version has that the previous release did not. */
const NEWER_MIGRATIONS = readdirSync(new URL('../src/db/migrations/', import.meta.url)).filter(
  (file) => file.endsWith('.sql') && file >= PREVIOUS_RELEASE_ENDS_BEFORE,
).length;
const ADMIN = '*:*.upgrade-admin';
const OLD_CLIENT = 'default:development.upgrade-old-client-secret';

let database: PgDatabase | undefined;
let dataDir: string;
let store: { DATA_DIR: string; DATABASE_URL: string };

async function writePreviousRelease(db: Db) {
  const applied = await migrate(db, () => {}, PREVIOUS_RELEASE_ENDS_BEFORE);
  expect(applied.length).toBeGreaterThan(20);
  expect(applied).not.toContain(PREVIOUS_RELEASE_ENDS_BEFORE);
  const segment = await buildSegment(
    db,
    'nordics',
    [{ contextName: 'country', operator: 'IN', values: ['SE', 'NO'] }],
    { recordEvent: false },
  );
  await buildFlag(db, {
    name: 'checkout-v2',
    description: 'the new checkout',
    environments: {
      development: {
        enabled: true,
        strategies: [
          { name: 'flexibleRollout', parameters: { rollout: '25', stickiness: 'default', groupId: 'c' } },
          { name: 'default', segments: [segment] },
        ],
      },
      production: false,
    },
    tags: [{ type: 'simple', value: 'payments' }],
    recordEvent: false,
  });
  // The events as the previous release wrote them: this version's event store fills columns it did not have.
  await db.query(
    `INSERT INTO events (type, created_by, project, feature_name, data)
     VALUES ('segment-created', 'upgrade', NULL, NULL, $1), ('feature-created', 'upgrade', 'default', 'checkout-v2', NULL)`,
    [JSON.stringify({ id: segment })],
  );
  // A token as the previous release listed it: its first characters and 8 of its hash, not marked.
  await db.query(
    `INSERT INTO api_tokens (secret_hash, display_secret, token_name, type, environment, projects)
     VALUES ($1, $2, 'old-backend', 'client', 'development', $3)`,
    [hashSecret(OLD_CLIENT), 'default:dev…1a2b3c4d', JSON.stringify(['default'])],
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-upgrade-'));
  if (process.env.DATABASE_URL) {
    database = await createPgDatabase(process.env.DATABASE_URL, 'switchyard_up', { empty: true });
    store = { DATA_DIR: dataDir, DATABASE_URL: database.url };
  } else store = { DATA_DIR: path.join(dataDir, 'data'), DATABASE_URL: '' };
  const db = await openDb({ dataDir: store.DATA_DIR, databaseUrl: store.DATABASE_URL || undefined });
  try {
    await writePreviousRelease(db);
  } finally {
    await db.close();
  }
}, 120_000);
afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('starting this version on the previous release’s store', { timeout: 240_000 }, () => {
  it('applies only the newer migrations and serves what was there', async () => {
    const server = await startServerProcess({ ...store, INIT_ADMIN_API_TOKENS: ADMIN }, 90_000);
    try {
      expect(server.output()).toMatch(new RegExp(`applied ${NEWER_MIGRATIONS} migration\\(s\\)`));
      const flags = await fetch(`${server.url}/api/client/features`, {
        headers: { authorization: OLD_CLIENT },
      });
      expect(flags.status).toBe(200);
      const payload = await flags.json();
      const flag = payload.features.find((feature: { name: string }) => feature.name === 'checkout-v2');
      expect(flag).toMatchObject({ enabled: true, description: 'the new checkout' });
      expect(flag.strategies.map((strategy: { name: string }) => strategy.name)).toEqual([
        'flexibleRollout',
        'default',
      ]);
      // Without a client spec that reads segments, the segment's constraints come inlined.
      expect(flag.strategies[1].constraints).toEqual([
        expect.objectContaining({ contextName: 'country', values: ['SE', 'NO'] }),
      ]);
      const admin = adminClient(server.url, ADMIN);
      expect((await admin.call('GET', '/api/admin/features/checkout-v2/tags')).tags).toEqual([
        { type: 'simple', value: 'payments' },
      ]);
      // Migration 0075 ran on the old row: its fingerprint is marked as not the secret's ending.
      const { tokens } = await admin.call('GET', '/api/admin/api-tokens');
      expect(tokens.find((token: { tokenName: string }) => token.tokenName === 'old-backend')).toMatchObject({
        secret: 'default:dev…#1a2b3c4d',
      });
      // The default admin the previous release would have made is made now, and signs in.
      const login = await fetch(`${server.url}/auth/simple/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'unleash4all' }),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
