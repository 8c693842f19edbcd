import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { countEvents } from '../../../testing/db-queries.ts';
import { buildFlag, buildProject, type FlagSpec } from '../../../testing/flag-builder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildProject(t.db, 'web');
});
afterAll(() => t.close());

const flagRow = async (name: string) =>
  (
    await t.db.query<{ name: string; archived_at: Date | null }>(
      'SELECT name, archived_at FROM flags WHERE name = $1',
      [name],
    )
  )[0];
const countRows = async (table: string, name: string) =>
  (
    await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE flag_name = $1`, [name])
  )[0]!.n;
const enabledEnvironments = async (name: string) =>
  (
    await t.db.query<{ environment_name: string }>(
      'SELECT environment_name FROM flag_environments WHERE flag_name = $1 AND enabled ORDER BY 1',
      [name],
    )
  ).map((row) => row.environment_name);

const archived = (name: string, extra: Partial<FlagSpec> = {}) =>
  buildFlag(t.db, { name, archived: true, ...extra });

describe('DELETE /api/admin/archive/{featureName} (deleteFeature)', () => {
  it('deletes an archived flag with its strategies, environments and tags, and records feature-deleted', async () => {
    await archived('del-one', {
      environments: { development: { enabled: true, strategies: [{}] }, production: false },
      tags: [{ type: 'simple', value: 'team-a' }],
    });
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/archive/del-one' });
    expect(response.statusCode).toBe(200);
    expect(await flagRow('del-one')).toBeUndefined();
    expect(await countRows('flag_strategies', 'del-one')).toBe(0);
    expect(await countRows('flag_environments', 'del-one')).toBe(0);
    expect(await countRows('flag_tags', 'del-one')).toBe(0);
    const [event] = await t.db.query<{ project: string; pre_data: { name: string }; tags: unknown }>(
      "SELECT project, pre_data, tags FROM events WHERE type = 'feature-deleted' AND feature_name = 'del-one'",
    );
    expect(event).toMatchObject({
      project: 'default',
      pre_data: { name: 'del-one', project: 'default' },
      tags: [{ type: 'simple', value: 'team-a' }],
    });
  });

  it('lets an Editor delete, but not a Viewer', async () => {
    await archived('del-viewer');
    const viewer = await t.as('Viewer');
    const denied = await viewer({ method: 'DELETE', url: '/api/admin/archive/del-viewer' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    expect(await flagRow('del-viewer')).toBeDefined();
    expect(await countEvents(t.db, 'feature-deleted', 'del-viewer')).toBe(0);

    const editor = await t.as('Editor');
    expect((await editor({ method: 'DELETE', url: '/api/admin/archive/del-viewer' })).statusCode).toBe(200);
    expect(await flagRow('del-viewer')).toBeUndefined();
  });

  it('answers 404 for an unknown flag', async () => {
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/archive/no-such-flag' });
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
    expect(await countEvents(t.db, 'feature-deleted', 'no-such-flag')).toBe(0);
  });

  it('refuses to delete a flag that is not archived', async () => {
    await buildFlag(t.db, {
      name: 'del-active',
      environments: { development: { enabled: false, strategies: [{}] }, production: false },
    });
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/archive/del-active' });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('InvalidOperationError');
    expect(response.json().message).toContain('not archived');
    expect(await flagRow('del-active')).toBeDefined();
    expect(await countRows('flag_strategies', 'del-active')).toBe(1);
  });

  it('refuses to delete a parent other flags depend on', async () => {
    await archived('del-parent');
    await buildFlag(t.db, { name: 'del-child' });
    await t.db.query("INSERT INTO flag_dependencies (parent, child) VALUES ('del-parent', 'del-child')");
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/archive/del-parent' });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('InvalidOperationError');
    expect(response.json().message).toContain('depend');
    expect(await flagRow('del-parent')).toBeDefined();
    expect(await countEvents(t.db, 'feature-deleted', 'del-parent')).toBe(0);
  });
});

describe('POST /api/admin/archive/revive/{featureName} (reviveFeature)', () => {
  it('revives an archived flag disabled in every environment, keeping its strategies', async () => {
    await archived('rev-one', {
      environments: { development: true, production: { enabled: true, strategies: [{}] } },
    });
    const response = await t.admin({ method: 'POST', url: '/api/admin/archive/revive/rev-one' });
    expect(response.statusCode).toBe(200);
    expect((await flagRow('rev-one'))!.archived_at).toBeNull();
    expect(await enabledEnvironments('rev-one')).toEqual([]);
    expect(await countRows('flag_strategies', 'rev-one')).toBe(1);
    expect(await countEvents(t.db, 'feature-revived', 'rev-one')).toBe(1);
  });

  it('accepts the empty JSON body the Unleash admin UI sends', async () => {
    await archived('rev-empty-body');
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/archive/revive/rev-empty-body',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
    expect((await flagRow('rev-empty-body'))!.archived_at).toBeNull();
  });

  it('is refused to a Viewer', async () => {
    await archived('rev-viewer', { environments: { development: true } });
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'POST', url: '/api/admin/archive/revive/rev-viewer' });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect((await flagRow('rev-viewer'))!.archived_at).not.toBeNull();
    expect(await enabledEnvironments('rev-viewer')).toEqual(['development']);
  });

  it('answers 404 for an unknown flag and 403 for an active one, changing nothing', async () => {
    const unknown = await t.admin({ method: 'POST', url: '/api/admin/archive/revive/no-such-flag' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');

    await buildFlag(t.db, { name: 'rev-active', environments: { development: true } });
    const active = await t.admin({ method: 'POST', url: '/api/admin/archive/revive/rev-active' });
    expect(active.statusCode).toBe(403);
    expect(active.json().name).toBe('InvalidOperationError');
    expect(await enabledEnvironments('rev-active')).toEqual(['development']);
    expect(await countEvents(t.db, 'feature-revived', 'rev-active')).toBe(0);
  });
});

describe('POST /api/admin/projects/{projectId}/delete (deleteFeatures)', () => {
  const url = '/api/admin/projects/web/delete';

  it('deletes several archived flags, a parent together with its child, with an event each', async () => {
    await archived('bulk-del-a', { project: 'web' });
    await archived('bulk-del-b', { project: 'web' });
    await t.db.query("INSERT INTO flag_dependencies (parent, child) VALUES ('bulk-del-a', 'bulk-del-b')");
    const response = await t.admin({
      method: 'POST',
      url,
      payload: { features: ['bulk-del-a', 'bulk-del-b'] },
    });
    expect(response.statusCode).toBe(200);
    expect(await flagRow('bulk-del-a')).toBeUndefined();
    expect(await flagRow('bulk-del-b')).toBeUndefined();
    expect(await countEvents(t.db, 'feature-deleted', 'bulk-del-a')).toBe(1);
    expect(await countEvents(t.db, 'feature-deleted', 'bulk-del-b')).toBe(1);
  });

  it('is refused to a Viewer', async () => {
    await archived('bulk-del-viewer', { project: 'web' });
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'POST', url, payload: { features: ['bulk-del-viewer'] } });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await flagRow('bulk-del-viewer')).toBeDefined();
  });

  it('rejects bad input and deletes nothing, not even the valid flags of the request', async () => {
    await archived('bulk-del-keep', { project: 'web' });
    await archived('bulk-del-other-project');
    await buildFlag(t.db, { name: 'bulk-del-active', project: 'web' });
    const cases = [
      { url, payload: {}, status: 400, name: 'BadDataError', path: '/body/features' },
      {
        url,
        payload: { features: 'bulk-del-keep' },
        status: 400,
        name: 'BadDataError',
        path: '/body/features',
      },
      { url, payload: { features: [42] }, status: 400, name: 'BadDataError' },
      {
        url: '/api/admin/projects/nope/delete',
        payload: { features: ['bulk-del-keep'] },
        status: 404,
        name: 'NotFoundError',
      },
      { url, payload: { features: ['bulk-del-keep', 'ghost'] }, status: 404, name: 'NotFoundError' },
      {
        url,
        payload: { features: ['bulk-del-keep', 'bulk-del-other-project'] },
        status: 403,
        name: 'InvalidOperationError',
      },
      {
        url,
        payload: { features: ['bulk-del-keep', 'bulk-del-active'] },
        status: 403,
        name: 'InvalidOperationError',
      },
    ];
    for (const c of cases) {
      const response = await t.admin({ method: 'POST', url: c.url, payload: c.payload });
      expect(response.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      expect(response.json().name).toBe(c.name);
      if (c.path) expect(response.json().details[0].path).toBe(c.path);
    }
    expect(await flagRow('bulk-del-keep')).toBeDefined();
    expect(await flagRow('bulk-del-other-project')).toBeDefined();
    expect(await flagRow('bulk-del-active')).toBeDefined();
    expect(await countEvents(t.db, 'feature-deleted', 'bulk-del-keep')).toBe(0);
  });

  it('refuses to delete a parent whose child stays', async () => {
    await archived('bulk-del-parent', { project: 'web' });
    await buildFlag(t.db, { name: 'bulk-del-child', project: 'web' });
    await t.db.query(
      "INSERT INTO flag_dependencies (parent, child) VALUES ('bulk-del-parent', 'bulk-del-child')",
    );
    const response = await t.admin({ method: 'POST', url, payload: { features: ['bulk-del-parent'] } });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('InvalidOperationError');
    expect(await flagRow('bulk-del-parent')).toBeDefined();
  });
});

describe('POST /api/admin/projects/{projectId}/revive (reviveFeatures)', () => {
  const url = '/api/admin/projects/web/revive';

  it('revives several flags, each disabled everywhere, with an event each', async () => {
    await archived('bulk-rev-a', { project: 'web', environments: { development: true, production: true } });
    await archived('bulk-rev-b', { project: 'web', environments: { production: true } });
    const response = await t.admin({
      method: 'POST',
      url,
      payload: { features: ['bulk-rev-a', 'bulk-rev-b'] },
    });
    expect(response.statusCode).toBe(200);
    for (const name of ['bulk-rev-a', 'bulk-rev-b']) {
      expect((await flagRow(name))!.archived_at).toBeNull();
      expect(await enabledEnvironments(name)).toEqual([]);
      expect(await countEvents(t.db, 'feature-revived', name)).toBe(1);
    }
  });

  it('is refused to a Viewer', async () => {
    await archived('bulk-rev-viewer', { project: 'web' });
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'POST', url, payload: { features: ['bulk-rev-viewer'] } });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect((await flagRow('bulk-rev-viewer'))!.archived_at).not.toBeNull();
  });

  it('rejects bad input and revives nothing', async () => {
    await archived('bulk-rev-keep', { project: 'web', environments: { development: true } });
    await archived('bulk-rev-other-project');
    await buildFlag(t.db, { name: 'bulk-rev-active', project: 'web' });
    const cases = [
      { url, payload: { feature: ['bulk-rev-keep'] }, status: 400, name: 'BadDataError' },
      { url, payload: { features: [true] }, status: 400, name: 'BadDataError' },
      {
        url: '/api/admin/projects/nope/revive',
        payload: { features: ['bulk-rev-keep'] },
        status: 404,
        name: 'NotFoundError',
      },
      { url, payload: { features: ['bulk-rev-keep', 'ghost'] }, status: 404, name: 'NotFoundError' },
      {
        url,
        payload: { features: ['bulk-rev-keep', 'bulk-rev-other-project'] },
        status: 403,
        name: 'InvalidOperationError',
      },
      {
        url,
        payload: { features: ['bulk-rev-keep', 'bulk-rev-active'] },
        status: 403,
        name: 'InvalidOperationError',
      },
    ];
    for (const c of cases) {
      const response = await t.admin({ method: 'POST', url: c.url, payload: c.payload });
      expect(response.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      expect(response.json().name).toBe(c.name);
    }
    expect((await flagRow('bulk-rev-keep'))!.archived_at).not.toBeNull();
    expect(await enabledEnvironments('bulk-rev-keep')).toEqual(['development']);
    expect(await countEvents(t.db, 'feature-revived', 'bulk-rev-keep')).toBe(0);
  });
});
