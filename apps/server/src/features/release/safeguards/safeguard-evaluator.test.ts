import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createFlagThroughApi, environmentUrl } from '../../../testing/flag-api-builders.ts';
import { progressNextDue } from '../release-plans/release-plan-scheduler.ts';
import { evaluateSafeguards } from './safeguard-evaluator.ts';

/**
 * Safeguards on an external source: a small local server answers `query_range` like Prometheus, with a value the test
 * sets. The clock is mocked: the evaluator and the scheduler are asked what to do at a chosen time.
 */
let t: TestApp;
let prometheus: Server;
let promUrl: string;
let answer = 0.01;
const asked: URLSearchParams[] = [];
let templateId: string;
const MINUTE = 60_000;
const deps = { periodMs: 1000, policy: { allowedHosts: ['127.0.0.1'] }, timeoutMs: 2000 };

beforeAll(async () => {
  prometheus = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname !== '/api/v1/query_range') return response.writeHead(404).end();
    asked.push(url.searchParams);
    const start = Number(url.searchParams.get('start'));
    const values = [0, 1, 2].map((i) => [start + i * 15, String(answer)]);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, values }] } }),
    );
  });
  await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
  const address = prometheus.address();
  promUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  t = await createTestApp({ INTEGRATION_ALLOWED_HOSTS: '127.0.0.1', SAFEGUARD_INTERVAL_MS: '3600000' });
  const rollout = (percent: number) => ({
    sortOrder: 0,
    name: 'flexibleRollout',
    parameters: { rollout: percent, stickiness: 'default', groupId: 'guarded' },
  });
  const template = await t.admin({
    method: 'POST',
    url: '/api/admin/release-plan-templates',
    payload: {
      name: 'guarded-rollout',
      milestones: [
        {
          name: 'Ten',
          sortOrder: 0,
          strategies: [rollout(10)],
          transitionCondition: { intervalMinutes: 60 },
        },
        {
          name: 'Fifty',
          sortOrder: 1,
          strategies: [rollout(50)],
          transitionCondition: { intervalMinutes: 60 },
        },
        { name: 'All', sortOrder: 2, strategies: [rollout(100)] },
      ],
    },
  });
  templateId = template.json().id;
}, 120_000);
afterAll(async () => {
  await t.close();
  prometheus.close();
});

const plans = (flag: string) => `${environmentUrl(flag)}/release-plans`;

async function servedRollout(flag: string) {
  const response = await t.app.inject({
    url: '/api/client/features',
    headers: { authorization: CLIENT_TOKEN },
  });
  const feature = response.json().features.find((f: { name: string }) => f.name === flag);
  return {
    enabled: feature.enabled,
    rollouts: feature.strategies.map((s: { parameters: { rollout: string } }) => s.parameters.rollout),
  };
}

/** A flag whose plan has reached 50% on the mocked clock; returns the plan and that time. */
async function atFifty(flag: string) {
  const plan = (await t.admin({ method: 'POST', url: plans(flag), payload: { templateId } })).json();
  const started = await t.admin({
    method: 'POST',
    url: `${plans(flag)}/${plan.id}/milestones/${plan.milestones[0].id}/start`,
  });
  await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
  const fiftyAt = new Date(Date.parse(started.json().startedAt) + 60 * MINUTE);
  expect(await progressNextDue(t.db, fiftyAt)).toBe(true);
  return { plan, fiftyAt };
}

const triggered = async (flag: string) =>
  t.db.query<{ data: { explanation: string; value: number } }>(
    "SELECT data FROM events WHERE type = 'safeguard-triggered' AND feature_name = $1",
    [flag],
  );

