import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { countRows } from '../../../testing/db-queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'shop', name: 'Shop' } });
});
afterAll(() => t.close());

const tokens = () => t.db.query('SELECT * FROM api_tokens ORDER BY id');
const createToken = (projectId: string, payload: object) =>
  t.admin({ method: 'POST', url: `/api/admin/projects/${projectId}/api-tokens`, payload });

describe('POST /api/admin/projects/{projectId}/api-tokens (createProjectApiToken)', () => {
  it('creates a token scoped to the project alone', async () => {
    const response = await createToken('shop', {
      tokenName: 'shop-sdk',
      type: 'backend',
      environment: 'production',
    });
    expect(response.statusCode).toBe(201);
    const token = response.json();
    expect(token.secret).toMatch(/^shop:production\.[0-9a-f]{56}$/);
    expect(token).toMatchObject({
      tokenName: 'shop-sdk',
      type: 'client',
      projects: ['shop'],
      project: 'shop',
    });
    expect(
      await countRows(t.db, 'events', "type = 'api-token-created' AND data->>'tokenName' = 'shop-sdk'"),
    ).toBe(1);
  });

  it('refuses editors: project tokens need CREATEAPITOKEN', async () => {
    const before = await tokens();
    for (const role of ['Viewer', 'Editor'] as const) {
      const as = await t.as(role);
      const response = await as({
        method: 'POST',
        url: '/api/admin/projects/shop/api-tokens',
        payload: { tokenName: 'mine', type: 'client' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    expect(await tokens()).toEqual(before);
  });

  it('refuses bad input and unknown projects, creating nothing', async () => {
    const before = await tokens();
    for (const [payload, path] of [
      [{ type: 'client' }, '/body/tokenName'],
      [{ tokenName: 'x' }, '/body/type'],
      [{ tokenName: 3, type: 'client' }, '/body/tokenName'],
      [{ tokenName: 'x', type: 'admin' }, '/body/type'],
      [{ tokenName: 'x', type: 'robot' }, '/body/type'],
      [{ tokenName: 'x', type: 'client', environment: 'nowhere' }, '/body/environment'],
      [{ tokenName: 'x', type: 'client', projects: ['default'] }, '/body'],
    ] as const) {
      const response = await createToken('shop', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const missing = await createToken('nowhere', { tokenName: 'x', type: 'client' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(await tokens()).toEqual(before);
  });
});

describe('GET /api/admin/projects/{projectId}/api-tokens (getProjectApiTokens)', () => {
  it('lists the tokens that name the project, with masked secrets', async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'shared',
        type: 'frontend',
        environment: 'development',
        projects: ['shop', 'default'],
      },
    });
    const response = await t.admin({ method: 'GET', url: '/api/admin/projects/shop/api-tokens' });
    expect(response.statusCode).toBe(200);
    const listed = response.json().tokens as { tokenName: string; secret: string }[];
    expect(listed.map((token) => token.tokenName).sort()).toEqual(['shared', 'shop-sdk']);
    expect(listed.every((token) => !/[0-9a-f]{56}$/.test(token.secret))).toBe(true);
    const other = (await t.admin({ method: 'GET', url: '/api/admin/projects/default/api-tokens' })).json();
    expect(other.tokens.map((token: { tokenName: string }) => token.tokenName)).toEqual(['shared']);
  });

  it('refuses editors and answers 404 for an unknown project', async () => {
    const editor = await t.as('Editor');
    const denied = await editor({ method: 'GET', url: '/api/admin/projects/shop/api-tokens' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    const missing = await t.admin({ method: 'GET', url: '/api/admin/projects/nowhere/api-tokens' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
  });
});

describe('DELETE /api/admin/projects/{projectId}/api-tokens/{token} (deleteProjectApiToken)', () => {
  it('deletes a token of the project by its full or masked secret', async () => {
    const full = (await createToken('shop', { tokenName: 'by-full', type: 'client' })).json()
      .secret as string;
    const byFull = await t.admin({
      method: 'DELETE',
      url: `/api/admin/projects/shop/api-tokens/${encodeURIComponent(full)}`,
    });
    expect(byFull.statusCode).toBe(200);
    expect(await countRows(t.db, 'api_tokens', "token_name = 'by-full'")).toBe(0);

    await createToken('shop', { tokenName: 'by-masked', type: 'client' });
    const listed = (await t.admin({ method: 'GET', url: '/api/admin/projects/shop/api-tokens' })).json();
    const masked = listed.tokens.find(
      (token: { tokenName: string }) => token.tokenName === 'by-masked',
    ).secret;
    const byMasked = await t.admin({
      method: 'DELETE',
      url: `/api/admin/projects/shop/api-tokens/${encodeURIComponent(masked)}`,
    });
    expect(byMasked.statusCode).toBe(200);
    expect(await countRows(t.db, 'api_tokens', "token_name = 'by-masked'")).toBe(0);
    expect(await countRows(t.db, 'events', "type = 'api-token-deleted'")).toBe(2);
  });

  it('refuses editors, tokens of other or several projects, and unknown projects, deleting nothing', async () => {
    const secret = (await createToken('shop', { tokenName: 'kept', type: 'client' })).json().secret as string;
    const shared = (await t.admin({ method: 'GET', url: '/api/admin/projects/shop/api-tokens' }))
      .json()
      .tokens.find((token: { tokenName: string }) => token.tokenName === 'shared').secret as string;
    const before = await tokens();
    const editor = await t.as('Editor');
    const denied = await editor({
      method: 'DELETE',
      url: `/api/admin/projects/shop/api-tokens/${encodeURIComponent(secret)}`,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    const otherProject = await t.admin({
      method: 'DELETE',
      url: `/api/admin/projects/default/api-tokens/${encodeURIComponent(secret)}`,
    });
    expect(otherProject.statusCode).toBe(404);
    expect(otherProject.json().name).toBe('NotFoundError');
    const unknown = await t.admin({
      method: 'DELETE',
      url: '/api/admin/projects/shop/api-tokens/shop:development.nope',
    });
    expect(unknown.statusCode).toBe(404);
    const several = await t.admin({
      method: 'DELETE',
      url: `/api/admin/projects/shop/api-tokens/${encodeURIComponent(shared)}`,
    });
    expect(several.statusCode).toBe(400);
    expect(several.json().name).toBe('BadDataError');
    const noProject = await t.admin({
      method: 'DELETE',
      url: `/api/admin/projects/nowhere/api-tokens/${encodeURIComponent(secret)}`,
    });
    expect(noProject.statusCode).toBe(404);
    expect(await tokens()).toEqual(before);
  });
});
