import { seededRandom } from '@switchyard/statistics';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../src/testing/flag-builder.ts';
import { createTestApp, FRONTEND_TOKEN, type TestApp } from '../src/testing/test-app.ts';

/**
 * A simulated A/B test end to end: 10,000 users fetch their flags with the official browser SDK from the Frontend
 * API (the server records their exposures), then buy with a true rate of 80% in control and 84% in treatment (a 5%
 * relative lift), drawn from a seeded generator so the outcome is the same on every run. At this size the lift is
 * about five standard errors, so the stated confidence is met with room to spare.
 */
const USERS = 10_000;
const RATES: Record<string, number> = { control: 0.8, treatment: 0.84 };
const CLIENTS = 16;

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ EXPERIMENT_FLUSH_INTERVAL_MS: '200' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(() => t?.close());

describe('a simulated experiment through the browser SDK', () => {
  it('finds a true 5% lift with 95% confidence, and the split passes the sample-ratio check', async () => {
    await buildFlag(t.db, {
      name: 'checkout-colour',
      environments: {
        development: {
          enabled: true,
          strategies: [{}],
          variants: ['control', 'treatment'].map((name) => ({
            name,
            weight: 500,
            weightType: 'variable',
            stickiness: 'default',
          })),
        },
      },
    });
    const base = '/api/admin/projects/default/features/checkout-colour/environments/development/experiments';
    const created = await t.admin({
      method: 'POST',
      url: base,
      payload: {
        name: 'Green checkout',
        controlVariant: 'control',
        metrics: [{ event: 'purchase', kind: 'conversion', role: 'primary' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await t.admin({ method: 'POST', url: `${base}/${id}/start` })).statusCode).toBe(200);

    // Each SDK client serves a share of the users, one after another, as a page load per user would.
    const assigned: [string, string][] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const client = new UnleashClient({
          url: `${url}/api/frontend`,
          clientKey: FRONTEND_TOKEN,
          appName: 'shop',
          disableRefresh: true,
          disableMetrics: true,
          storageProvider: new InMemoryStorageProvider(),
          context: { userId: `user-${c}` },
        });
        await client.start();
        try {
          assigned.push([`user-${c}`, client.getVariant('checkout-colour').name]);
          for (let i = c + CLIENTS; i < USERS; i += CLIENTS) {
            const userId = `user-${i}`;
            await client.updateContext({ userId });
            assigned.push([userId, client.getVariant('checkout-colour').name]);
          }
        } finally {
          client.stop();
        }
      }),
    );
    expect(assigned).toHaveLength(USERS);
    console.log(
      `[experiment simulation] ${USERS} SDK fetches in ${Math.round(performance.now() - started)} ms`,
    );

    const random = seededRandom(20261202);
    assigned.sort(([a], [b]) => a.localeCompare(b));
    const purchases = assigned
      .filter(([, variant]) => random() < RATES[variant]!)
      .map(([userId]) => ({ event: 'purchase', userId }));
    for (let i = 0; i < purchases.length; i += 1000) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/frontend/track',
        headers: { authorization: FRONTEND_TOKEN },
        payload: purchases.slice(i, i + 1000),
      });
      expect(response.statusCode, response.body).toBe(202);
    }
    await t.app.experiments.flushNow();

    const response = await t.admin({ method: 'GET', url: `${base}/${id}/results` });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json();
    expect(results.variants.reduce((sum: number, v: { users: number }) => sum + v.users, 0)).toBe(USERS);
    expect(results.sampleRatio.mismatch).toBe(false);
    const [control, treatment] = results.metrics[0].variants;
    expect(control.variant).toBe('control');
    expect(control.estimate).toBeGreaterThan(0.78);
    expect(control.estimate).toBeLessThan(0.82);
    expect(treatment.chanceToBeatControl).toBeGreaterThan(0.95);
    expect(treatment.sequential.pValue).toBeLessThan(0.05);
    // The lift's interval excludes no lift and covers the true 5%.
    expect(treatment.lift.interval.low).toBeGreaterThan(0);
    expect(treatment.lift.interval.low).toBeLessThan(0.05);
    expect(treatment.lift.interval.high).toBeGreaterThan(0.05);
    expect(results.verdict).toMatchObject({ verdict: 'winner', variant: 'treatment' });
  }, 600_000);
});
