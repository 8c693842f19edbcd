import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { snapshot } from '../../../testing/db-queries.ts';
import {
  adminCall,
  BUILD_TIMEOUT,
  buildStore,
  postTransfer as post,
} from '../../../testing/flag-transfer-fixtures.ts';

let target: TestApp;
beforeAll(async () => {
  target = await createTestApp();
  await buildStore(target);
  await adminCall(target, 'POST', '/api/admin/context', {
    name: 'region',
    legalValues: [{ value: 'eu' }, { value: 'us' }],
  });
}, BUILD_TIMEOUT);
afterAll(() => target.close());

describe('what validate finds and import refuses', () => {
  /** Import data with one thing wrong of each kind. */
  const badData = {
    features: [
      { name: 'taken', type: 'release' },
      { name: 'retired' },
      { name: 'fresh', type: 'no-such-type' },
      { name: 'fresh' },
    ],
    featureStrategies: [
      { name: 'nope', featureName: 'fresh' },
      {
        name: 'default',
        featureName: 'fresh',
        constraints: [{ contextName: 'region', operator: 'IN', values: ['mars'] }],
        segments: [99, 100],
      },
      { name: 'default', featureName: 'stray' },
    ],
    contextFields: [{ name: 'region', legalValues: [{ value: 'eu' }, { value: 'mars' }] }],
    segments: [{ id: 99, name: 'ghosts' }],
    dependencies: [{ feature: 'fresh', dependencies: [{ feature: 'missing-parent' }] }],
  };

  beforeAll(async () => {
    await adminCall(target, 'POST', '/api/admin/projects/default/features', { name: 'taken' });
    await adminCall(target, 'POST', '/api/admin/projects/store/features', { name: 'retired' });
    await adminCall(target, 'DELETE', '/api/admin/projects/store/features/retired');
  });

  it('lists every problem in errors, and import refuses with a 400 naming them, changing nothing', async () => {
    const body = { project: 'store', environment: 'staging', data: badData };
    const before = await snapshot(target.db);
    const validation = await post(target, 'validate', body);
    expect(validation.statusCode, validation.body).toBe(200);
    const { errors } = validation.json() as { errors: { message: string; affectedItems: string[] }[] };
    const itemsOf = (start: string) => errors.find((error) => error.message.startsWith(start))?.affectedItems;
    expect(itemsOf('These flags appear more than once')).toEqual(['fresh']);
    expect(itemsOf('These flags already exist in other projects')).toEqual(['taken (in project "default")']);
    expect(itemsOf('These flags exist but are archived')).toEqual(['retired']);
    expect(itemsOf('These flag types do not exist')).toEqual(['no-such-type']);
    expect(itemsOf('These entries refer to flags that are not in')).toEqual(['featureStrategies: stray']);
    expect(itemsOf('These strategy types do not exist')).toEqual(['nope']);
    expect(itemsOf('These context fields exist here without')).toEqual(['region']);
    expect(itemsOf('These strategies or variants are not valid')).toEqual([
      'fresh: "mars" is not a legal value of context field "region"',
    ]);
    expect(itemsOf('These strategies use segment ids')).toEqual(['fresh: 100']);
    expect(itemsOf('These segments do not exist here')).toEqual(['ghosts']);
    expect(itemsOf('These dependencies cannot be set')).toEqual([
      'fresh → missing-parent: the parent is neither in the import nor an active flag of project "store"',
    ]);
    expect(await snapshot(target.db)).toEqual(before);

    const refused = await post(target, 'import', body);
    expect(refused.statusCode).toBe(400);
    const error = refused.json();
    expect(error.name).toBe('BadDataError');
    expect(error.message).toMatch(/^Nothing was imported: the data has 11 problems\. /);
    expect(error.details).toHaveLength(errors.length);
    expect(error.details).toContainEqual({
      message: 'These segments do not exist here (or belong to another project); create them first: ghosts',
      path: '/body/data',
    });
    expect(await snapshot(target.db)).toEqual(before);
  });

  it('refuses a parent that would itself be a child, and a flag depending on itself', async () => {
    const data = {
      features: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }],
      featureStrategies: [],
      dependencies: [
        { feature: 'b', dependencies: [{ feature: 'a' }] },
        { feature: 'c', dependencies: [{ feature: 'b', enabled: false, variants: ['x'] }] },
        { feature: 'd', dependencies: [{ feature: 'd' }] },
      ],
    };
    const { errors } = (
      await post(target, 'validate', { project: 'store', environment: 'staging', data })
    ).json();
    expect(errors).toEqual([
      {
        message: 'These dependencies cannot be set:',
        affectedItems: [
          'b → a: other flags would depend on the child',
          'c → b: variants can only be required while the parent must be enabled',
          'c → b: the parent would depend on another flag itself',
          'd → d: a flag cannot depend on itself',
        ],
      },
    ]);
  });
});

describe('permissions and bad input', () => {
  const valid = {
    project: 'store',
    environment: 'staging',
    data: { features: [{ name: 'guarded' }], featureStrategies: [] },
  };

  it('refuses viewers (403), client tokens (403) and anonymous callers (401) without changing anything', async () => {
    const before = await snapshot(target.db);
    const viewer = await target.as('Viewer');
    for (const operation of ['validate', 'import']) {
      const url = `/api/admin/features-batch/${operation}`;
      expect((await viewer({ method: 'POST', url, payload: valid })).statusCode).toBe(403);
      const client = await target.app.inject({
        method: 'POST',
        url,
        headers: { authorization: CLIENT_TOKEN },
        payload: valid,
      });
      expect(client.statusCode).toBe(403);
      expect((await target.app.inject({ method: 'POST', url, payload: valid })).statusCode).toBe(401);
    }
    expect(await snapshot(target.db)).toEqual(before);
    const editor = await target.as('Editor', { memberOf: [valid.project] });
    const allowed = await editor({
      method: 'POST',
      url: '/api/admin/features-batch/validate',
      payload: valid,
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses a missing field, a wrong type, or an unknown project or environment, naming the field', async () => {
    const before = await snapshot(target.db);
    const cases: [object, number, string][] = [
      [{ project: 'store', environment: 'staging' }, 400, '/body/data'],
      [{ ...valid, project: 5 }, 400, '/body/project'],
      [
        { ...valid, data: { features: [{ name: 'x', stale: 'yes' }], featureStrategies: [] } },
        400,
        '/body/data/features/0/stale',
      ],
      [{ ...valid, data: { features: [] } }, 400, '/body/data/featureStrategies'],
      [{ ...valid, project: 'nowhere' }, 404, '/body/project'],
      [{ ...valid, environment: 'moon' }, 404, '/body/environment'],
      [{ ...valid, environment: 'production' }, 404, '/body/environment'],
    ];
    for (const operation of ['validate', 'import'] as const) {
      for (const [payload, status, path] of cases) {
        const response = await post(target, operation, payload);
        expect(response.statusCode, `${operation} ${JSON.stringify(payload)}`).toBe(status);
        expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
      }
    }
    const production = await post(target, 'import', { ...valid, environment: 'production' });
    expect(production.json().message).toBe('Environment "production" is not enabled in project "store"');
    expect(await snapshot(target.db)).toEqual(before);
  });
});
