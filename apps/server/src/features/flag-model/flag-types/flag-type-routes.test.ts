import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const snapshot = async () => ({
  types: await t.db.query('SELECT * FROM flag_types ORDER BY id'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

describe('flag types', () => {
  it('lists the flag types with their lifetimes, in Unleash order', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/feature-types' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toBe(1);
    expect(body.types.map((type: { id: string }) => type.id)).toEqual([
      'release',
      'experiment',
      'operational',
      'kill-switch',
      'permission',
    ]);
    expect(body.types[0]).toMatchObject({ id: 'release', name: 'Release', lifetimeDays: 40 });
    expect(body.types[3].lifetimeDays).toBeNull();
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: '/api/admin/feature-types' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/feature-types' })).statusCode).toBe(401);
  });

  it('changes a lifetime, treating 0 as never, and records feature-type-updated', async () => {
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/feature-types/experiment/lifetime',
      payload: { lifetimeDays: 14 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'experiment', lifetimeDays: 14 });
    const [event] = await t.db.query('SELECT * FROM events ORDER BY id DESC LIMIT 1');
    expect(event).toMatchObject({
      type: 'feature-type-updated',
      data: { id: 'experiment', lifetimeDays: 14 },
      pre_data: { lifetimeDays: 40 },
    });

    const never = await t.admin({
      method: 'PUT',
      url: '/api/admin/feature-types/experiment/lifetime',
      payload: { lifetimeDays: 0 },
    });
    expect(never.json().lifetimeDays).toBeNull();
    const [row] = await t.db.query<{ lifetime_days: number | null }>(
      "SELECT lifetime_days FROM flag_types WHERE id = 'experiment'",
    );
    expect(row!.lifetime_days).toBeNull();
  });

  it('refuses bad lifetimes and unknown types, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['release', {}, 400, 'BadDataError'],
      ['release', { lifetimeDays: 'ten' }, 400, 'BadDataError'],
      ['release', { lifetimeDays: -1 }, 400, 'BadDataError'],
      ['release', { lifetimeDays: 2.5 }, 400, 'BadDataError'],
      ['ghost', { lifetimeDays: 5 }, 404, 'NotFoundError'],
    ];
    for (const [id, payload, status, error] of cases) {
      const response = await t.admin({
        method: 'PUT',
        url: `/api/admin/feature-types/${id}/lifetime`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().name).toBe(error);
      if (status === 400) expect(response.json().details[0].path).toBe('/body/lifetimeDays');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets only admins change lifetimes', async () => {
    const before = await snapshot();
    for (const role of ['Editor', 'Viewer'] as const) {
      const as = await t.as(role);
      const response = await as({
        method: 'PUT',
        url: '/api/admin/feature-types/release/lifetime',
        payload: { lifetimeDays: 1 },
      });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    expect(await snapshot()).toEqual(before);
  });
});
