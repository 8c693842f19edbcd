import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countTokens = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens'))[0]!.n;

describe('API tokens', () => {
  it('creates a client token in Unleash format, stores only a hash, and lists it masked', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'checkout', type: 'backend', environment: 'production', projects: ['default'] },
    });
    expect(created.statusCode).toBe(201);
    const token = created.json();
    expect(token.secret).toMatch(/^default:production\.[0-9a-f]{56}$/);
    expect(token).toMatchObject({
      type: 'client',
      projects: ['default'],
      project: 'default',
      environment: 'production',
    });

    const stored = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM api_tokens WHERE token_name = $1',
      ['checkout'],
    );
    expect(JSON.stringify(stored)).not.toContain(token.secret.split('.')[1]);

    const list = (await t.admin({ method: 'GET', url: '/api/admin/api-tokens' })).json();
    const listed = list.tokens.find((x: { tokenName: string }) => x.tokenName === 'checkout');
    const random = token.secret.split('.')[1];
    expect(listed.secret).toBe(`default:production.${random.slice(0, 6)}…${random.slice(-6)}`);
    // The masked form finds the token as the full secret does.
    const patched = await t.admin({
      method: 'PUT',
      url: `/api/admin/api-tokens/${encodeURIComponent(listed.secret)}`,
      payload: { expiresAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(patched.statusCode).toBe(200);

    const byName = (await t.admin({ method: 'GET', url: '/api/admin/api-tokens/checkout' })).json();
    expect(byName.tokens).toHaveLength(1);
  });

  it('lists a short given secret without any of its characters', async () => {
    const secret = 'default:development.short-one';
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'short',
        type: 'client',
        environment: 'development',
        projects: ['default'],
        secret,
      },
    });
    expect(created.statusCode).toBe(201);
    const list = (await t.admin({ method: 'GET', url: '/api/admin/api-tokens' })).json();
    const listed = list.tokens.find((x: { tokenName: string }) => x.tokenName === 'short');
    expect(listed.secret).toMatch(/^default:development\.…#[0-9a-f]{8}$/);
  });

  it('uses [] for several projects and * for all projects', async () => {
    const several = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'multi',
        type: 'frontend',
        environment: 'development',
        projects: ['default', 'default'],
      },
    });
    expect(several.json().secret).toMatch(/^default:development\./);
    const all = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'all', type: 'client', environment: 'development', projects: ['*', 'default'] },
    });
    expect(all.json()).toMatchObject({ projects: ['*'], project: '*' });
    expect(all.json().secret).toMatch(/^\*:development\./);
  });

  it('keeps a given secret, so SDKs moved from another server keep working', async () => {
    const secret = 'default:production.moved-from-unleash-0123456789abcdef';
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'moved',
        type: 'client',
        environment: 'production',
        projects: ['default'],
        secret,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().secret).toBe(secret);
    const features = await t.app.inject({
      method: 'GET',
      url: '/api/client/features',
      headers: { authorization: secret },
    });
    expect(features.statusCode).toBe(200);

    const again = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'moved-again',
        type: 'client',
        environment: 'production',
        projects: ['default'],
        secret,
      },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a given secret under 16 characters, naming the field, the rule and what to send instead', async () => {
    const refused = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'weak', type: 'admin', environment: '*', projects: ['*'], secret: '*:*.weak' },
    });
    expect(refused.statusCode).toBe(400);
    const [detail] = refused.json().details;
    expect(detail).toMatchObject({ path: '/body/secret' });
    expect(detail.message).toContain('at least 16 characters');
    expect(detail.message).toContain('"imported": true');
  });

  it('keeps an imported short secret as it is, for an Admin only, and records that it was imported', async () => {
    const secret = '*:development.x';
    const body = { tokenName: 'imported-weak', type: 'client', environment: 'development', secret };
    const editor = await t.as('Editor');
    const byEditor = await editor({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { ...body, projects: ['default'], secret: 'default:development.x', imported: true },
    });
    expect(byEditor.statusCode).toBe(403);
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { ...body, imported: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const features = await t.app.inject({
      method: 'GET',
      url: '/api/client/features',
      headers: { authorization: secret },
    });
    expect(features.statusCode).toBe(200);
    const [event] = await t.db.query<{ data: { tokenName: string; imported?: boolean } }>(
      "SELECT data FROM events WHERE type = 'api-token-created' ORDER BY id DESC LIMIT 1",
    );
    expect(event?.data).toMatchObject({ tokenName: 'imported-weak', imported: true });
    const withoutSecret = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'nothing-to-import', type: 'client', imported: true },
    });
    expect(withoutSecret.statusCode).toBe(400);
    expect(JSON.stringify(withoutSecret.json())).toContain('/body/imported');
  });

  it('refuses a given secret whose prefix does not match the scope, naming the field', async () => {
    const before = await countTokens();
    const wrongScope = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'lying',
        type: 'client',
        environment: 'development',
        projects: ['default'],
        secret: '*:production.0123456789abcdef0123',
      },
    });
    expect(wrongScope.statusCode).toBe(400);
    expect(JSON.stringify(wrongScope.json())).toContain('/body/secret');
    const malformed = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'bad',
        type: 'client',
        environment: 'development',
        secret: 'no prefix at all here',
      },
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('secret');
    expect(await countTokens()).toBe(before);
  });

  it('updates the expiry, after which the token no longer authenticates', async () => {
    const { secret } = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/api-tokens',
        payload: { tokenName: 'short', type: 'client', environment: 'development' },
      })
    ).json();
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/client/features',
      headers: { authorization: secret },
    });
    expect(before.statusCode).not.toBe(401);
    const past = new Date(Date.now() - 1000).toISOString();
    const updated = await t.admin({
      method: 'PUT',
      url: `/api/admin/api-tokens/${encodeURIComponent(secret)}`,
      payload: { expiresAt: past },
    });
    expect(updated.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/api-tokens',
      headers: { authorization: secret },
    });
    expect(after.statusCode).toBe(401);
  });

  it('deletes a token by its secret and records events', async () => {
    const { secret } = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/api-tokens',
        payload: { tokenName: 'gone', type: 'client', environment: 'development' },
      })
    ).json();
    const deleted = await t.admin({
      method: 'DELETE',
      url: `/api/admin/api-tokens/${encodeURIComponent(secret)}`,
    });
    expect(deleted.statusCode).toBe(200);
    const again = await t.admin({
      method: 'DELETE',
      url: `/api/admin/api-tokens/${encodeURIComponent(secret)}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().name).toBe('NotFoundError');
    const events = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE type LIKE 'api-token-%'",
    );
    expect(events.map((e) => e.type)).toContain('api-token-deleted');
  });

  it('refuses bad input with a 400 naming the field, and creates nothing', async () => {
    const before = await countTokens();
    const cases = [
      [{ type: 'client' }, '/body/tokenName'],
      [{ tokenName: 'x' }, '/body/type'],
      [{ tokenName: 123, type: 'client' }, '/body/tokenName'],
      [{ tokenName: 'x', type: 'superuser' }, '/body/type'],
      [{ tokenName: 'x', type: 'client', environment: 'nowhere' }, '/body/environment'],
      [{ tokenName: 'x', type: 'client', environment: '*' }, '/body/environment'],
      [
        { tokenName: 'x', type: 'client', environment: 'development', projects: ['missing'] },
        '/body/projects',
      ],
      [{ tokenName: 'x', type: 'client', expiresAt: 'tomorrow' }, '/body/expiresAt'],
    ] as const;
    for (const [payload, path] of cases) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/api-tokens', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await countTokens()).toBe(before);
  });

  it("gives Editors Unleash's client and frontend token permissions, not admin tokens; refuses viewers", async () => {
    const before = await countTokens();
    const viewer = await t.as('Viewer');
    const refused = await viewer({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { tokenName: 'nope', type: 'client' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('NoAccessError');
    expect((await viewer({ method: 'GET', url: '/api/admin/api-tokens' })).statusCode).toBe(403);

    const editor = await t.as('Editor');
    const create = (type: string) =>
      editor({
        method: 'POST',
        url: '/api/admin/api-tokens',
        payload: { tokenName: `editor-${type}`, type },
      });
    expect((await create('admin')).statusCode).toBe(403);
    expect(await countTokens()).toBe(before);
    expect((await create('client')).statusCode).toBe(201);
    expect((await create('frontend')).statusCode).toBe(201);
    const listed = (await editor({ method: 'GET', url: '/api/admin/api-tokens' })).json().tokens;
    expect(listed.map((token: { type: string }) => token.type)).not.toContain('admin');
    expect(listed.map((token: { tokenName: string }) => token.tokenName)).toEqual(
      expect.arrayContaining(['editor-client', 'editor-frontend']),
    );
  });

  it('answers 401 without credentials and 403 for the wrong token type', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/api-tokens' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ name: 'AuthenticationRequired' });
    const { secret } = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/api-tokens',
        payload: { tokenName: 'fe', type: 'frontend', environment: 'development' },
      })
    ).json();
    const wrongType = await t.app.inject({
      method: 'GET',
      url: '/api/admin/api-tokens',
      headers: { authorization: secret },
    });
    expect(wrongType.statusCode).toBe(403);
    expect(wrongType.json().message).toBe('invalid token: expected a different token type for this endpoint');
  });
});

describe('tokens from INIT_*_API_TOKENS', () => {
  it('skips, with a warning, a token whose environment no longer exists, and creates the rest', async () => {
    const { createApiTokenService } = await import('./api-token-service.ts');
    const warnings: string[] = [];
    const created = await createApiTokenService(t.db).ensureInitTokens(
      'client',
      ['default:gone.secret-1', 'default:development.secret-2'],
      (m) => warnings.push(m),
    );
    expect(created).toBe(1);
    expect(warnings[0]).toMatch(/INIT_CLIENT_API_TOKENS.*gone/);
  });
});
