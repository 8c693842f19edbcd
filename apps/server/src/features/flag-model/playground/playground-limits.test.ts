import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const FLAGS = 10;
let t: TestApp;
let viewer: Awaited<ReturnType<TestApp['as']>>;
beforeAll(async () => {
  // 10 flags and a limit of 40 evaluations: 2 environments × 2 contexts fit, 3 contexts do not.
  t = await createTestApp({ PLAYGROUND_MAX_EVALUATIONS: '40' });
  for (let i = 0; i < FLAGS; i++) {
    await buildFlag(t.db, {
      name: `limit-${i}`,
      environments: { development: { enabled: true, strategies: [{}] }, production: { enabled: true } },
    });
  }
  viewer = await t.as('Viewer');
});
afterAll(() => t.close());

const advanced = (body: Record<string, unknown>) =>
  viewer({ method: 'POST', url: '/api/admin/playground/advanced', payload: body });

describe('the playground limits', () => {
  it('evaluates a request at the limit', async () => {
    const response = await advanced({
      environments: ['development', 'production'],
      context: { userId: '1,2' },
    });
    expect(response.statusCode).toBe(200);
    const features = response.json().features as { environments: Record<string, unknown[]> }[];
    expect(features.filter((f) => f.environments.development?.length === 2)).toHaveLength(FLAGS);
    expect(features.filter((f) => f.environments.production?.length === 2)).toHaveLength(FLAGS);
  });

  it('counts an environment named many times once', async () => {
    const response = await advanced({
      environments: Array.from({ length: 3_000 }, () => 'development'),
      context: { userId: '1,2' },
    });
    expect(response.statusCode).toBe(200);
    const features = response.json().features as { environments: Record<string, unknown[]> }[];
    expect(features.every((f) => f.environments.development?.length === 2)).toBe(true);
  });

  it('refuses a request past the limit with a 400 that says why, before evaluating anything', async () => {
    const response = await advanced({
      environments: ['development', 'production'],
      context: { userId: '1,2,3' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      name: 'BadDataError',
      message: expect.stringContaining('60 evaluations'),
      details: [{ path: '/body', message: expect.stringContaining('PLAYGROUND_MAX_EVALUATIONS') }],
    });
  });

  it('applies the same limit to the simple playground', async () => {
    const small = await createTestApp({ PLAYGROUND_MAX_EVALUATIONS: '5' });
    try {
      for (let i = 0; i < 6; i++) await buildFlag(small.db, { name: `simple-${i}` });
      const response = await small.admin({
        method: 'POST',
        url: '/api/admin/playground',
        payload: { environment: 'development', context: {} },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('6 evaluations');
    } finally {
      await small.close();
    }
  });
});
