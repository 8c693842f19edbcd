import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';
import {
  addStrategyThroughApi,
  createFlagThroughApi,
  environmentUrl,
} from '../../../testing/flag-api-builders.ts';
import { evaluateSafeguards } from './safeguard-evaluator.ts';

/**
 * A safeguard on a flag environment without a release plan (decision record 0056): a small local server answers
 * `query_range` like Prometheus with a value the test sets, and the evaluator is asked what to do at chosen times.
 */
let t: TestApp;
let prometheus: Server;
let answer = 0.01;
let asked = 0;
const MINUTE = 60_000;
const deps = { periodMs: 1000, policy: { allowedHosts: ['127.0.0.1'] }, timeoutMs: 2000 };

beforeAll(async () => {
  prometheus = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname !== '/api/v1/query_range') return response.writeHead(404).end();
    asked++;
    const start = Number(url.searchParams.get('start'));
    const values = [0, 1, 2].map((i) => [start + i * 15, String(answer)]);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, values }] } }),
    );
  });
  await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
  const address = prometheus.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  t = await createTestApp({ INTEGRATION_ALLOWED_HOSTS: '127.0.0.1', SAFEGUARD_INTERVAL_MS: '3600000' });
  const set = await t.admin({
    method: 'PUT',
    url: '/api/admin/impact-metrics/external-source',
    payload: { url },
  });
  expect(set.statusCode, set.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  prometheus.close();
});

const safeguards = (flag: string) => `${environmentUrl(flag)}/safeguards`;
const condition = {
  externalMetric: { query: 'sum(rate(http_errors_total[1m]))', aggregationMode: 'max' },
  windowMinutes: 5,
  triggerCondition: { operator: '>', threshold: 0.05 },
};

async function served(flag: string): Promise<boolean> {
  const response = await t.app.inject({
    url: '/api/client/features',
    headers: { authorization: CLIENT_TOKEN },
  });
  return response.json().features.find((f: { name: string }) => f.name === flag).enabled;
}

