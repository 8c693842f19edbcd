import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildProject } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
const PAGE = '/api/admin/impact-metrics/config';
const flagPath = (flag: string, project = 'default') =>
  `/api/admin/projects/${project}/features/${flag}/impact-metrics/config`;
const chart = {
  title: 'Checkout errors',
  metricName: 'unleash_counter_checkout_errors',
  timeRange: 'day',
  aggregationMode: 'count',
  yAxisMin: 'zero',
  labelSelectors: { environment: ['production'] },
};
const events = async (type: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE type = $1', [type]))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  await buildFlag(t.db, { name: 'chart-checkout' });
  await buildFlag(t.db, { name: 'chart-other' });
  await buildProject(t.db, 'vault');
  await t.db.query(`UPDATE projects SET mode = 'private' WHERE id = 'vault'`);
  await buildFlag(t.db, { name: 'chart-vault', project: 'vault' });
}, 60_000);
afterAll(() => t.close());

describe('charts of the impact-metrics page', () => {
  it('are created, listed, changed and deleted, each with an event', async () => {
    const created = await t.admin({ method: 'POST', url: PAGE, payload: chart });
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json();
    expect(saved).toEqual({ id: expect.any(String), ...chart, displayName: 'checkout_errors' });
    expect((await t.admin({ url: PAGE })).json().configs).toContainEqual(saved);
    expect(await events('impact-metric-created')).toBeGreaterThan(0);

    const changed = await t.admin({
      method: 'POST',
      url: PAGE,
      payload: { id: saved.id, metricName: 'queue_depth', timeRange: 'hour', aggregationMode: 'avg' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      id: saved.id,
      metricName: 'queue_depth',
      displayName: 'queue_depth',
      timeRange: 'hour',
      aggregationMode: 'avg',
      yAxisMin: 'auto',
      labelSelectors: {},
    });
    expect(await events('impact-metric-updated')).toBeGreaterThan(0);

    const deleted = await t.admin({ method: 'DELETE', url: `${PAGE}/${saved.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.admin({ url: PAGE })).json().configs).not.toContainEqual(
      expect.objectContaining({ id: saved.id }),
    );
    expect(await events('impact-metric-deleted')).toBeGreaterThan(0);
    expect((await t.admin({ method: 'DELETE', url: `${PAGE}/${saved.id}` })).statusCode).toBe(404);
  });

  it('are read by anyone signed in and changed only by admins', async () => {
    const editor = await t.as('Editor');
    expect((await editor({ url: PAGE })).statusCode).toBe(200);
    const refused = await editor({ method: 'POST', url: PAGE, payload: chart });
    expect(refused.statusCode).toBe(403);
    const saved = (await t.admin({ method: 'POST', url: PAGE, payload: chart })).json();
    expect((await editor({ method: 'DELETE', url: `${PAGE}/${saved.id}` })).statusCode).toBe(403);
  });

  it('refuse bad input naming the field, and unknown ids', async () => {
    const bad = async (payload: object, field: string) => {
      const response = await t.admin({ method: 'POST', url: PAGE, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    };
    await bad({ ...chart, timeRange: 'year' }, 'timeRange');
    await bad({ ...chart, metricName: '' }, 'metricName');
    await bad({ ...chart, yAxisMin: 'one' }, 'yAxisMin');
    await bad({ ...chart, aggregationMode: 'p99' }, 'aggregationMode');
    await bad({ ...chart, labelSelectors: { environment: 'production' } }, 'labelSelectors');
    await bad({ ...chart, feature: 'chart-checkout' }, 'feature');
    const unknown = await t.admin({ method: 'POST', url: PAGE, payload: { ...chart, id: 'no-such-chart' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('charts of a flag', () => {
  it('are listed only on their flag, changed only there, and go with the flag', async () => {
    const created = await t.admin({ method: 'POST', url: flagPath('chart-checkout'), payload: chart });
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json();
    expect(saved).toMatchObject({ ...chart, feature: 'chart-checkout' });
    const other = await t.admin({
      method: 'POST',
      url: flagPath('chart-other'),
      payload: { ...chart, feature: 'chart-other', title: 'Other' },
    });
    expect(other.statusCode, other.body).toBe(200);

    const listed = await t.admin({ url: flagPath('chart-checkout') });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().configs.map((c: { id: string }) => c.id)).toEqual([saved.id]);
    // The page lists its own charts, not the flags'.
    expect((await t.admin({ url: PAGE })).json().configs).not.toContainEqual(
      expect.objectContaining({ id: saved.id }),
    );
    // Another flag's chart is not this flag's to change or delete.
    const across = await t.admin({
      method: 'POST',
      url: flagPath('chart-other'),
      payload: { ...chart, id: saved.id },
    });
    expect(across.statusCode).toBe(404);
    expect(
      (await t.admin({ method: 'DELETE', url: `${flagPath('chart-other')}/${saved.id}` })).statusCode,
    ).toBe(404);
    const changed = await t.admin({
      method: 'POST',
      url: flagPath('chart-checkout'),
      payload: { ...chart, id: saved.id, timeRange: 'week' },
    });
    expect(changed.json()).toMatchObject({ id: saved.id, timeRange: 'week' });
    const flagEvents = await t.db.query<{ type: string }>(
      `SELECT type FROM events WHERE feature_name = 'chart-checkout' AND project = 'default' ORDER BY id`,
    );
    expect(flagEvents.map((e) => e.type)).toEqual(
      expect.arrayContaining(['impact-metric-created', 'impact-metric-updated']),
    );

    expect(
      (await t.admin({ method: 'DELETE', url: `${flagPath('chart-checkout')}/${saved.id}` })).statusCode,
    ).toBe(200);
    expect((await t.admin({ url: flagPath('chart-checkout') })).json().configs).toEqual([]);
    await t.db.query(`DELETE FROM flags WHERE name = 'chart-other'`);
    const left = await t.db.query(`SELECT id FROM impact_metric_charts WHERE id = $1`, [other.json().id]);
    expect(left).toEqual([]);
  });

  it('answer 404 for an unknown flag or project, and 400 for a body naming another flag', async () => {
    expect((await t.admin({ url: flagPath('no-such-flag') })).statusCode).toBe(404);
    expect((await t.admin({ url: flagPath('chart-checkout', 'no-such-project') })).statusCode).toBe(404);
    expect(
      (await t.admin({ method: 'POST', url: flagPath('no-such-flag'), payload: chart })).statusCode,
    ).toBe(404);
    const wrong = await t.admin({
      method: 'POST',
      url: flagPath('chart-checkout'),
      payload: { ...chart, feature: 'chart-vault' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('feature');
  });

  it('are changed by whoever may update the flag; a private project’s are hidden from non-members', async () => {
    const viewer = await t.as('Viewer');
    expect((await viewer({ url: flagPath('chart-checkout') })).statusCode).toBe(200);
    expect(
      (await viewer({ method: 'POST', url: flagPath('chart-checkout'), payload: chart })).statusCode,
    ).toBe(403);
    const editor = await t.as('Editor');
    const saved = await editor({ method: 'POST', url: flagPath('chart-checkout'), payload: chart });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await viewer({ method: 'DELETE', url: `${flagPath('chart-checkout')}/${saved.json().id}` }))
        .statusCode,
    ).toBe(403);

    const vault = await t.admin({ method: 'POST', url: flagPath('chart-vault', 'vault'), payload: chart });
    expect(vault.statusCode, vault.body).toBe(200);
    expect((await viewer({ url: flagPath('chart-vault', 'vault') })).statusCode).toBe(404);
    const member = await t.as('Viewer', { memberOf: ['vault'] });
    const seen = await member({ url: flagPath('chart-vault', 'vault') });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().configs).toHaveLength(1);
  });
});
