import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name) VALUES ('shop', 'Shop')");
});
afterAll(() => t.close());

/** A flag with one flexibleRollout strategy (in production unless told); returns the strategy's id. */
async function flagWithStrategy(
  flag: string,
  options: { project?: string; environment?: string; constraints?: unknown[] } = {},
): Promise<string> {
  const strategy = {
    name: 'flexibleRollout',
    parameters: { rollout: '50' },
    constraints: options.constraints,
  };
  const { strategyIds } = await buildFlag(t.db, {
    name: flag,
    project: options.project,
    environments: { [options.environment ?? 'production']: { enabled: false, strategies: [strategy] } },
  });
  return strategyIds[0]!;
}

async function insertSegment(name: string, project: string | null = null): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO segments (name, project_id) VALUES ($1, $2) RETURNING id',
    [name, project],
  );
  return row!.id;
}

const snapshot = async () => ({
  links: await t.db.query('SELECT * FROM flag_strategy_segments ORDER BY strategy_id, segment_id'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

describe('strategies that use a context field', () => {
  it('lists them across projects, or for one project', async () => {
    const plan = [{ contextName: 'plan', operator: 'IN', values: ['pro'] }];
    const inDefault = await flagWithStrategy('plan-default', { constraints: plan });
    const inShop = await flagWithStrategy('plan-shop', {
      project: 'shop',
      environment: 'development',
      constraints: plan,
    });
    await flagWithStrategy('no-plan', {
      constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
    });

    const all = await t.admin({ method: 'GET', url: '/api/admin/context/plan/strategies' });
    expect(all.statusCode).toBe(200);
    expect(all.json().strategies).toEqual([
      {
        id: inDefault,
        projectId: 'default',
        featureName: 'plan-default',
        strategyName: 'flexibleRollout',
        environment: 'production',
      },
      {
        id: inShop,
        projectId: 'shop',
        featureName: 'plan-shop',
        strategyName: 'flexibleRollout',
        environment: 'development',
      },
    ]);
    const shop = await t.admin({ method: 'GET', url: '/api/admin/projects/shop/context/plan/strategies' });
    expect(shop.statusCode).toBe(200);
    expect(shop.json().strategies.map((s: { id: string }) => s.id)).toEqual([inShop]);

    const unused = await t.admin({ method: 'GET', url: '/api/admin/context/nobodyUsesThis/strategies' });
    expect(unused.json()).toEqual({ strategies: [] });
  });

  it('answers 404 for an unknown project and 401 without credentials', async () => {
    const unknown = await t.admin({
      method: 'GET',
      url: '/api/admin/projects/nowhere/context/plan/strategies',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/context/plan/strategies' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().name).toBe('AuthenticationRequired');
  });
});

describe('setting the segments of a flag strategy', () => {
  it('replaces the segments and records feature-strategy-update with before and after', async () => {
    const strategyId = await flagWithStrategy('segmented');
    const first = await insertSegment('seg-a');
    const second = await insertSegment('seg-b', 'default');
    const payload = {
      projectId: 'default',
      strategyId,
      environmentId: 'production',
      segmentIds: [first, second],
    };
    const response = await t.admin({ method: 'POST', url: '/api/admin/segments/strategies', payload });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(payload);
    const links = await t.db.query<{ segment_id: number }>(
      'SELECT segment_id FROM flag_strategy_segments WHERE strategy_id = $1 ORDER BY segment_id',
      [strategyId],
    );
    expect(links.map((link) => link.segment_id)).toEqual([first, second]);
    const [event] = await t.db.query('SELECT * FROM events ORDER BY id DESC LIMIT 1');
    expect(event).toMatchObject({
      type: 'feature-strategy-update',
      project: 'default',
      feature_name: 'segmented',
      environment: 'production',
      data: {
        id: strategyId,
        name: 'flexibleRollout',
        parameters: { rollout: '50' },
        segments: [first, second],
      },
      pre_data: { segments: [] },
    });

    const cleared = await t.admin({
      method: 'POST',
      url: '/api/admin/segments/strategies',
      payload: { ...payload, segmentIds: [] },
    });
    expect(cleared.statusCode).toBe(201);
    expect(
      await t.db.query('SELECT * FROM flag_strategy_segments WHERE strategy_id = $1', [strategyId]),
    ).toEqual([]);
  });

  it('refuses unknown strategies and bad segment lists, and changes nothing', async () => {
    const strategyId = await flagWithStrategy('guarded');
    const shopSegment = await insertSegment('shop-only', 'shop');
    const ids = await Promise.all(['s1', 's2', 's3', 's4', 's5', 's6'].map((name) => insertSegment(name)));
    await t.db.query('INSERT INTO flag_strategy_segments (strategy_id, segment_id) VALUES ($1, $2)', [
      strategyId,
      ids[0],
    ]);
    const base = { projectId: 'default', strategyId, environmentId: 'production', segmentIds: [ids[1]] };
    const before = await snapshot();
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ ...base, strategyId: 'ghost' }, 404, 'NotFoundError'],
      [{ ...base, projectId: 'shop' }, 404, 'NotFoundError'],
      [{ ...base, environmentId: 'development' }, 404, 'NotFoundError'],
      [{ ...base, segmentIds: [999999] }, 400, 'BadDataError', '/body/segmentIds'],
      [{ ...base, segmentIds: ids }, 400, 'BadDataError', '/body/segmentIds'],
      [{ ...base, segmentIds: [ids[1], ids[1]] }, 400, 'BadDataError', '/body/segmentIds'],
      [{ ...base, segmentIds: [shopSegment] }, 400, 'BadDataError', '/body/segmentIds'],
      [{ ...base, segmentIds: ['1'] }, 400, 'BadDataError', '/body/segmentIds/0'],
      [
        { projectId: 'default', strategyId, environmentId: 'production' },
        400,
        'BadDataError',
        '/body/segmentIds',
      ],
      [{ ...base, strategyId: undefined }, 400, 'BadDataError', '/body/strategyId'],
    ];
    for (const [payload, status, error, path] of cases) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/segments/strategies', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().name).toBe(error);
      if (path) expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets editors set segments but refuses viewers', async () => {
    const strategyId = await flagWithStrategy('permissions');
    const segment = await insertSegment('perm-seg');
    const payload = { projectId: 'default', strategyId, environmentId: 'production', segmentIds: [segment] };
    const before = await snapshot();
    const viewer = await t.as('Viewer');
    const refused = await viewer({ method: 'POST', url: '/api/admin/segments/strategies', payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('NoAccessError');
    expect(await snapshot()).toEqual(before);
    const editor = await t.as('Editor');
    const allowed = await editor({ method: 'POST', url: '/api/admin/segments/strategies', payload });
    expect(allowed.statusCode).toBe(201);
  });
});

describe('setting the segments of a strategy where change requests are on', () => {
  it('is refused as any direct strategy change is, and changes nothing', async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'reviewed', name: 'Reviewed' },
    });
    const config = await t.admin({
      method: 'PUT',
      url: '/api/admin/projects/reviewed/environments/production/change-requests/config',
      payload: { changeRequestsEnabled: true },
    });
    expect(config.statusCode, config.body).toBeLessThan(300);
    const strategyId = await flagWithStrategy('reviewed-segments', { project: 'reviewed' });
    const segment = await insertSegment('reviewed-seg', 'reviewed');
    const before = await snapshot();
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/segments/strategies',
      payload: { projectId: 'reviewed', strategyId, environmentId: 'production', segmentIds: [segment] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('Change requests are on in environment "production"');
    expect(await snapshot()).toEqual(before);
  });
});
