import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { corsOptionsFor } from './cors.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../testing/test-app.ts';

const DOCS = 'http://localhost:3000';

describe('CORS on the Admin and Client APIs (API_CORS_ORIGINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_CORS_ORIGINS: `${DOCS},https://docs.example.com` });
  });
  afterAll(async () => {
    await t.close();
  });

  const preflight = (app: TestApp, url: string, origin = DOCS) =>
    app.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('answers a preflight from an allowed origin on the Admin and Client APIs', async () => {
    for (const url of ['/api/admin/projects/default/features', '/api/client/features']) {
      const response = await preflight(t, url);
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(DOCS);
      expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets a call with a token from an allowed origin read the answer', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/projects',
      headers: { origin: DOCS, authorization: ADMIN_TOKEN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(DOCS);
  });

  it('gives other origins, sign-in and the default configuration no CORS header', async () => {
    const other = await preflight(t, '/api/admin/projects', 'https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const signIn = await preflight(t, '/auth/simple/login');
    expect(signIn.headers['access-control-allow-origin']).toBeUndefined();
    const frontend = await preflight(t, '/api/frontend');
    expect(frontend.headers['access-control-allow-origin']).toBe('*');
    const unset = readConfig({}).apiCors;
    expect(corsOptionsFor('/api/admin/projects', ['*'], unset)).toEqual({ origin: false });
    expect(corsOptionsFor('/api/adminx', ['*'], { origins: [DOCS], credentials: false })).toEqual({
      origin: false,
    });
  });

  it('refuses origins that are not origins, and credentials with every origin', () => {
    expect(() => readConfig({ API_CORS_ORIGINS: 'http://localhost:3000/docs' })).toThrow(/API_CORS_ORIGINS/);
    expect(() => readConfig({ API_CORS_ORIGINS: '*', API_CORS_CREDENTIALS: 'true' })).toThrow(
      /API_CORS_CREDENTIALS/,
    );
    expect(readConfig({ API_CORS_ORIGINS: `${DOCS}/`, API_CORS_CREDENTIALS: 'true' }).apiCors).toEqual({
      origins: [DOCS],
      credentials: true,
    });
  });
});