describe('a safeguard on an external Prometheus-compatible source', () => {
  it('is refused where the outbound policy refuses the address, and needs a configured source', async () => {
    const refused = await t.admin({
      method: 'PUT',
      url: '/api/admin/impact-metrics/external-source',
      payload: { url: 'http://10.1.2.3:9090' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('INTEGRATION_ALLOWED_HOSTS');
    expect((await t.admin({ url: '/api/admin/impact-metrics/external-source' })).json()).toEqual({
      url: null,
    });
  });

  it('pauses the plan where it is when the threshold is crossed, once, and says why', async () => {
    const set = await t.admin({
      method: 'PUT',
      url: '/api/admin/impact-metrics/external-source',
      payload: { url: promUrl },
    });
    expect(set.statusCode, set.body).toBe(200);
    const flag = await createFlagThroughApi(t);
    const { plan, fiftyAt } = await atFifty(flag);
    const query = 'sum(rate(http_requests_total{status=~"5.."}[1m])) / sum(rate(http_requests_total[1m]))';
    const guarded = await t.admin({
      method: 'PUT',
      url: `${plans(flag)}/${plan.id}/safeguards`,
      payload: {
        externalMetric: { query, aggregationMode: 'avg' },
        windowMinutes: 5,
        triggerCondition: { operator: '>', threshold: 0.05 },
      },
    });
    expect(guarded.statusCode, guarded.body).toBe(200);
    expect(guarded.json()).toMatchObject({
      action: { type: 'pauseReleasePlanProgressions', id: plan.id },
      windowMinutes: 5,
    });

    answer = 0.01;
    let now = new Date(fiftyAt.getTime() + MINUTE);
    expect(await evaluateSafeguards(t.db, deps, now)).toBe(0);
    expect(asked.at(-1)?.get('query')).toBe(query);
    expect(Number(asked.at(-1)?.get('end')) - Number(asked.at(-1)?.get('start'))).toBe(300);

    answer = 0.2;
    now = new Date(now.getTime() + 1000);
    expect(await evaluateSafeguards(t.db, deps, now)).toBe(1);
    now = new Date(now.getTime() + 1000);
    expect(await evaluateSafeguards(t.db, deps, now)).toBe(0);
    const events = await triggered(flag);
    expect(events).toHaveLength(1);
    const explanation = `paused at 50% because avg of ${query} > 0.05 for 5 min (it was 0.2)`;
    expect(events[0]!.data).toMatchObject({ explanation, value: expect.closeTo(0.2, 9) });

    const shown = (await t.admin({ url: plans(flag) })).json()[0];
    expect(shown).toMatchObject({ pausedReason: explanation, nextProgressionAt: null });
    expect(shown.safeguards[0]).toMatchObject({
      explanation,
      lastValue: expect.closeTo(0.2, 9),
      triggeredAt: new Date(now.getTime() - 1000).toISOString(),
    });
    // It stays at 50%: the next milestone does not start however late it gets.
    expect(await progressNextDue(t.db, new Date(fiftyAt.getTime() + 600 * MINUTE))).toBe(false);
    await expect
      .poll(() => servedRollout(flag), { timeout: 10_000 })
      .toEqual({ enabled: true, rollouts: ['50'] });
    // The event reaches integrations through the outbox like any other.
    const outbox = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(outbox[0]!.n).toBeGreaterThan(0);
  });

  it('turns the environment off, or goes back a milestone, by its action', async () => {
    answer = 0.2;
    for (const [type, expected, done] of [
      ['turnOffEnvironment', { enabled: false, rollouts: ['50'] }, 'turned off at 50% and paused'],
      ['startPreviousMilestone', { enabled: true, rollouts: ['10'] }, 'went back from 50% to 10% and paused'],
    ] as const) {
      const flag = await createFlagThroughApi(t);
      const { plan, fiftyAt } = await atFifty(flag);
      const guarded = await t.admin({
        method: 'PUT',
        url: `${plans(flag)}/${plan.id}/safeguards`,
        payload: {
          externalMetric: { query: 'errors', aggregationMode: 'max' },
          triggerCondition: { operator: '>', threshold: 0.1 },
          action: { type },
        },
      });
      expect(guarded.statusCode, guarded.body).toBe(200);
      expect(
        await evaluateSafeguards(t.db, deps, new Date(fiftyAt.getTime() + 2 * MINUTE)),
      ).toBeGreaterThanOrEqual(1);
      await expect.poll(() => servedRollout(flag), { timeout: 10_000 }).toEqual(expected);
      const [event] = await triggered(flag);
      expect(event!.data.explanation).toContain(done);
    }
  });
});
