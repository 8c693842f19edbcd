import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenStore } from '../../identity/index.ts';
import {
  ADMIN_TOKEN,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  type TestApp,
} from '../../../testing/test-app.ts';
import { signature } from './edge-signature.ts';

const CLIENT_ID = 'edge-eu';
const CLIENT_SECRET = randomBytes(32).toString('base64url');
const EXPIRED = 'default:development.expired-client-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EDGE_CLIENTS: `${CLIENT_ID}:${CLIENT_SECRET}` });
  await createApiTokenStore(t.db).insert({
    secret: EXPIRED,
    tokenName: 'expired',
    type: 'client',
    environment: 'development',
    projects: ['default'],
    expiresAt: new Date(Date.now() - 60_000),
  });
});
afterAll(() => t.close());

/** A request to /edge/issue-token signed as Unleash Edge signs it. */
function signed(body: unknown, options: { secret?: string; timestamp?: Date; nonce?: string } = {}) {
  const payload = JSON.stringify(body);
  const timestamp = (options.timestamp ?? new Date()).toISOString();
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(payload).digest('hex');
  const sig = signature(options.secret ?? CLIENT_SECRET, {
    method: 'POST',
    path: '/edge/issue-token',
    timestamp,
    nonce,
    bodyHash,
  });
  return {
    method: 'POST' as const,
    url: '/edge/issue-token',
    headers: {
      authorization: `HMAC ${CLIENT_ID}:${sig}`,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'content-sha256': bodyHash,
      'content-type': 'application/json',
    },
    payload,
  };
}

