import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../../testing/pg-database.ts';
import { type ServerProcess, startServerProcess } from '../../../testing/server-process.ts';

/**
 * The Frontend API origins saved through one process apply in another on the same database. Always on PostgreSQL:
 * two processes cannot share a PGlite directory. Runs on PostgreSQL in both passes: CI's PostgreSQL pass leaves it out.
 */
const ADMIN = '*:*.cors-test-admin-token';
const FRONTEND = '*:development.cors-test-frontend-token';
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}, 60_000);

const allowedOrigin = async (server: ServerProcess, origin: string) =>
  (await fetch(`${server.url}/api/frontend`, { headers: { authorization: FRONTEND, origin } })).headers.get(
    'access-control-allow-origin',
  );

describe('Frontend API origins across processes', () => {
  it('saved through one process, apply in the other', async () => {
    const database = await createPgDatabase(PG_BASE, 'switchyard_cors');
    cleanups.push(() => database.drop());
    const env = {
      DATABASE_URL: database.url,
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_FRONTEND_API_TOKENS: FRONTEND,
      UNLEASH_FRONTEND_API_ORIGINS: 'https://start.example',
    };
    const first = await startServerProcess(env, 240_000);
    cleanups.push(() => first.stop());
    const second = await startServerProcess(env, 240_000);
    cleanups.push(() => second.stop());

    expect(await allowedOrigin(second, 'https://start.example')).toBe('https://start.example');
    expect(await allowedOrigin(second, 'https://shop.example')).toBeNull();

    const saved = await fetch(`${first.url}/api/admin/ui-config/cors`, {
      method: 'POST',
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ frontendApiOrigins: ['https://shop.example'] }),
    });
    expect(saved.status).toBe(204);

    const deadline = Date.now() + 15_000;
    while ((await allowedOrigin(second, 'https://shop.example')) !== 'https://shop.example') {
      if (Date.now() > deadline) throw new Error('the other process never applied the saved origins');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await allowedOrigin(second, 'https://start.example')).toBeNull();
    const config = await fetch(`${second.url}/api/admin/ui-config`, { headers: { authorization: ADMIN } });
    expect((await config.json()).frontendApiOrigins).toEqual(['https://shop.example']);
  }, 600_000);
});
