import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name) VALUES ('shop', 'Shop')");
});
afterAll(() => t.close());

const region = { contextName: 'region', operator: 'IN', values: ['eu'] };

/** The segments table and the event count, to show a refused request changed nothing. */
const snapshot = async () => ({
  segments: await t.db.query('SELECT * FROM segments ORDER BY id'),
  links: await t.db.query('SELECT * FROM flag_strategy_segments ORDER BY strategy_id, segment_id'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

/** A flag whose one strategy, in production, uses the segments; returns the strategy's id. */
async function flagWithStrategy(
  flag: string,
  segmentIds: number[] = [],
  project = 'default',
): Promise<string> {
  const { strategyIds } = await buildFlag(t.db, {
    name: flag,
    project,
    environments: { production: { enabled: false, strategies: [{ segments: segmentIds }] } },
  });
  return strategyIds[0]!;
}

async function createSegment(name: string, body: Record<string, unknown> = {}): Promise<number> {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/segments',
    payload: { name, constraints: [region], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const lastEvent = async () =>
  (
    await t.db.query<{
      type: string;
      data: unknown;
      pre_data: unknown;
      project: string | null;
      created_by: string;
    }>('SELECT * FROM events ORDER BY id DESC LIMIT 1')
  )[0]!;

describe('segments', () => {
  it('creates a segment, records segment-created, and lists and gets it', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: {
        name: 'beta-testers',
        description: 'People who opted in',
        constraints: [
          { contextName: 'region', operator: 'IN', values: ['eu', 'us'] },
          { contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.2.3', inverted: true },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const segment = response.json();
    expect(response.headers.location).toBe(`segments/${segment.id}`);
    expect(segment).toMatchObject({
      name: 'beta-testers',
      description: 'People who opted in',
      project: null,
      usedInFeatures: 0,
      usedInProjects: 0,
      createdBy: 'init-admin-token-1',
      constraints: [
        {
          contextName: 'region',
          operator: 'IN',
          values: ['eu', 'us'],
          caseInsensitive: false,
          inverted: false,
        },
        { contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.2.3', values: [], inverted: true },
      ],
    });
    const event = await lastEvent();
    expect(event).toMatchObject({ type: 'segment-created', data: { id: segment.id, name: 'beta-testers' } });

    const list = await t.admin({ method: 'GET', url: '/api/admin/segments' });
    expect(list.json().segments.map((s: { name: string }) => s.name)).toContain('beta-testers');
    const one = await t.admin({ method: 'GET', url: `/api/admin/segments/${segment.id}` });
    expect(one.json()).toEqual(segment);
  });

  it('updates a segment and records segment-updated with the state before and after', async () => {
    const id = await createSegment('to-update');
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/segments/${id}`,
      payload: {
        name: 'updated',
        project: 'shop',
        constraints: [{ contextName: 'age', operator: 'NUM_GTE', value: '18' }],
      },
    });
    expect(response.statusCode).toBe(204);
    const segment = (await t.admin({ method: 'GET', url: `/api/admin/segments/${id}` })).json();
    expect(segment).toMatchObject({ name: 'updated', project: 'shop', description: null });
    expect(segment.constraints).toEqual([
      {
        contextName: 'age',
        operator: 'NUM_GTE',
        value: '18',
        values: [],
        caseInsensitive: false,
        inverted: false,
      },
    ]);
    const event = await lastEvent();
    expect(event).toMatchObject({
      type: 'segment-updated',
      project: 'shop',
      data: { name: 'updated' },
      pre_data: { name: 'to-update', project: null },
    });
  });

  it('deletes an unused segment and records segment-deleted', async () => {
    const id = await createSegment('to-delete');
    const response = await t.admin({ method: 'DELETE', url: `/api/admin/segments/${id}` });
    expect(response.statusCode).toBe(204);
    expect((await lastEvent()).type).toBe('segment-deleted');
    const gone = await t.admin({ method: 'GET', url: `/api/admin/segments/${id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().name).toBe('NotFoundError');
  });

  it('refuses to delete a segment that strategies use, naming the flags', async () => {
    const id = await createSegment('in-use');
    await flagWithStrategy('checkout', [id]);
    await flagWithStrategy('search', [id]);
    const before = await snapshot();
    const response = await t.admin({ method: 'DELETE', url: `/api/admin/segments/${id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().name).toBe('ConflictError');
    expect(response.json().message).toContain('"checkout", "search"');
    expect(await snapshot()).toEqual(before);
    const listed = (await t.admin({ method: 'GET', url: `/api/admin/segments/${id}` })).json();
    expect(listed).toMatchObject({ usedInFeatures: 2, usedInProjects: 1 });
  });

  it('lists the strategies that use a segment, and the segments of a strategy', async () => {
    const first = await createSegment('shared-1');
    const second = await createSegment('shared-2');
    const strategyId = await flagWithStrategy('payments', [first, second]);
    const strategies = await t.admin({ method: 'GET', url: `/api/admin/segments/${first}/strategies` });
    expect(strategies.statusCode).toBe(200);
    expect(strategies.json()).toEqual({
      strategies: [
        {
          id: strategyId,
          projectId: 'default',
          featureName: 'payments',
          strategyName: 'default',
          environment: 'production',
        },
      ],
      changeRequestStrategies: [],
    });
    const segments = await t.admin({ method: 'GET', url: `/api/admin/segments/strategies/${strategyId}` });
    expect(segments.statusCode).toBe(200);
    expect(segments.json().segments.map((s: { id: number }) => s.id)).toEqual([first, second]);

    const unknownSegment = await t.admin({ method: 'GET', url: '/api/admin/segments/999999/strategies' });
    expect(unknownSegment.statusCode).toBe(404);
    expect(unknownSegment.json().name).toBe('NotFoundError');
    const badId = await t.admin({ method: 'GET', url: '/api/admin/segments/abc/strategies' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().name).toBe('BadDataError');
    const unknownStrategy = await t.admin({ method: 'GET', url: '/api/admin/segments/strategies/nope' });
    expect(unknownStrategy.statusCode).toBe(404);
    expect(unknownStrategy.json().name).toBe('NotFoundError');
  });

  it('validates names: 204 when free, 409 when taken, 400 when missing; viewers may ask', async () => {
    await createSegment('taken-name');
    const before = await snapshot();
    const viewer = await t.as('Viewer');
    const free = await viewer({
      method: 'POST',
      url: '/api/admin/segments/validate',
      payload: { name: 'free' },
    });
    expect(free.statusCode).toBe(204);
    const taken = await t.admin({
      method: 'POST',
      url: '/api/admin/segments/validate',
      payload: { name: 'taken-name' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().name).toBe('NameExistsError');
    const missing = await t.admin({ method: 'POST', url: '/api/admin/segments/validate', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('/body/name');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    await t.db.query(
      `INSERT INTO context_fields (name, legal_values) VALUES ('plan', '[{"value":"free"},{"value":"pro"}]')`,
    );
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ constraints: [] }, '/body/name'],
      [{ name: 'x' }, '/body/constraints'],
      [{ name: 42, constraints: [] }, '/body/name'],
      [{ name: 'x', constraints: 'all' }, '/body/constraints'],
      [{ name: 'x', constraints: [{ operator: 'IN', values: ['a'] }] }, '/body/constraints/0/contextName'],
      [
        { name: 'x', constraints: [{ contextName: 'a', operator: 'IN', values: [1] }] },
        '/body/constraints/0/values/0',
      ],
      [
        { name: 'x', constraints: [{ contextName: 'a', operator: 'IS', values: ['a'] }] },
        '/body/constraints/0/operator',
      ],
      [
        { name: 'x', constraints: [{ contextName: 'a', operator: 'IN', values: ['ok', ''] }] },
        '/body/constraints/0/values/1',
      ],
      [
        { name: 'x', constraints: [region, { contextName: 'v', operator: 'SEMVER_EQ', value: 'v1' }] },
        '/body/constraints/1/value',
      ],
      [
        { name: 'x', constraints: [{ contextName: 'd', operator: 'DATE_AFTER', value: 'tomorrow' }] },
        '/body/constraints/0/value',
      ],
      [
        { name: 'x', constraints: [{ contextName: 'n', operator: 'NUM_LT', value: 'ten' }] },
        '/body/constraints/0/value',
      ],
      [{ name: 'x', constraints: [{ contextName: 'n', operator: 'NUM_LT' }] }, '/body/constraints/0/value'],
      [
        { name: 'x', constraints: [{ contextName: 'r', operator: 'REGEX', value: '(unclosed' }] },
        '/body/constraints/0/value',
      ],
      [
        { name: 'x', constraints: [{ contextName: 'ip', operator: 'IN_CIDR', values: ['10.0.0.0/33'] }] },
        '/body/constraints/0/values/0',
      ],
      [
        { name: 'x', constraints: [{ contextName: 'plan', operator: 'IN', values: ['gold'] }] },
        '/body/constraints/0',
      ],
      [{ name: 'x', project: 'nowhere', constraints: [] }, '/body/project'],
      [
        { name: 'x', constraints: [{ ...region, values: Array.from({ length: 1001 }, (_, i) => `v${i}`) }] },
        '/body/constraints',
      ],
      [{ name: 'x', constraints: [], colour: 'red' }, '/body'],
    ];
    for (const [payload, path] of cases) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/segments', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(
        response.json().details.map((d: { path: string }) => d.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses duplicate names on create and update with 409, and changes nothing', async () => {
    await createSegment('first-name');
    const second = await createSegment('second-name');
    const before = await snapshot();
    const create = await t.admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'first-name', constraints: [] },
    });
    expect(create.statusCode).toBe(409);
    expect(create.json().name).toBe('NameExistsError');
    const update = await t.admin({
      method: 'PUT',
      url: `/api/admin/segments/${second}`,
      payload: { name: 'first-name', constraints: [] },
    });
    expect(update.statusCode).toBe(409);
    expect(update.json().name).toBe('NameExistsError');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses updates to unknown segments, bad constraints and projects that exclude users', async () => {
    const id = await createSegment('used-in-default');
    await flagWithStrategy('profile', [id]);
    const before = await snapshot();
    const unknown = await t.admin({
      method: 'PUT',
      url: '/api/admin/segments/999999',
      payload: { name: 'ghost', constraints: [] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    const badConstraint = await t.admin({
      method: 'PUT',
      url: `/api/admin/segments/${id}`,
      payload: {
        name: 'used-in-default',
        constraints: [{ contextName: 'a', operator: 'NUM_EQ', value: 'x' }],
      },
    });
    expect(badConstraint.statusCode).toBe(400);
    expect(badConstraint.json().details[0].path).toBe('/body/constraints/0/value');
    const otherProject = await t.admin({
      method: 'PUT',
      url: `/api/admin/segments/${id}`,
      payload: { name: 'used-in-default', project: 'shop', constraints: [] },
    });
    expect(otherProject.statusCode).toBe(400);
    expect(otherProject.json().name).toBe('BadDataError');
    expect(otherProject.json().message).toContain('"profile"');
    const unknownDelete = await t.admin({ method: 'DELETE', url: '/api/admin/segments/999999' });
    expect(unknownDelete.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('lets editors manage segments but refuses viewers, and anonymous callers', async () => {
    const editor = await t.as('Editor');
    const created = await editor({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'by-editor', constraints: [] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().createdBy).toBe('test-editor');
    const id = created.json().id;

    const before = await snapshot();
    const viewer = await t.as('Viewer');
    const attempts = [
      {
        method: 'POST' as const,
        url: '/api/admin/segments',
        payload: { name: 'by-viewer', constraints: [] },
      },
      {
        method: 'PUT' as const,
        url: `/api/admin/segments/${id}`,
        payload: { name: 'renamed', constraints: [] },
      },
      { method: 'DELETE' as const, url: `/api/admin/segments/${id}` },
    ];
    for (const attempt of attempts) {
      const response = await viewer(attempt);
      expect(response.statusCode, attempt.method).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    expect((await viewer({ method: 'GET', url: `/api/admin/segments/${id}` })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/segments' });
    expect(anonymous.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("lets a project's owners manage its own segments, and nothing global or elsewhere", async () => {
    await t.db.query("INSERT INTO projects (id, name) VALUES ('garden', 'Garden') ON CONFLICT DO NOTHING");
    const owner = await t.as('Viewer');
    const [user] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-viewer'");
    const granted = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/shop/access',
      payload: { roles: [4], users: [user!.id], groups: [] },
    });
    expect(granted.statusCode).toBe(200);

    const created = await owner({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'shop-regulars', project: 'shop', constraints: [region] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const renamed = await owner({
      method: 'PUT',
      url: `/api/admin/segments/${id}`,
      payload: { name: 'shop-loyal', project: 'shop', constraints: [region] },
    });
    expect(renamed.statusCode).toBe(204);

    const global = await t.admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'everyone-eu', constraints: [region] },
    });
    const before = await snapshot();
    const refused = [
      // A global segment, a segment of another project, and moving the project's segment out of it.
      { method: 'POST' as const, url: '/api/admin/segments', payload: { name: 'g', constraints: [] } },
      {
        method: 'POST' as const,
        url: '/api/admin/segments',
        payload: { name: 'g', project: 'garden', constraints: [] },
      },
      {
        method: 'PUT' as const,
        url: `/api/admin/segments/${id}`,
        payload: { name: 'shop-loyal', constraints: [region] },
      },
      {
        method: 'PUT' as const,
        url: `/api/admin/segments/${id}`,
        payload: { name: 'shop-loyal', project: 'garden', constraints: [region] },
      },
      {
        method: 'PUT' as const,
        url: `/api/admin/segments/${global.json().id}`,
        payload: { name: 'everyone-eu', project: 'shop', constraints: [region] },
      },
      { method: 'DELETE' as const, url: `/api/admin/segments/${global.json().id}` },
      { method: 'DELETE' as const, url: '/api/admin/segments/999999' },
    ];
    for (const attempt of refused) {
      const response = await owner(attempt);
      expect(response.statusCode, `${attempt.method} ${JSON.stringify(attempt.payload ?? attempt.url)}`).toBe(
        403,
      );
      expect(response.json().name).toBe('NoAccessError');
    }
    expect(await snapshot()).toEqual(before);

    expect((await owner({ method: 'DELETE', url: `/api/admin/segments/${id}` })).statusCode).toBe(204);
  });
});

describe('a private project segment', () => {
  it('is not found by an Editor outside the project: no update (moved to global or not), no delete', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'vault', name: 'Vault', mode: 'private' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const id = await createSegment('vault-only', { project: 'vault' });
    const editor = await t.as('Editor');
    const before = await snapshot();
    for (const attempt of [
      { method: 'PUT' as const, payload: { name: 'stolen', constraints: [] } },
      { method: 'PUT' as const, payload: { name: 'stolen', project: 'vault', constraints: [] } },
      { method: 'DELETE' as const },
      { method: 'GET' as const },
    ]) {
      const response = await editor({ url: `/api/admin/segments/${id}`, ...attempt });
      expect({ attempt, status: response.statusCode }).toEqual({ attempt, status: 404 });
      expect(response.body).not.toContain('vault-only');
    }
    expect(await snapshot()).toEqual(before);
    // An admin still manages it.
    const admin = await t.admin({
      method: 'PUT',
      url: `/api/admin/segments/${id}`,
      payload: { name: 'vault-only', project: 'vault', constraints: [] },
    });
    expect(admin.statusCode).toBe(204);
  });
});
