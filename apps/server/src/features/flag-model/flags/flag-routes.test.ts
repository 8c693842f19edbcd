import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { count, lastEvent, snapshot } from '../../../testing/db-queries.ts';
import {
  addStrategyThroughApi,
  createFlagThroughApi,
  environmentUrl,
  flagUrl,
  uniqueName,
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

const FEATURES = '/api/admin/projects/default/features';

describe('createFeature', () => {
  it('creates a flag, off everywhere, with every environment of its project, and records feature-created', async () => {
    const response = await t.admin({
      method: 'POST',
      url: FEATURES,
      payload: { name: 'new-checkout', type: 'experiment', description: 'Checkout v2', impressionData: true },
    });
    expect(response.statusCode).toBe(201);
    const flag = response.json();
    expect(flag).toMatchObject({
      name: 'new-checkout',
      type: 'experiment',
      description: 'Checkout v2',
      project: 'default',
      stale: false,
      impressionData: true,
      archived: false,
      lifecycle: { stage: 'initial' },
    });
    expect(flag.environments.map((e: { name: string; enabled: boolean }) => [e.name, e.enabled])).toEqual([
      ['development', false],
      ['production', false],
    ]);
    const event = await lastEvent(t.db, 'new-checkout');
    expect(event).toMatchObject({
      type: 'feature-created',
      data: { name: 'new-checkout', type: 'experiment' },
    });
  });

  it('accepts UTF-8 flag names and defaults the type to release', async () => {
    const name = `ünícödé-😊-你好-${uniqueName()}`;
    const response = await t.admin({ method: 'POST', url: FEATURES, payload: { name } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name, type: 'release', description: null });
    expect((await t.admin({ method: 'GET', url: flagUrl(name) })).json().name).toBe(name);
  });

  it('lets an Editor create but not a Viewer', async () => {
    const editor = await t.as('Editor');
    expect(
      (await editor({ method: 'POST', url: FEATURES, payload: { name: uniqueName('by-editor') } }))
        .statusCode,
    ).toBe(201);
    const before = await snapshot(t.db);
    const viewer = await t.as('Viewer');
    const denied = await viewer({ method: 'POST', url: FEATURES, payload: { name: 'by-viewer' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    expect(await snapshot(t.db)).toBe(before);
  });

  it.each([
    [{}, 400, 'BadDataError', '/body/name'],
    [{ name: 42 }, 400, 'BadDataError', '/body/name'],
    [{ name: 'has space' }, 400, 'BadDataError', '/body/name'],
    [{ name: 'x'.repeat(101) }, 400, 'BadDataError', '/body/name'],
    [{ name: 'ok-name', type: 'no-such-type' }, 400, 'BadDataError', '/body/type'],
    [{ name: 'ok-name', impressionData: 'yes' }, 400, 'BadDataError', '/body/impressionData'],
    [{ name: 'ok-name', unknownField: 1 }, 400, 'BadDataError', '/body'],
  ])('refuses %j and changes nothing', async (payload, status, name, path) => {
    const before = await snapshot(t.db);
    const response = await t.admin({ method: 'POST', url: FEATURES, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().name).toBe(name);
    expect(response.json().details[0].path).toContain(path);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('refuses a taken name, archived flags included (409), and an unknown project (404)', async () => {
    const name = await createFlagThroughApi(t);
    const archived = await createFlagThroughApi(t);
    await t.admin({ method: 'DELETE', url: flagUrl(archived) });
    const before = await snapshot(t.db);
    for (const taken of [name, archived]) {
      const response = await t.admin({ method: 'POST', url: FEATURES, payload: { name: taken } });
      expect(response.statusCode).toBe(409);
      expect(response.json().name).toBe('NameExistsError');
    }
    const missing = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/nope/features',
      payload: { name: 'x-y' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(await snapshot(t.db)).toBe(before);
  });

  it('enforces the project flag limit', async () => {
    await t.db.query(`INSERT INTO projects (id, name, feature_limit) VALUES ('limited', 'Limited', 1)`);
    await createFlagThroughApi(t, {}, 'limited');
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/limited/features',
      payload: { name: uniqueName() },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('InvalidOperationError');
    expect(await count(t.db, `SELECT 1 FROM flags WHERE project_id = 'limited'`)).toBe(1);
  });
});

describe('getFeatures', () => {
  it('lists active flags of the project with environment summaries, filtered by namePrefix and tag', async () => {
    const prefix = uniqueName('list');
    const on = await createFlagThroughApi(t, { name: `${prefix}-on` });
    const plain = await createFlagThroughApi(t, { name: `${prefix}-plain` });
    const archived = await createFlagThroughApi(t, { name: `${prefix}-archived` });
    await addStrategyThroughApi(t, on, { name: 'default' });
    await t.admin({ method: 'POST', url: `${environmentUrl(on)}/on` });
    await t.admin({ method: 'DELETE', url: flagUrl(archived) });
    await t.db.query(`INSERT INTO tags (type, value) VALUES ('simple', $1)`, [prefix]);
    await t.db.query(`INSERT INTO flag_tags (flag_name, tag_type, tag_value) VALUES ($1, 'simple', $2)`, [
      plain,
      prefix,
    ]);

    const response = await t.admin({ method: 'GET', url: `${FEATURES}?namePrefix=${prefix}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toBe(2);
    expect(body.features.map((f: { name: string }) => f.name)).toEqual([on, plain]);
    expect(body.features[0].environments[0]).toEqual({
      name: 'development',
      type: 'development',
      sortOrder: 100,
      enabled: true,
      variantCount: 0,
      lastSeenAt: null,
      hasStrategies: true,
      hasEnabledStrategies: true,
    });
    expect(body.features[1]).toMatchObject({
      tags: [{ type: 'simple', value: prefix }],
      dependencyType: null,
    });

    const tagged = await t.admin({ method: 'GET', url: `${FEATURES}?tag=simple:${prefix}` });
    expect(tagged.json().features.map((f: { name: string }) => f.name)).toEqual([plain]);
  });

  it('is readable by a Viewer, not without credentials', async () => {
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: FEATURES })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: FEATURES });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().name).toBe('AuthenticationRequired');
  });

  it('answers 404 for an unknown project and 400 for a malformed tag filter', async () => {
    const missing = await t.admin({ method: 'GET', url: '/api/admin/projects/nope/features' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    const bad = await t.admin({ method: 'GET', url: `${FEATURES}?tag=no-colon` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().name).toBe('BadDataError');
  });
});

describe('getFeature', () => {
  it('shows environments with ordered strategies and variants, dependencies, children, tags and links', async () => {
    const parent = await createFlagThroughApi(t);
    const child = await createFlagThroughApi(t);
    await t.db.query(
      `INSERT INTO flag_dependencies (parent, child, enabled, variants) VALUES ($1, $2, true, '["a"]')`,
      [parent, child],
    );
    const first = await addStrategyThroughApi(t, child, { name: 'default', title: 'first' });
    const second = await addStrategyThroughApi(t, child, {
      name: 'userWithId',
      parameters: { userIds: '1,2' },
    });
    await t.admin({
      method: 'PUT',
      url: `${environmentUrl(child)}/variants`,
      payload: [{ name: 'a' }, { name: 'b' }],
    });
    const response = await t.admin({ method: 'GET', url: flagUrl(child) });
    expect(response.statusCode).toBe(200);
    const flag = response.json();
    const development = flag.environments.find((e: { name: string }) => e.name === 'development');
    expect(development.strategies.map((s: { id: string }) => s.id)).toEqual([first.id, second.id]);
    expect(development.variants.map((v: { name: string; weight: number }) => [v.name, v.weight])).toEqual([
      ['a', 500],
      ['b', 500],
    ]);
    expect(flag.variants).toEqual(development.variants);
    expect(flag.dependencies).toEqual([{ feature: parent, enabled: true, variants: ['a'] }]);
    expect((await t.admin({ method: 'GET', url: flagUrl(parent) })).json().children).toEqual([child]);
  });

  it('names its collaborators: the users whose changes are recorded, the most recent first', async () => {
    const editor = await t.as('Editor');
    const name = uniqueName();
    expect((await editor({ method: 'POST', url: FEATURES, payload: { name } })).statusCode).toBe(201);
    const [editorRow] = await t.db.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'test-editor'",
    );
    const [admin] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
    await t.db.query(
      `INSERT INTO events (type, created_by, created_by_user_id, project, feature_name, created_at)
       VALUES ('feature-updated', 'admin', $1, 'default', $2, now() + interval '1 minute')`,
      [admin!.id, name],
    );
    const flag = (await t.admin({ method: 'GET', url: flagUrl(name) })).json();
    expect(flag.collaborators).toEqual({
      users: [
        { id: admin!.id, name: 'Admin', imageUrl: '' },
        { id: editorRow!.id, name: expect.any(String), imageUrl: '' },
      ],
    });
    const fresh = await createFlagThroughApi(t);
    expect((await t.admin({ method: 'GET', url: flagUrl(fresh) })).json().collaborators).toEqual({
      users: [],
    });
  });

  it('is readable by a Viewer, not without credentials', async () => {
    const name = await createFlagThroughApi(t);
    expect((await (await t.as('Viewer'))({ method: 'GET', url: flagUrl(name) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: flagUrl(name) })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown flag, an archived flag, a flag of another project and an unknown project', async () => {
    const archived = await createFlagThroughApi(t);
    await t.admin({ method: 'DELETE', url: flagUrl(archived) });
    const elsewhere = await createFlagThroughApi(t, {}, 'other');
    for (const url of [
      flagUrl('no-such-flag'),
      flagUrl(archived),
      flagUrl(elsewhere),
      flagUrl(elsewhere, 'nope'),
    ]) {
      const response = await t.admin({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
  });
});

describe('validateFeature', () => {
  const VALIDATE = '/api/admin/features/validate';

  it('answers 200 for a free, valid name, also for a Viewer', async () => {
    expect(
      (await t.admin({ method: 'POST', url: VALIDATE, payload: { name: 'free-name_ø' } })).statusCode,
    ).toBe(200);
    expect(
      (await (await t.as('Viewer'))({ method: 'POST', url: VALIDATE, payload: { name: 'free' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: VALIDATE, payload: { name: 'free' } })).statusCode,
    ).toBe(401);
  });

  it('answers 409 for a taken name, archived included, and 400 saying why for an invalid one', async () => {
    const archived = await createFlagThroughApi(t);
    await t.admin({ method: 'DELETE', url: flagUrl(archived) });
    const taken = await t.admin({ method: 'POST', url: VALIDATE, payload: { name: archived } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().name).toBe('NameExistsError');
    const invalid = await t.admin({ method: 'POST', url: VALIDATE, payload: { name: 'a/b' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('URL-friendly');
    expect(invalid.json().details[0].path).toBe('/body/name');
    const missing = await t.admin({ method: 'POST', url: VALIDATE, payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});