/** A flag on in development with a strategy, guarded by a safeguard of its own. */
async function guardedFlag() {
  const flag = await createFlagThroughApi(t);
  await addStrategyThroughApi(t, flag);
  expect((await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` })).statusCode).toBe(200);
  const guarded = await t.admin({ method: 'PUT', url: safeguards(flag), payload: condition });
  expect(guarded.statusCode, guarded.body).toBe(200);
  return { flag, safeguard: guarded.json() };
}

const triggered = (flag: string) =>
  t.db.query<{ data: { explanation: string; releasePlanId: string | null } }>(
    "SELECT data FROM events WHERE type = 'safeguard-triggered' AND feature_name = $1",
    [flag],
  );

describe("a flag environment's own safeguard", () => {
  it('is listed on the environment, not on a plan, and acts only by turning the environment off', async () => {
    const { flag, safeguard } = await guardedFlag();
    expect(safeguard).toMatchObject({
      action: { type: 'turnOffEnvironment', id: 'development' },
      windowMinutes: 5,
      triggeredAt: null,
    });
    expect((await t.admin({ url: safeguards(flag) })).json()).toEqual([safeguard]);
    expect((await t.admin({ url: `${environmentUrl(flag)}/release-plans` })).json()).toEqual([]);
    const refused = await t.admin({
      method: 'PUT',
      url: safeguards(flag),
      payload: { ...condition, action: { type: 'pauseReleasePlanProgressions' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('action/type');
    expect((await t.admin({ url: safeguards(flag) })).json()).toHaveLength(1);
    const unknown = await t.admin({ method: 'PUT', url: safeguards('no-such-flag'), payload: condition });
    expect(unknown.statusCode).toBe(404);
    // Out of the way of the next test's counts.
    await t.admin({ method: 'DELETE', url: `${safeguards(flag)}/${safeguard.id}` });
  });

  it('turns the environment off once when the threshold is crossed, evaluated by two pollers at once', async () => {
    const { flag } = await guardedFlag();
    answer = 0.01;
    let now = new Date(Date.now() + MINUTE);
    expect(await evaluateSafeguards(t.db, deps, now)).toBe(0);
    expect(await served(flag)).toBe(true);

    answer = 0.2;
    now = new Date(now.getTime() + 2000);
    const acted = await Promise.all([
      evaluateSafeguards(t.db, deps, now),
      evaluateSafeguards(t.db, deps, now),
    ]);
    expect(acted.reduce((a, b) => a + b, 0)).toBe(1);
    await expect.poll(() => served(flag), { timeout: 10_000 }).toBe(false);
    const events = await triggered(flag);
    expect(events).toHaveLength(1);
    const explanation =
      'turned off in development because max of sum(rate(http_errors_total[1m])) > 0.05 for 5 min (it was 0.2)';
    expect(events[0]!.data).toMatchObject({ explanation, releasePlanId: null });
    expect((await t.admin({ url: safeguards(flag) })).json()[0]).toMatchObject({ explanation });
    const disabled = await t.db.query<{ created_by: string }>(
      "SELECT created_by FROM events WHERE type = 'feature-environment-disabled' AND feature_name = $1",
      [flag],
    );
    expect(disabled.map((row) => row.created_by)).toEqual(['Switchyard']);

    // Off, it is not evaluated; on again, it is armed again and turns it off while the metric stays high.
    const before = asked;
    now = new Date(now.getTime() + 2000);
    await evaluateSafeguards(t.db, deps, now);
    expect(asked).toBe(before);
    await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    now = new Date(now.getTime() + 2000);
    expect(await evaluateSafeguards(t.db, deps, now)).toBe(1);
    expect(await triggered(flag)).toHaveLength(2);
  });

  it('is removed with its own route, and a second removal is a 404', async () => {
    const { flag, safeguard } = await guardedFlag();
    const url = `${safeguards(flag)}/${safeguard.id}`;
    expect((await t.admin({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await t.admin({ url: safeguards(flag) })).json()).toEqual([]);
    expect((await t.admin({ method: 'DELETE', url })).statusCode).toBe(404);
    const types = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE feature_name = $1 AND type LIKE 'safeguard-%' ORDER BY id",
      [flag],
    );
    expect(types.map((row) => row.type)).toEqual(['safeguard-changed', 'safeguard-deleted']);
  });

  it("turns the environment off when a running experiment's guardrail is breached, and not before", async () => {
    const flag = `guarded-experiment-${Date.now()}`;
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
    const experiments = `${environmentUrl(flag)}/experiments`;
    const created = await t.admin({
      method: 'POST',
      url: experiments,
      payload: {
        name: 'checkout test',
        controlVariant: 'control',
        metrics: [
          { event: 'purchase', kind: 'conversion', role: 'primary' },
          { event: 'error', kind: 'conversion', role: 'guardrail', direction: 'decrease' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const experimentId = created.json().id as number;
    const other = await t.admin({
      method: 'PUT',
      url: safeguards(flag),
      payload: {
        experimentGuardrails: { experimentId: 999_999 },
        triggerCondition: { operator: '>', threshold: 0 },
      },
    });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('experimentGuardrails/experimentId');
    expect((await t.admin({ method: 'POST', url: `${experiments}/${experimentId}/start` })).statusCode).toBe(
      200,
    );
    const guarded = await t.admin({
      method: 'PUT',
      url: safeguards(flag),
      payload: { experimentGuardrails: { experimentId }, triggerCondition: { operator: '>', threshold: 0 } },
    });
    expect(guarded.statusCode, guarded.body).toBe(200);
    expect(guarded.json()).toMatchObject({ experimentGuardrails: { experimentId }, externalMetric: null });

    // 1,000 users a variant; errors among them as the test says.
    const observe = async (controlErrors: number, treatmentErrors: number) => {
      await t.db.query('DELETE FROM experiment_variant_users WHERE experiment_id = $1', [experimentId]);
      await t.db.query('DELETE FROM experiment_metric_totals WHERE experiment_id = $1', [experimentId]);
      for (const [variant, errors] of [
        ['control', controlErrors],
        ['treatment', treatmentErrors],
      ] as const) {
        await t.db.query(
          'INSERT INTO experiment_variant_users (experiment_id, variant, users) VALUES ($1, $2, 1000)',
          [experimentId, variant],
        );
        await t.db.query(
          `INSERT INTO experiment_metric_totals (experiment_id, variant, metric, converted_users, events, value_sum,
             value_square_sum) VALUES ($1, $2, 'error', $3, $3, 0, 0)`,
          [experimentId, variant, errors],
        );
      }
    };
    await observe(50, 52);
    let now = new Date(Date.now() + 10 * MINUTE);
    expect(await evaluateSafeguards(t.db, deps, now)).toBe(0);
    expect((await t.admin({ url: safeguards(flag) })).json()[0]).toMatchObject({
      lastValue: 0,
      lastError: null,
    });
    expect(await served(flag)).toBe(true);

    await observe(50, 150);
    now = new Date(now.getTime() + 2000);
    expect(await evaluateSafeguards(t.db, deps, now)).toBe(1);
    await expect.poll(() => served(flag), { timeout: 10_000 }).toBe(false);
    const [event] = await triggered(flag);
    expect(event!.data.explanation).toBe(
      `turned off in development because guardrails breached in experiment #${experimentId} > 0 (it was 1: treatment harms guardrail "error")`,
    );
  });
});
