import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildSegment } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { STATE_BODY_LIMIT } from './legacy-state-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(() => t.close());

const importState = (state: unknown, query = '') =>
  t.admin({ method: 'POST', url: `/api/admin/state/import${query}`, payload: state as never });
const flagNames = async () =>
  (await t.db.query<{ name: string }>('SELECT name FROM flags WHERE archived_at IS NULL ORDER BY name')).map(
    (row) => row.name,
  );

describe('GET /api/admin/state/export', () => {
  it('exports flags with strategies, environments, segments and tags in the state file shape', async () => {
    const segment = await buildSegment(t.db, 'staff', [
      { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] },
    ]);
    await buildFlag(t.db, {
      name: 'exported',
      environments: {
        development: { enabled: true, strategies: [{ name: 'default', segments: [segment] }] },
      },
    });
    const response = await t.admin({ method: 'GET', url: '/api/admin/state/export' });
    expect(response.statusCode).toBe(200);
    const state = response.json();
    expect(state.version).toBe(4);
    expect(state.features).toContainEqual(expect.objectContaining({ name: 'exported', project: 'default' }));
    expect(state.featureStrategies).toContainEqual(
      expect.objectContaining({
        featureName: 'exported',
        environment: 'development',
        strategyName: 'default',
        segments: [segment],
      }),
    );
    expect(state.featureEnvironments).toContainEqual(
      expect.objectContaining({ featureName: 'exported', environment: 'development', enabled: true }),
    );
    expect(state.segments).toContainEqual(expect.objectContaining({ id: segment, name: 'staff' }));
    expect(state.environments.map((e: { name: string }) => e.name)).toEqual(['development', 'production']);
    expect(state.projects.map((p: { id: string }) => p.id)).toContain('default');
  });

  it('leaves parts out, writes YAML and answers as an attachment when asked', async () => {
    const partial = await t.admin({
      method: 'GET',
      url: '/api/admin/state/export?featureToggles=false&environments=false',
    });
    expect(partial.json().features).toEqual([]);
    expect(partial.json().environments).toEqual([]);
    expect(partial.json().projects.length).toBeGreaterThan(0);
    const yaml = await t.admin({ method: 'GET', url: '/api/admin/state/export?format=yaml&download=true' });
    expect(yaml.headers['content-type']).toContain('text/yaml');
    expect(yaml.headers['content-disposition']).toBe('attachment; filename="export.yml"');
    expect(parse(yaml.body).version).toBe(4);
    const bad = await t.admin({ method: 'GET', url: '/api/admin/state/export?format=xml' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('format');
  });

  it('needs ADMIN', async () => {
    const editor = await t.as('Editor');
    expect((await editor({ method: 'GET', url: '/api/admin/state/export' })).statusCode).toBe(403);
    expect((await editor({ method: 'POST', url: '/api/admin/state/import', payload: {} })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/admin/state/import', () => {
  it('round-trips: an exported file imported after drop gives back the same flags, strategies and states', async () => {
    // Through the Admin API, so the configuration is stored exactly as an import would store it.
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/features',
      payload: { name: 'round-trip' },
    });
    const environment = '/api/admin/projects/default/features/round-trip/environments/development';
    await t.admin({
      method: 'POST',
      url: `${environment}/strategies`,
      payload: {
        name: 'flexibleRollout',
        parameters: { rollout: '40', stickiness: 'default', groupId: 'round-trip' },
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
      },
    });
    await t.admin({ method: 'POST', url: `${environment}/on` });
    await t.admin({ method: 'POST', url: '/api/admin/tag-types', payload: { name: 'team' } });
    await t.admin({
      method: 'POST',
      url: '/api/admin/features/round-trip/tags',
      payload: { type: 'team', value: 'checkout' },
    });
    const before = (await t.admin({ method: 'GET', url: '/api/admin/state/export' })).json();
    const imported = await importState(before, '?drop=true');
    expect(imported.statusCode).toBe(202);
    const after = (await t.admin({ method: 'GET', url: '/api/admin/state/export' })).json();
    const strip = (list: { id?: string }[]) => list.map(({ id: _id, ...rest }) => rest);
    expect(after.features.map((f: { name: string }) => f.name).sort()).toEqual(
      before.features.map((f: { name: string }) => f.name).sort(),
    );
    expect(strip(after.featureStrategies)).toEqual(strip(before.featureStrategies));
    expect(after.featureEnvironments).toEqual(before.featureEnvironments);
    expect(after.featureTags).toEqual(before.featureTags);
    const [event] = await t.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM events WHERE type = 'feature-created' AND feature_name = 'round-trip'",
    );
    expect(event?.count).toBe(2);
  });

  it('keeps what exists by default, and overwrites it with keep=false', async () => {
    await buildFlag(t.db, { name: 'kept', description: 'as it is' });
    const file = {
      features: [
        { name: 'kept', description: 'from the file' },
        { name: 'added', project: 'default' },
      ],
      featureEnvironments: [{ featureName: 'added', environment: 'development', enabled: true }],
    };
    expect((await importState(file)).statusCode).toBe(202);
    const [kept] = await t.db.query<{ description: string }>(
      "SELECT description FROM flags WHERE name = 'kept'",
    );
    expect(kept?.description).toBe('as it is');
    expect(await flagNames()).toContain('added');
    expect((await importState(file, '?keep=false')).statusCode).toBe(202);
    const [overwritten] = await t.db.query<{ description: string }>(
      "SELECT description FROM flags WHERE name = 'kept'",
    );
    expect(overwritten?.description).toBe('from the file');
  });

  it('refuses bad input naming the item, and leaves nothing changed', async () => {
    const before = await flagNames();
    const unknownProject = await importState({
      features: [{ name: 'fine-one' }, { name: 'lost', project: 'no-such-project' }],
    });
    expect(unknownProject.statusCode).toBe(400);
    expect(unknownProject.json().details[0].path).toBe('/body/features/1');
    expect(await flagNames()).toEqual(before);
    const wrongType = await importState({ features: [{ name: 42 }] });
    expect(wrongType.statusCode).toBe(400);
    expect(JSON.stringify(wrongType.json().details)).toContain('/body/features/0/name');
    const badStrategy = await importState({
      features: [{ name: 'strategy-refused' }],
      featureStrategies: [
        { featureName: 'strategy-refused', environment: 'development', strategyName: 'nope' },
      ],
    });
    expect(badStrategy.statusCode).toBe(400);
    expect(badStrategy.json().details[0].path).toBe('/body/featureStrategies/0');
    expect(await flagNames()).toEqual(before);
  });

  it('takes YAML, and refuses a body over the limit', async () => {
    const yaml = await t.admin({
      method: 'POST',
      url: '/api/admin/state/import',
      headers: { 'content-type': 'application/x-yaml' },
      payload: 'features:\n  - name: from-yaml\n',
    });
    expect(yaml.statusCode).toBe(202);
    expect(await flagNames()).toContain('from-yaml');
    const notYaml = await t.admin({
      method: 'POST',
      url: '/api/admin/state/import',
      headers: { 'content-type': 'application/x-yaml' },
      payload: 'features: [unclosed',
    });
    expect(notYaml.statusCode).toBe(400);
    const huge = await t.admin({
      method: 'POST',
      url: '/api/admin/state/import',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ features: [{ name: 'x', description: 'y'.repeat(STATE_BODY_LIMIT) }] }),
    });
    expect(huge.statusCode).toBe(413);
  });
});
