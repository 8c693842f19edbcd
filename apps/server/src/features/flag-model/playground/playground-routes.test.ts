import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildSegment } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { expandContexts } from './playground-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const staff = await buildSegment(t.db, 'staff', [
    { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] },
  ]);
  await buildFlag(t.db, {
    name: 'pro-checkout',
    environments: {
      development: {
        enabled: true,
        strategies: [
          { name: 'default', disabled: true },
          {
            name: 'flexibleRollout',
            parameters: { rollout: '100', stickiness: 'default', groupId: 'pro-checkout' },
            constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }],
            segments: [staff],
          },
        ],
      },
      production: { enabled: false, strategies: [{}] },
    },
  });
  await buildFlag(t.db, {
    name: 'custom-only',
    environments: { development: { enabled: true, strategies: [{ name: 'myCustomStrategy' }] } },
  });
});
afterAll(() => t.close());

const feature = (body: { features: { name: string }[] }, name: string) =>
  body.features.find((f) => f.name === name) as Record<string, any>;

describe('the playground', () => {
  it('explains a match strategy by strategy, constraint by constraint and segment by segment', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/playground',
      payload: {
        environment: 'development',
        projects: '*',
        context: { userId: '1', plan: 'pro', properties: { email: 'ann@example.com' } },
      },
    });
    expect(response.statusCode).toBe(200);
    const flag = feature(response.json(), 'pro-checkout');
    expect(flag).toMatchObject({
      isEnabled: true,
      isEnabledInCurrentEnvironment: true,
      reason: 'strategy',
      hasUnsatisfiedDependency: false,
    });
    const [disabled, rollout] = flag.strategies.data;
    expect(disabled).toMatchObject({ name: 'default', disabled: true, result: { enabled: false } });
    expect(rollout.result).toMatchObject({ enabled: true, evaluationStatus: 'complete' });
    expect(rollout.constraints[0]).toMatchObject({ contextName: 'plan', result: true, contextValue: 'pro' });
    expect(rollout.segments[0]).toMatchObject({ name: 'staff', result: true });
    expect(rollout.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows which constraint failed for a non-matching context', async () => {
    const body = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/playground',
        payload: { environment: 'development', context: { plan: 'free', email: 'bob@elsewhere.org' } },
      })
    ).json();
    const flag = feature(body, 'pro-checkout');
    expect(flag.isEnabled).toBe(false);
    expect(flag.reason).toBe('no-strategy-matched');
    expect(flag.strategies.data[1].constraints[0]).toMatchObject({ result: false, contextValue: 'free' });
    expect(flag.strategies.data[1].segments[0].result).toBe(false);
    expect(feature(body, 'custom-only').strategies.result).toBe('unknown');
  });

  it('evaluates several environments and expands comma-separated values', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/playground/advanced',
      payload: {
        environments: ['development', 'production'],
        context: { plan: 'pro,free', email: 'a@example.com' },
      },
    });
    expect(response.statusCode).toBe(200);
    const flag = feature(response.json(), 'pro-checkout');
    expect(
      flag.environments.development.map((r: { context: { plan: string }; isEnabled: boolean }) => [
        r.context.plan,
        r.isEnabled,
      ]),
    ).toEqual([
      ['pro', true],
      ['free', false],
    ]);
    expect(
      flag.environments.production.every(
        (r: { isEnabled: boolean; reason: string }) => !r.isEnabled && r.reason === 'flag-disabled',
      ),
    ).toBe(true);
  });

  it('refuses an unknown environment or a missing context, and lets viewers use it', async () => {
    const unknown = await t.admin({
      method: 'POST',
      url: '/api/admin/playground',
      payload: { environment: 'nope', context: {} },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe('/body/environment');
    const missing = await t.admin({
      method: 'POST',
      url: '/api/admin/playground',
      payload: { environment: 'development' },
    });
    expect(missing.json().details[0].path).toBe('/body/context');
    const viewer = await t.as('Viewer');
    expect(
      (
        await viewer({
          method: 'POST',
          url: '/api/admin/playground',
          payload: { environment: 'development', context: {} },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/playground',
          payload: { environment: 'development', context: {} },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('expandContexts', () => {
  it('makes one context per combination, and refuses too many', () => {
    expect(expandContexts({ userId: '1,2', properties: { plan: 'a,b' } })).toHaveLength(4);
    expect(expandContexts({ userId: '1' })).toEqual([{ userId: '1' }]);
    expect(() =>
      expandContexts({
        a: Array.from({ length: 40 }, (_, i) => i).join(','),
        b: Array.from({ length: 40 }, (_, i) => i).join(','),
      }),
    ).toThrow(/1000/);
  });
});
