import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

// The official browser SDK, run in Node, against the Frontend API of a real server process.
const ADMIN = '*:*.fe-admin';
const FRONTEND = '*:development.fe-frontend';

let server: ServerProcess;
let dataDir: string;
const clients: UnleashClient[] = [];

const start = async (context: Record<string, unknown>, options: Record<string, unknown> = {}) => {
  const client = new UnleashClient({
    url: `${server.url}/api/frontend`,
    clientKey: FRONTEND,
    appName: 'browser-test',
    refreshInterval: 1,
    disableMetrics: true,
    storageProvider: new InMemoryStorageProvider(),
    context,
    ...options,
  });
  clients.push(client);
  const ready = new Promise<void>((resolve, reject) => {
    client.on('ready', () => resolve());
    client.on('error', reject);
  });
  await client.start();
  await ready;
  return client;
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-fe-'));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    INIT_ADMIN_API_TOKENS: ADMIN,
    INIT_FRONTEND_API_TOKENS: FRONTEND,
  });
  const admin = adminClient(server.url, ADMIN);
  await admin.createFlag('pricing-page');
  await admin.addStrategy('pricing-page', 'development', {
    name: 'flexibleRollout',
    parameters: { rollout: '100', stickiness: 'userId', groupId: 'pricing-page' },
    constraints: [{ contextName: 'country', operator: 'IN', values: ['NO', 'SE'] }],
    variants: [
      {
        name: 'annual-first',
        weight: 500,
        weightType: 'variable',
        stickiness: 'userId',
        payload: { type: 'json', value: '{"order":["annual","monthly"]}' },
      },
      {
        name: 'monthly-first',
        weight: 500,
        weightType: 'variable',
        stickiness: 'userId',
        payload: { type: 'json', value: '{"order":["monthly","annual"]}' },
      },
    ],
  });
  await admin.setEnabled('pricing-page', 'development', true);
  await admin.createFlag('beta-users');
  await admin.addStrategy('beta-users', 'development', {
    name: 'userWithId',
    parameters: { userIds: 'alice,bob' },
  });
  await admin.setEnabled('beta-users', 'development', true);
  await admin.createFlag('off-everywhere');
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.stop();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('unleash-proxy-client against the Frontend API', () => {
  it('gets the right flags and variants for several contexts', async () => {
    const alice = await start({ userId: 'alice', properties: { country: 'NO' } });
    expect(alice.isEnabled('beta-users')).toBe(true);
    expect(alice.isEnabled('pricing-page')).toBe(true);
    expect(alice.isEnabled('off-everywhere')).toBe(false);
    const variant = alice.getVariant('pricing-page');
    expect(['annual-first', 'monthly-first']).toContain(variant.name);
    expect(variant.payload?.type).toBe('json');

    const carol = await start({ userId: 'carol', properties: { country: 'DE' } });
    expect(carol.isEnabled('beta-users')).toBe(false);
    expect(carol.isEnabled('pricing-page')).toBe(false);
    expect(carol.getVariant('pricing-page')).toMatchObject({ name: 'disabled', enabled: false });

    await carol.updateContext({ userId: 'bob', properties: { country: 'SE' } });
    expect(carol.isEnabled('beta-users')).toBe(true);
    expect(carol.isEnabled('pricing-page')).toBe(true);
  });

  it('spreads variants across users and keeps each user on one', async () => {
    const names = new Map<string, string>();
    for (let i = 0; i < 16; i++) {
      const client = await start({ userId: `user-${i}`, properties: { country: 'NO' } });
      names.set(`user-${i}`, client.getVariant('pricing-page').name);
      client.stop();
    }
    expect(new Set(names.values())).toEqual(new Set(['annual-first', 'monthly-first']));
    const again = await start({ userId: 'user-3', properties: { country: 'NO' } }, { usePOSTrequests: true });
    expect(again.getVariant('pricing-page').name).toBe(names.get('user-3'));
  });
});
