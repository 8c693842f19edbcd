import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createKeyring, keyIdOf, SecretsKeyError } from './db/sealed-secrets.ts';
import { createEventStore } from './features/flag-model/events/event-store.ts';
import { sealStoredSecrets } from './seal-stored-secrets.ts';
import { startHttpReceiver, type HttpReceiver } from './testing/http-receiver.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/**
 * Secrets at rest (decision record 0020): what the database holds, the start-up step that seals rows written in
 * clear or under an older key, and delivery after both. Every assertion on storage reads the row by SQL.
 */
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
let t: TestApp;
let hook: HttpReceiver;
beforeAll(async () => {
  hook = await startHttpReceiver();
  t = await createTestApp({
    SECRETS_KEY: oldKey.toString('base64'),
    INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
    INTEGRATION_POLL_INTERVAL_MS: '20',
  });
});
afterAll(async () => {
  await t?.close();
  await hook?.close();
});

const storedParameters = async (id: number) =>
  (
    await t.db.query<{ parameters: Record<string, string> }>('SELECT parameters FROM addons WHERE id = $1', [
      id,
    ])
  )[0]!.parameters;
const storedOidc = async () =>
  (
    await t.db.query<{ value: { clientSecret?: string } }>(
      `SELECT value FROM settings WHERE name = 'sso-oidc'`,
    )
  )[0]?.value;

async function webhook(authorization: string): Promise<number> {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/addons',
    payload: {
      provider: 'webhook',
      enabled: true,
      events: ['x-sealed'],
      parameters: {
        url: `${hook.url}/hook`,
        authorization,
        customHeaders: '{"X-Api-Key": "header-s3cret"}',
        contentType: 'application/json',
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

/** Records an event the webhooks receive and waits for the receiver to get `count` requests in all. */
async function deliverOne(count: number) {
  await t.db.transaction((tx) => createEventStore(tx).append({ type: 'x-sealed', createdBy: 'alice' }));
  return (await hook.waitFor(count))[count - 1]!;
}

describe('what the database holds', () => {
  it('holds integration secrets sealed, shows them masked, and sends them in clear', async () => {
    const id = await webhook('Bearer s3cret-token');
    const stored = await storedParameters(id);
    expect(JSON.stringify(stored)).not.toContain('s3cret');
    expect(JSON.stringify(stored)).not.toContain(hook.url);
    expect(stored.authorization).toMatch(new RegExp(`^sealed:v1:${keyIdOf(oldKey)}:`));
    expect(stored.url).toMatch(/^sealed:v1:/);
    expect(stored.customHeaders).toMatch(/^sealed:v1:/);
    expect(stored.contentType).toBe('application/json');

    const read = await t.admin({ method: 'GET', url: `/api/admin/addons/${id}` });
    expect(read.json().parameters).toEqual({
      url: '*****',
      authorization: '*****',
      customHeaders: '*****',
      contentType: 'application/json',
    });

    const request = await deliverOne(hook.received.length + 1);
    expect(request.path).toBe('/hook');
    expect(request.headers.authorization).toBe('Bearer s3cret-token');
    expect(request.headers['x-api-key']).toBe('header-s3cret');
    await t.admin({ method: 'DELETE', url: `/api/admin/addons/${id}` });
  });

  it('holds the OIDC client secret sealed', async () => {
    const saved = await t.admin({
      method: 'POST',
      url: '/api/admin/auth/oidc/settings',
      payload: {
        enabled: false,
        discoverUrl: 'https://id.example.com',
        clientId: 'x',
        secret: 'oidc-s3cret',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('oidc-s3cret');
    const value = await storedOidc();
    expect(JSON.stringify(value)).not.toContain('oidc-s3cret');
    expect(value?.clientSecret).toMatch(/^sealed:v1:/);
    await t.admin({ method: 'POST', url: '/api/admin/auth/oidc/settings', payload: { secret: '' } });
  });
});

describe('sealing at start', () => {
  it('seals secrets an earlier version stored in clear, once, and they still work', async () => {
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO addons (provider, enabled, parameters, events)
       VALUES ('webhook', true, $1, '{x-sealed}') RETURNING id`,
      [JSON.stringify({ url: `${hook.url}/clear`, authorization: 'Bearer clear-s3cret' })],
    );
    await t.db.query(
      `INSERT INTO settings (name, value) VALUES ('sso-oidc', $1)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
      [
        JSON.stringify({
          enabled: false,
          issuer: 'https://id.example.com',
          clientId: 'x',
          clientSecret: 'clear-oidc',
        }),
      ],
    );
    // An older row delivers before the step too: a value not in the sealed form is taken as it is.
    expect((await deliverOne(hook.received.length + 1)).headers.authorization).toBe('Bearer clear-s3cret');

    await sealStoredSecrets(t.db, t.secrets);
    const stored = await storedParameters(row!.id);
    expect(JSON.stringify(stored)).not.toContain('clear-s3cret');
    expect(stored.authorization).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(await storedOidc())).not.toContain('clear-oidc');

    // Idempotent: a second start changes nothing.
    await sealStoredSecrets(t.db, t.secrets);
    expect(await storedParameters(row!.id)).toEqual(stored);

    const request = await deliverOne(hook.received.length + 1);
    expect(request.path).toBe('/clear');
    expect(request.headers.authorization).toBe('Bearer clear-s3cret');
    await t.admin({ method: 'DELETE', url: `/api/admin/addons/${row!.id}` });
  });

  it('after a rotation opens what the old key sealed, seals it again with the new key and still delivers', async () => {
    const id = await webhook('Bearer rotated-s3cret');
    const before = await storedParameters(id);
    const rotated = createKeyring(newKey, [oldKey]);
    await sealStoredSecrets(t.db, rotated);
    const after = await storedParameters(id);
    for (const name of ['url', 'authorization', 'customHeaders'])
      expect(after[name]).toMatch(new RegExp(`^sealed:v1:${keyIdOf(newKey)}:`));
    expect(after.authorization).not.toBe(before.authorization);
    // The old key is no longer needed: the new one alone opens everything.
    await sealStoredSecrets(t.db, createKeyring(newKey));

    const app = await buildApp({ db: t.db, config: t.config, secrets: createKeyring(newKey) });
    try {
      const test = await app.inject({
        method: 'POST',
        url: `/api/admin/addons/${id}/test`,
        headers: { authorization: t.config.initAdminTokens[0]! },
      });
      expect(test.statusCode, test.body).toBe(200);
      const request = hook.received.at(-1)!;
      expect(request.headers.authorization).toBe('Bearer rotated-s3cret');
    } finally {
      await app.close();
    }
    // Back to the old key for the other tests of this file.
    await sealStoredSecrets(t.db, createKeyring(oldKey, [newKey]));
    await t.admin({ method: 'DELETE', url: `/api/admin/addons/${id}` });
  });

  it('stops with an error naming SECRETS_KEY when no key it has opens a stored secret', async () => {
    const id = await webhook('Bearer s3cret');
    const wrong = createKeyring(randomBytes(32));
    await expect(sealStoredSecrets(t.db, wrong)).rejects.toThrow(SecretsKeyError);
    await expect(sealStoredSecrets(t.db, wrong)).rejects.toThrow(
      new RegExp(`SECRETS_KEY does not open the stored .*sealed with key "${keyIdOf(oldKey)}"`),
    );
    // Nothing was changed by the refused step.
    expect((await storedParameters(id)).authorization).toMatch(new RegExp(`^sealed:v1:${keyIdOf(oldKey)}:`));
    await t.admin({ method: 'DELETE', url: `/api/admin/addons/${id}` });
  });
});
