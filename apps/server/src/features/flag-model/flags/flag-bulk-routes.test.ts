import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { count, eventTypes, snapshot } from '../../../testing/db-queries.ts';
import {
  addStrategyThroughApi,
  createFlagThroughApi,
  environmentUrl,
} from '../../../testing/flag-api-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(`INSERT INTO projects (id, name) VALUES ('other', 'Other')`);
  await t.db.query(
    `INSERT INTO project_environments (project_id, environment_name) VALUES ('other', 'development')`,
  );
});
afterAll(() => t.close());

const ARCHIVE = '/api/admin/projects/default/archive';
const STALE = '/api/admin/projects/default/stale';
const bulkUrl = (environment: string, state: 'on' | 'off', project = 'default') =>
  `/api/admin/projects/${project}/bulk_features/environments/${environment}/${state}`;
const archivedCount = (names: string[]) =>
  count(t.db, 'SELECT 1 FROM flags WHERE name = ANY($1) AND archived_at IS NOT NULL', [names]);

describe('archiveFeatures', () => {
  it('archives every listed flag, a parent together with its child, one event each', async () => {
    const parent = await createFlagThroughApi(t);
    const child = await createFlagThroughApi(t);
    const single = await createFlagThroughApi(t);
    await t.db.query('INSERT INTO flag_dependencies (parent, child) VALUES ($1, $2)', [parent, child]);
    const response = await t.admin({
      method: 'POST',
      url: ARCHIVE,
      payload: { features: [parent, child, single] },
    });
    expect(response.statusCode).toBe(202);
    expect(await archivedCount([parent, child, single])).toBe(3);
    for (const name of [parent, child, single])
      expect((await eventTypes(t.db, name)).at(-1)).toBe('feature-archived');
  });

  it('is all or nothing: a parent with a child left behind (403) or an unknown flag (404) archives none', async () => {
    const parent = await createFlagThroughApi(t);
    const child = await createFlagThroughApi(t);
    const other = await createFlagThroughApi(t);
    await t.db.query('INSERT INTO flag_dependencies (parent, child) VALUES ($1, $2)', [parent, child]);
    const before = await snapshot(t.db);
    const orphaning = await t.admin({ method: 'POST', url: ARCHIVE, payload: { features: [other, parent] } });
    expect(orphaning.statusCode).toBe(403);
    expect(orphaning.json().name).toBe('InvalidOperationError');
    const unknown = await t.admin({
      method: 'POST',
      url: ARCHIVE,
      payload: { features: [other, 'no-such-flag'] },
    });
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await createFlagThroughApi(t, {}, 'other');
    const snapshotWithElsewhere = await snapshot(t.db);
    const wrongProject = await t.admin({
      method: 'POST',
      url: ARCHIVE,
      payload: { features: [other, elsewhere] },
    });
    expect(wrongProject.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(snapshotWithElsewhere);
    expect(before).not.toBe(snapshotWithElsewhere);
    expect(await archivedCount([parent, child, other])).toBe(0);
  });

  it('is denied to a Viewer and refuses an empty or malformed list', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    expect(
      (await (await t.as('Viewer'))({ method: 'POST', url: ARCHIVE, payload: { features: [flag] } }))
        .statusCode,
    ).toBe(403);
    for (const payload of [{ features: [] }, { features: 'x' }, {}]) {
      const response = await t.admin({ method: 'POST', url: ARCHIVE, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].path).toBe('/body/features');
    }
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('validateArchiveFeatures', () => {
  it('names parents whose children would stay active and says whether links would go', async () => {
    const parent = await createFlagThroughApi(t);
    const child = await createFlagThroughApi(t);
    const loner = await createFlagThroughApi(t);
    await t.db.query('INSERT INTO flag_dependencies (parent, child) VALUES ($1, $2)', [parent, child]);
    const url = `${ARCHIVE}/validate`;
    const viewer = await t.as('Viewer');
    const alone = await viewer({ method: 'POST', url, payload: { features: [parent] } });
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toEqual({ parentsWithChildFeatures: [parent], hasDeletedDependencies: true });
    const together = await t.admin({ method: 'POST', url, payload: { features: [parent, child] } });
    expect(together.json()).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: true });
    const plain = await t.admin({ method: 'POST', url, payload: { features: [loner] } });
    expect(plain.json()).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: false });
    expect(await archivedCount([parent, child, loner])).toBe(0);
  });

  it('needs credentials and answers 400/404 for bad lists', async () => {
    const url = `${ARCHIVE}/validate`;
    expect((await t.app.inject({ method: 'POST', url, payload: { features: ['x'] } })).statusCode).toBe(401);
    expect((await t.admin({ method: 'POST', url, payload: {} })).statusCode).toBe(400);
    const unknown = await t.admin({ method: 'POST', url, payload: { features: ['no-such-flag'] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
  });
});

describe('staleFeatures', () => {
  it('marks flags stale and back, recording feature-stale-on/off only for changes', async () => {
    const a = await createFlagThroughApi(t);
    const b = await createFlagThroughApi(t);
    await t.admin({ method: 'POST', url: STALE, payload: { features: [a], stale: true } });
    const response = await t.admin({
      method: 'POST',
      url: STALE,
      payload: { features: [a, b, 'no-such-flag'], stale: true },
    });
    expect(response.statusCode).toBe(202);
    expect(await count(t.db, 'SELECT 1 FROM flags WHERE name = ANY($1) AND stale', [[a, b]])).toBe(2);
    expect((await eventTypes(t.db, a)).filter((type) => type === 'feature-stale-on')).toHaveLength(1);
    await t.admin({ method: 'POST', url: STALE, payload: { features: [a], stale: false } });
    expect((await eventTypes(t.db, a)).at(-1)).toBe('feature-stale-off');
  });

  it('is denied to a Viewer, refuses flags of another project and bad bodies without changes', async () => {
    const flag = await createFlagThroughApi(t);
    const elsewhere = await createFlagThroughApi(t, {}, 'other');
    const before = await snapshot(t.db);
    expect(
      (
        await (
          await t.as('Viewer')
        )({ method: 'POST', url: STALE, payload: { features: [flag], stale: true } })
      ).statusCode,
    ).toBe(403);
    const wrongProject = await t.admin({
      method: 'POST',
      url: STALE,
      payload: { features: [flag, elsewhere], stale: true },
    });
    expect(wrongProject.statusCode).toBe(404);
    const noStale = await t.admin({ method: 'POST', url: STALE, payload: { features: [flag] } });
    expect(noStale.statusCode).toBe(400);
    expect(noStale.json().details[0].path).toBe('/body/stale');
    expect(
      (
        await t.admin({
          method: 'POST',
          url: '/api/admin/projects/nope/stale',
          payload: { features: [flag], stale: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('bulkToggleFeaturesEnvironmentOn / Off', () => {
  it('turns several flags on (adding default strategies) and off again', async () => {
    const a = await createFlagThroughApi(t);
    const b = await createFlagThroughApi(t);
    await addStrategyThroughApi(t, b, { name: 'userWithId', parameters: { userIds: '7' } }, 'production');
    const on = await t.admin({
      method: 'POST',
      url: bulkUrl('production', 'on'),
      payload: { features: [a, b] },
    });
    expect(on.statusCode).toBe(200);
    const enabled = () =>
      count(
        t.db,
        `SELECT 1 FROM flag_environments WHERE flag_name = ANY($1) AND environment_name = 'production' AND enabled`,
        [[a, b]],
      );
    expect(await enabled()).toBe(2);
    const strategies = await t.db.query<{ flag_name: string; strategy_name: string }>(
      `SELECT flag_name, strategy_name FROM flag_strategies WHERE flag_name = ANY($1) AND environment_name = 'production' ORDER BY flag_name`,
      [[a, b]],
    );
    expect(strategies.map((s) => [s.flag_name, s.strategy_name])).toEqual([
      [a, 'flexibleRollout'],
      [b, 'userWithId'],
    ]);
    const off = await t.admin({
      method: 'POST',
      url: bulkUrl('production', 'off'),
      payload: { features: [a, b] },
    });
    expect(off.statusCode).toBe(200);
    expect(await enabled()).toBe(0);
    expect((await eventTypes(t.db, a)).slice(-2)).toEqual([
      'feature-environment-enabled',
      'feature-environment-disabled',
    ]);
  });

  it('is denied to a Viewer and all or nothing for unknown flags or environments', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const viewer = await t.as('Viewer');
    expect(
      (await viewer({ method: 'POST', url: bulkUrl('development', 'on'), payload: { features: [flag] } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await viewer({ method: 'POST', url: bulkUrl('development', 'off'), payload: { features: [flag] } }))
        .statusCode,
    ).toBe(403);
    const unknownFlag = await t.admin({
      method: 'POST',
      url: bulkUrl('development', 'on'),
      payload: { features: [flag, 'nope'] },
    });
    expect(unknownFlag.statusCode).toBe(404);
    const unknownEnvironment = await t.admin({
      method: 'POST',
      url: bulkUrl('nope', 'on'),
      payload: { features: [flag] },
    });
    expect(unknownEnvironment.statusCode).toBe(404);
    expect(unknownEnvironment.json().name).toBe('NotFoundError');
    const bad = await t.admin({
      method: 'POST',
      url: bulkUrl('development', 'off'),
      payload: { features: [1] },
    });
    expect(bad.statusCode).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
    expect((await t.admin({ method: 'GET', url: environmentUrl(flag) })).json().enabled).toBe(false);
  });
});
