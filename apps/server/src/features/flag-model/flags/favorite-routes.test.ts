import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { count, snapshot } from '../../../testing/db-queries.ts';
import { createFlagThroughApi, flagUrl } from '../../../testing/flag-api-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('addFavoriteFeature and removeFavoriteFeature', () => {
  it('lets any signed-in user, a Viewer too, favorite a flag; lists show it first-class', async () => {
    const flag = await createFlagThroughApi(t);
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'POST', url: `${flagUrl(flag)}/favorites` })).statusCode).toBe(200);
    expect((await viewer({ method: 'POST', url: `${flagUrl(flag)}/favorites` })).statusCode).toBe(200);
    expect(await count(t.db, 'SELECT 1 FROM favorite_flags WHERE flag_name = $1', [flag])).toBe(1);
    expect((await viewer({ method: 'GET', url: flagUrl(flag) })).json().favorite).toBe(true);
    const listed = (await viewer({ method: 'GET', url: '/api/admin/projects/default/features' })).json()
      .features;
    expect(listed.find((f: { name: string }) => f.name === flag).favorite).toBe(true);
    expect((await (await t.as('Editor'))({ method: 'GET', url: flagUrl(flag) })).json().favorite).toBe(false);
    expect(
      await count(t.db, `SELECT 1 FROM events WHERE type = 'feature-favorited' AND feature_name = $1`, [
        flag,
      ]),
    ).toBe(1);

    expect((await viewer({ method: 'DELETE', url: `${flagUrl(flag)}/favorites` })).statusCode).toBe(200);
    expect(await count(t.db, 'SELECT 1 FROM favorite_flags WHERE flag_name = $1', [flag])).toBe(0);
    expect(
      await count(t.db, `SELECT 1 FROM events WHERE type = 'feature-unfavorited' AND feature_name = $1`, [
        flag,
      ]),
    ).toBe(1);
  });

  it('needs a signed-in user: 401 without credentials, 400 for an API token, 404 for an unknown flag', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    expect((await t.app.inject({ method: 'POST', url: `${flagUrl(flag)}/favorites` })).statusCode).toBe(401);
    const token = await t.admin({ method: 'POST', url: `${flagUrl(flag)}/favorites` });
    expect(token.statusCode).toBe(400);
    expect(token.json().name).toBe('BadDataError');
    const missing = await (await t.as('Viewer'))({ method: 'DELETE', url: `${flagUrl('nope')}/favorites` });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('addFavoriteProject and removeFavoriteProject', () => {
  it('adds and removes a project favorite for the signed-in user', async () => {
    const editor = await t.as('Editor');
    expect((await editor({ method: 'POST', url: '/api/admin/projects/default/favorites' })).statusCode).toBe(
      200,
    );
    expect(await count(t.db, `SELECT 1 FROM favorite_projects WHERE project_id = 'default'`)).toBe(1);
    expect(await count(t.db, `SELECT 1 FROM events WHERE type = 'project-favorited'`)).toBe(1);
    expect(
      (await editor({ method: 'DELETE', url: '/api/admin/projects/default/favorites' })).statusCode,
    ).toBe(200);
    expect(await count(t.db, `SELECT 1 FROM favorite_projects WHERE project_id = 'default'`)).toBe(0);
  });

  it('answers 401 without credentials, 400 for a token and 404 for an unknown project', async () => {
    const before = await snapshot(t.db);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/projects/default/favorites' })).statusCode,
    ).toBe(401);
    expect(
      (await t.admin({ method: 'DELETE', url: '/api/admin/projects/default/favorites' })).statusCode,
    ).toBe(400);
    const missing = await (
      await t.as('Viewer')
    )({ method: 'POST', url: '/api/admin/projects/nope/favorites' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(await snapshot(t.db)).toBe(before);
  });
});
