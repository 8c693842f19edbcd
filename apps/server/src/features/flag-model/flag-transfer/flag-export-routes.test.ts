import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { countEvents } from '../../../testing/db-queries.ts';
import { adminCall, BUILD_TIMEOUT, buildShop } from '../../../testing/flag-transfer-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildShop(t);
  // An archived flag of the project, which no export may show.
  await adminCall(t, 'POST', '/api/admin/projects/shop/features', { name: 'old-banner' });
  await adminCall(t, 'POST', '/api/admin/features/old-banner/tags', { type: 'simple', value: 'checkout' });
  await adminCall(t, 'DELETE', '/api/admin/projects/shop/features/old-banner');
}, BUILD_TIMEOUT);
afterAll(() => t.close());

const exportFlags = (payload: object) =>
  t.admin({ method: 'POST', url: '/api/admin/features-batch/export', payload });

describe('POST /api/admin/features-batch/export', () => {
  it('exports a project in one environment with everything its flags use, and records features-exported', async () => {
    const response = await exportFlags({ environment: 'production', project: 'shop' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBeUndefined();
    const result = response.json();
    const segmentId = result.segments[0].id;

    expect(result.features).toEqual([
      {
        name: 'checkout',
        type: 'release',
        description: 'The new checkout',
        project: 'shop',
        stale: false,
        impressionData: true,
      },
      {
        name: 'checkout-wallets',
        type: 'experiment',
        description: null,
        project: 'shop',
        stale: false,
        impressionData: false,
      },
      {
        name: 'search',
        type: 'operational',
        description: null,
        project: 'shop',
        stale: true,
        impressionData: false,
      },
    ]);
    const [rollout, byUser, byCountry] = result.featureStrategies;
    expect(result.featureStrategies).toHaveLength(3);
    expect(rollout).toEqual({
      id: expect.any(String),
      name: 'flexibleRollout',
      featureName: 'checkout',
      title: 'Half of Europe',
      parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
      constraints: [
        { contextName: 'region', operator: 'IN', values: ['eu'], inverted: false, caseInsensitive: false },
        {
          contextName: 'currentTime',
          operator: 'DATE_AFTER',
          value: '2026-01-01T00:00:00.000Z',
          values: [],
          inverted: false,
          caseInsensitive: false,
        },
      ],
      variants: [
        {
          name: 'blue',
          weight: 500,
          weightType: 'variable',
          stickiness: 'default',
          payload: { type: 'string', value: 'b' },
        },
        { name: 'red', weight: 500, weightType: 'variable', stickiness: 'default' },
      ],
      segments: [segmentId],
      sortOrder: 0,
      disabled: false,
    });
    expect(byUser).toMatchObject({
      name: 'userWithId',
      featureName: 'checkout',
      disabled: true,
      sortOrder: 1,
    });
    expect(byCountry).toMatchObject({
      name: 'byCountry',
      featureName: 'search',
      parameters: { countries: 'se,no' },
    });

    expect(result.featureEnvironments).toEqual([
      {
        name: 'checkout',
        featureName: 'checkout',
        environment: 'production',
        enabled: true,
        variants: [
          {
            name: 'a',
            weight: 700,
            weightType: 'variable',
            stickiness: 'default',
            overrides: [{ contextName: 'userId', values: ['7'] }],
          },
          {
            name: 'b',
            weight: 300,
            weightType: 'fix',
            stickiness: 'default',
            payload: { type: 'json', value: '{"b":1}' },
          },
        ],
      },
      {
        name: 'checkout-wallets',
        featureName: 'checkout-wallets',
        environment: 'production',
        enabled: false,
        variants: [],
      },
      { name: 'search', featureName: 'search', environment: 'production', enabled: true, variants: [] },
    ]);
    expect(result.contextFields.map((field: { name: string }) => field.name)).toEqual([
      'userId',
      'currentTime',
      'region',
    ]);
    expect(result.contextFields[2]).toEqual({
      name: 'region',
      description: 'Where the user is served from',
      stickiness: false,
      sortOrder: 10,
      legalValues: [{ value: 'eu' }, { value: 'us', description: 'The Americas' }],
      project: null,
    });
    expect(result.featureTags).toEqual([
      { featureName: 'checkout', tagType: 'simple', tagValue: 'checkout' },
      { featureName: 'checkout', tagType: 'team', tagValue: 'payments' },
      { featureName: 'search', tagType: 'team', tagValue: 'discovery' },
    ]);
    expect(result.segments).toEqual([{ id: segmentId, name: 'beta-testers' }]);
    expect(result.tagTypes).toEqual([
      { name: 'simple', description: 'Arbitrary labels', icon: null, color: null },
      { name: 'team', description: 'Owning team', icon: null, color: '#1A7F37' },
    ]);
    expect(result.dependencies).toEqual([
      {
        feature: 'checkout-wallets',
        dependencies: [{ feature: 'checkout', enabled: true, variants: ['blue'] }],
      },
    ]);

    const [event] = await t.db.query<{ type: string; environment: string; project: string; data: unknown }>(
      'SELECT type, environment, project, data FROM events ORDER BY id DESC LIMIT 1',
    );
    expect(event).toEqual({
      type: 'features-exported',
      environment: 'production',
      project: 'shop',
      data: { features: ['checkout', 'checkout-wallets', 'search'] },
    });
  });

  it('selects by names and by tag, applies every filter given, and never exports archived flags', async () => {
    const names = async (payload: object) => {
      const response = await exportFlags({ environment: 'production', ...payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().features.map((flag: { name: string }) => flag.name);
    };
    expect(await names({ features: ['search', 'checkout'] })).toEqual(['checkout', 'search']);
    expect(await names({ tag: 'team:payments' })).toEqual(['checkout']);
    expect(await names({ tag: 'checkout' })).toEqual(['checkout']);
    expect(await names({ tag: 'team:discovery', project: 'shop' })).toEqual(['search']);
    expect(await names({ project: 'default' })).toEqual([]);

    const one = (await exportFlags({ environment: 'development', features: ['checkout'] })).json();
    expect(one.featureStrategies.map((s: { name: string }) => s.name)).toEqual(['default']);
    expect(one.featureEnvironments).toEqual([
      { name: 'checkout', featureName: 'checkout', environment: 'development', enabled: false, variants: [] },
    ]);
    expect(one.segments).toEqual([]);
    expect(one.contextFields).toEqual([]);
    expect(one.dependencies).toEqual([]);
  });

  it('offers the export as a file when downloadFile is true', async () => {
    const response = await exportFlags({
      environment: 'production',
      features: ['search'],
      downloadFile: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.json().features).toHaveLength(1);
  });

  it('lets viewers export, but not client tokens or anonymous callers', async () => {
    const viewer = await t.as('Viewer');
    const allowed = await viewer({
      method: 'POST',
      url: '/api/admin/features-batch/export',
      payload: { environment: 'production', project: 'shop' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().features).toHaveLength(3);

    const before = await countEvents(t.db);
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/admin/features-batch/export',
      headers: { authorization: CLIENT_TOKEN },
      payload: { environment: 'production', project: 'shop' },
    });
    expect(client.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/features-batch/export',
      payload: { environment: 'production', project: 'shop' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await countEvents(t.db)).toBe(before);
  });

  it('refuses bad input with a 400 or 404 naming the field, and records nothing', async () => {
    const before = await countEvents(t.db);
    const cases: [object, number, string][] = [
      [{ project: 'shop' }, 400, '/body/environment'],
      [{ environment: 'production', features: 'checkout' }, 400, '/body/features'],
      [{ environment: 'production', project: 'shop', extra: 1 }, 400, '/body'],
      [{ environment: 'production' }, 400, '/body'],
      [{ environment: 'staging', project: 'shop' }, 404, '/body/environment'],
      [{ environment: 'production', project: 'nowhere' }, 404, '/body/project'],
      [{ environment: 'production', features: ['checkout', 'ghost', 'old-banner'] }, 404, '/body/features'],
    ];
    for (const [payload, status, path] of cases) {
      const response = await exportFlags(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const unknown = await exportFlags({
      environment: 'production',
      features: ['checkout', 'ghost', 'old-banner'],
    });
    expect(unknown.json().message).toBe('These are not active flags: ghost, old-banner');
    expect(await countEvents(t.db)).toBe(before);
  });
});