describe('POST /edge/validate', () => {
  it('returns the valid client and frontend tokens among those sent, without a token header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/edge/validate',
      payload: { tokens: [CLIENT_TOKEN, 'not-a-token', FRONTEND_TOKEN, EXPIRED, ADMIN_TOKEN, CLIENT_TOKEN] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tokens: [
        { token: CLIENT_TOKEN, type: 'client', projects: ['*'], environment: 'development' },
        { token: FRONTEND_TOKEN, type: 'frontend', projects: ['*'], environment: 'development' },
      ],
    });
  });

  it('refuses too many tokens and a malformed body with a 400 in the one error format', async () => {
    const many = await t.app.inject({
      method: 'POST',
      url: '/edge/validate',
      payload: { tokens: Array.from({ length: 101 }, (_, i) => `t${i}`) },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    const bad = await t.app.inject({ method: 'POST', url: '/edge/validate', payload: { tokens: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /edge/validate limits', () => {
  const validate = (remoteAddress: string, tokens: string[]) =>
    t.app.inject({ method: 'POST', url: '/edge/validate', remoteAddress, payload: { tokens } });

  it('counts only refused tokens against an address: valid ones never use up its budget of 1,000 a minute', async () => {
    // An edge asking about real tokens as often as it likes (once 300 requests a minute ended in 429).
    for (let i = 0; i < 310; i++) {
      const answer = await validate('10.0.0.9', [CLIENT_TOKEN, FRONTEND_TOKEN]);
      expect(answer.statusCode).toBe(200);
    }
    const random = (n: number) => Array.from({ length: 100 }, (_, j) => `default:development.r${n}-${j}`);
    for (let i = 0; i < 10; i++) expect((await validate('10.0.0.9', random(i))).statusCode).toBe(200);
    const refused = await validate('10.0.0.9', [CLIENT_TOKEN]);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ name: 'TooManyRequestsError' });
    expect((await validate('10.0.0.10', [CLIENT_TOKEN])).json().tokens).toHaveLength(1);
  });
});

describe('POST /edge/issue-token', () => {
  const body = { tokens: [{ environment: 'development', projects: ['*'] }] };

  it('issues a client token for a valid signature, the same one when asked again, and refuses a replay', async () => {
    const request = signed(body);
    const first = await t.app.inject(request);
    expect(first.statusCode).toBe(200);
    const [token] = first.json().tokens;
    expect(token).toMatchObject({ type: 'client', projects: ['*'], environment: 'development' });
    expect(token.token).toMatch(/^\*:development\.[0-9a-f]{64}$/);

    const replay = await t.app.inject(request);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/replay/);

    const again = await t.app.inject(signed(body));
    expect(again.json().tokens[0].token).toBe(token.token);

    const features = await t.app.inject({
      url: '/api/client/features',
      headers: { authorization: token.token },
    });
    expect(features.statusCode).toBe(200);
    const validated = await t.app.inject({
      method: 'POST',
      url: '/edge/validate',
      payload: { tokens: [token.token] },
    });
    expect(validated.json().tokens).toHaveLength(1);
  });

  it('refuses a wrong secret, a stale timestamp, a tampered body and a missing signature', async () => {
    const wrong = await t.app.inject(signed(body, { secret: randomBytes(32).toString('base64url') }));
    expect(wrong.statusCode).toBe(401);
    const stale = await t.app.inject(signed(body, { timestamp: new Date(Date.now() - 10 * 60_000) }));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/stale/);
    const tampered = signed(body);
    tampered.payload = JSON.stringify({ tokens: [{ environment: 'production', projects: ['*'] }] });
    expect((await t.app.inject(tampered)).statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/edge/issue-token', payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().name).toBe('AuthenticationRequired');
  });

  it('refuses an environment that does not exist with a 400', async () => {
    const response = await t.app.inject(signed({ tokens: [{ environment: 'nowhere', projects: ['*'] }] }));
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/client/metrics/bulk and /api/client/metrics/edge', () => {
  it("stores an edge's applications and counts as the SDKs' own, visible in the applications API", async () => {
    const timestamp = new Date().toISOString();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics/bulk',
      headers: { authorization: CLIENT_TOKEN },
      payload: {
        applications: [
          {
            appName: 'edge-fed-app',
            environment: 'development',
            instanceId: 'i-1',
            connectVia: [{ appName: 'unleash-edge', instanceId: 'edge-1' }],
            interval: 15000,
            started: timestamp,
            strategies: ['default'],
            sdkVersion: 'unleash-node-sdk:6.12.1',
            sdkType: 'backend',
          },
        ],
        metrics: [
          {
            featureName: 'f1',
            appName: 'edge-fed-app',
            environment: 'development',
            timestamp,
            yes: 3,
            no: 1,
          },
          {
            featureName: 'f1',
            appName: 'edge-fed-app',
            environment: 'development',
            timestamp,
            yes: 2,
            no: 0,
            variants: { blue: 2 },
          },
          { featureName: 'f1', appName: 'edge-fed-app', environment: 'production', timestamp, yes: 9, no: 9 },
        ],
      },
    });
    expect(response.statusCode).toBe(202);

    const apps = await t.admin({ url: '/api/admin/metrics/applications' });
    expect(apps.json().applications.map((a: { appName: string }) => a.appName)).toContain('edge-fed-app');
    const rows = await t.db.query<{ environment: string; yes: string; no: string; variants: unknown }>(
      `SELECT environment, yes, no, variants FROM client_metrics WHERE app_name = 'edge-fed-app'`,
    );
    expect(rows.map((r) => ({ ...r, yes: Number(r.yes), no: Number(r.no) }))).toEqual([
      { environment: 'development', yes: 5, no: 1, variants: { blue: 2 } },
    ]);
    const instances = await t.db.query<{ instance_id: string; sdk_type: string }>(
      `SELECT instance_id, sdk_type FROM client_instances WHERE app_name = 'edge-fed-app'`,
    );
    expect(instances).toEqual([{ instance_id: 'i-1', sdk_type: 'backend' }]);
  });

  it('refuses metrics beyond the limits with a 400 and without a client token with a 401', async () => {
    const metric = { featureName: 'f', appName: 'a', environment: 'development' };
    const many = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics/bulk',
      headers: { authorization: CLIENT_TOKEN },
      payload: { applications: [], metrics: Array.from({ length: 10_001 }, () => metric) },
    });
    expect(many.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics/bulk',
      payload: { applications: [], metrics: [] },
    });
    expect(none.statusCode).toBe(401);
  });

  it("accepts an edge's observability report", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics/edge',
      headers: { authorization: CLIENT_TOKEN },
      payload: { identifier: '01JH8Z4M2Q5R7T9V1X3Z5B7D9F', appName: 'unleash-edge', edgeVersion: '19.6.0' },
    });
    expect(response.statusCode).toBe(202);
  });
});
