import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';
import { readGuardrailBreaches } from './experiment-guardrails.ts';

// Impact metrics as an experiment's metrics, end to end: exposures through the Frontend API, labelled counter
// samples through the usage report SDKs send (/api/client/metrics), results through the admin API.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EXPERIMENT_FLUSH_INTERVAL_MS: '60000' });
}, 120_000);
afterAll(() => t?.close());

const base = (flag: string) =>
  `/api/admin/projects/default/features/${flag}/environments/development/experiments`;
const USERS = 400;

/** A started experiment on a new flag with two variants, and the variant each of USERS users was exposed to. */
async function exposedExperiment(flag: string, metrics: unknown[]) {
  const variants = ['control', 'treatment'].map((name) => ({
    name,
    weight: 500,
    weightType: 'variable',
    stickiness: 'default',
  }));
  await buildFlag(t.db, {
    name: flag,
    environments: { development: { enabled: true, strategies: [{}], variants } },
  });
  const created = await t.admin({
    method: 'POST',
    url: base(flag),
    payload: { name: `${flag} test`, controlVariant: 'control', metrics },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  // Increments before the start do not count: a huge one for control, sent first.
  await report(flag, 'app-early', 'checkouts', { control: 100_000 });
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect((await t.admin({ method: 'POST', url: `${base(flag)}/${id}/start` })).statusCode).toBe(200);
  const users = { control: 0, treatment: 0 };
  for (let i = 0; i < USERS; i++) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/frontend?userId=${flag}-user-${i}`,
      headers: { authorization: FRONTEND_TOKEN },
    });
    const toggle = response.json().toggles.find((each: { name: string }) => each.name === flag);
    users[toggle.variant.name as keyof typeof users]++;
  }
  await t.app.experiments.flushNow();
  return { id, users };
}

/** One usage report with a counter's increments per variant, labelled as the SDKs label them. */
async function report(flag: string, appName: string, metric: string, byVariant: Record<string, number>) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/client/metrics',
    headers: { authorization: CLIENT_TOKEN },
    payload: {
      appName,
      instanceId: `${appName}-1`,
      impactMetrics: [
        {
          name: metric,
          help: metric,
          type: 'counter',
          samples: Object.entries(byVariant).map(([variant, value]) => ({
            labels: { [flag]: variant },
            value,
          })),
        },
      ],
    },
  });
  expect(sent.statusCode, sent.body).toBe(202);
}

const resultsOf = async (flag: string, id: number) => {
  const response = await t.admin({ method: 'GET', url: `${base(flag)}/${id}/results` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
type VariantBody = {
  variant: string;
  users: number;
  estimate: number;
  pValue?: number;
  chanceToBeatControl?: number;
  lift?: { lift: number };
};
const byVariant = (metric: { variants: VariantBody[] }) =>
  Object.fromEntries(metric.variants.map((each) => [each.variant, each]));

describe('an impact metric as an experiment metric', () => {
  it('detects a large difference in the rate per exposed user, and not a null one', async () => {
    const flag = 'exp-impact-rate';
    const { id, users } = await exposedExperiment(flag, [
      { event: 'checkouts', kind: 'impact', role: 'primary' },
      { event: 'checkout_errors', kind: 'impact', role: 'guardrail', direction: 'decrease' },
    ]);
    expect(users.control).toBeGreaterThan(100);
    expect(users.treatment).toBeGreaterThan(100);
    // Treatment checks out twice per user, control once; both err at 0.3 per user; from two applications.
    await report(flag, 'app-a', 'checkouts', { control: users.control * 0.5, treatment: users.treatment });
    await report(flag, 'app-b', 'checkouts', { control: users.control * 0.5, treatment: users.treatment });
    await report(flag, 'app-a', 'checkout_errors', {
      control: Math.round(users.control * 0.3),
      treatment: Math.round(users.treatment * 0.3),
    });
    // Another flag's label is not this experiment's.
    await report('some-other-flag', 'app-a', 'checkouts', { treatment: 10_000 });

    const body = await resultsOf(flag, id);
    const checkouts = byVariant(body.metrics.find((m: { event: string }) => m.event === 'checkouts'));
    expect(checkouts.control!.estimate).toBeCloseTo(1, 10);
    expect(checkouts.treatment!.estimate).toBeCloseTo(2, 10);
    expect(checkouts.treatment!.lift!.lift).toBeCloseTo(1, 10);
    expect(checkouts.treatment!.pValue).toBeLessThan(1e-6);
    expect(checkouts.treatment!.chanceToBeatControl).toBeGreaterThan(0.999);
    expect(checkouts.control!.pValue).toBeUndefined();
    const errors = byVariant(body.metrics.find((m: { event: string }) => m.event === 'checkout_errors'));
    expect(errors.treatment!.estimate).toBeCloseTo(0.3, 1);
    expect(errors.treatment!.pValue).toBeGreaterThan(0.5);
    expect(body.verdict).toMatchObject({ verdict: 'winner', variant: 'treatment' });
    expect(body.verdict.caveats.join(' ')).toContain('per exposed user');
    expect(body.daily).toEqual([]);
    expect((await readGuardrailBreaches(t.db, id))?.breaches).toEqual([]);
  });

  it('finds no winner in equal rates, and breaches a guardrail counter that rises', async () => {
    const flag = 'exp-impact-null';
    const { id, users } = await exposedExperiment(flag, [
      { event: 'checkouts', kind: 'impact', role: 'primary' },
      { event: 'checkout_errors', kind: 'impact', role: 'guardrail', direction: 'decrease' },
    ]);
    await report(flag, 'app-a', 'checkouts', { control: users.control, treatment: users.treatment });
    const nullBody = await resultsOf(flag, id);
    const checkouts = byVariant(nullBody.metrics[0]);
    expect(checkouts.treatment!.lift!.lift).toBeCloseTo(0, 10);
    expect(checkouts.treatment!.pValue).toBeGreaterThan(0.5);
    expect(nullBody.verdict.verdict).toBe('inconclusive');

    // Treatment errs four times as often: the guardrail is breached, for the verdict and the safeguards alike.
    await report(flag, 'app-a', 'checkout_errors', {
      control: Math.round(users.control * 0.1),
      treatment: Math.round(users.treatment * 0.4),
    });
    const breached = await resultsOf(flag, id);
    expect(breached.verdict).toMatchObject({ verdict: 'guardrail-breached' });
    expect((await readGuardrailBreaches(t.db, id))?.breaches).toEqual([
      'treatment harms guardrail "checkout_errors"',
    ]);
  });

  it('takes an impact metric beside a tracked event of the same name without mixing them', async () => {
    const created = await t.admin({
      method: 'POST',
      url: base('exp-impact-rate'),
      payload: {
        name: 'both kinds',
        controlVariant: 'control',
        metrics: [
          { event: 'checkouts', kind: 'conversion', role: 'primary' },
          { event: 'checkouts', kind: 'impact', role: 'guardrail' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().metrics[1]).toMatchObject({ event: 'checkouts', kind: 'impact' });
    const bad = await t.admin({
      method: 'POST',
      url: base('exp-impact-rate'),
      payload: {
        name: 'x',
        controlVariant: 'control',
        metrics: [{ event: 'checkouts', kind: 'rate', role: 'primary' }],
      },
    });
    expect(bad.statusCode).toBe(400);
  });
});
