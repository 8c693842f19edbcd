import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name) VALUES ('web', 'Web')");
  await t.db.query(
    "INSERT INTO project_environments (project_id, environment_name) VALUES ('web', 'development'), ('web', 'production')",
  );
}, 300_000);
afterAll(() => t.close());

const eventTypes = async (flag: string) =>
  (
    await t.db.query<{ type: string }>('SELECT type FROM events WHERE feature_name = $1 ORDER BY id', [flag])
  ).map((row) => row.type);
const enabledIn = async (flag: string, environment: string) =>
  (
    await t.db.query<{ enabled: boolean }>(
      'SELECT enabled FROM flag_environments WHERE flag_name = $1 AND environment_name = $2',
      [flag, environment],
    )
  )[0]?.enabled ?? false;

describe('v1 flags: POST and GET /api/admin/features', () => {
  it('creates a flag in the default project with its strategies, on in development only', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/features',
      payload: {
        name: 'v1-created',
        description: 'made by an old script',
        enabled: true,
        strategies: [{ name: 'userWithId', parameters: { userIds: 'ann,bob' } }],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'v1-created',
      project: 'default',
      description: 'made by an old script',
      enabled: true,
      stale: false,
      strategies: [{ name: 'userWithId', parameters: { userIds: 'ann,bob' }, constraints: [] }],
    });
    expect(await enabledIn('v1-created', 'development')).toBe(true);
    expect(await enabledIn('v1-created', 'production')).toBe(false);
    expect(await eventTypes('v1-created')).toEqual([
      'feature-created',
      'feature-strategy-add',
      'feature-environment-enabled',
    ]);

    const list = await t.admin({ method: 'GET', url: '/api/admin/features?namePrefix=v1-cre' });
    expect(list.statusCode).toBe(200);
    expect(list.json().version).toBe(1);
    expect(list.json().features.map((f: { name: string }) => f.name)).toEqual(['v1-created']);
    const one = await t.admin({ method: 'GET', url: '/api/admin/features/v1-created' });
    expect(one.json()).toEqual(created.json());
  });

  it('answers 400 naming the field for bad input, 409 for a taken name', async () => {
    const noName = await t.admin({ method: 'POST', url: '/api/admin/features', payload: { enabled: true } });
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json().details)).toContain('name');
    const badStrategy = await t.admin({
      method: 'POST',
      url: '/api/admin/features',
      payload: { name: 'v1-bad-strategy', strategies: [{ name: 'no-such-strategy' }] },
    });
    expect(badStrategy.statusCode).toBe(400);
    // Nothing was left behind: the create and the strategies are one transaction.
    expect((await t.admin({ method: 'GET', url: '/api/admin/features/v1-bad-strategy' })).statusCode).toBe(
      404,
    );
    const unknownField = await t.admin({
      method: 'POST',
      url: '/api/admin/features',
      payload: { name: 'v1-extra', colour: 'red' },
    });
    expect(unknownField.statusCode).toBe(400);
    const taken = await t.admin({
      method: 'POST',
      url: '/api/admin/features',
      payload: { name: 'v1-created' },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('needs CREATE_FEATURE in the project named by the body', async () => {
    const viewer = await t.as('Viewer');
    const refused = await viewer({
      method: 'POST',
      url: '/api/admin/features',
      payload: { name: 'v1-viewer' },
    });
    expect(refused.statusCode).toBe(403);
    const editor = await t.as('Editor');
    const elsewhere = await editor({
      method: 'POST',
      url: '/api/admin/features',
      payload: { name: 'v1-in-web', project: 'web' },
    });
    expect(elsewhere.statusCode).toBe(403);
    const member = await t.as('Editor', { memberOf: ['web'] });
    const allowed = await member({
      method: 'POST',
      url: '/api/admin/features',
      payload: { name: 'v1-in-web', project: 'web' },
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().project).toBe('web');
  });
});

describe('v1 flags: PUT, toggle, stale and DELETE', () => {
  it('replaces the strategies of the legacy environment and keeps it on', async () => {
    await buildFlag(t.db, {
      name: 'v1-put',
      environments: { development: { enabled: true, strategies: [{ name: 'default' }] } },
    });
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/features/v1-put',
      payload: {
        name: 'v1-put',
        description: 'changed',
        strategies: [{ name: 'remoteAddress', parameters: { IPs: '10.0.0.1' } }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      description: 'changed',
      enabled: true,
      strategies: [{ name: 'remoteAddress', parameters: { IPs: '10.0.0.1' } }],
    });
    const renamed = await t.admin({
      method: 'PUT',
      url: '/api/admin/features/v1-put',
      payload: { name: 'other' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().details[0].path).toBe('/body/name');
    const missing = await t.admin({ method: 'PUT', url: '/api/admin/features/ghost', payload: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('toggles in the first enabled environment and records the same events as the current API', async () => {
    await buildFlag(t.db, { name: 'v1-toggle', environments: { development: { enabled: false } } });
    const on = await t.admin({ method: 'POST', url: '/api/admin/features/v1-toggle/toggle/on' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, strategies: [{ name: 'flexibleRollout' }] });
    expect(await enabledIn('v1-toggle', 'development')).toBe(true);
    const flipped = await t.admin({ method: 'POST', url: '/api/admin/features/v1-toggle/toggle' });
    expect(flipped.json().enabled).toBe(false);
    const off = await t.admin({ method: 'POST', url: '/api/admin/features/v1-toggle/toggle/off' });
    expect(off.json().enabled).toBe(false);
    expect(await eventTypes('v1-toggle')).toContain('feature-environment-disabled');
    expect(await enabledIn('v1-toggle', 'production')).toBe(false);
  });

  it('follows the environments: with development disabled, v1 toggles production', async () => {
    await buildFlag(t.db, { name: 'v1-prod', project: 'web' });
    await t.db.query(
      "DELETE FROM project_environments WHERE project_id = 'web' AND environment_name = 'development'",
    );
    try {
      const on = await t.admin({ method: 'POST', url: '/api/admin/features/v1-prod/toggle/on' });
      expect(on.statusCode).toBe(200);
      expect(await enabledIn('v1-prod', 'production')).toBe(true);
    } finally {
      await t.db.query(
        "INSERT INTO project_environments (project_id, environment_name) VALUES ('web', 'development')",
      );
    }
  });

  it('needs UPDATE_FEATURE_ENVIRONMENT in the flag’s project to toggle', async () => {
    await buildFlag(t.db, { name: 'v1-guarded', project: 'web' });
    const editor = await t.as('Editor');
    expect(
      (await editor({ method: 'POST', url: '/api/admin/features/v1-guarded/toggle/on' })).statusCode,
    ).toBe(403);
    const viewer = await t.as('Viewer');
    expect(
      (await viewer({ method: 'POST', url: '/api/admin/features/v1-guarded/stale/on' })).statusCode,
    ).toBe(403);
    expect(await enabledIn('v1-guarded', 'development')).toBe(false);
    const missing = await t.admin({ method: 'POST', url: '/api/admin/features/ghost/toggle/on' });
    expect(missing.statusCode).toBe(404);
  });

  it('is refused where change requests are on in the legacy environment, like a direct change', async () => {
    await t.db.query("INSERT INTO projects (id, name) VALUES ('reviewed', 'Reviewed')");
    await t.db.query(
      "INSERT INTO project_environments (project_id, environment_name) VALUES ('reviewed', 'development'), ('reviewed', 'production')",
    );
    await buildFlag(t.db, { name: 'v1-reviewed', project: 'reviewed' });
    const config = await t.admin({
      method: 'PUT',
      url: '/api/admin/projects/reviewed/environments/development/change-requests/config',
      payload: { changeRequestsEnabled: true },
    });
    expect(config.statusCode).toBeLessThan(300);
    const toggled = await t.admin({ method: 'POST', url: '/api/admin/features/v1-reviewed/toggle/on' });
    expect(toggled.statusCode).toBe(403);
    expect(toggled.json().message).toContain('SKIP_CHANGE_REQUEST');
    expect(await enabledIn('v1-reviewed', 'development')).toBe(false);
    // Metadata alone is not reviewed.
    const stale = await t.admin({ method: 'POST', url: '/api/admin/features/v1-reviewed/stale/on' });
    expect(stale.statusCode).toBe(200);
  });

  it('marks stale and archives', async () => {
    await buildFlag(t.db, { name: 'v1-stale' });
    const stale = await t.admin({ method: 'POST', url: '/api/admin/features/v1-stale/stale/on' });
    expect(stale.json().stale).toBe(true);
    const fresh = await t.admin({ method: 'POST', url: '/api/admin/features/v1-stale/stale/off' });
    expect(fresh.json().stale).toBe(false);
    const archived = await t.admin({ method: 'DELETE', url: '/api/admin/features/v1-stale' });
    expect(archived.statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: '/api/admin/features/v1-stale' })).statusCode).toBe(404);
    expect(await eventTypes('v1-stale')).toEqual(
      expect.arrayContaining(['feature-stale-on', 'feature-stale-off', 'feature-archived']),
    );
  });
});

describe('an old script with the official Node SDK', () => {
  it('creates and turns on a flag through v1; the SDK then sees it enabled', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { authorization: '*:*.test-admin-token', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await call('POST', '/api/admin/features', { name: 'script-flag' })).status).toBe(201);
    expect((await call('POST', '/api/admin/features/script-flag/toggle/on')).status).toBe(200);
    const sdk = new Unleash({
      url: `${url}/api/`,
      appName: 'old-script',
      customHeaders: { Authorization: CLIENT_TOKEN },
      refreshInterval: 60_000,
      disableMetrics: true,
      storageProvider: { set: async () => undefined, get: async () => undefined } as never,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        sdk.once('synchronized', () => resolve());
        sdk.once('error', reject);
      });
      expect(sdk.isEnabled('script-flag')).toBe(true);
    } finally {
      sdk.destroy();
    }
  });
});
